// Apply redactions (docs/redaction.md, "On the server"): a toolbar button that asks for
// confirmation, saying that earlier versions will be cut, then calls
// `POST …/redactions/apply` and shows what was removed, page by page. The marks themselves
// are made by the Redact tool (tools/); the reload that follows comes from the event stream
// (session.js, `versionRestored`), as for every tab that has the document open.

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover, action } from './popover.js';
import { toolbarButton } from './toolbar.js';

/** The toolbar button, for `editor`. */
export function redactionApplyButton(editor) {
  const button = toolbarButton({ name: 'redact-apply', label: 'Apply redactions', onTap: (anchor) => openApplyPopover(anchor, editor) });
  button.title = 'Apply the redaction marks: remove what they cover for good';
  return button;
}

/** The confirmation, then the report, under `anchor`. */
export function openApplyPopover(anchor, editor) {
  const id = editor.model.summary?.id;
  if (!id) return;
  const marks = [...(editor.model.annotations?.values() ?? [])].filter((a) => a.type === 'redact').length;
  let busy = false;
  let failure = null;
  let applied = null;
  const scrub = html('input', { type: 'checkbox', name: 'scrub-metadata' });
  const apply = async () => {
    if (busy) return;
    busy = true;
    failure = null;
    refreshPopover();
    try {
      applied = await api.applyRedactions(id, { scrubMetadata: scrub.checked });
      editor.status(`Redactions applied: ${total(applied.report.pages, 'glyphs')} characters removed; earlier versions were cut`);
    } catch (error) {
      failure = error.message;
    }
    busy = false;
    refreshPopover();
  };
  openPopover(anchor, 'Apply redactions', () => {
    if (applied) return report(applied);
    return [
      html('p', { class: 'hint redact-warning', text: 'The text, images, drawings and comments under every redaction mark '
        + `(${marks} mark${marks === 1 ? '' : 's'} here) are removed for good.` }),
      html('p', { class: 'hint redact-warning', 'data-warning': 'history', text: 'Earlier versions of this document, its change '
        + 'history and the files its pages were inserted from will be cut: only the redacted version is kept, and undo starts again.' }),
      html('label', { class: 'popover-check' }, [scrub, html('span', { text: ' Also remove metadata (title, author, XMP, scripts, attachments)' })]),
      ...(failure ? [html('p', { class: 'hint error', role: 'alert', text: `Could not apply: ${failure}` })] : []),
      action(busy ? 'Applying…' : 'Apply and cut earlier versions', apply, { danger: true }),
    ];
  });
}

/** What the server removed: a line per page with marks, and what left the history. */
function report(applied) {
  const pages = applied.report.pages;
  const rows = pages.map((page) => html('li', { class: 'redact-page', 'data-page': page.pageIndex, text:
    `Page ${page.pageIndex + 1}: ${page.marks} mark${page.marks === 1 ? '' : 's'}, ${page.glyphs} characters, `
    + `${page.images + page.imagesPainted} images, ${page.paths} drawings, ${page.annotations} annotations removed`
    + (page.pathsCut ? `, ${page.pathsCut} drawings cut` : '')
    + (page.imagesPartlyCovered ? ` (${page.imagesPartlyCovered} images kept whole under the overlay)` : '') }));
  const history = applied.history;
  return [
    html('ul', { class: 'redact-report' }, rows),
    html('p', { class: 'hint', 'data-report': 'history', text: `${history.versionsRemoved.length} earlier version`
      + `${history.versionsRemoved.length === 1 ? '' : 's'}, ${history.logEntriesRemoved} logged changes and `
      + `${history.uploadsRemoved} uploads removed; version ${applied.version.number} is now the only one.` }),
  ];
}

const total = (pages, key) => pages.reduce((sum, page) => sum + page[key], 0);
