// Every PDF the editor shows goes through pdf.js with the same options, so a page looks the
// same in the editor, its thumbnails, a version's preview, printing and exports.
//
// The standard 14 fonts (and the names pdf.js takes for them: Arial, Times New Roman, …) are
// drawn from the font files that ship with pdf.js (`/vendor/pdfjs/standard_fonts/`), not
// from whatever the device has installed: a file that does not embed its Helvetica shows the
// same glyphs on an iPad, a Linux laptop and in every test (before, pdf.js drew it with the
// device's "sans-serif", squeezed into the file's widths), and Symbol and ZapfDingbats (the
// check marks of many form fields) with their own glyphs. CJK text in fonts that name a predefined
// CMap (UniJIS-UCS2-H, GBK-EUC-H, …) needs that CMap, which the server gives from
// poppler-data (`/vendor/cmaps/`, as text: Debian's pdf.js ships only 16 of them packed);
// without it pdf.js reads and draws nothing of that text. pdf.js 2.14's worker would only
// fetch packed CMaps, so the page fetches both kinds of file for it (`useWorkerFetch: false`).

import { t } from './i18n.js';

/** The options every `pdfjsLib.getDocument` call adds to its source. */
export const PDFJS_OPTIONS = Object.freeze({
  isEvalSupported: false,
  useSystemFonts: false,
  standardFontDataUrl: '/vendor/pdfjs/standard_fonts/',
  cMapUrl: '/vendor/cmaps/',
  cMapPacked: false,
  useWorkerFetch: false,
});

/**
 * Opens a PDF with pdf.js: `source` is `{data}` (the bytes) or `{url, withCredentials}`.
 * @returns {Promise<object>} pdf.js's document proxy
 */
export async function openPdf(source) {
  const task = pdfjsLib.getDocument({ ...source, ...PDFJS_OPTIONS });
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
