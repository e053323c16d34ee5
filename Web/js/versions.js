// The version history popover: every saved version of the open document with when it was
// made, how many changes it holds and by whom (the names their authors gave), a preview of its
// first page, a download of its file, and restore (the version becomes the content, as a new
// version).

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover } from './popover.js';
import { saveBlob } from './exporting.js';
import { openPdf, closePdf } from './pdfopen.js';

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
    const when = new Date(v.created).toLocaleString();
    if (v.historyRedacted) return `${when} · redactions applied: earlier versions were removed`;
    if (v.number === 1) return `${when} · as uploaded`;
    if (!v.changes) return `${when} · restored or saved without changes`;
    return `${when} · ${v.changes} change${v.changes === 1 ? '' : 's'} by ${authorNames(v)}`;
  };

  openPopover(anchor, 'Version history', () => {
    if (failure) return [html('p', { class: 'hint', text: `Could not list versions: ${failure}` })];
    if (!versions) return [html('p', { class: 'hint', text: 'Loading…' })];
    const latest = versions[versions.length - 1]?.number;
    const items = [...versions].reverse().map((v) => {
      const canvas = html('canvas', { class: 'version-preview', hidden: previewing !== v.number });
      const row = html('li', { class: 'version-item', 'data-version': v.number }, [
        html('div', { class: 'version-head' }, [
          html('span', { class: 'version-name', text: `Version ${v.number}${v.number === latest ? ' (latest)' : ''}` }),
          html('span', { class: 'version-meta', text: describe(v) }),
        ]),
        html('div', { class: 'version-actions' }, [
          html('button', { type: 'button', class: 'version-action', 'data-action': 'preview', text: previewing === v.number ? 'Hide' : 'Preview',
            onclick: () => { previewing = previewing === v.number ? null : v.number; refreshPopover(); } }),
          html('button', { type: 'button', class: 'version-action', 'data-action': 'download', text: 'Download',
            onclick: async () => {
              try {
                const bytes = await api.fetchBytes(api.versionURL(id, v.number));
                const name = editor.model.summary.name.replace(/\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i, '');
                saveBlob(new Blob([bytes], { type: 'application/pdf' }), `v${v.number}-${name}.pdf`);
              } catch (error) { editor.status(`Could not download: ${error.message}`, true); }
            } }),
          v.number === latest ? null : html('button', { type: 'button', class: 'version-action', 'data-action': 'restore', text: 'Restore',
            onclick: async () => {
              try {
                await api.restoreVersion(id, v.number);
                editor.status(`Version ${v.number} restored as a new version`);
                load();
              } catch (error) { editor.status(`Could not restore: ${error.message}`, true); }
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
  return (version.authors ?? []).map((name) => name ?? 'unknown').join(', ');
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
