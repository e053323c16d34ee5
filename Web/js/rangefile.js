// A large PDF read as pdf.js needs it, by HTTP range requests, instead of downloaded whole
// before anything is shown (docs/editor-web.md, "Large files").
//
// pdf.js asks a PDFDataRangeTransport for byte ranges (the cross-reference table at the end,
// then the objects of the pages it draws); each is fetched with `Range` and `If-Range` naming
// the tag of the file the transport began with. The file changes with every edit (the unsaved
// edits are appended to the stored version), so a range of another state must never be mixed
// in: when the server answers with the whole file instead of the range (the tag no longer
// matches), the transport stops and reports the file stale, and the editor opens the new one.

import { pdfjsLib } from './pdfjs.js';

/** The size of the pieces pdf.js asks for, in bytes: large enough for few requests, small enough to fetch little. */
export const RANGE_CHUNK_SIZE = 64 << 10;

/**
 * Makes the transport for one state of a file.
 * @param {object} file
 * @param {string} file.url the file's URL
 * @param {number} file.length its length in bytes
 * @param {string} file.tag its ETag
 * @param {{begin: number, bytes: Uint8Array}[]} file.held ranges already fetched (the end of the file)
 * @param {() => void} file.onStale called once when the file changed on the server
 * @returns {object} a pdfjsLib.PDFDataRangeTransport
 */
export function makeRangeTransport({ url, length, tag, held, onStale }) {
  class RangeTransport extends pdfjsLib.PDFDataRangeTransport {
    constructor() {
      super(length, null);
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
      const kept = held.find((range) => range.begin <= begin && end <= range.begin + range.bytes.length);
      if (kept) {
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
