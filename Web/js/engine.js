// The editor engine: Sources/MarginaliaCore compiled to WebAssembly (scripts/build-wasm.sh),
// the same Swift the server and the native editor run. Everything the editor decides —
// what a pointer does, what a stroke or an eraser sweep becomes, what is selected and
// where it may move, the page layout and the page ↔ view transform — is asked of it here.
// JavaScript draws its answers, talks to the server and holds the UI chrome.
//
// Calls are JSON objects `{call: NAME, ...}` answered by JSON objects (docs/engine.md lists
// them); an answer with `error` is thrown as an Error, in the user's language when the engine
// gives the refusal's `reason` and `args` (docs/i18n.md, "Refusals").

import { refusalText } from './refusals.js';

const WASM_URL = '/app/wasm/marginalia-core.wasm';

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
  const length = exports.mg_call(requestBuffer.pointer, written);
  const result = exports.mg_result();
  const answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, result, length)));
  if (answer.error) {
    const error = new Error(refusalText({ reason: answer.reason, args: answer.args, message: answer.error }));
    error.reason = answer.reason;
    throw error;
  }
  return answer;
}
