// pdf.js's module and its one worker, for modules that must not wait for the editor's (issue 36):
// this module has no top-level await and imports only pdfworker.js, so earlyopen.js, an entry
// point of its own, can open the document while the editor's modules still load (WebKit never
// ran main.js when a second entry point led into modules with top-level await). pdfjs.js takes
// the library and the worker from here for the editor; nothing is imported or started twice.

import { workerListening, WORKER_SCRIPT } from './pdfworker.js';

/** pdf.js's module, served with it (docs/editor-web.md, "pdf.js"). */
export const LIBRARY = '/vendor/pdfjs/pdf.mjs';

let library = null;

/**
 * pdf.js's module (`getDocument`, `PDFWorker`, `PDFDataRangeTransport`…), imported on the
 * first call (the one module instance index.html's preload and every import share), with its
 * `workerSrc` set for the worker pdf.js starts itself when the early one fails.
 * @returns {Promise<object>}
 */
export function loadPdfjs() {
  library ??= import(LIBRARY).then((pdfjsLib) => {
    pdfjsLib.GlobalWorkerOptions.workerSrc = WORKER_SCRIPT;
    return pdfjsLib;
  });
  return library;
}

let worker = null;

/**
 * The one pdf.js worker every document opens in, once it listens: the worker pdfworker.js
 * started first of all, handed to pdf.js as its port. When that early start fails (its fetch
 * cut off, the script not run), pdf.js starts its own worker from `workerSrc` instead, as it
 * would without pdfworker.js; rejects only when that fails as well.
 * @returns {Promise<object>} a pdfjsLib.PDFWorker
 */
export function pdfWorker() {
  worker ??= loadPdfjs().then((pdfjsLib) => workerListening.then(
    (port) => new pdfjsLib.PDFWorker({ name: 'marginalia', port }),
    () => {
      const own = new pdfjsLib.PDFWorker({ name: 'marginalia' });
      return own.promise.then(() => own);
    }));
  return worker;
}

/** The options every `getDocument` call adds to its source (pdfopen.js says why each). */
export const PDFJS_OPTIONS = Object.freeze({
  useSystemFonts: false,
  standardFontDataUrl: new URL('/vendor/pdfjs/standard_fonts/', location.href).href,
  cMapUrl: new URL('/vendor/pdfjs/cmaps/', location.href).href,
  cMapPacked: true,
  wasmUrl: new URL('/vendor/pdfjs/wasm/', location.href).href,
  iccUrl: new URL('/vendor/pdfjs/iccs/', location.href).href,
});

/**
 * Starts opening `source` (`{data}`, `{url, withCredentials}` or a range transport's source)
 * in pdf.js's worker, with PDFJS_OPTIONS: pdf.js's loading task, once the library and the
 * worker are there.
 * @returns {Promise<object>} a pdfjsLib.PDFDocumentLoadingTask
 */
export async function startOpening(source) {
  const [pdfjsLib, port] = await Promise.all([loadPdfjs(), pdfWorker()]);
  return pdfjsLib.getDocument({ ...source, ...PDFJS_OPTIONS, worker: port });
}
