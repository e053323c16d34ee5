// The HTTP API client (docs: /work/notes/api-spec.md → docs/editor-web.md). Every call goes
// through `request`, which turns the server's JSON error into an Error with its message in the
// user's language (the error's `reason` and `args` through the catalogs, docs/i18n.md).

import { storedUserName } from './identity.js';
import { refusalText } from './refusals.js';
import { makeRangeTransport, RANGE_CHUNK_SIZE } from './rangefile.js';
import { takeEarly } from './earlyrequests.js';
import { tailRequest, headRequest, restRequest, tailAnswer, documentPath, openingAnnotationsPath, fieldsPath, filePath } from './paths.js';

const BASE = '/api/v1';

/**
 * This tab's id: it recognises its own entries in the event stream, and the server keeps an
 * undo history per client id. Kept in sessionStorage, so a reload of the tab keeps its undo
 * history; another tab gets another id.
 */
export const clientId = (() => {
  const key = 'marginalia.clientId';
  try {
    const kept = sessionStorage.getItem(key);
    if (kept) return kept;
    const made = `tab-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return `tab-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;  // storage refused
  }
})();

async function request(path, options = {}) {
  // The opening's first requests may have been sent before this module loaded (earlyrequests.js).
  const response = await (takeEarly(path, options) ?? fetch(BASE + path, { credentials: 'same-origin', ...options }));
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    let code;
    let reason;
    let args;
    try {
      const body = await response.json();
      if (body?.error?.message) message = body.error.message;
      ({ code, reason, args } = body?.error ?? {});
    } catch { /* not JSON */ }
    const error = new Error(refusalText({ reason, args, message }));
    error.status = response.status;
    error.code = code;  // the API's error code, such as 'passwordRequired'
    error.reason = reason;  // the refusal's identifier, such as 'limit.upload' (docs/api.md)
    error.serverMessage = message;  // the server's English
    throw error;
  }
  return response;
}

const json = async (path, options) => (await request(path, options)).json();

// One function per route of docs/api.md; each resolves with the decoded JSON.

/** @returns {Promise<{name: string | null, role: string, signedIn: boolean}>} who the server takes this browser for */
export const whoAmI = () => json('/me');
/** @returns {Promise<{version: number, signatures: object[], limits: {maxSaved: number, maxImageBytes: number}}>} the signed-in user's saved signatures */
export const listSavedSignatures = () => json('/me/signatures');
/** Keeps a saved signature `{kind, label, drawing}` for the signed-in user; resolves with it as kept. */
export const addSavedSignature = (signature) => json('/me/signatures', {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(signature),
});
/** Replaces the saved signature `id` (`{kind, label, drawing}`) in place; resolves with it as kept (its id and place kept). */
export const replaceSavedSignature = (id, signature) => json(`/me/signatures/${encodeURIComponent(id)}`, {
  method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(signature),
});
export const removeSavedSignature = (id) => json(`/me/signatures/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** @returns {Promise<{user: string, certificate: object | null, signing: {available: boolean, reason?: {code: string, message: string}}}>} the signed-in user's certificate for signing on the server */
export const myCertificate = () => json('/me/certificate');
/** Signs document `id` with the signed-in user's certificate kept on the server: `{page, rect, reason}`; resolves with the new version. */
export const signWithMyCertificate = (id, request) => json(`${documentPath(id)}/sign`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request),
});
/** @returns {Promise<{documents: object[]}>} */
export const listDocuments = () => json('/documents');
export const getDocument = (id) => json(documentPath(id));
/**
 * The annotations of document `id`: every page's, or pages `[first, last]` (0-based, both
 * included) when `pages` is given (`?pages=FIRST-LAST`, docs/api.md).
 * @returns {Promise<{revision: number, annotations: object[]}>}
 */
export const getAnnotations = (id, pages = null) =>
  json(`${documentPath(id)}/annotations${pages ? `?pages=${pages[0]}-${pages[1]}` : ''}`);
/**
 * The annotations of the `before + 1 + after` pages around page `around` of document `id`,
 * kept inside the document by the server, which need not be known yet
 * (`?around=P&before=B&after=A`, docs/api.md): `pages` is the range they are of.
 * @returns {Promise<{revision: number, annotations: object[], pages?: {first: number, last: number}, pageCount: number}>}
 */
export const getOpeningAnnotations = (id, around, before, after) =>
  json(openingAnnotationsPath(id, around, before, after));
/** @returns {Promise<{revision: number, fields: object[]}>} */
export const getFields = (id) => json(fieldsPath(id));
/** The size each widget of field `name` would draw `value` at (its current value when undefined). */
export const getFieldSizes = (id, name, value) =>
  json(`${fieldsPath(id)}/sizes?name=${encodeURIComponent(name)}${value === undefined ? '' : `&value=${encodeURIComponent(value)}`}`);
export const operationsAfter = (id, revision) => json(`${documentPath(id)}/operations?after=${revision}`);
export const save = (id) => json(`${documentPath(id)}/save`, { method: 'POST' });
/** Save as: a new document named `name` holding this one's current state; resolves with its summary. */
export const saveAs = (id, name) => json(`${documentPath(id)}/save-as`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }),
});

/** The stored version each document's file began with when last fetched, by id. */
const storedPrefixes = new Map();
/** Bytes fetched again before the part a tab lacks, and compared, to tell that the file still begins as it did. */
export const PREFIX_OVERLAP = 1024;

/**
 * The editable PDF in its current state and the revision it shows (X-Marginalia-Revision),
 * as the source `openPdf` opens.
 *
 * The file is the stored version with the unsaved edits appended, and a stored version stays
 * the beginning of every later state (saves append) until a restore or retention rewrites the
 * file. So once a tab holds the stored bytes, it asks only for what follows them, from
 * PREFIX_OVERLAP bytes earlier; when those bytes differ (the file was rewritten) or the server
 * answers anything but that range, the whole file is fetched.
 *
 * Otherwise the end of the file comes first (paths.js's FIRST_TAIL bytes). A file of paths.js's RANGE_THRESHOLD
 * bytes or less is then completed with one more range; a longer one is left to pdf.js, which
 * reads the ranges it needs through rangefile.js (`source.range`), holding the file's end and,
 * at the first opening, its beginning (FIRST_HEAD bytes, `fileHead`), so that it reads them
 * without a round trip each,
 * and `onStale` is called when the file changes on the server before pdf.js has read what it needs.
 * @param {string} id
 * @param {{onStale?: () => void}} [options]
 * @returns {Promise<{source: object, revision: number}>} `source.range` is the transport of a file read by ranges
 */
export async function getFile(id, { onStale = () => {} } = {}) {
  const path = filePath(id);
  // Taken now, before main.js drops what it has not taken (earlyrequests.js).
  const earlyHead = takeEarly(path, headRequest());
  const known = storedPrefixes.get(id);
  let response;
  let bytes;
  if (known && known.length > PREFIX_OVERLAP) {
    const from = known.length - PREFIX_OVERLAP;
    try {
      response = await request(path, { cache: 'no-store', headers: { Range: `bytes=${from}-` } });
      const body = new Uint8Array(await response.arrayBuffer());
      const range = response.headers.get('Content-Range') ?? '';
      if (response.status === 206 && range.startsWith(`bytes ${from}-`) && sameBytes(body.subarray(0, PREFIX_OVERLAP), known.subarray(from))) {
        bytes = concatenated(known.subarray(0, from), body);
      } else if (response.status === 200) {
        bytes = body;
      }
    } catch (error) {
      if (error.status !== 416) throw error;  // shorter than what we hold: rewritten
    }
  }
  if (!bytes) {
    response = await request(path, tailRequest());
    const body = new Uint8Array(await response.arrayBuffer());
    const { begin, length, tag, byRanges, hasRest } = tailAnswer(response);
    const revision = Number(response.headers.get('X-Marginalia-Revision') ?? -1);
    if (byRanges) {
      storedPrefixes.delete(id);  // not held whole: the next fetch is by ranges again
      const held = [{ begin, bytes: body }];
      const head = earlyHead && await fileHead(earlyHead, length, tag);
      if (head) held.push({ begin: 0, bytes: head });
      const transport = await makeRangeTransport({ url: BASE + path, length, tag, held, onStale });
      return { source: { range: transport, length, rangeChunkSize: RANGE_CHUNK_SIZE, disableAutoFetch: true, disableStream: true },
               revision };
    }
    bytes = body;
    if (hasRest) {
      const rest = await request(path, restRequest(begin, tag));  // asked for already at the opening (earlyrequests.js)
      const restBody = new Uint8Array(await rest.arrayBuffer());
      // 200: the file changed in between, and this is all of it.
      bytes = rest.status === 206 ? concatenated(restBody, body) : restBody;
      response = rest.status === 206 ? response : rest;
    }
  }
  const stored = Number(response.headers.get('X-Marginalia-Stored-Length') ?? 0);
  if (stored > 0 && stored <= bytes.length) storedPrefixes.set(id, bytes.slice(0, stored));
  const revision = Number(response.headers.get('X-Marginalia-Revision') ?? -1);
  return { source: { data: bytes }, revision };
}

/**
 * At most this long, in milliseconds, the opening waits for the answer for the file's
 * beginning to begin once the file's end is in (`fileHead`): it is asked for as soon as the
 * end's answer begins, and on the loopback answers within tens of milliseconds, 0.2-0.5 s on
 * a loaded machine (WebKit starts it later than Chromium; at 300 ms it was given up now and
 * then there); pdf.js's worker, which the opening waits for anyway, listened 0.5-1 s after
 * the end's answer on the 301 MB file (docs/benchmarks.md, "large", twelfth round). A server
 * slower than that leaves it to pdf.js, which reads the pieces it needs itself.
 */
export const HEAD_WAIT_MS = 1000;

/**
 * The first FIRST_HEAD bytes of the file in the state tagged `tag`, from the opening's early
 * request (earlyrequests.js), or null when they are of another state, did not come, or their
 * answer has not begun within HEAD_WAIT_MS (its body is then let go): pdf.js then reads them itself.
 * Only the first opening asks for them: a later one (after an edit) is seldom at page 1, and
 * would fetch 512 KiB for the 64 KiB piece pdf.js reads there.
 * @param {Promise<Response|null>} early
 * @param {number} length the file's length
 * @param {string} tag its ETag
 * @returns {Promise<Uint8Array|null>}
 */
async function fileHead(early, length, tag) {
  // An answer that has begun is waited for (on a busy main thread its body's tasks may come
  // after the timer's although its bytes are in); one that has not is given up, and its body
  // let go when it comes.
  let answered = false;
  let late = false;
  let timer;
  const read = async () => {
    const response = await early;
    answered = true;
    if (!response) return null;
    const range = response.headers.get('Content-Range') ?? '';
    if (!late && response.status === 206 && response.headers.get('ETag') === tag && range.startsWith('bytes 0-') && range.endsWith(`/${length}`)) {
      return new Uint8Array(await response.arrayBuffer());
    }
    response.body?.cancel();
    return null;
  };
  const given = new Promise((resolve) => {
    timer = setTimeout(() => { if (!answered) { late = true; resolve(null); } }, HEAD_WAIT_MS);
  });
  try {
    return await Promise.race([read(), given]);
  } catch {
    return null;  // cut off: pdf.js reads these bytes itself
  } finally {
    clearTimeout(timer);
  }
}

function concatenated(first, second) {
  const bytes = new Uint8Array(first.length + second.length);
  bytes.set(first);
  bytes.set(second, first.length);
  return bytes;
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The URLs pdf.js, downloads and EventSource read from. */
export const fileURL = (id) => `${BASE}${filePath(id)}`;
/** The flattened export; `comments` is `drop` (the server's default), `summary` or `icons`. */
export const exportURL = (id, comments) => `${BASE}${documentPath(id)}/export${comments ? `?comments=${encodeURIComponent(comments)}` : ''}`;
/** A picture of one annotation's appearance alone (transparent around it), `scale` pixels per point. */
export const appearanceURL = (id, annotationId, scale) =>
  `${BASE}${documentPath(id)}/annotations/${encodeURIComponent(annotationId)}/appearance?scale=${scale}`;
/** Export view as PDF: `rect` [x1, y1, x2, y2] of page `page` (page space) as a one-page PDF. */
export const viewPDFURL = (id, page, rect) => `${BASE}${documentPath(id)}/view-pdf?page=${page}&rect=${rect.map((v) => +v.toFixed(3)).join(',')}`;
/** The event stream after revision `after`; this tab is present under `name` while it is open. */
export const eventsURL = (id, after, name = '') =>
  `${BASE}${documentPath(id)}/events?after=${after}&client=${encodeURIComponent(clientId)}&name=${encodeURIComponent(name)}`;

/**
 * Tells the server this tab no longer has document `id` open (presence), in a way that
 * survives the page going away (a beacon; the token cookie goes with it).
 */
export const leave = (id) =>
  navigator.sendBeacon(`${BASE}${documentPath(id)}/presence/leave?client=${encodeURIComponent(clientId)}`);

/** The header of an encrypted PDF's password (kept out of URLs; percent-encoded UTF-8, as a
 *  header value carries no more than Latin-1), when one is given. */
const passwordHeaders = (password) => (password === undefined ? {} : { 'X-Marginalia-Password': encodeURIComponent(password) });

/** @param {Blob|ArrayBuffer} bytes @param {string} [password] an encrypted PDF's password */
export const upload = (name, bytes, password) =>
  json(`/documents?name=${encodeURIComponent(name)}`, { method: 'POST', body: bytes, headers: passwordHeaders(password) });

/** Uploads a file to insert pages from. @returns {Promise<{upload: number, pageCount: number}>} */
export const uploadPages = (id, bytes, password) =>
  json(`${documentPath(id)}/uploads`, { method: 'POST', body: bytes, headers: passwordHeaders(password) });
/**
 * An image as a file every browser shows, upright (`POST /images`): a HEIC, WebP, GIF, TIFF
 * or turned JPEG comes back as a PNG. @returns {Promise<Uint8Array>}
 */
export async function displayableImage(bytes) {
  const response = await request('/images', { method: 'POST', body: bytes });
  return new Uint8Array(await response.arrayBuffer());
}
/** A new document of some pages (0-based). */
export const extractPages = (id, pages, name) => json(`${documentPath(id)}/extract`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pages, name }),
});
export const listTrash = () => json('/trash');
export const rename = (id, name) => json(documentPath(id), {
  method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }),
});
export const trash = (id) => json(documentPath(id), { method: 'DELETE' });
export const restoreFromTrash = (id) => json(`${documentPath(id)}/restore`, { method: 'POST' });
export const deleteForGood = (id) => json(`/trash/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** @returns {Promise<{revision: number, versions: object[]}>} */
export const listVersions = (id) => json(`${documentPath(id)}/versions`);
/** Applies every redaction mark and cuts the history (docs/api.md); resolves with the report. */
export const applyRedactions = (id, { scrubMetadata = false } = {}) => json(`${documentPath(id)}/redactions/apply`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirm: true, scrubMetadata }),
});
export const restoreVersion = (id, number) => json(`${documentPath(id)}/versions/${number}/restore`, { method: 'POST' });
export const versionURL = (id, number) => `${BASE}${documentPath(id)}/versions/${number}/file`;

/** The command protocol this editor speaks (docs/api.md, "Commands"). */
export const PROTOCOL = 1;

/**
 * Posts one command ({type: 'stroke', ...}, {type: 'undo'}...), with the user's name as its
 * author (the server logs it with the change; the version history lists it).
 * @returns {Promise<{revision: number, applied: object[], missed: object[]}>}
 */
export function postCommand(id, baseRevision, command) {
  const author = storedUserName() || undefined;
  return json(`${documentPath(id)}/commands`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ protocol: PROTOCOL, baseRevision, clientId, author, command }),
  });
}

/** Fetches a URL as bytes (used for downloads and the PNG export). */
export async function fetchBytes(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} fetching ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The search across documents (docs/api.md, `GET /api/v1/search`): the best pages and annotations. */
export const searchDocuments = (query, limit = 20) => json(`/search?q=${encodeURIComponent(query)}&limit=${limit}`);

/** The engine's search of one document (docs/api.md, Search and text): pages and quads. */
export const searchDocument = (id, query, { caseSensitive = false, wholeWords = false, regex = false, preset = '', from = 0, limit = 0 } = {}) =>
  json(`${documentPath(id)}/search?q=${encodeURIComponent(query)}${caseSensitive ? '&caseSensitive=true' : ''}`
    + `${wholeWords ? '&wholeWords=true' : ''}${regex ? '&regex=true' : ''}${preset ? `&preset=${encodeURIComponent(preset)}` : ''}`
    + `${from ? `&from=${from}` : ''}${limit ? `&limit=${limit}` : ''}`);
/** The words of page `index` (0-based) with their quads and glyph edges, for the text markup tools. */
export const getPageText = (id, index) => json(`${documentPath(id)}/pages/${index}/text`);
/**
 * The widths a text box's appearance measures `text` in `font` by when it draws it in embedded
 * fonts (docs/api.md, "Text widths"): `{version, font, widths}`, `widths` null when it cannot tell.
 */
export const textWidths = (font, text) =>
  json(`/fonts/widths?font=${encodeURIComponent(font)}&text=${encodeURIComponent(text)}`);
/** The document's outline (bookmarks) as the engine reads it. */
export const getOutline = (id) => json(`${documentPath(id)}/outline`);
/** The document's digital signatures as `marginalia signatures --json` reports them (docs/signatures.md). */
export const getSignatures = (id) => json(`${documentPath(id)}/signatures`);
