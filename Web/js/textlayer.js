// The text layer of a page: pdf.js lays the page's text out as transparent spans over the
// canvas, where the text is drawn, so the mouse can select it, Ctrl/Cmd+C copies it and a
// screen reader reads it. Made when the page's bitmap is drawn and dropped with it
// (viewer.js); laid out once at zoom 1 and scaled with the page, so a zoom never lays it out
// again. pdf.js sizes the layer and its spans from CSS variables (`--total-scale-factor`,
// `--scale-round-x`/`-y`, which text.css sets for a layout at zoom 1) and nests the spans of
// marked content in spans of class `markedContent` (`TEXT_SPAN` is a span of text).
//
// A press on a word goes to the browser's text selection, not to the tool, where the engine
// says so (`textPress`, the engine's `pressSelectsText`).

import { call } from './engine.js';
import { html } from './svg.js';
import { pdfjsLib } from './pdfjs.js';

/** A selector for the spans of text (not those grouping marked content) in a text layer. */
export const TEXT_SPAN = '.text-layer span:not(.markedContent)';

/** Makes (once) the text layer of a page view from its pdf.js page. */
export async function addTextLayer(view, page) {
  if (view.textLayer) return;
  const viewport = page.getViewport({ scale: 1, rotation: view.geometry.rotation });
  const layer = html('div', { class: 'text-layer' });
  view.textLayer = layer;
  view.textLayerWidth = viewport.width;
  placeTextLayer(view);
  try {
    // The text as a stream, which the text layer reads piece by piece: `getTextContent`
    // iterates a ReadableStream with `for await`, which WebKitGTK 2.50 cannot.
    const textContentSource = page.streamTextContent();
    view.textTask = new pdfjsLib.TextLayer({ textContentSource, container: layer, viewport });
    await view.textTask.render();
  } catch (error) {
    if (!['RenderingCancelledException', 'AbortException'].includes(error?.name) && view.textLayer === layer) console.warn('text layer failed', error);
    return;
  } finally {
    if (view.textLayer === layer) view.textTask = null;
  }
  if (view.textLayer !== layer) return;
  // Above the page and its overlay (the browser starts a selection at the topmost element),
  // under the editors later put on the page (a text box, a note).
  view.overlay.elements.at(-1).after(layer);
}

/** Scales a page's text layer to the page's frame (a zoom, a relayout). */
export function placeTextLayer(view) {
  if (!view.textLayer || !view.textLayerWidth) return;
  view.textLayer.style.transform = `scale(${view.frame[2] / view.textLayerWidth})`;
}

/** Drops a page's text layer (its bitmap was released). */
export function dropTextLayer(view) {
  view.textTask?.cancel();
  view.textTask = null;
  view.textLayer?.remove();
  view.textLayer = null;
}

/**
 * Whether a press on the pages is the start of a text selection, left to the browser: on a
 * word of a text layer, where the engine says a press selects text (`pressSelectsText`: the
 * Select tool, a mouse's main button without shift, no annotation, handle or link there).
 */
export function textPress(e, viewer) {
  if (e.pointerType !== 'mouse' || e.button !== 0 || !e.target.closest?.(TEXT_SPAN)) return false;
  const point = viewer.clientToView(e.clientX, e.clientY);
  return call({ call: 'pressSelectsText', point, kind: 'mouse', shift: e.shiftKey }).selectsText === true;
}
