// The version history popover: every saved version of the open document with when it was
// made, how many changes it holds and by whom (the names their authors gave), a preview of its
// first page, a download of its file, and restore (the version becomes the content, as a new
// version).

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover } from './popover.js';
import { saveBlob } from './exporting.js';
import { openPdf, closePdf } from './pdfopen.js';
import { t, formatDate } from './i18n.js';

/** Opens the history under `anchor`. */
export function openVersionsPopover(anchor, editor) {
  const id = editor.model.summary?.id;
  if (!id) return;
  let versions = null;
  let failure = null;
  let previewing = null;
  const load = () => api.listVersions(id)
    .then((list) => { versions = list.versions ?? []; failure = null; })
    .catch((error) => { failure = error.message; })
    .finally(() => refreshPopover());
  load();

  const describe = (v) => {
    const when = formatDate(v.created);
    if (v.historyRedacted) return t('versions.redacted', { when });
    if (v.number === 1) return t('versions.uploaded', { when });
    if (!v.changes) return t('versions.noChanges', { when });
    return t('versions.changes', { when, count: v.changes, authors: authorNames(v) });
  };

  openPopover(anchor, t('toolbar.versions'), () => {
    if (failure) return [html('p', { class: 'hint', text: t('versions.listFailed', { reason: failure }) })];
    if (!versions) return [html('p', { class: 'hint', text: t('common.loading') })];
    const latest = versions[versions.length - 1]?.number;
    const items = [...versions].reverse().map((v) => {
      const canvas = html('canvas', { class: 'version-preview', hidden: previewing !== v.number });
      const row = html('li', { class: 'version-item', 'data-version': v.number }, [
        html('div', { class: 'version-head' }, [
          html('span', { class: 'version-name', text: t(v.number === latest ? 'versions.latest' : 'versions.number', { version: v.number }) }),
          html('span', { class: 'version-meta', text: describe(v) }),
        ]),
        html('div', { class: 'version-actions' }, [
          html('button', { type: 'button', class: 'version-action', 'data-action': 'preview', text: previewing === v.number ? t('versions.hide') : t('versions.preview'),
            onclick: () => { previewing = previewing === v.number ? null : v.number; refreshPopover(); } }),
          html('button', { type: 'button', class: 'version-action', 'data-action': 'download', text: t('toolbar.download'),
            onclick: async () => {
              try {
                const bytes = await api.fetchBytes(api.versionURL(id, v.number));
                const name = editor.model.summary.name.replace(/\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i, '');
                saveBlob(new Blob([bytes], { type: 'application/pdf' }), `v${v.number}-${name}.pdf`);
              } catch (error) { editor.status(t('versions.downloadFailed', { reason: error.message }), true); }
            } }),
          v.number === latest ? null : html('button', { type: 'button', class: 'version-action', 'data-action': 'restore', text: t('versions.restore'),
            onclick: async () => {
              try {
                await api.restoreVersion(id, v.number);
                editor.status(t('versions.restored', { version: v.number }));
                load();
              } catch (error) { editor.status(t('versions.restoreFailed', { reason: error.message }), true); }
            } }),
        ].filter(Boolean)),
        canvas,
      ]);
      if (previewing === v.number) renderPreview(canvas, api.versionURL(id, v.number));
      return row;
    });
    return [html('ul', { class: 'version-list' }, items)];
  });
}

/**
 * Who made a version's changes: the authors' names in order of their first change ("Ana, Ben"),
 * "unknown" for changes logged without a name (before names were kept, or by a user who gave
 * none).
 */
function authorNames(version) {
  return (version.authors ?? []).map((name) => name ?? t('versions.unknownAuthor')).join(', ');
}

/** Draws the first page of a version's file (pdf.js, annotations shown as saved). */
async function renderPreview(canvas, url) {
  const pdf = await openPdf({ url, withCredentials: true });
  const page = await pdf.getPage(1);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: (260 * (window.devicePixelRatio || 1)) / base.width });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
  canvas.classList.add('rendered');
  closePdf(pdf);
}
