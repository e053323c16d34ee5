// Highlight: drag across page text to mark it up (highlight, underline, strike-out or
// squiggly), one quad per line. The engine tells where the drag goes (its preview's text
// span, then `markText` when it ends); the page's text layout is pdf.js's here
// (textgeometry.js) until the engine reads text itself.

import { settings } from '../settings.js';
import { drawAnnotation } from '../overlay.js';
import { textRuns, caretAt, quadsBetween } from '../textgeometry.js';

/** The text markup subtypes the tool makes, with their labels. */
export const MARKUP_KINDS = { highlight: 'Highlight', underline: 'Underline', strikeOut: 'Strike out', squiggly: 'Squiggly' };

/** @param {import('../editor.js').Editor} editor */
export function createHighlightTool(editor) {
  const loaded = new Map(); // page → text runs (once loaded)

  function runsOf(pageIndex) {
    if (!loaded.has(pageIndex)) {
      loaded.set(pageIndex, null);
      textRuns(editor.pdf, pageIndex).then((runs) => loaded.set(pageIndex, runs));
    }
    return loaded.get(pageIndex);
  }

  function annotation(pageIndex, from, to, runs) {
    const quads = quadsBetween(runs, caretAt(runs, from), caretAt(runs, to));
    if (!quads.length) return null;
    return {
      type: settings.markup.kind, pageIndex, color: settings.markup.color,
      opacity: settings.markup.kind === 'highlight' ? 0.5 : 1, quads,
    };
  }

  return {
    name: 'highlight',

    /** The preview of the text a drag from `from` to `to` marks (null until the text is read). */
    preview(pageIndex, from, to) {
      const runs = runsOf(pageIndex);
      const a = runs && annotation(pageIndex, from, to, runs);
      return a ? drawAnnotation({ ...a, id: 'preview' }) : null;
    },

    /** Marks the text between two page points (the engine's `markText`). */
    async mark(pageIndex, from, to) {
      const runs = await textRuns(editor.pdf, pageIndex);
      loaded.set(pageIndex, runs);
      const a = annotation(pageIndex, from, to, runs);
      if (a) await editor.command({ type: 'add', annotation: a });
      else editor.status('Drag across the page text to mark it up');
    },

    /** Forgets the text read (a new document). */
    forget() { loaded.clear(); },
  };
}
