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
