// The Documents popover: the server's documents (newest first) to switch between, rename or
// move to the trash; a search field that narrows the list to the names holding what is typed
// and, a moment later, lists the pages whose text holds it (the server's search across
// documents); the trash, to restore from or delete for good (a second click confirms);
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
  // Only admins see the trash (docs/api.md, "People and roles"): for others it is empty.
  const trashOrNone = () => api.listTrash().catch((error) => (error.status === 403 ? { documents: [] } : Promise.reject(error)));
  const load = () => Promise.all([api.listDocuments(), trashOrNone()])
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

  // The search: names narrowed as it is typed; the text searched once typing pauses.
  let query = '';
  let found = null;  // {query, results} from the server, or {query, failure}
  let pending = null;
  const search = html('input', { type: 'search', class: 'text-input document-search', 'aria-label': 'Search documents',
    placeholder: 'Search names and text', autocomplete: 'off' });
  search.addEventListener('input', () => {
    query = search.value.trim();
    clearTimeout(pending);
    refreshKeepingFocus();
    if (!query) { found = null; return; }
    pending = setTimeout(() => {
      const asked = query;
      api.searchDocuments(asked)
        .then((answer) => { found = { query: asked, results: answer.results ?? [] }; })
        .catch((error) => { found = { query: asked, failure: error.message }; })
        .finally(() => { if (asked === query) refreshKeepingFocus(); });
    }, 250);
  });
  search.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && search.value) { e.stopPropagation(); search.value = ''; search.dispatchEvent(new Event('input')); }
  });
  /** Rebuilds the popover and gives the focus back to the search field if it had it. */
  function refreshKeepingFocus() {
    const typing = document.activeElement === search;
    const [start, end] = [search.selectionStart, search.selectionEnd];
    refreshPopover();
    if (typing) { search.focus({ preventScroll: true }); search.setSelectionRange(start, end); }
  }
  const matchesName = (d) => !query || d.name.toLocaleLowerCase().includes(query.toLocaleLowerCase());
  /** The text results for the query: a button per page or annotation, opening it there. */
  function textResults() {
    if (!query) return [];
    if (!found || found.query !== query) return [html('p', { class: 'hint', role: 'status', text: 'Searching the text…' })];
    if (found.failure) return [html('p', { class: 'hint error', role: 'alert', text: `Could not search: ${found.failure}` })];
    if (!found.results.length) return [html('p', { class: 'hint', role: 'status', text: `No text holds “${query}”.` })];
    return [section('In the text', html('ul', { class: 'document-list search-results' }, found.results.map((hit) => html('li', {}, [
      html('button', {
        type: 'button', class: 'document-item search-hit', 'data-id': hit.document, 'data-page': hit.page,
        onclick: async () => {
          closePopover();
          if (hit.document !== editor.model.summary?.id) await editor.open(hit.document);
          editor.viewer.goToPage(hit.page);
        },
      }, [
        html('span', { class: 'document-name', text: `${hit.name} · page ${hit.page + 1}${hit.kind === 'annotation' ? ' (a comment)' : ''}` }),
        html('span', { class: 'document-meta', text: hit.snippet ?? '' }),
      ]),
    ]))))];
  }

  const small = (label, onclick, extra = {}) => html('button', { type: 'button', class: 'document-action', text: label, onclick, ...extra });

  openPopover(anchor, 'Documents', () => {
    const upload = action('Upload a PDF or image…', () => { picker.value = ''; picker.click(); });
    if (failure) return [html('p', { class: 'hint', text: `Could not list documents: ${failure}` }), upload];
    if (!documents) return [html('p', { class: 'hint', text: 'Loading…' }), upload];
    const current = editor.model.summary?.id;
    const named = documents.filter(matchesName);
    const list = html('ul', { class: 'document-list' }, named.map((d) => {
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
    const empty = documents.length ? `No document is named with “${query}”.` : 'No documents yet.';
    return [...(documents.length ? [search] : []), named.length ? list : html('p', { class: 'hint', text: empty }), ...textResults(), upload,
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
  const stem = (summary.name || 'document').replace(/\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i, '');
  const extension = /\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i.exec(summary.name ?? '')?.[0] ?? '';
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
