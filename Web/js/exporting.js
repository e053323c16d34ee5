// Downloads: the editable PDF (GET /file), the flattened PDF (GET /export), the visible part
// of the current page as a PDF (GET /view-pdf, the rect from the engine), and for image
// documents a PNG: the flattened PDF's page rendered with pdf.js at the image's native size.
// Each is first made as a File (`EXPORTS`), which a download saves or Share hands to the
// share sheet (sharing.js).

import * as api from './api.js';
import { call } from './engine.js';
import { openPdf, closePdf } from './pdfopen.js';
import { pdfjsLib } from './pdfjs.js';
import { t } from './i18n.js';

function baseName(name) {
  return (name || 'document').replace(/\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i, '');
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const pdfFile = (bytes, name) => new File([bytes], name, { type: 'application/pdf' });

/** The editable PDF (all annotations, unsaved edits included). @returns {Promise<File>} */
export async function editableFile(summary) {
  return pdfFile(await api.fetchBytes(api.fileURL(summary.id)), `${baseName(summary.name)}.pdf`);
}

/**
 * A flattened copy: annotations and form fields burned into the pages, the comments dropped
 * (`drop`) or listed on a summary page at the end (`summary`; the server's
 * FlattenOptions.Comments). @returns {Promise<File>}
 */
export async function flattenedFile(summary, comments = 'drop') {
  const suffix = comments === 'summary' ? '-flattened-with-comments' : '-flattened';
  return pdfFile(await api.fetchBytes(api.exportURL(summary.id, comments)), `${baseName(summary.name)}${suffix}.pdf`);
}

/**
 * Export view as PDF: the part of the current page the view shows (the engine's
 * `visibleArea`, page space), as the server's one-page vector PDF. @returns {Promise<File>}
 */
export async function visibleAreaFile(summary) {
  const area = call({ call: 'visibleArea' });
  if (area.pageIndex === undefined) throw new Error(t('export.noPageInView'));
  const bytes = await api.fetchBytes(api.viewPDFURL(summary.id, area.pageIndex, area.rect));
  return pdfFile(bytes, `${baseName(summary.name)}-page${area.pageIndex + 1}-view.pdf`);
}

/** Saves a made file through a download. */
export const saveFile = (file) => saveBlob(file, file.name);

/** Downloads the editable PDF. */
export const downloadEditable = async (summary) => saveFile(await editableFile(summary));

/**
 * Renders page 1 of the flattened export at the image's native size (the page is the image's
 * size in points, one point per pixel) and returns it as a PNG Blob.
 */
export async function renderFlattenedPNG(summary) {
  // The marked-up image as it shows: notes drawn as their icons.
  const bytes = await api.fetchBytes(api.exportURL(summary.id, 'icons'));
  const pdf = await openPdf({ data: bytes });
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const width = Math.round(summary.pages?.[0]?.width ?? viewport.width);
    const scaled = page.getViewport({ scale: width / viewport.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(scaled.width);
    canvas.height = Math.round(scaled.height);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport: scaled, annotationMode: pdfjsLib.AnnotationMode.DISABLE }).promise;
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t('export.pngFailed')))), 'image/png'));
  } finally {
    closePdf(pdf);
  }
}

/** The marked-up image of an image document as a PNG at its native size. @returns {Promise<File>} */
export async function pngFile(summary) {
  return new File([await renderFlattenedPNG(summary)], `${baseName(summary.name)}.png`, { type: 'image/png' });
}

/**
 * The Export menu's files: a label, what the file is (for Share's name and the kept file's
 * key), its media type, whether it applies to the document, and how it is made; `id` and
 * `hint` (the line the menu shows under it, saying what it does) for the flattened PDFs.
 */
export const EXPORTS = [
  { label: t('export.flattened'), what: t('export.flattenedWhat'), type: 'application/pdf', make: (summary) => flattenedFile(summary, 'drop'),
    id: 'flattened-drop', hint: t('export.flattenedHint') },
  { label: t('export.flattenedSummary'), what: t('export.flattenedSummaryWhat'), type: 'application/pdf', make: (summary) => flattenedFile(summary, 'summary'),
    id: 'flattened-summary', hint: t('export.flattenedSummaryHint') },
  { label: t('export.view'), what: t('export.viewWhat'), type: 'application/pdf', make: visibleAreaFile },
  { label: t('export.png'), what: 'PNG', type: 'image/png', make: pngFile, when: (summary) => summary?.kind === 'image' },
];
