// Note: the engine places a new sticky note where the Note tool taps (or finds the note a
// tap edits); this opens the note's text editor and sends what was typed. Notes are drawn
// at a fixed screen size (NoZoom/NoRotate, docs/coordinates.md).

import { editText } from './textbox.js';

const EDITOR_SIZE = [200, 90]; // CSS px

/** @param {import('../editor.js').Editor} editor */
export function createNoteTool(editor) {
  /** The editor below a note's top-left corner, the same size on screen at every zoom. */
  function edit(pageIndex, [x, y], text) {
    const z = editor.viewer.zoom;
    return editText(editor, pageIndex, [x, y - EDITOR_SIZE[1] / z, x + EDITOR_SIZE[0] / z, y], {
      text, fontSize: 13 / z, placeholder: 'Note text', background: '#FFF8D6', keepInView: true,
    });
  }

  return {
    name: 'note',

    /** Types the text of a new note the engine placed; resolves with it (null if cancelled). */
    typeNew(request) {
      return edit(request.pageIndex, request.target.point, '');
    },

    /** Edits a note's text in place (one change). */
    async editNote(existing) {
      const [x1, , , y2] = existing.rect;
      const text = await edit(existing.pageIndex, [Math.min(x1, existing.rect[2]), Math.max(y2, existing.rect[1])], existing.contents ?? '');
      if (text !== null && text !== existing.contents) {
        // The note as it is now: a move made while the text was typed is kept.
        await editor.command({ type: 'change', annotation: { ...(editor.model.annotations.get(existing.id) ?? existing), contents: text } });
      }
    },
  };
}
