// The annotations of a long document in two parts (issue 36, docs/editor-web.md "Large
// files"): the pages the document opens at first, so that the first page waits only for
// theirs (`GET …/annotations?pages=FIRST-LAST`), then every page's once a page is drawn, which
// the model, the engine and what draws the pages take in place of the first part before the
// document's events are followed: from then on the model holds every annotation, as before.

import * as api from './api.js';

/** Pages before and after the one a document opens at whose annotations come first. */
export const OPENING_PAGES_BEFORE = 1;
export const OPENING_PAGES_AFTER = 3;

/**
 * The pages `[first, last]` whose annotations are asked for first when a document of
 * `pageCount` pages opens at page `page`; null (every page at once) for a document of no more
 * pages than that.
 */
export function openingRange(pageCount, page) {
  const span = OPENING_PAGES_BEFORE + OPENING_PAGES_AFTER + 1;
  if (pageCount <= span) return null;
  const first = Math.max(0, Math.min(Math.max(0, page - OPENING_PAGES_BEFORE), pageCount - span));
  return [first, first + span - 1];
}

/**
 * The annotations of the pages document `id` (of `pageCount` pages) opens at (page `page`):
 * the server's list with `pages`, the range it is of (null: it is every page's).
 * @returns {Promise<{revision: number, annotations: object[], pages: number[]|null}>}
 */
export async function openingAnnotations(id, pageCount, page) {
  const pages = openingRange(pageCount, page);
  return { ...await api.getAnnotations(id, pages), pages };
}

/**
 * Once a page is drawn, every annotation of document `id`, in the model (at the older of its
 * revision and the list's: the events after it are applied again on top, as on opening), in
 * what draws the pages (`display`, with the file at `fileRevision`) and in the engine.
 * @param {import('./editor.js').Editor} editor
 * @returns {Promise<boolean>} false when another opening overtook this one
 */
export async function completeAnnotations(editor, id, pdf, fileRevision, overtaken) {
  await editor.viewer.drawingSettled();
  if (overtaken()) return false;
  const whole = await api.getAnnotations(id);
  if (overtaken()) return false;
  const pages = editor.model.replaceAnnotations(whole.annotations, Math.min(editor.model.revision, whole.revision));
  editor.display.setDocument(pdf, fileRevision, fileRevision === whole.revision ? whole.annotations : null);
  editor.syncEngine();
  editor.model.emit(pages, false);
  return true;
}
