// Apply redactions (docs/redaction.md, "On the server"): a toolbar button that asks for
// confirmation, saying that earlier versions will be cut, then calls
// `POST …/redactions/apply` and shows what was removed, page by page. The marks themselves
// are made by the Redact tool (tools/); the reload that follows comes from the event stream
// (session.js, `versionRestored`), as for every tab that has the document open.

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover, action } from './popover.js';
import { toolbarButton } from './toolbar.js';
import { t } from './i18n.js';

/** The toolbar button, for `editor`. */
export function redactionApplyButton(editor) {
  const button = toolbarButton({ name: 'redact-apply', label: t('redact.apply'), onTap: (anchor) => openApplyPopover(anchor, editor) });
  button.title = t('redact.applyTitle');
  return button;
}

/** The confirmation, then the report, under `anchor`. */
export function openApplyPopover(anchor, editor) {
  const id = editor.model.summary?.id;
  if (!id) return;
  const marks = editor.model.allAnnotations().filter((a) => a.type === 'redact').length;
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
      editor.status(t('redact.applied', { count: total(applied.report.pages, 'glyphs') }));
    } catch (error) {
      failure = error.message;
    }
    busy = false;
    refreshPopover();
  };
  openPopover(anchor, t('redact.apply'), () => {
    if (applied) return report(applied);
    return [
      html('p', { class: 'hint redact-warning', text: t('redact.warning', { count: marks }) }),
      html('p', { class: 'hint redact-warning', 'data-warning': 'history', text: t('redact.historyWarning') }),
      html('label', { class: 'popover-check' }, [scrub, html('span', { text: ` ${t('redact.scrubMetadata')}` })]),
      ...(failure ? [html('p', { class: 'hint error', role: 'alert', text: t('redact.applyFailed', { reason: failure }) })] : []),
      action(busy ? t('redact.applying') : t('redact.applyConfirm'), apply, { danger: true }),
    ];
  });
}

/** What the server removed: a line per page with marks, and what left the history. */
function report(applied) {
  const pages = applied.report.pages;
  const rows = pages.map((page) => html('li', { class: 'redact-page', 'data-page': page.pageIndex, text:
    t('redact.pageReport', { page: page.pageIndex + 1, marks: t('redact.marks', { count: page.marks }), characters: page.glyphs,
      images: page.images + page.imagesPainted, drawings: page.paths, annotations: page.annotations })
    + (page.pathsCut ? `${t('redact.drawingsCut', { count: page.pathsCut })}` : '')
    + (page.imagesPartlyCovered ? ` ${t('redact.imagesKeptWhole', { count: page.imagesPartlyCovered })}` : '') }));
  const history = applied.history;
  return [
    html('ul', { class: 'redact-report' }, rows),
    html('p', { class: 'hint', 'data-report': 'history', text: t('redact.historyReport', { count: history.versionsRemoved.length,
      changes: history.logEntriesRemoved, uploads: history.uploadsRemoved, version: applied.version.number }) }),
  ];
}

const total = (pages, key) => pages.reduce((sum, page) => sum + page[key], 0);
