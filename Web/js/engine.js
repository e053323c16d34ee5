// The editor engine: Sources/MarginaliaCore compiled to WebAssembly (scripts/build-wasm.sh),
// the same Swift the server and the native editor run. Everything the editor decides —
// what a pointer does, what a stroke or an eraser sweep becomes, what is selected and
// where it may move, the page layout and the page ↔ view transform — is asked of it here.
// JavaScript draws its answers, talks to the server and holds the UI chrome.
//
// Calls are JSON objects `{call: NAME, ...}` answered by JSON objects (docs/engine.md lists
// them); pointer events go as numbers instead (`pointer`), and a pen stroke's preview comes
// back as numbers and the bytes of its path text. An answer with `error` is thrown as an Error, in the user's language when
// the engine gives the refusal's `reason` and `args` (docs/i18n.md, "Refusals").

import { refusalText } from './refusals.js';
import { ENGINE_WASM as WASM_URL } from './paths.js';
import { takeEngineModule } from './earlyrequests.js';

let exports = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The four WASI functions the module imports (Embedded Swift's runtime: printing and the
 * random seed of hashing). Nothing else of WASI is used.
 */
function wasiImports(memory) {
  return {
    fd_write(fd, iovs, count, written) {
      const view = new DataView(memory().buffer);
      let total = 0;
      let text = '';
      for (let i = 0; i < count; i++) {
        const base = view.getUint32(iovs + i * 8, true);
        const length = view.getUint32(iovs + i * 8 + 4, true);
        text += decoder.decode(new Uint8Array(memory().buffer, base, length));
        total += length;
      }
      if (text.trim()) (fd === 2 ? console.error : console.log)(`[engine] ${text.trimEnd()}`);
      view.setUint32(written, total, true);
      return 0;
    },
    fd_close: () => 0,
    fd_seek: () => 0,
    random_get(buffer, length) {
      crypto.getRandomValues(new Uint8Array(memory().buffer, buffer, length));
      return 0;
    },
  };
}

let loading = null;

/**
 * Loads and instantiates the engine (once: callers that ask while it loads share the one
 * instance, so no caller is left holding state in an engine that was replaced); resolves when
 * `call` can be used.
 */
export function loadEngine() {
  loading ??= instantiate().then(
    (instance) => { exports = instance.exports; },
    (error) => { loading = null; throw error; },  // a later call may try again
  );
  return loading;
}

async function instantiate() {
  let instance = null;
  const imports = { wasi_snapshot_preview1: wasiImports(() => instance.exports.memory) };
  // Compiled while the modules loaded (earlyrequests.js); failing that, fetched here.
  const early = takeEngineModule();
  if (early) {
    try {
      instance = await WebAssembly.instantiate(await early, imports);
      return instance;
    } catch { /* fetched again below */ }
  }
  const response = fetch(WASM_URL);
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(response, imports));
  } catch {
    // A server that does not say application/wasm: compile from the bytes instead.
    const bytes = await (await fetch(WASM_URL)).arrayBuffer();
    ({ instance } = await WebAssembly.instantiate(bytes, imports));
  }
  return instance;
}

/** Whether the engine is loaded. */
export const engineLoaded = () => exports !== null;

/** The engine's memory that calls are written into (from mg_alloc), kept between calls. */
const requestBuffer = { pointer: 0, capacity: 0 };

/**
 * One call into the engine.
 * @param {object} request `{call: NAME, ...arguments}`
 * @returns {object} the answer
 */
export function call(request) {
  if (!exports) throw new Error('the editor engine is not loaded');
  // Encoded straight into the engine's memory, into one buffer kept between calls: room for
  // three bytes per UTF-16 unit, the most UTF-8 takes for one.
  const text = JSON.stringify(request);
  if (requestBuffer.capacity < text.length * 3) {
    if (requestBuffer.pointer) exports.mg_free(requestBuffer.pointer);
    requestBuffer.capacity = Math.max(4096, text.length * 3);
    requestBuffer.pointer = exports.mg_alloc(requestBuffer.capacity);
  }
  const { written } = encoder.encodeInto(text, new Uint8Array(exports.memory.buffer, requestBuffer.pointer, requestBuffer.capacity));
  return jsonAnswer(exports.mg_call(requestBuffer.pointer, written));
}

/** The JSON answer of `length` bytes at `mg_result`, or its error thrown. */
function jsonAnswer(length) {
  const answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, exports.mg_result(), length)));
  if (answer.error) {
    const error = new Error(refusalText({ reason: answer.reason, args: answer.args, message: answer.error }));
    error.reason = answer.reason;
    throw error;
  }
  return answer;
}

const KIND_CODES = { pen: 0, touch: 1, mouse: 2 };
const PHASE_CODES = { began: 0, moved: 1, ended: 2, cancelled: 3 };
const HEADER = 11;  // the numbers before the samples (EngineBridge.pointerHeaderCount)
/** The engine's memory that pointer events are written into, in Float64 numbers, kept between events. */
const pointerBuffer = { pointer: 0, capacity: 0 };

/**
 * One pointer event into the engine, as numbers rather than JSON (docs/engine.md, "Pointer
 * events as numbers"): the answer is the `pointer` call's for the same event, a pen stroke's
 * preview read from the numbers and the path text the engine wrote, anything else from its JSON.
 * @param {object} event EVENT as the `pointer` call takes it
 * @returns {object} OUTPUTS
 */
export function pointer(event) {
  if (!exports) throw new Error('the editor engine is not loaded');
  const coalesced = event.coalesced ?? [];
  const predicted = event.predicted ?? [];
  const count = HEADER + 4 * (coalesced.length + predicted.length);
  if (pointerBuffer.capacity < count) {
    if (pointerBuffer.pointer) exports.mg_free(pointerBuffer.pointer);
    pointerBuffer.capacity = Math.max(256, count);
    pointerBuffer.pointer = exports.mg_alloc(pointerBuffer.capacity * 8);
  }
  // A kind or phase the engine does not know, or a number left out, is NaN: the engine names it.
  const numbers = new Float64Array(exports.memory.buffer, pointerBuffer.pointer, count);
  numbers[0] = event.id;
  numbers[1] = KIND_CODES[event.kind] ?? NaN;
  numbers[2] = PHASE_CODES[event.phase] ?? NaN;
  numbers[3] = event.t;
  numbers[4] = event.x;
  numbers[5] = event.y;
  numbers[6] = event.pressure ?? 0.5;
  numbers[7] = event.tilt ?? 0;
  numbers[8] = (event.shift ? 1 : 0) | (event.eraser ? 2 : 0) | (event.barrel ? 4 : 0) | (event.tilt !== undefined ? 8 : 0);
  numbers[9] = coalesced.length;
  numbers[10] = predicted.length;
  let at = HEADER;
  for (const list of [coalesced, predicted]) {
    for (const sample of list) {
      numbers[at] = sample[0];
      numbers[at + 1] = sample[1];
      numbers[at + 2] = sample[2] ?? 0.5;
      numbers[at + 3] = sample[3] ?? event.t;
      at += 4;
    }
  }
  const length = exports.mg_pointer(pointerBuffer.pointer, count);
  if (length >= 0) return jsonAnswer(length);
  const answer = new Float64Array(exports.memory.buffer, exports.mg_pointer_result(), -length);
  if (answer[0] === 0) return { outputs: [] };
  // The path text is the engine's own, as its JSON would hold it: decoded, never re-formatted.
  const text = exports.mg_pointer_text();
  const appendLength = answer[5];
  return {
    outputs: [],
    preview: {
      type: 'stroke', pageIndex: answer[1], color: `#${answer[2].toString(16).toUpperCase().padStart(6, '0')}`,
      opacity: answer[3], reset: answer[4] === 1,
      append: decoder.decode(new Uint8Array(exports.memory.buffer, text, appendLength)),
      tail: answer[6] ? decoder.decode(new Uint8Array(exports.memory.buffer, text + appendLength, answer[6])) : '',
    },
  };
}
