// The opening's first requests for the document named in the address (`?doc=ID`), sent by
// a module index.html runs at once (it imports only viewstate.js), before the editor's ~75 modules
// have come and run (issue 36, docs/editor-web.md "Large files"): the summary, the opening
// pages' annotations, the form's fields and the file's first and last bytes (or, for a file of
// 8 MiB or less, the rest of it) are on their way while the
// modules load, instead of only once `main.js` runs. api.js takes each answer (`takeEarly`)
// in place of sending the same request again; what the editor does not take as it starts is
// dropped (`dropEarly`), so no later opening reads an answer of another moment. The engine's
// module is fetched and compiled from here too (`takeEngineModule`), with or without `?doc=`.
//
// The requests' paths are written by paths.js, for this module and api.js alike (the tail's
// length too), and the pages around the opening one are defined here (openingannotations.js
// takes them from here): should they
// differ one day, an answer is only left untaken and the editor asks as before
// (Tests/e2e/test_opening_layout.py checks that each goes out once). Only
// viewstate.js and paths.js are imported: no module with a top-level await may be reached
// from a second entry point (WebKit then never runs main.js).

import { rememberedView } from './viewstate.js';
import { documentPath, openingAnnotationsPath, fieldsPath, filePath, tailRequest, headRequest, restRequest, tailAnswer, ENGINE_WASM } from './paths.js';

/** Pages before and after the one a document opens at whose annotations come first (openingannotations.js). */
export const OPENING_PAGES_BEFORE = 1;
export const OPENING_PAGES_AFTER = 3;
/** The largest page index the server takes (docs/api.md, "Numbers"). */
export const LAST_PAGE_INDEX = 2 ** 31 - 1;

/**
 * The editor engine's module (1.5 MB), fetched and compiled from the start, whatever the
 * address names: engine.js asked for it only once main.js ran (after every module had come),
 * and the pages' layout waits for the engine (issue 36). Taken once by engine.js
 * (`takeEngineModule`), which fetches it again itself should this fail. Read through
 * `globalThis.WebAssembly?.`, so that a browser without WebAssembly (Lockdown Mode) still
 * loads the modules and engine.js says the engine could not load.
 * @type {Promise<WebAssembly.Module>|null}
 */
let engineModule = typeof globalThis.WebAssembly?.compileStreaming === 'function'
  ? WebAssembly.compileStreaming(fetch(ENGINE_WASM, { credentials: 'same-origin' })) : null;
engineModule?.catch(() => {});  // engine.js fetches it again

/** The engine's module compiled from the start, once (null after: a later load fetches anew). */
export function takeEngineModule() {
  const module = engineModule;
  engineModule = null;
  return module;
}

/** Requests sent and not taken yet, by `path` (under /api/v1) and `Range` header: `{answer, stop}`. */
const sent = new Map();

const key = (path, range) => `${range ?? ''} ${path}`;

/**
 * Sends a GET under /api/v1 now, as api.js's `request` would with `options`, kept for
 * `takeEarly`; a failure is kept too (the editor sees it as its own). With `when`, only once
 * that resolves true; its answer is then null when it resolved false (nothing was sent).
 * @returns {Promise<Response|null>} the answer
 */
function send(path, options = {}, when = null) {
  const stop = new AbortController();
  const go = () => fetch(`/api/v1${path}`, { credentials: 'same-origin', ...options, signal: stop.signal });
  const answer = when ? when.then((wanted) => (wanted ? go() : null)) : go();
  answer.catch(() => {});  // not left unhandled when nobody takes it
  sent.set(key(path, options.headers?.Range), { answer, stop });
  return answer;
}

/**
 * The response of an early request for `path` with these fetch options (only a GET's
 * `Range` header is compared), once: null when none was sent or it was taken (and a promise
 * of null for the file's beginning when the file is not read by ranges, see `send`).
 * @param {string} path under /api/v1
 * @param {RequestInit} [options]
 * @returns {Promise<Response>|null}
 */
export function takeEarly(path, options = {}) {
  if (options.method || options.body) return null;
  const k = key(path, options.headers?.Range);
  const early = sent.get(k);
  sent.delete(k);
  return early?.answer ?? null;
}

/** Cancels the early requests nobody took (main.js, once the editor asked for what it opens with). */
export function dropEarly() {
  for (const { stop } of sent.values()) stop.abort();
  sent.clear();
}

const requested = new URL(location.href).searchParams.get('doc');
if (requested) {
  const around = Math.max(0, Math.min(rememberedView(requested)?.page ?? 0, LAST_PAGE_INDEX));
  send(documentPath(requested));
  send(openingAnnotationsPath(requested, around, OPENING_PAGES_BEFORE, OPENING_PAGES_AFTER));
  send(fieldsPath(requested));
  const tail = send(filePath(requested), tailRequest());
  // Its beginning too once its end says that pdf.js reads it by ranges (api.js's `getFile`);
  // the rest of a file that is not (8 MiB or less) as soon as its end's answer begins, rather
  // than once that answer has been read whole.
  send(filePath(requested), headRequest(), tail.then((response) => tailAnswer(response).byRanges));
  tail.then((response) => {
    const { begin, tag, hasRest } = tailAnswer(response);
    if (hasRest) send(filePath(requested), restRequest(begin, tag));
  }, () => {});
}
