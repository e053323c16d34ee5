// The paths the opening asks for, written once: the engine's module, and the API's (under
// /api/v1, docs/api.md), by
// earlyrequests.js, which sends them before the editor's modules have come, and by api.js,
// which takes those answers in place of asking again (`takeEarly` compares the paths and the
// `Range`, so the two must write them alike). It imports nothing and has no top-level await
// (earlyrequests.js is an entry point of its own, see there).

/** The editor engine's module (engine.js), fetched and compiled from the start by earlyrequests.js. */
export const ENGINE_WASM = '/app/wasm/marginalia-core.wasm';

/** The end of a file asked for first, in bytes (api.js's `getFile`). */
export const FIRST_TAIL = 64 << 10;

/** The fetch options of the request for the end of a file (`FIRST_TAIL` bytes). */
export const tailRequest = () => ({ cache: 'no-store', headers: { Range: `bytes=-${FIRST_TAIL}` } });

/** A document's path: its summary (`GET`), and the prefix of its other routes. */
export const documentPath = (id) => `/documents/${encodeURIComponent(id)}`;

/** The annotations of the `before + 1 + after` pages around page `around` (`?around=P&before=B&after=A`). */
export const openingAnnotationsPath = (id, around, before, after) =>
  `${documentPath(id)}/annotations?around=${around}&before=${before}&after=${after}`;

/** The form's fields. */
export const fieldsPath = (id) => `${documentPath(id)}/fields`;

/** The file (`Range` requests answered, docs/api.md). */
export const filePath = (id) => `${documentPath(id)}/file`;
