// Every PDF the editor shows goes through pdf.js with the same options, so a page looks the
// same in the editor, its thumbnails, a version's preview, printing and exports.
//
// pdf.js fetches what a file needs from the folders it ships with (`/vendor/pdfjs/`):
// - `standard_fonts/`: the standard 14 fonts (and the names pdf.js takes for them: Arial,
//   Times New Roman, …) when a file does not embed them, not whatever the device has
//   installed: a file that does not embed its Helvetica shows the same glyphs on an iPad, a
//   Linux laptop and in every test, and Symbol and ZapfDingbats (the check marks of many form
//   fields) with their own glyphs;
// - `cmaps/`: the predefined CMaps (UniJIS-UCS2-H, GBK-EUC-H, …), packed; without one, CJK
//   text in a font that names it is neither read nor drawn;
// - `wasm/`: the JPEG 2000 (OpenJPEG), JBIG2 and colour-management (QCMS) decoders;
// - `iccs/`: the CMYK profile that DeviceCMYK colours are converted with.
// The URLs are absolute: the worker resolves a relative one against its own URL. The options
// and the call are pdflibrary.js's (`PDFJS_OPTIONS`, `startOpening`), which earlyopen.js opens
// the document named in the address with before the editor's modules have come.

import { startOpening, PDFJS_OPTIONS } from './pdflibrary.js';
import { pdfWorkerReady } from './pdfjs.js';
import { t } from './i18n.js';

export { PDFJS_OPTIONS };

/**
 * Opens a PDF with pdf.js: `source` is `{data}` (the bytes), `{url, withCredentials}`, or
 * api.js's `getFile` source of a file read by ranges (`source.range`, its transport).
 * @param {object} source
 * @param {Promise<object>} [started] pdf.js's loading task for `source`, when its opening was
 *   started already (earlyopen.js): the document is taken from it, not opened a second time
 * @returns {Promise<object>} pdf.js's document proxy
 */
export async function openPdf(source, started = null) {
  await pdfWorkerReady;  // says which script did not load when there is no worker
  const task = await (started ?? startOpening(source));
  const range = source.range;
  if (!range) return task.promise;
  // A file read by ranges that changes on the server before it is open can never finish
  // opening: the task is given up and the promise rejects (pdf.js leaves a destroyed task's
  // promise pending). The transport calls `giveUp` at once when it found the file stale
  // before (an opening started early).
  const givenUp = new Promise((resolve, reject) => range.whileOpening(() => {
    task.destroy();
    reject(new Error(t('status.changedWhileOpening')));
  }));
  try {
    return await Promise.race([task.promise, givenUp]);
  } finally {
    range.whileOpening(null);
  }
}

/**
 * Closes a document `openPdf` gave (its worker's copy, fonts and caches): pdf.js 6 closes a
 * document through the task that loaded it.
 * @param {object|null|undefined} pdf pdf.js's document proxy
 */
export function closePdf(pdf) {
  pdf?.loadingTask.destroy();
}
