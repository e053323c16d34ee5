// A large PDF read as pdf.js needs it, by HTTP range requests, instead of downloaded whole
// before anything is shown (docs/editor-web.md, "Large files").
//
// pdf.js asks a PDFDataRangeTransport for byte ranges (the cross-reference table at the end,
// then the objects of the pages it draws); each is fetched with `Range` and `If-Range` naming
// the tag of the file the transport began with. The file changes with every edit (the unsaved
// edits are appended to the stored version), so a range of another state must never be mixed
// in: when the server answers with the whole file instead of the range (the tag no longer
// matches), the transport stops and reports the file stale, and the editor opens the new one.
//
// The ranges the opening fetched before pdf.js asked (the file's end and beginning, api.js's
// `getFile`) are held only until pdf.js has read them: it keeps what it is given, so each
// piece is handed over once and then let go, and whatever is left goes when the editor says
// the opening is over (`dropHeld`), not for the document's life (issue 36).
//
// No top-level await and no import of pdfjs.js: earlyopen.js, an entry point of its own,
// makes a transport before the editor's modules have come (see pdflibrary.js).

import { loadPdfjs } from './pdflibrary.js';

/** The size of the pieces pdf.js asks for, in bytes: large enough for few requests, small enough to fetch little. */
export const RANGE_CHUNK_SIZE = 64 << 10;

/**
 * Makes the transport for one state of a file, once pdf.js's module is loaded.
 * @param {object} file
 * @param {string} file.url the file's URL
 * @param {number} file.length its length in bytes
 * @param {string} file.tag its ETag
 * @param {{begin: number, bytes: Uint8Array}[]} file.held ranges already fetched (the end of
 *   the file, its beginning), each let go once pdf.js has read every piece of it
 * @param {() => void} file.onStale called once when the file changed on the server
 * @returns {Promise<object>} a pdfjsLib.PDFDataRangeTransport
 */
export async function makeRangeTransport({ url, length, tag, held, onStale }) {
  const { PDFDataRangeTransport } = await loadPdfjs();
  class RangeTransport extends PDFDataRangeTransport {
    constructor() {
      super(length, null);
      /** The held ranges, each with the bytes of its whole pieces pdf.js has not read yet. */
      this.held = held.map(({ begin, bytes }) => ({ begin, bytes, unread: wholePieces(begin, bytes.length, length) }));
      this.stale = false;
      /** Gives up opening the document (pdfopen.js); null once it is open. */
      this.giveUp = null;
      this.controller = new AbortController();
      /** Bytes received from the server, for the tests and the benchmark. */
      this.fetchedBytes = 0;
    }

    requestDataRange(begin, end) {
      this.deliver(begin, end).catch((error) => {
        if (error.name !== 'AbortError') console.warn(`could not read bytes ${begin}-${end - 1}`, error);
      });
    }

    async deliver(begin, end) {
      const kept = this.held.find((range) => range.begin <= begin && end <= range.begin + range.bytes.length);
      if (kept) {
        // pdf.js asks for a piece once and keeps it: what it has read is let go.
        kept.unread -= end - begin;
        if (kept.unread <= 0) this.held.splice(this.held.indexOf(kept), 1);
        await Promise.resolve();  // pdf.js expects the answer later, as from the network
        this.onDataRange(begin, kept.bytes.subarray(begin - kept.begin, end - kept.begin));
        return;
      }
      if (this.stale) return;
      const response = await fetch(url, {
        credentials: 'same-origin', cache: 'no-store', signal: this.controller.signal,
        headers: { Range: `bytes=${begin}-${end - 1}`, 'If-Range': tag },
      });
      const range = response.headers.get('Content-Range') ?? '';
      if (response.status !== 206 || !range.startsWith(`bytes ${begin}-`) || !range.endsWith(`/${length}`)) {
        // Another state of the file (or an error): none of it may be mixed with this one.
        response.body?.cancel();
        this.markStale();
        return;
      }
      const chunk = new Uint8Array(await response.arrayBuffer());
      this.fetchedBytes += chunk.length;
      this.onDataRange(begin, chunk);
    }

    /**
     * While pdf.js opens the document, `giveUp` is what ends the opening when the file is
     * found stale (it could never finish); afterwards a stale file only stops the pages not yet read.
     */
    whileOpening(giveUp) {
      this.giveUp = giveUp;
      if (this.stale) giveUp?.();  // found stale before the opening was taken (earlyopen.js)
    }

    /** Lets go of the held bytes pdf.js has not read (the opening is over: it reads its own pieces). */
    dropHeld() {
      this.held = [];
    }

    markStale() {
      if (this.stale) return;
      this.stale = true;
      this.giveUp?.();
      onStale();
    }

    abort() {
      this.controller.abort();
    }
  }
  return new RangeTransport();
}

/**
 * The bytes of the whole pieces (RANGE_CHUNK_SIZE each, the last one the file's end) that a
 * range of `count` bytes from `begin` holds: what pdf.js may read from it (it asks for whole
 * pieces; a piece the range holds only part of is fetched).
 */
function wholePieces(begin, count, length) {
  const first = Math.ceil(begin / RANGE_CHUNK_SIZE) * RANGE_CHUNK_SIZE;
  const end = begin + count;
  const last = end === length ? end : Math.floor(end / RANGE_CHUNK_SIZE) * RANGE_CHUNK_SIZE;
  return Math.max(0, last - first);
}
