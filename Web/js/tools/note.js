// Note: the engine places a new sticky note where the Note tool taps (or finds the note a
// tap edits); this opens the note's text editor and sends what was typed. Notes are drawn
// at a fixed screen size (NoZoom/NoRotate, docs/coordinates.md). With a picture chosen as the
// icon (Note settings), a new note is an image stamp flagged NoZoom and NoRotate holding the
// text: the API's model of a note with a picture (docs/annotations-json.md), which every
// viewer draws from its appearance and shows the text of as a comment.

import { editText } from './textbox.js';
import { t } from '../i18n.js';

const EDITOR_SIZE = [200, 90]; // CSS px
const PICTURE_SIZE = 32;       // points (CSS px on screen): a picture icon's longer side
/**
 * How the note editor shows the text being typed: the editor's own chrome, not the engine's.
 * A note writes only its text (`contents`, plain: no font, size or colour) into the file, and
 * each viewer shows it in its own popup, so nothing here is part of the annotation
 * (docs/engine.md, "The vocabulary table"). Size in CSS px, the same at every zoom.
 */
const EDITOR_TEXT = { fontSize: 13, color: '#111', paper: '#FFF8D6' };

/** The picture chosen as the icon of new notes ({base64, width, height, name}), or null. */
let picture = null;

/** The picture new notes take as their icon, or null for the standard icon. */
export const notePicture = () => picture;

/** Makes `image` (as `readImage` answers it) the icon of new notes; null: the standard icon again. */
export function setNotePicture(image) { picture = image; }

/** Whether an annotation is a note with a picture: an image stamp that keeps its size and has text. */
export const isPictureNote = (a) => a?.type === 'stamp' && !!a.image && (a.flags ?? []).includes('noZoom') && a.contents != null;

/**
 * The note the engine drafted (`textCommand`'s `add`) as a note with the chosen picture: an
 * image stamp at the note's top-left corner, PICTURE_SIZE on its longer side, proportions kept.
 */
function withPicture(note, image) {
  const [x1, , , y2] = note.rect;
  const scale = PICTURE_SIZE / Math.max(image.width, image.height);
  const w = image.width * scale, h = image.height * scale;
  return {
    type: 'stamp', pageIndex: note.pageIndex, rect: [x1, y2 - h, x1 + w, y2], name: 'Note', image: image.base64,
    contents: note.contents, flags: ['print', 'noZoom', 'noRotate'],
  };
}

/** @param {import('../editor.js').Editor} editor */
export function createNoteTool(editor) {
  /** The editor below a note's top-left corner, the same size on screen at every zoom. */
  function edit(pageIndex, [x, y], text) {
    const z = editor.viewer.zoom;
    return editText(editor, pageIndex, [x, y - EDITOR_SIZE[1] / z, x + EDITOR_SIZE[0] / z, y], {
      text, fontSize: EDITOR_TEXT.fontSize / z, color: EDITOR_TEXT.color, background: EDITOR_TEXT.paper, placeholder: t('note.placeholder'),
      keepInView: true,
    });
  }

  return {
    name: 'note',

    /** Types the text of a new note the engine placed; resolves with it (null if cancelled). */
    typeNew(request) {
      return edit(request.pageIndex, request.target.point, '');
    },

    /** The engine's command adding a new note, with the chosen picture as its icon when there is one. */
    withChosenIcon(command) {
      if (!picture || command?.type !== 'add') return command;
      const notes = command.annotations ?? [command.annotation];
      const converted = notes.map((a) => (a?.type === 'note' ? withPicture(a, picture) : a));
      return command.annotations ? { ...command, annotations: converted } : { ...command, annotation: converted[0] };
    },

    /** Edits a note's text in place (one change). */
    async editNote(existing) {
      const [x1, , , y2] = existing.rect;
      const text = await edit(existing.pageIndex, [Math.min(x1, existing.rect[2]), Math.max(y2, existing.rect[1])], existing.contents ?? '');
      if (text !== null && text !== existing.contents) {
        // The note as it is now: a move made while the text was typed is kept.
        await editor.command({ type: 'change', annotation: { ...(editor.model.annotation(existing.id) ?? existing), contents: text } });
      }
    },
  };
}
