// The paths the opening asks for, written once: the engine's module, and the API's (under
// /api/v1, docs/api.md), and how the answer for a file's end is read (`tailAnswer`), by
// earlyrequests.js, which sends them before the editor's modules have come, and by api.js,
// which takes those answers in place of asking again (`takeEarly` compares the paths and the
// `Range`, so the two must write them alike). It imports nothing and has no top-level await
// (earlyrequests.js is an entry point of its own, see there).

/** The editor engine's module (engine.js), fetched and compiled from the start by earlyrequests.js. */
export const ENGINE_WASM = '/app/wasm/marginalia-core.wasm';

/**
 * The end of a file asked for first, in bytes (api.js's `getFile`): enough for the
 * cross-reference table and trailer of most files (20 bytes an object: 120 KB for the
 * 2,000-page benchmark file), which pdf.js reads first, a 64 KiB piece at a time otherwise.
 */
export const FIRST_TAIL = 256 << 10;

/**
 * The beginning of a file read by ranges, in bytes, asked for at the opening once the answer
 * for its end has come (earlyrequests.js; api.js's `getFile` hands it to pdf.js): the
 * header, and where writers put the catalog, the page tree and often the first page's
 * objects, which pdf.js would otherwise read one 64 KiB round trip after another (issue 36).
 * A whole number of pdf.js's pieces (rangefile.js's `RANGE_CHUNK_SIZE`).
 */
export const FIRST_HEAD = 512 << 10;

/** Files longer than this are read by pdf.js in ranges, as it needs them (rangefile.js); shorter ones whole. */
export const RANGE_THRESHOLD = 8 << 20;

/**
 * What the answer to the request for a file's end says (`tailRequest`): the first byte of
 * the range, the file's length and ETag, whether the file is read by ranges (a range of
 * it answered, longer than RANGE_THRESHOLD, with a tag that names its state), and whether it
 * is not but has bytes before that end (`hasRest`: one more request, `restRequest`, makes it whole).
 * @param {Response} response
 * @returns {{begin: number, length: number|null, tag: string|null, byRanges: boolean, hasRest: boolean}}
 *   `length` null when the answer is not a range (the whole file: its body's length)
 */
export function tailAnswer(response) {
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
  const begin = range ? Number(range[1]) : 0;
  const length = range ? Number(range[3]) : null;
  const tag = response.headers.get('ETag');
  const byRanges = response.status === 206 && begin > 0 && length > RANGE_THRESHOLD && !!tag;
  return { begin, length, tag, byRanges, hasRest: response.status === 206 && begin > 0 && !byRanges };
}

/** The fetch options of the request for the end of a file (`FIRST_TAIL` bytes). */
export const tailRequest = () => ({ cache: 'no-store', headers: { Range: `bytes=-${FIRST_TAIL}` } });

/**
 * The fetch options of the request for the rest of a file not read by ranges, the bytes
 * before `begin`, the first byte of the end `tailRequest` had (in the state tagged `tag`).
 */
export const restRequest = (begin, tag) => ({ cache: 'no-store', headers: { Range: `bytes=0-${begin - 1}`, 'If-Range': tag ?? '' } });

/** The fetch options of the request for the beginning of a file (`FIRST_HEAD` bytes). */
export const headRequest = () => ({ cache: 'no-store', headers: { Range: `bytes=0-${FIRST_HEAD - 1}` } });

/** A document's path: its summary (`GET`), and the prefix of its other routes. */
export const documentPath = (id) => `/documents/${encodeURIComponent(id)}`;

/** The annotations of the `before + 1 + after` pages around page `around` (`?around=P&before=B&after=A`). */
export const openingAnnotationsPath = (id, around, before, after) =>
  `${documentPath(id)}/annotations?around=${around}&before=${before}&after=${after}`;

/** The form's fields. */
export const fieldsPath = (id) => `${documentPath(id)}/fields`;

/** The file (`Range` requests answered, docs/api.md). */
export const filePath = (id) => `${documentPath(id)}/file`;
