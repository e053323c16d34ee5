// The Documents popover: the server's documents (newest first) to switch between, rename or
// move to the trash; the trash, to restore from or delete for good (a second click confirms);
// and an upload button for devices where dragging a file onto the page is awkward (an iPad).

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover, closePopover, action, section } from './popover.js';

/** Opens the list under `anchor`. */
export function openDocumentsPopover(anchor, editor) {
  let documents = null;
  let trashed = [];
  let failure = null;
  let renaming = null;
  let confirming = null;
  const load = () => Promise.all([api.listDocuments(), api.listTrash()])
    .then(([list, trash]) => { documents = list.documents ?? []; trashed = trash.documents ?? []; failure = null; })
    .catch((error) => { failure = error.message; })
    .finally(() => refreshPopover());
  load();
  const run = async (task, failed) => {
    try { await task(); } catch (error) { editor.status(`${failed}: ${error.message}`, true); }
    confirming = null;
    renaming = null;
    await load();
  };

  const picker = document.getElementById('document-picker');
  picker.onchange = () => {
    const file = picker.files?.[0];
    if (file) { closePopover(); editor.upload(file); }
  };

  const small = (label, onclick, extra = {}) => html('button', { type: 'button', class: 'document-action', text: label, onclick, ...extra });

  openPopover(anchor, 'Documents', () => {
    const upload = action('Upload a PDF or image…', () => { picker.value = ''; picker.click(); });
    if (failure) return [html('p', { class: 'hint', text: `Could not list documents: ${failure}` }), upload];
    if (!documents) return [html('p', { class: 'hint', text: 'Loading…' }), upload];
    const current = editor.model.summary?.id;
    const list = html('ul', { class: 'document-list' }, documents.map((d) => {
      const open = renaming === d.id
        ? html('input', { class: 'document-rename', value: d.name, 'aria-label': `New name of ${d.name}`,
          onkeydown: (e) => {
            if (e.key === 'Enter') run(() => api.rename(d.id, e.target.value), 'Could not rename');
            if (e.key === 'Escape') { e.stopPropagation(); renaming = null; refreshPopover(); }
          } })
        : html('button', {
          type: 'button', class: `document-item${d.id === current ? ' current' : ''}`, 'data-id': d.id,
          'aria-current': d.id === current ? 'true' : undefined,
          onclick: () => { closePopover(); if (d.id !== current) editor.open(d.id); },
        }, [
          html('span', { class: 'document-name', text: d.name }),
          html('span', { class: 'document-meta', text: `${d.kind === 'image' ? 'Image' : 'PDF'} · ${d.pageCount} page${d.pageCount === 1 ? '' : 's'}` }),
        ]);
      return html('li', { class: 'document-row', 'data-id': d.id }, [open,
        small('Rename', () => { renaming = d.id; refreshPopover(); document.querySelector('.document-rename')?.select(); }, { 'data-action': 'rename', title: `Rename ${d.name}` }),
        small('Trash', () => run(() => api.trash(d.id), 'Could not move to the trash'), { 'data-action': 'trash', title: `Move ${d.name} to the trash` }),
      ]);
    }));
    const trashList = html('ul', { class: 'document-list trash' }, trashed.map((d) => html('li', { class: 'document-row', 'data-id': d.id }, [
      html('span', { class: 'document-name', text: d.name }),
      small('Restore', () => run(() => api.restoreFromTrash(d.id), 'Could not restore'), { 'data-action': 'restore' }),
      small(confirming === d.id ? 'Really delete?' : 'Delete for good', () => {
        if (confirming !== d.id) { confirming = d.id; refreshPopover(); return; }
        run(() => api.deleteForGood(d.id), 'Could not delete');
      }, { 'data-action': 'purge', class: `document-action danger${confirming === d.id ? ' confirming' : ''}` }),
    ])));
    return [documents.length ? list : html('p', { class: 'hint', text: 'No documents yet.' }), upload,
      ...(trashed.length ? [section(`Trash (${trashed.length})`, trashList)] : [])];
  });
}

/**
 * Save as: a name for a copy of the document as it is now (unsaved edits included); the
 * server makes it a new document (`POST …/save-as`) and the editor opens the copy. The
 * original stays as it was.
 */
export function openSaveAsPopover(anchor, editor) {
  const summary = editor.model.summary;
  if (!summary) return;
  const stem = (summary.name || 'document').replace(/\.(pdf|png|jpe?g)$/i, '');
  const extension = /\.(pdf|png|jpe?g)$/i.exec(summary.name ?? '')?.[0] ?? '';
  let failure = null;
  let busy = false;
  const input = html('input', { type: 'text', class: 'text-input', name: 'save-as-name', 'aria-label': 'Name of the copy', value: `${stem} (copy)${extension}` });
  const submit = async () => {
    const name = input.value.trim();
    if (!name || busy) return;
    busy = true;
    try {
      const copy = await api.saveAs(summary.id, name);
      closePopover();
      await editor.open(copy.id);
      editor.status(`Saved a copy as “${copy.name}”`);
    } catch (error) {
      failure = error.message;
      busy = false;
      refreshPopover();
    }
  };
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); submit(); } });
  openPopover(anchor, 'Save as', () => [
    html('p', { class: 'hint', text: 'A new document with the annotations as they are now; this one stays as it is.' }),
    input,
    ...(failure ? [html('p', { class: 'hint error', role: 'alert', text: `Could not save a copy: ${failure}` })] : []),
    action('Save the copy', submit),
  ]);
  input.focus();
  input.select();
}
