// Highlight: drag across page text to mark it up (highlight, underline, strike-out or
// squiggly), one quad per line. The preview uses the same drawing code as saved markup.

import { newId } from '../model.js';
import { settings } from '../settings.js';
import { drawAnnotation } from '../overlay.js';
import { textRuns, caretAt, quadsBetween } from '../textgeometry.js';

/** The text markup subtypes the tool makes, with their labels. */
export const MARKUP_KINDS = { highlight: 'Highlight', underline: 'Underline', strikeOut: 'Strike out', squiggly: 'Squiggly' };

/** @param {import('../editor.js').Editor} editor */
export function createHighlightTool(editor) {
  let drag = null;

  function preview() {
    drag.group?.remove();
    const quads = quadsBetween(drag.runs, drag.from, drag.to);
    drag.annotation = quads.length ? {
      id: newId(), type: settings.markup.kind, pageIndex: drag.pageIndex,
      color: settings.markup.color, opacity: settings.markup.kind === 'highlight' ? 0.5 : 1, quads,
    } : null;
    if (!drag.annotation) return;
    drag.group = drawAnnotation(drag.annotation);
    editor.viewer.views[drag.pageIndex].overlay.preview.append(drag.group);
  }

  return {
    name: 'highlight',
    label: 'Highlight',
    cursor: 'text',
    begin(input) {
      const current = { pageIndex: input.pageIndex, runs: [], from: null, to: null, last: input.point };
      drag = current;
      current.loading = textRuns(editor.viewer.pdf, input.pageIndex).then((runs) => {
        if (drag !== current) return;
        drag.runs = runs;
        drag.from = caretAt(runs, input.point);
        drag.to = caretAt(runs, drag.last);
        preview();
      });
    },
    move(committed) {
      if (!drag || !committed.length) return;
      drag.last = committed[committed.length - 1].point;
      if (!drag.runs.length) return;
      drag.to = caretAt(drag.runs, drag.last) ?? drag.to;
      preview();
    },
    async end() {
      if (!drag) return;
      const done = drag;
      // A quick stroke (WebKit's WebDriver pen takes a few milliseconds) can end before the
      // page's text has arrived: the mark is made from it once it has.
      await done.loading;
      if (drag === done) drag = null;
      try {
        if (done.annotation) await editor.session.command({ type: 'add', annotation: done.annotation });
        else editor.status('Drag across the page text to mark it up');
      } finally {
        done.group?.remove();
      }
    },
    cancel() { drag?.group?.remove(); drag = null; },
  };
}
