// pdf.js's worker, started before anything else of the editor (index.html runs this module
// first; it imports nothing, and it lets go of the rest of the editor only once the worker's
// request is out): its 2.4 MB script is fetched and compiled while the editor's
// modules, pdf.js's own module and the document's first answers are still on their way, not
// once pdf.js is loaded (issue 36, docs/editor-web.md "Large files"). pdflibrary.js hands it to
// pdf.js as the port of the one worker every document opens in.
//
// The script is fetched by this module, not by `new Worker(url)`: Chromium puts a worker's
// own fetch of its script behind the page's high-priority requests (the modules, the
// document's answers; it went out 450-880 ms after the navigation), and no preload can feed
// it (a worker's script has a destination of its own). This module's `fetch`, at high
// priority, goes out as soon as it runs, and the worker runs the script from a Blob URL (the
// page's Content-Security-Policy allows `blob:` workers; pdf.js's
// worker fetches nothing relative to its own URL: its folders are given as absolute URLs,
// pdfopen.js). The server sends the script with a strong ETag, so a later visit revalidates
// it (304) instead of downloading it again. A `<link rel="preload" as="fetch">` in index.html,
// which this fetch would take, was tried: Chromium 156 then failed this fetch ("Failed to
// fetch") in about one opening out of three, the preload itself complete.

/** The worker's script: pdf.js's, served with it. */
export const WORKER_SCRIPT = '/vendor/pdfjs/pdf.worker.mjs';

/**
 * The worker running pdf.js's worker code (a module worker, as pdf.js starts its own), once
 * it runs and listens: its first message, pdf.js's "ready", is heard from the start (a message
 * nobody listens for is gone). Rejects when the worker's script cannot be fetched or fails.
 * Nothing is posted to the worker before (WebKit drops what is posted to a module worker
 * whose module has not run yet): pdflibrary.js's `pdfWorker`.
 * @type {Promise<Worker>}
 */
const workerResponse = fetch(WORKER_SCRIPT, { credentials: 'same-origin', priority: 'high' });
export const workerListening = workerResponse
  .then((response) => {
    if (!response.ok) throw new Error(`${WORKER_SCRIPT}: ${response.status}`);
    return response.blob();
  })
  .then((script) => new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    performance.mark('marginalia:worker-created');
    const worker = new Worker(url, { type: 'module', name: 'marginalia' });
    worker.addEventListener('message', () => {
      performance.mark('marginalia:worker-ready');
      URL.revokeObjectURL(url);
      resolve(worker);
    }, { once: true });
    worker.addEventListener('error', (event) => { URL.revokeObjectURL(url); reject(event); }, { once: true });
  }));
workerListening.catch(() => {});  // reported by the opening that waits for it (pdfjs.js)

/**
 * At most this long the editor's modules wait for the worker script's response to begin.
 */
const HOLD_LIMIT_MS = 50;

/**
 * What index.html holds back in its `<template id="after-worker">` (pdf.js's module, the
 * editor's module preloads and main.js), let go once the request for the worker's script is
 * out: when its response begins, or after `HOLD_LIMIT_MS`. WebKit starts a `fetch` some time
 * after the call (its resource timing had preloads let go in the same task, and now and then
 * in the next one, start up to 7 ms before it); a response proves the request went first. Chromium
 * opens six connections to the server and sends requests of one priority in the order they
 * were made: made after the page's 64 module preloads, that request waited in the browser up
 * to 0.94 s before it was sent (issue 36, docs/benchmarks.md "large", eleventh round). A
 * template's links and scripts are neither fetched nor run (the browsers' preload scanners
 * skip them too); the copies put in its place are.
 */
const afterWorker = document.getElementById('after-worker');
Promise.race([workerResponse.catch(() => {}), new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT_MS))])
  .then(() => afterWorker?.replaceWith(document.importNode(afterWorker.content, true)));
