// The Documents popover: the server's documents (newest first) to switch between, rename or
// move to the trash; a search field that narrows the list to the names holding what is typed
// and, a moment later, lists the pages whose text holds it (the server's search across
// documents); the trash, to restore from or delete for good (a second click confirms);
// and an upload button for devices where dragging a file onto the page is awkward (an iPad).

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, refreshPopover, closePopover, action, section } from './popover.js';
import { t } from './i18n.js';

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
    try { await task(); } catch (error) { editor.status(t('common.failedBecause', { failed, reason: error.message }), true); }
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
  const search = html('input', { type: 'search', class: 'text-input document-search', 'aria-label': t('documents.search'),
    placeholder: t('documents.searchPlaceholder'), autocomplete: 'off' });
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
    if (!found || found.query !== query) return [html('p', { class: 'hint', role: 'status', text: t('documents.searchingText') })];
    if (found.failure) return [html('p', { class: 'hint error', role: 'alert', text: t('documents.searchFailed', { reason: found.failure }) })];
    if (!found.results.length) return [html('p', { class: 'hint', role: 'status', text: t('documents.noTextHolds', { query }) })];
    return [section(t('documents.inTheText'), html('ul', { class: 'document-list search-results' }, found.results.map((hit) => html('li', {}, [
      html('button', {
        type: 'button', class: 'document-item search-hit', 'data-id': hit.document, 'data-page': hit.page,
        onclick: async () => {
          closePopover();
          if (hit.document !== editor.model.summary?.id) await editor.open(hit.document);
          editor.viewer.goToPage(hit.page);
        },
      }, [
        html('span', { class: 'document-name', text: t(hit.kind === 'annotation' ? 'documents.hitInComment' : 'documents.hit', { name: hit.name, page: hit.page + 1 }) }),
        html('span', { class: 'document-meta', text: hit.snippet ?? '' }),
      ]),
    ]))))];
  }

  const small = (label, onclick, extra = {}) => html('button', { type: 'button', class: 'document-action', text: label, onclick, ...extra });

  openPopover(anchor, t('toolbar.documents'), () => {
    const upload = action(t('documents.upload'), () => { picker.value = ''; picker.click(); });
    if (failure) return [html('p', { class: 'hint', text: t('documents.listFailed', { reason: failure }) }), upload];
    if (!documents) return [html('p', { class: 'hint', text: t('common.loading') }), upload];
    const current = editor.model.summary?.id;
    const named = documents.filter(matchesName);
    const list = html('ul', { class: 'document-list' }, named.map((d) => {
      const open = renaming === d.id
        ? html('input', { class: 'document-rename', value: d.name, 'aria-label': t('documents.newName', { name: d.name }),
          onkeydown: (e) => {
            if (e.key === 'Enter') run(() => api.rename(d.id, e.target.value), t('documents.renameFailed'));
            if (e.key === 'Escape') { e.stopPropagation(); renaming = null; refreshPopover(); }
          } })
        : html('button', {
          type: 'button', class: `document-item${d.id === current ? ' current' : ''}`, 'data-id': d.id,
          'aria-current': d.id === current ? 'true' : undefined,
          onclick: () => { closePopover(); if (d.id !== current) editor.open(d.id); },
        }, [
          html('span', { class: 'document-name', text: d.name }),
          html('span', { class: 'document-meta', text: t(d.kind === 'image' ? 'documents.imageMeta' : 'documents.pdfMeta', { count: d.pageCount }) }),
        ]);
      return html('li', { class: 'document-row', 'data-id': d.id }, [open,
        small(t('documents.rename'), () => { renaming = d.id; refreshPopover(); document.querySelector('.document-rename')?.select(); }, { 'data-action': 'rename', title: t('documents.renameTitle', { name: d.name }) }),
        small(t('documents.trash'), () => run(() => api.trash(d.id), t('documents.trashFailed')), { 'data-action': 'trash', title: t('documents.trashTitle', { name: d.name }) }),
      ]);
    }));
    const trashList = html('ul', { class: 'document-list trash' }, trashed.map((d) => html('li', { class: 'document-row', 'data-id': d.id }, [
      html('span', { class: 'document-name', text: d.name }),
      small(t('versions.restore'), () => run(() => api.restoreFromTrash(d.id), t('documents.restoreFailed')), { 'data-action': 'restore' }),
      small(confirming === d.id ? t('documents.reallyDelete') : t('documents.deleteForGood'), () => {
        if (confirming !== d.id) { confirming = d.id; refreshPopover(); return; }
        run(() => api.deleteForGood(d.id), t('documents.deleteFailed'));
      }, { 'data-action': 'purge', class: `document-action danger${confirming === d.id ? ' confirming' : ''}` }),
    ])));
    const empty = documents.length ? t('documents.noneNamed', { query }) : t('documents.none');
    return [...(documents.length ? [search] : []), named.length ? list : html('p', { class: 'hint', text: empty }), ...textResults(), upload,
      ...(trashed.length ? [section(t('documents.trashCount', { count: trashed.length }), trashList)] : [])];
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
  const input = html('input', { type: 'text', class: 'text-input', name: 'save-as-name', 'aria-label': t('saveAs.name'), value: t('saveAs.copyName', { name: stem, extension }) });
  const submit = async () => {
    const name = input.value.trim();
    if (!name || busy) return;
    busy = true;
    try {
      const copy = await api.saveAs(summary.id, name);
      closePopover();
      await editor.open(copy.id);
      editor.status(t('saveAs.saved', { name: copy.name }));
    } catch (error) {
      failure = error.message;
      busy = false;
      refreshPopover();
    }
  };
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); submit(); } });
  openPopover(anchor, t('saveAs.title'), () => [
    html('p', { class: 'hint', text: t('saveAs.hint') }),
    input,
    ...(failure ? [html('p', { class: 'hint error', role: 'alert', text: t('saveAs.failed', { reason: failure }) })] : []),
    action(t('saveAs.save'), submit),
  ]);
  input.focus();
  input.select();
}
