// The page a document opens at, drawn by earlyopen.js as soon as pdf.js has it, where the
// editor will show it, before the editor has started (issue 36, docs/editor-web.md "Large
// files"): the editor's own drawing of it waits for its modules, the engine, the layout of
// every page and the annotations' plan; this one waits only for pdf.js. It lies over the
// scroller (in the workspace, not scrolled with the pages), takes no pointer, and goes once
// the editor draws a page (`dropEarlyPage`, main.js), or its opening ends without one.
//
// Its place and zoom are the engine's (its `openingPlace`: the page laid out among as many
// pages of its size as the document has, by the request the editor opens with, viewstate.js's
// `openingView`: the automatic zoom, the width, or the zoom kept), so the editor's page then
// comes where this one was. The engine is the editor's one instance (engine.js), loaded here
// early (earlyrequests.js compiles its module from the start); the call leaves its state alone.
// Another layout kept in the settings (two pages side by side), and pages of other sizes (the
// width fitted is the widest page's), are not known here: the editor's page then moves once it
// is drawn.

import { canvasScale } from './bitmaps.js';
import { call, loadEngine } from './engine.js';
import { openingView } from './viewstate.js';

/**
 * At most this long (ms after this module ran) the editor waits for the early page before it
 * starts (main.js): past it, a slow opening no longer holds the editor back.
 */
const EDITOR_WAIT_LIMIT_MS = 2000;

let settle = null;
/**
 * Resolves once the early page is drawn, or will not be (no `?doc=`, the opening failed, the
 * editor drew first), or after EDITOR_WAIT_LIMIT_MS. main.js starts the editor then: its
 * start (the engine, the toolbar, the layout of every page) ran as tasks of 0.2-0.4 s on the
 * main thread while pdf.js opened the file, and pdf.js's messages to and from its worker (its
 * "ready", the transport's ranges) waited behind them (docs/benchmarks.md, "large",
 * thirteenth round).
 * @type {Promise<void>}
 */
export const earlyPageSettled = new Promise((resolve) => { settle = resolve; });
performance.mark('marginalia:early-page-wait');
setTimeout(() => settle(), EDITOR_WAIT_LIMIT_MS);

/** Says that the early page is drawn, or will not be: the editor may start (`earlyPageSettled`). */
export function settleEarlyPage() { settle(); }

/** The drawn page's element (`.early-page`), null before and once dropped. */
let shown = null;
/** Whether the editor drew a page or its opening ended: no early page from then on. */
let over = false;
/** pdf.js's drawing of the early page while it runs (a RenderTask). */
let rendering = null;

/**
 * Where and at what zoom the editor will show a page of `width` x `height` points (as shown:
 * its rotation applied), one of `pageCount`, in a view of `viewWidth` x `viewHeight` CSS
 * pixels, opened at a remembered `view` (viewstate.js; null: none): the engine's
 * `openingPlace`, `{zoom, frame: [x, y, width, height]}` in the view's pixels.
 */
export function openingPlace(width, height, pageCount, viewWidth, viewHeight, view) {
  return call({ call: 'openingPlace', page: { box: [0, 0, width, height] }, pageCount, viewSize: [viewWidth, viewHeight], view: openingView(view, pageCount).request });
}

/**
 * Draws pdf.js's `page` over the scroller at the opening's zoom for `view`, unless the editor
 * drew a page first or the view has no room: true once drawn (the element has the class
 * `rendered` from then on), false when not drawn.
 * @param {object} page a PDFPageProxy
 * @param {{page: number, zoom: number, fit: (string|boolean)}|null} view
 * @param {number} pageCount the document's pages
 * @returns {Promise<boolean>}
 */
export async function showEarlyPage(page, view, pageCount) {
  const scroller = document.getElementById('scroller');
  if (!scroller?.parentElement || shown || over) return false;
  const size = page.getViewport({ scale: 1 });
  try {
    await loadEngine();
  } catch {
    return false;  // the editor says the engine could not load
  }
  if (shown || over) return false;
  const { zoom, frame: [left, top, shownWidth, shownHeight] } = openingPlace(size.width, size.height, pageCount, scroller.clientWidth, scroller.clientHeight, view);
  if (!(zoom > 0) || !Number.isFinite(zoom)) return false;
  const dpr = window.devicePixelRatio || 1;
  // At most the viewer's pixels for a page (bitmaps.js): a large page, or one kept at a high
  // zoom, is drawn at less than the screen's density and shown at its size.
  const viewport = page.getViewport({ scale: canvasScale(size.width, size.height, zoom, dpr) });
  const element = document.createElement('div');
  element.className = 'early-page';
  element.setAttribute('aria-hidden', 'true');
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  element.style.width = `${shownWidth}px`;
  element.style.height = `${shownHeight}px`;
  element.style.left = `${scroller.offsetLeft + left}px`;
  element.style.top = `${scroller.offsetTop + top}px`;
  element.append(canvas);
  shown = element;
  try {
    rendering = page.render({ canvasContext: canvas.getContext('2d'), viewport });
    await rendering.promise;
    rendering = null;
  } catch {
    dropEarlyPage();
    return false;
  }
  if (shown !== element) return false;
  scroller.parentElement.append(element);
  element.classList.add('rendered');
  performance.mark('marginalia:early-page-drawn');
  return true;
}

/** Takes the early page away, and draws none from now on (the editor drew its own, or its opening ended). */
export function dropEarlyPage() {
  over = true;
  rendering?.cancel();  // the editor draws the page itself: pdf.js stops drawing this one
  rendering = null;
  if (!shown) return;
  shown.remove();
  shown.querySelector('canvas').width = 0;  // its bitmap let go now, not at the next collection
  shown = null;
}
