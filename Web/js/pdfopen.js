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
// The URLs are absolute: the worker resolves a relative one against its own URL.

import { pdfjsLib, pdfWorkerReady } from './pdfjs.js';

const vendor = (folder) => new URL(`/vendor/pdfjs/${folder}/`, location.href).href;

import { t } from './i18n.js';

/** The options every `pdfjsLib.getDocument` call adds to its source. */
export const PDFJS_OPTIONS = Object.freeze({
  useSystemFonts: false,
  standardFontDataUrl: vendor('standard_fonts'),
  cMapUrl: vendor('cmaps'),
  cMapPacked: true,
  wasmUrl: vendor('wasm'),
  iccUrl: vendor('iccs'),
});

/**
 * Opens a PDF with pdf.js: `source` is `{data}` (the bytes) or `{url, withCredentials}`.
 * @returns {Promise<object>} pdf.js's document proxy
 */
export async function openPdf(source) {
  const task = pdfjsLib.getDocument({ ...source, ...PDFJS_OPTIONS, worker: await pdfWorkerReady });
  const range = source.range;
  if (!range) return task.promise;
  // A file read by ranges that changes on the server before it is open can never finish
  // opening: the task is given up and the promise rejects (pdf.js leaves a destroyed task's
  // promise pending).
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
