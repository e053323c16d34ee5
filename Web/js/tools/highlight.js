// Highlight: drag across page text to mark it up (highlight, underline, strike-out or
// squiggly). The engine decides everything: where the drag goes (its preview's text span,
// then `markText` when it ends) and which words it selects with their quads, one per line
// (`selectText`, docs/engine.md "Text selection"), from the page's words with exact glyph
// edges that the server's engine extracts (`GET …/pages/{n}/text`). The words are fetched
// once per page and handed to the engine, which keeps them until the document or its pages
// change (then `selectText` answers `needsText` and they are fetched again).

import { settings, markupColor } from '../settings.js';
import { defaultOpacityOfType } from '../vocabulary.js';
import { drawAnnotation } from '../overlay.js';
import { call } from '../engine.js';
import * as api from '../api.js';
import { t } from '../i18n.js';

/** The text markup subtypes the tool makes, with their labels. */
export const MARKUP_KINDS = { highlight: t('markup.highlight'), underline: t('markup.underline'), strikeOut: t('markup.strikeOut'), squiggly: t('markup.squiggly') };

/** @param {import('../editor.js').Editor} editor */
export function createHighlightTool(editor) {
  const fetching = new Map(); // page → Promise of the words reaching the engine
  let generation = 0;         // a new document: text still arriving for the old one is dropped

  function loadText(pageIndex) {
    const id = editor.model.summary?.id;
    if (!id) return Promise.resolve();
    if (!fetching.has(pageIndex)) {
      const mine = generation;
      const done = api.getPageText(id, pageIndex)
        .then((text) => { if (mine === generation) call({ call: 'setPageText', pageIndex, text }); })
        .catch((error) => console.warn('page text', pageIndex, error))
        .finally(() => { if (mine === generation) fetching.delete(pageIndex); });
      fetching.set(pageIndex, done);
    }
    return fetching.get(pageIndex);
  }

  /** The engine's selection for a drag: `{quads, text}`, `{}` off the text, or `{needsText}`. */
  const select = (pageIndex, from, to) => call({ call: 'selectText', pageIndex, from, to });

  function annotation(pageIndex, quads) {
    return {
      // The opacity the engine gives a new annotation of the kind (half for a highlight).
      type: settings.markup.kind, pageIndex, color: markupColor(),
      opacity: defaultOpacityOfType(settings.markup.kind), quads,
    };
  }

  return {
    name: 'highlight',

    /** The preview of the text a drag from `from` to `to` marks (null until the words arrive). */
    preview(pageIndex, from, to) {
      const selected = select(pageIndex, from, to);
      if (selected.needsText) loadText(pageIndex);
      return selected.quads ? drawAnnotation({ ...annotation(pageIndex, selected.quads), id: 'preview' }) : null;
    },

    /** Marks the text between two page points (the engine's `markText`). */
    async mark(pageIndex, from, to) {
      let selected = select(pageIndex, from, to);
      if (selected.needsText) {
        await loadText(pageIndex);
        selected = select(pageIndex, from, to);
      }
      if (selected.quads) await editor.command({ type: 'add', annotation: annotation(pageIndex, selected.quads) });
      else editor.status(t('markup.dragHint'));
    },

    /** Forgets the words fetched (a new document; the engine drops its own on `setPages`). */
    forget() { fetching.clear(); generation++; },

    /** Fetches a page's words for the engine (once; textcopy.js asks it too). */
    loadText,
  };
}
