// pdf.js 6, the library that draws the pages (docs/editor-web.md, "pdf.js"): Mozilla's build,
// which the server serves from where scripts/install-deps.sh put it (`/vendor/pdfjs/`). It is
// an ES module; every other module takes it from here, so the worker is set once and a
// server without it says what is missing instead of showing an empty page.

import { t } from './i18n.js';

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

pdfjsLib.GlobalWorkerOptions.workerSrc = '/vendor/pdfjs/pdf.worker.mjs';
