// Text: tap or drag to make a text box (a FreeText annotation), type, tap elsewhere to commit.
// Tapping an existing text box edits it (one changeAnnotation).

import { newId } from '../model.js';
import { settings } from '../settings.js';
import { editText } from './textbox.js';
import { topmostAt, normRect } from '../geometry.js';
import { svg } from '../svg.js';

/** @param {import('../editor.js').Editor} editor */
export function createTextTool(editor) {
  let drag = null;

  function freeTextFrom(rect, pageIndex, text) {
    const t = settings.text;
    return {
      id: newId(), type: 'freeText', pageIndex, rect, text,
      font: t.bold ? 'Helvetica-Bold' : 'Helvetica', fontSize: t.fontSize, textColor: t.textColor,
      ...(t.background ? { color: t.background } : {}), width: 0,
    };
  }

  async function editExisting(a) {
    const text = await editText(editor, a.pageIndex, a.rect, {
      text: a.text, fontSize: a.fontSize ?? 12, color: a.textColor ?? '#000', background: a.color ?? '', bold: /Bold/.test(a.font ?? ''),
    });
    if (text === null || text === a.text) return;
    if (!text.trim()) await editor.session.command({ type: 'remove', ids: [a.id] });
    else await editor.session.command({ type: 'change', annotation: { ...a, text } });
  }

  return {
    name: 'text',
    /** Edits a text box's text in place; emptying it removes the box. */
    editText: editExisting,
    label: 'Text',
    cursor: 'text',
    begin(input) {
      const tolerance = 4 / editor.viewer.zoom;
      const existing = topmostAt(editor.model.annotationsOnPage(input.pageIndex).filter((a) => a.type === 'freeText'), input.point, tolerance);
      if (existing) { drag = { existing }; return; }
      const outline = svg('rect', { class: 'drag-outline' });
      editor.viewer.views[input.pageIndex].overlay.preview.append(outline);
      drag = { pageIndex: input.pageIndex, start: input.point, end: input.point, outline };
    },
    move(committed) {
      if (!drag || drag.existing || !committed.length) return;
      drag.end = committed[committed.length - 1].point;
      const [x1, y1, x2, y2] = normRect([...drag.start, ...drag.end]);
      Object.entries({ x: x1, y: y1, width: x2 - x1, height: y2 - y1 }).forEach(([k, v]) => drag.outline.setAttribute(k, v));
    },
    async end() {
      if (!drag) return;
      const done = drag;
      drag = null;
      if (done.existing) return editExisting(done.existing);
      done.outline.remove();
      let rect = normRect([...done.start, ...done.end]);
      const size = settings.text.fontSize;
      if (rect[2] - rect[0] < 20 || rect[3] - rect[1] < 10) {
        const [x, y] = done.start;
        rect = [x, y - size * 1.6, x + size * 14, y];
      }
      const t = settings.text;
      const text = await editText(editor, done.pageIndex, rect, { fontSize: t.fontSize, color: t.textColor, background: t.background, bold: t.bold });
      if (!text?.trim()) return;
      const lines = text.split('\n').length;
      rect[1] = Math.min(rect[1], rect[3] - (lines * 1.2 + 0.6) * size);
      const annotation = freeTextFrom(rect, done.pageIndex, text);
      await editor.session.command({ type: 'add', annotation });
    },
    cancel() {
      drag?.outline?.remove();
      drag = null;
    },
  };
}
