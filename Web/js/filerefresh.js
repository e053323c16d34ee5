// After edits, the page canvases catch up with the file: once the document has been quiet
// for a moment, the editor fetches the file again (the server has written an appearance
// stream for every annotation it added or changed) and pages are drawn from it, so what was
// drawn live by the overlay is drawn as every viewer will draw it. Each page keeps its old
// canvas until the new one is ready (appearances.js explains why nothing is drawn twice or
// lost meanwhile).

import * as api from './api.js';
import { openPdf, closePdf } from './pdfopen.js';

/** Quiet time after the last change before the file is fetched again, in milliseconds. */
export const REFRESH_DELAY_MS = 1500;

/** @param {import('./editor.js').Editor} editor */
export function installFileRefresh(editor) {
  let timer = 0;
  let running = false;
  /** Whether the file shown was found changed on the server while pdf.js read it by ranges. */
  let staleFile = false;

  const schedule = (delay = REFRESH_DELAY_MS) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, delay);
  };

  /** Whether the user is in the middle of something the swap should not disturb. */
  const busy = () => editor.input.down.size > 0 || editor.display.editing.size > 0;

  /**
   * Fetches the file again when it is behind the model; with `stale` also when it is not (a
   * large file read by ranges changed on the server before all its pages were read).
   */
  async function refresh({ stale = false } = {}) {
    staleFile ||= stale;
    const summary = editor.model.summary;
    if (!summary || (!staleFile && editor.display.fileRevision === editor.model.revision)) return;
    if (running || busy()) { schedule(); return; }
    running = true;
    staleFile = false;
    const revision = editor.model.revision;
    try {
      const [file, listed] = await Promise.all([
        api.getFile(summary.id, { onStale: () => refresh({ stale: true }) }), api.getAnnotations(summary.id)]);
      // The file and its annotation JSON must show exactly the model's state (a change on
      // its way either side of the fetches means another try later).
      if (file.revision !== revision || listed.revision !== revision) { schedule(); return; }
      const pdf = await openPdf(file.source);
      if (editor.model.summary !== summary || editor.model.revision !== revision || busy()) {
        closePdf(pdf);
        schedule();
        return;
      }
      const old = editor.pdf;
      editor.pdf = pdf;
      editor.display.setDocument(pdf, revision, listed.annotations);
      editor.viewer.replaceDocument(pdf);
      // Renders in flight with the old document were cancelled; thumbnails may still read it.
      setTimeout(() => closePdf(old), 5000);
    } catch (error) {
      console.warn('could not fetch the file again', error);
    } finally {
      running = false;
    }
  }

  editor.model.onChange(({ structure, entries }) => {
    if (!structure && entries?.length) schedule();
  });
  return { schedule, refresh };
}
