// The Documents popover: the server's documents (newest first) to switch between, and an
// upload button for devices where dragging a file onto the page is awkward (an iPad).

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover, closePopover, action } from './popover.js';

/** Opens the list under `anchor`. */
export function openDocumentsPopover(anchor, editor) {
  let documents = null;
  let failure = null;
  api.listDocuments()
    .then((list) => { documents = list.documents ?? []; })
    .catch((error) => { failure = error.message; })
    .finally(() => refreshPopover());

  const picker = document.getElementById('document-picker');
  picker.onchange = () => {
    const file = picker.files?.[0];
    if (file) { closePopover(); editor.upload(file); }
  };

  openPopover(anchor, 'Documents', () => {
    const upload = action('Upload a PDF or image…', () => { picker.value = ''; picker.click(); });
    if (failure) return [html('p', { class: 'hint', text: `Could not list documents: ${failure}` }), upload];
    if (!documents) return [html('p', { class: 'hint', text: 'Loading…' }), upload];
    const current = editor.model.summary?.id;
    const list = html('ul', { class: 'document-list' }, documents.map((d) => html('li', {}, [
      html('button', {
        type: 'button', class: `document-item${d.id === current ? ' current' : ''}`, 'data-id': d.id,
        'aria-current': d.id === current ? 'true' : undefined,
        onclick: () => { closePopover(); if (d.id !== current) editor.open(d.id); },
      }, [
        html('span', { class: 'document-name', text: d.name }),
        html('span', { class: 'document-meta', text: `${d.kind === 'image' ? 'Image' : 'PDF'} · ${d.pageCount} page${d.pageCount === 1 ? '' : 's'}` }),
      ]),
    ])));
    return [documents.length ? list : html('p', { class: 'hint', text: 'No documents yet.' }), upload];
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
