// The document named in the address (`?doc=ID`) opened in pdf.js as soon as what that needs is
// there, not once the editor's modules have come (issue 36, docs/editor-web.md "Large files"):
// the answers to earlyrequests.js's requests for the file's end and beginning (api.js's
// `getFile`), pdf.js's module and its worker (pdflibrary.js). index.html runs this module from
// the template pdfworker.js lets go, as an entry point of its own: its imports (api.js and the
// few modules it needs) come before the editor's 60 others, and none has a top-level await
// (WebKit never ran main.js when a second entry point led into one). So pdf.js reads the
// file's cross-reference and page 1 in its worker while the editor starts, instead of once
// main.js has run and the main thread is free between the toolbar and the layout.
//
// The editor takes over this opening (`takeEarlyOpening`, editor.js's `openFile`): the same
// loading task and PDFDocumentProxy, not a second opening.

import { getFile } from './api.js';
import { settleEarlyPage, showEarlyPage } from './earlypage.js';
import { pdfWorker, startOpening } from './pdflibrary.js';
import { rememberedView } from './viewstate.js';

/** The opening started here: `{id, opened, onStale}`, null once taken (or with no `?doc=`). */
let early = null;

const requested = new URL(location.href).searchParams.get('doc');
if (requested) {
  /** Who hears that the file changed on the server (the editor's, once it took the opening). */
  let staleListener = null;
  let foundStale = false;
  const onStale = () => (staleListener ? staleListener() : (foundStale = true));
  performance.mark('marginalia:early-open');
  // pdf.js's module evaluated and its worker wrapped while the file's first answers are still
  // on their way, rather than once they are in (a failure is the opening's, `startOpening`).
  pdfWorker().catch(() => {});
  const opened = getFile(requested, { onStale }).then((file) => {
    performance.mark('marginalia:early-file');
    const task = startOpening(file.source);
    // The page the document opens at asked for at once (pdf.js keeps its proxy for the viewer)
    // and drawn where the editor will show it, before the editor has started (earlypage.js).
    task.then((started) => {
      performance.mark('marginalia:early-getdocument');
      return started.promise;
    }).then((pdf) => {
      performance.mark('marginalia:early-document');
      return pdf.getPage(Math.min(rememberedView(requested)?.page ?? 0, pdf.numPages - 1) + 1).then((page) => [page, pdf.numPages]);
    }).then(([page, pageCount]) => {
      performance.mark('marginalia:early-page');
      return showEarlyPage(page, rememberedView(requested), pageCount);
    }).catch(() => {})  // the editor's own opening says what went wrong (pdfopen.js)
      .then(settleEarlyPage);
    return { file, task };
  });
  opened.catch(settleEarlyPage);  // reported by the editor's opening, which takes it
  early = {
    id: requested,
    opened,
    listen(listener) {
      staleListener = listener;
      if (foundStale) listener();
    },
  };
} else {
  settleEarlyPage();
}

/**
 * The opening of document `id` started here, once: a promise of `{file, task}`, api.js's
 * `getFile` answer and a promise of pdf.js's loading task for its source (pdfopen.js's
 * `openPdf` takes it, and says what failed); null when none was started for
 * `id` or it was taken. `onStale` hears from now on (and at once, if it was so already) that
 * the file changed on the server before pdf.js read what it needs.
 * @param {string} id
 * @param {() => void} onStale
 * @returns {Promise<{file: object, task: Promise<object>}>|null}
 */
export function takeEarlyOpening(id, onStale) {
  if (early?.id !== id) return null;
  const taken = early;
  early = null;
  taken.listen(onStale);
  return taken.opened;
}
