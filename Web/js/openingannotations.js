// The annotations of a long document in two parts (issue 36, docs/editor-web.md "Large
// files"): the pages the document opens at first, asked for beside the document's summary
// (`GET …/annotations?around=P&before=B&after=A`: the server keeps the pages inside the
// document, whose page count the editor does not know yet, and says which they are), so that
// the first page waits only for theirs; then every page's once a page is drawn, which the
// model, the engine and what draws the pages take in place of the first part before the
// document's events are followed: from then on the model holds every annotation, as before.

import * as api from './api.js';
// Pages before and after the one a document opens at whose annotations come first, and the
// largest page index the server takes: defined where the opening's first requests are sent.
import { OPENING_PAGES_BEFORE, OPENING_PAGES_AFTER, LAST_PAGE_INDEX } from './earlyrequests.js';

/**
 * The annotations of the pages document `id` opens at (page `page`, which may be past the
 * end: the server takes the last page then): the server's list, the range it is of (null:
 * it is every page's) and the page count it was read with.
 * @returns {Promise<{revision: number, annotations: object[], pages: number[]|null, pageCount: number}>}
 */
export async function openingAnnotations(id, page) {
  const around = Math.max(0, Math.min(page, LAST_PAGE_INDEX));
  const answer = await api.getOpeningAnnotations(id, around, OPENING_PAGES_BEFORE, OPENING_PAGES_AFTER);
  const every = !answer.pages || (answer.pages.first === 0 && answer.pages.last === answer.pageCount - 1);
  return {
    revision: answer.revision,
    annotations: answer.annotations,
    pages: every ? null : [answer.pages.first, answer.pages.last],
    pageCount: answer.pageCount,
  };
}

/**
 * Whether the opening annotations (`openingAnnotations`) leave pages of a document whose
 * summary lists `pageCount` pages to be taken (`completeAnnotations`): a part of the pages,
 * or every page of a state with another page count (the two answers crossed a change).
 */
export function needsCompleting(opening, pageCount) {
  return opening.pages !== null || opening.pageCount !== pageCount;
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
  editor.model.emit(pages, false);
  return true;
}
