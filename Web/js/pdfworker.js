// pdf.js's worker, started before anything else of the editor (index.html runs this module
// first; it imports nothing): its 2.4 MB script is fetched and compiled while the editor's
// modules, pdf.js's own module and the document's first answers are still on their way, not
// once pdf.js is loaded (issue 36, docs/editor-web.md "Large files"). pdfjs.js hands it to
// pdf.js as the port of the one worker every document opens in.

/** The worker's script: pdf.js's, served with it. */
export const WORKER_SCRIPT = '/vendor/pdfjs/pdf.worker.mjs';

/** The worker running pdf.js's worker code (a module worker, as pdf.js starts its own). */
export const workerPort = new Worker(WORKER_SCRIPT, { type: 'module', name: 'marginalia' });

/**
 * Resolves once pdf.js's code runs in the worker and listens: its first message, pdf.js's
 * "ready", heard from the start (a message nobody listens for is gone). Rejects when the
 * worker's script fails. Nothing is posted to the worker before (WebKit drops what is posted
 * to a module worker whose module has not run yet): pdfjs.js's `pdfWorkerReady`.
 */
export const workerListening = new Promise((resolve, reject) => {
  workerPort.addEventListener('message', () => resolve(), { once: true });
  workerPort.addEventListener('error', (event) => reject(event), { once: true });
});
