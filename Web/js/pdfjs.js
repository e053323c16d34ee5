// pdf.js 6, the library that draws the pages (docs/editor-web.md, "pdf.js"): Mozilla's build,
// which the server serves from where scripts/install-deps.sh put it (`/vendor/pdfjs/`). It is
// an ES module; every other module takes it from here, so the worker is set once and a
// server without it says what is missing instead of showing an empty page.

import { t } from './i18n.js';
import { workerListening, WORKER_SCRIPT } from './pdfworker.js';

const LIBRARY = '/vendor/pdfjs/pdf.mjs';

/** pdf.js's module (`getDocument`, `AnnotationMode`, `TextLayer`, `PDFDataRangeTransport`…). */
export const pdfjsLib = await import(LIBRARY).catch((error) => {
  const empty = document.getElementById('empty');
  if (empty) {
    empty.hidden = false;
    empty.textContent = t('pdfjs.missing', { path: LIBRARY });
  }
  throw error;
});

pdfjsLib.GlobalWorkerOptions.workerSrc = WORKER_SCRIPT;

/**
 * The one pdf.js worker every document opens in (`openPdf`), once its worker listens: the
 * worker pdfworker.js started first of all, so that its 2.4 MB script is fetched and compiled
 * while the editor's modules and the document's first requests are on their way (issue 36,
 * docs/editor-web.md "Large files"); documents are opened only then, as pdf.js does with a
 * worker it starts itself. Closing a document leaves it running for the next.
 *
 * When that early start fails (its fetch cut off, the script not run), pdf.js starts its own
 * worker from `workerSrc` instead, as it would without pdfworker.js (and, failing that too,
 * runs its worker code on the page): a fetch that failed once is not the end of the editor.
 * Rejects, saying which script did not load, only when that fails as well.
 */
export const pdfWorkerReady = workerListening.then(
  (port) => new pdfjsLib.PDFWorker({ name: 'marginalia', port }),
  () => {
    const worker = new pdfjsLib.PDFWorker({ name: 'marginalia' });
    return worker.promise.then(() => worker, () => { throw new Error(t('pdfjs.missing', { path: WORKER_SCRIPT })); });
  });
pdfWorkerReady.catch(() => {});  // reported by the opening that waits for it
