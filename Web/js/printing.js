// Print: the flattened PDF (GET /export: annotations and form fields burned into the pages, as
// every viewer prints them) drawn page by page with pdf.js into #print-pages, the only thing
// the print style sheet shows, then the browser's print dialog. The pictures are dropped after
// printing.

import * as api from './api.js';
import { html } from './svg.js';
import { openPdf, closePdf } from './pdfopen.js';
import { pdfjsLib } from './pdfjs.js';
import { t } from './i18n.js';

/** Pixels per point of the printed pictures (144 dpi). */
const RESOLUTION = 2;

const container = () => document.getElementById('print-pages');

/** Draws every page of the flattened export into #print-pages; resolves with the page count. */
export async function preparePrint(summary) {
  // The pages as they show, notes drawn as their icons (the export drops them by default).
  const bytes = await api.fetchBytes(api.exportURL(summary.id, 'icons'));
  const pdf = await openPdf({ data: bytes });
  try {
    const pictures = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: RESOLUTION });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvasContext: canvas.getContext('2d'), viewport, annotationMode: pdfjsLib.AnnotationMode.DISABLE }).promise;
      const blob = await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t('print.pictureFailed')))), 'image/png'));
      const picture = html('img', { class: 'print-page', src: URL.createObjectURL(blob), alt: t('common.pageN', { page: number }), 'data-page': number });
      // The page's size in points: printed at its own size, or shrunk to the paper.
      picture.style.width = `${viewport.width / RESOLUTION}pt`;
      pictures.push(picture);
    }
    clearPrint();
    container().replaceChildren(...pictures);
    return pictures.length;
  } finally {
    closePdf(pdf);
  }
}

/** Drops the printed pictures. */
export function clearPrint() {
  for (const picture of container().querySelectorAll('img')) URL.revokeObjectURL(picture.src);
  container().replaceChildren();
}

/** Print: the flattened pages through the browser's print dialog. */
export async function printDocument(summary) {
  await preparePrint(summary);
  await Promise.all([...container().querySelectorAll('img')].map((img) => img.decode().catch(() => {})));
  window.addEventListener('afterprint', clearPrint, { once: true });
  window.print();
}
