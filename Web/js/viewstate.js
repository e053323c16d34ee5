// Where the user was in each document (the page, and the zoom or fit width), kept in
// localStorage: a reload, or the document opened again later, shows the same place.

const KEY = 'marginalia.views';
/** Documents remembered at most (the oldest are forgotten). */
const KEPT = 100;

function load() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' && value.documents ? value : { documents: {} };
  } catch {
    return { documents: {} };
  }
}

/** The view remembered for document `id`, `{page, zoom, fit}` (fit: `'width'`, `'auto'`, true for width, or false), or null. */
export function rememberedView(id) {
  const view = load().documents[id];
  return view && Number.isInteger(view.page) && (view.fit || Number.isFinite(view.zoom)) ? view : null;
}

/**
 * The engine's `setViewport` request that opens a document at a remembered `view` (null: none)
 * among `pageCount` pages, and how its zoom is fitted (the viewer's `fitted`): without one, the
 * first page at the engine's automatic zoom. The editor opens by it (editor.js) and the early
 * page is drawn by it (earlypage.js, through the engine's `openingPlace`).
 * @param {{page: number, zoom: number, fit: (string|boolean)}|null} view
 * @param {number} pageCount
 * @returns {{fit: ('auto'|'width'|false), request: object}}
 */
export function openingView(view, pageCount) {
  const fit = !view || view.fit === 'auto' ? 'auto' : view.fit ? 'width' : false;
  const zoom = fit === 'auto' ? { fitAutomatic: true } : fit ? { fitWidth: true } : { zoom: view.zoom };
  return { fit, request: { ...zoom, showPage: Math.max(0, Math.min(view?.page ?? 0, pageCount - 1)) } };
}

function remember(id, view) {
  const stored = load();
  delete stored.documents[id];
  stored.documents[id] = view;  // newest last
  const ids = Object.keys(stored.documents);
  for (const old of ids.slice(0, Math.max(0, ids.length - KEPT))) delete stored.documents[old];
  try { localStorage.setItem(KEY, JSON.stringify(stored)); } catch { /* storage full or refused */ }
}

/** Keeps the open document's page and zoom as the user moves (written after a short pause). */
export function installViewMemory(editor) {
  let timer = 0;
  const save = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const id = editor.model.summary?.id;
      const viewer = editor.viewer;
      if (!id || !viewer.views.length) return;
      remember(id, { page: viewer.currentPage, zoom: viewer.zoom, fit: viewer.fitMode() });
    }, 300);
  };
  editor.viewer.on('page', save);
  editor.viewer.on('zoom', save);
}
