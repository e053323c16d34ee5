// Redact: mark content for redaction (docs/redaction.md, "Marking in the editor"). A drag
// that starts on a word marks the text it selects, a drag anywhere else marks the area
// between its ends: the engine decides which (`redactionMark`, its RedactionDrag) from the
// page's words, which the Highlight tool fetches for it. The find bar's "Mark all" marks
// every match of a search (tools/redactfind.js). A mark is an annotation like any other
// (`"type": "redact"`): moved, removed, undone and synced as the others are. It is not
// applied here: until it is, it shows as an outline in its `color` (`/C`); `fill` (`/IC`) and
// `overlayText` are what will replace the content, set in the tool's settings.

import { settings, update, redactionOverlay } from '../settings.js';
import { drawAnnotation } from '../overlay.js';
import { call } from '../engine.js';
import { section, swatches } from '../popover.js';
import { html } from '../svg.js';
import { t } from '../i18n.js';
import { defaultColorOfType } from '../vocabulary.js';

/** @param {import('../editor.js').Editor} editor */
export function createRedactTool(editor) {
  const loadText = (pageIndex) => editor.tools.highlight.loadText(pageIndex);
  /** The engine's mark for a drag: `{quads, text}`, `{rect}`, `{}` (too small) or `{needsText}`. */
  const ask = (pageIndex, from, to) => call({ call: 'redactionMark', pageIndex, from, to });

  async function markFor(pageIndex, from, to) {
    let mark = ask(pageIndex, from, to);
    if (mark.needsText) {
      await loadText(pageIndex);
      mark = ask(pageIndex, from, to);
    }
    return mark;
  }

  return {
    name: 'redact',

    /** The preview of what a drag from `from` to `to` marks (null until the words arrive). */
    preview(pageIndex, from, to) {
      const mark = ask(pageIndex, from, to);
      if (mark.needsText) loadText(pageIndex);
      if (!mark.quads && !mark.rect) return null;
      return drawAnnotation({ ...redaction(pageIndex, mark), id: 'preview' });
    },

    /** Marks what a drag between two page points covers (the engine's `markRedaction`). */
    async mark(pageIndex, from, to) {
      const mark = await markFor(pageIndex, from, to);
      if (mark.quads || mark.rect) await editor.command({ type: 'add', annotation: redaction(pageIndex, mark) });
      else editor.status(t('redact.dragHint'));
    },

    /**
     * Marks every match of a search (`{page, quads}` each; annotation hits are left out), in
     * one command: one step to undo.
     */
    async markAll(matches) {
      const annotations = matches.filter((m) => !m.annotation && m.quads?.length)
        .map((m) => redaction(m.page, { quads: m.quads }));
      if (!annotations.length) { editor.status(t('redact.noMatches')); return 0; }
      await editor.command({ type: 'add', annotations });
      editor.status(t('redact.marked', { count: annotations.length }));
      return annotations.length;
    },
  };
}

/** A redaction mark's annotation JSON: over text its quads, over an area its rect. */
function redaction(pageIndex, { quads, rect }) {
  const { overlayText } = settings.redact;
  return {
    // The outline shown until the mark is applied (`/C`): the engine's colour for a mark.
    type: 'redact', pageIndex, color: defaultColorOfType('redact'), fill: redactionOverlay(),
    ...(quads ? { quads } : { rect }), ...(overlayText ? { overlayText } : {}),
  };
}

/** The tool's settings: the overlay's colour and text, drawn in the mark's place once applied. */
export function redactSettings() {
  const r = settings.redact;
  const text = html('input', {
    type: 'text', class: 'redact-overlay-text', value: r.overlayText ?? '', placeholder: t('redact.overlayTextExample'),
    'aria-label': t('redact.overlayText'), maxlength: '200',
  });
  text.addEventListener('change', () => update((s) => { s.redact.overlayText = text.value.trim(); }));
  return [
    section(t('redact.overlayColour'), swatches(redactionOverlay(), (c) => update((s) => { s.redact.overlay = c; }), { label: t('redact.overlayColour') })),
    section(t('redact.overlayText'), text),
  ];
}
