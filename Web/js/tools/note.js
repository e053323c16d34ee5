// Note: tap to place a sticky note and type its text. Notes are drawn at a fixed screen
// size (NoZoom/NoRotate, docs/coordinates.md); tapping an existing note edits its text.

import { newId } from '../model.js';
import { settings } from '../settings.js';
import { editText } from './textbox.js';

const NOTE_SIZE = 24; // points at zoom 1 = CSS px at every zoom

/** @param {import('../editor.js').Editor} editor */
export function createNoteTool(editor) {
  let pending = null;

  async function edit(note) {
    const [x1, , , y2] = note.rect;
    const z = editor.viewer.zoom;
    const text = await editText(editor, note.pageIndex, [x1, y2 - 90 / z, x1 + 200 / z, y2], {
      text: note.contents ?? '', fontSize: 13 / z, placeholder: 'Note text', background: '#FFF8D6',
    });
    return text;
  }

  return {
    name: 'note',
    /** Edits a note's text in place (one changeAnnotation). */
    async editNote(existing) {
      const text = await edit(existing);
      if (text !== null && text !== existing.contents) {
        await editor.session.command({ type: 'change', annotation: { ...existing, contents: text } });
      }
    },
    label: 'Note',
    cursor: 'copy',
    begin(input, event) {
      const hit = event?.target?.closest?.('.annotation.note');
      pending = { input, existing: hit ? editor.model.annotations.get(hit.dataset.id) : null };
    },
    async end() {
      if (!pending) return;
      const { input, existing } = pending;
      pending = null;
      if (existing) return this.editNote(existing);
      const [x, y] = input.point;
      const note = {
        id: newId(), type: 'note', pageIndex: input.pageIndex,
        rect: [x, y - NOTE_SIZE, x + NOTE_SIZE, y], color: settings.note.color, icon: 'Note',
        contents: '', flags: ['print', 'noZoom', 'noRotate'],
      };
      const text = await edit(note);
      if (text === null) return;
      await editor.session.command({ type: 'add', annotation: { ...note, contents: text } });
    },
    cancel() { pending = null; },
  };
}
