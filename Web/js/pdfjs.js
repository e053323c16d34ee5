// pdf.js 6, the library that draws the pages (docs/editor-web.md, "pdf.js"): Mozilla's build,
// which the server serves from where scripts/install-deps.sh put it (`/vendor/pdfjs/`). It is
// an ES module; the editor's modules take it from here, loaded (this module awaits it), and a
// server without it says what is missing instead of showing an empty page. The import and
// the worker are pdflibrary.js's, shared with earlyopen.js, which opens the document before
// the editor's modules have come.

import { t } from './i18n.js';
import { WORKER_SCRIPT } from './pdfworker.js';
import { LIBRARY, loadPdfjs, pdfWorker } from './pdflibrary.js';

/** pdf.js's module (`getDocument`, `AnnotationMode`, `TextLayer`, `PDFDataRangeTransport`…). */
export const pdfjsLib = await loadPdfjs().catch((error) => {
  const empty = document.getElementById('empty');
  if (empty) {
    empty.hidden = false;
    empty.textContent = t('pdfjs.missing', { path: LIBRARY });
  }
  throw error;
});

/**
 * The one pdf.js worker every document opens in (`openPdf`), once its worker listens: the
 * worker pdfworker.js started first of all, so that its 2.4 MB script is fetched and compiled
 * while the editor's modules and the document's first requests are on their way (issue 36,
 * docs/editor-web.md "Large files"); documents are opened only then, as pdf.js does with a
 * worker it starts itself. Closing a document leaves it running for the next. When the early
 * start fails, pdf.js's own worker (pdflibrary.js's `pdfWorker`); rejects, saying which
 * script did not load, only when that fails as well.
 */
export const pdfWorkerReady = pdfWorker().catch(() => { throw new Error(t('pdfjs.missing', { path: WORKER_SCRIPT })); });
pdfWorkerReady.catch(() => {});  // reported by the opening that waits for it
