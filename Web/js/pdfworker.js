// pdf.js's worker, started before anything else of the editor (index.html runs this module
// first; it imports nothing): its 2.4 MB script is fetched and compiled while the editor's
// modules, pdf.js's own module and the document's first answers are still on their way, not
// once pdf.js is loaded (issue 36, docs/editor-web.md "Large files"). pdfjs.js hands it to
// pdf.js as the port of the one worker every document opens in.

/** The worker running `/vendor/pdfjs/pdf.worker.mjs` (a module worker, as pdf.js starts its own). */
export const workerPort = new Worker('/vendor/pdfjs/pdf.worker.mjs', { type: 'module', name: 'marginalia' });
