// The page viewer: the pages laid out where the engine's viewport puts them, in the layout
// the preferences choose (continuous vertical, single page, two pages side by side with or
// without a cover page, or a horizontal row: pagelayout.js), each a pdf.js canvas with an SVG
// overlay, rendered lazily as they come into view; zoom, fit width, scrolling and page turns
// kept in step with the engine, which owns the page ↔ view transform (docs/coordinates.md).
// Nothing here computes a layout or a transform of its own.

import { call } from './engine.js';
import { PageView } from './pageview.js';
import { html } from './svg.js';
import { pdfjsLib } from './pdfjs.js';
import { PAGE_PIXEL_BUDGET, THUMB_PIXEL_BUDGET, canvasScale, evictions, release } from './bitmaps.js';
import { addTextLayer, placeTextLayer, dropTextLayer } from './textlayer.js';
import { t } from './i18n.js';


/** `[a, b, c, d, e, f]` applied to a point (the engine's matrices; row vectors, as PDF). */
export const applyMatrix = (m, [x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** A CSS length rounded to whole device pixels. */
const snap = (v) => Math.round(v * (window.devicePixelRatio || 1)) / (window.devicePixelRatio || 1);

/** The SVG `matrix(...)` attribute value of a matrix. */
export const svgMatrix = (m) => `matrix(${m.map((v) => +v.toFixed(6)).join(' ')})`;

/** Marked on the page's performance timeline when a page of the tab is first drawn (issue 36's timeline, docs/benchmarks.md). */
const FIRST_PAGE_MARK = 'marginalia:page-drawn';
/** Pages placed at once on each side of the one a document opens at (`placeInSlices`). */
const PLACE_AROUND = 4;
/** Pages placed in one slice of a new document's first layout (`placeInSlices`). */
const PLACE_SLICE = 250;

/**
 * Resolves in a task of its own, after the tasks already queued (a worker's message among
 * them): a message to itself, not a timer, which browsers delay by at least 4 ms once nested.
 */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Whether two arrays of numbers hold the same numbers. */
const sameNumbers = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The scrolling pages of the open document. */
export class Viewer {
  /** @param {{scroller: HTMLElement, pages: HTMLElement, thumbnails: HTMLElement}} elements */
  constructor(elements) {
    Object.assign(this, elements);
    this.zoom = 1;
    this.pdf = null;
    /** Whether the pages are laid out for a file still opening (`layOut`): `open` draws them. */
    this.awaitingFile = false;
    /** Every page, made as it comes near the view (pageview.js). @type {PageView[]} */
    this.views = [];
    this.listeners = { zoom: new Set(), page: new Set(), overlay: new Set(), layout: new Set(), rendered: new Set(), built: new Set() };
    /** What draws annotations (appearances.js); set by the editor. */
    this.display = null;
    this.currentPage = 0;
    /** Who waits for a page's drawing to end (`drawingSettled`). */
    this.settleWaiters = [];
    /** Resolves once every page of the document is placed (`placeInSlices`). */
    this.placed = Promise.resolve();
    /** The sliced placing under way (a token object), or null. */
    this.slicing = null;
    /** The engine's layout (`continuousVertical`, `singlePage`, `twoUp`, `twoUpCover`, `horizontal`). */
    this.layout = 'continuousVertical';
    this.observer = new IntersectionObserver((entries) => this.onIntersect(entries), {
      root: this.scroller, rootMargin: '50% 50%',
    });
    this.thumbObserver = new IntersectionObserver((entries) => this.onThumbIntersect(entries), { root: this.thumbnails });
    this.scroller.addEventListener('scroll', () => this.scrolled(), { passive: true });
    // The view's size (a turned iPad, a resized window, a scrollbar coming or going): a
    // fitted width stays fitted. Handled at the next frame: relaying out the pages inside the
    // observer's callback resizes what it observes (a scrollbar comes), which browsers report
    // as an error ("ResizeObserver loop completed with undelivered notifications").
    let pending = false;
    new ResizeObserver(() => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; this.resized(); });
    }).observe(this.scroller);
  }

  on(event, listener) { this.listeners[event].add(listener); }
  off(event, listener) { this.listeners[event].delete(listener); }
  emit(event, value) { for (const l of this.listeners[event]) l(value); }

  /** The view's size in CSS pixels (what the engine calls view points). */
  viewSize() { return [this.scroller.clientWidth, this.scroller.clientHeight]; }

  /**
   * Shows a pdf.js document with the server's page geometry (the engine has its pages), laid
   * out with `initial` added to the first `setViewport` (the zoom and page it opens at, so
   * thousands of pages are placed once, not once at zoom 1 and again at that zoom), unless
   * `layOut` placed these pages already.
   */
  async open(pdf, pages, initial = {}) {
    // Laid out already while the file opened (`layOut`): the pages in view are drawn now.
    if (this.awaitingFile && this.samePages(pages)) {
      this.awaitingFile = false;
      this.pdf = pdf;
      for (const view of this.views) if (view.visible) this.renderPage(view);
      for (const thumb of this.thumbViews ?? []) if (thumb.visible && !thumb.rendered) this.renderThumbnail(thumb);
      return;
    }
    // The same pages (a reload after a fill changed only appearances): the page elements stay,
    // and what lies on them (a form field being typed in after Tab) with them; they are drawn
    // again from the new file.
    if (this.samePages(pages)) {
      this.views.forEach((view, i) => { view.geometry = pages[i]; });
      this.replaceDocument(pdf);
      this.apply(call({ call: 'setViewport', viewSize: this.viewSize() }));
      return;
    }
    this.makeViews(pages, initial, pdf);
  }

  /**
   * Lays out the pages of a document whose file is still opening (issue 36, docs/editor-web.md
   * "Large files"): thousands of page boxes are made and placed while pdf.js reads the file's
   * first ranges, not after, and `open` with the same pages then only draws those in view.
   * Pages the viewer shows already (a reload) are left to `open`.
   */
  layOut(pages, initial = {}) {
    if (!this.samePages(pages)) this.makeViews(pages, initial, null);
  }

  /** Whether `pages` (the server's entries) are the pages the viewer shows. */
  samePages(pages) {
    return pages.length === this.views.length && pages.every((page, i) => samePage(page, this.views[i].geometry));
  }

  /**
   * A page view for each page, placed at the engine's layout, each drawn from `pdf` as it
   * comes into view (none while `pdf` is null: `open` gives it).
   */
  makeViews(pages, initial, pdf) {
    this.pdf = pdf;
    this.awaitingFile = pdf === null;
    this.observer.disconnect();
    for (const view of this.views) { this.cancelRender(view); release(view.canvas); dropTextLayer(view); }
    // Each page an empty box until it comes near the view (pageview.js); the thumbnails are
    // made when the sidebar shows them.
    this.views = pages.map((geometry) => new PageView(geometry, (view) => this.built(view)));
    // Hidden until placed (`placeInSlices`): neither laid out nor seen by the observer.
    for (const view of this.views) view.element.hidden = true;
    // The view's size before the pages go in: the same size (they are placed absolutely in a
    // box sized by the layout), without a forced layout of thousands of boxes.
    const viewSize = this.viewSize();
    this.pages.replaceChildren(...this.views.map((v) => v.element));
    this.placeInSlices(call({ call: 'setViewport', viewSize, ...initial }));
    this.thumbViews = null;
    this.thumbObserver.disconnect();
    this.thumbnails.replaceChildren();
    this.showThumbnails();
    for (const view of this.views) this.observer.observe(view.element);
  }

  /**
   * Resolves once a page of the open document has been drawn, or a drawing of one ended
   * otherwise (failed, cancelled); at once when one is drawn already, when there are no pages,
   * or when the tab is hidden (no page is drawn until it shows).
   */
  drawingSettled() {
    if (!this.views.length || this.views.some((view) => view.renderedZoom) || document.visibilityState === 'hidden') {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.settleWaiters.push(resolve));
  }

  /** The pages whose canvas and overlay are made (those that came near the view). */
  builtViews() { return this.views.filter((view) => view.built); }

  /** A page's canvas and overlay were just made: they take its frame, and listeners draw on it. */
  built(view) {
    view.overlay.place(view.matrix, this.zoom);
    placeTextLayer(view);
    this.emit('built', view.geometry.index);
  }

  /**
   * Takes the engine's viewport: places every page at its frame, gives each overlay its
   * page transform, and scrolls to the engine's offset.
   */
  apply(viewport) {
    this.applyPlacing(viewport, () => true);
  }

  /**
   * A new document's first viewport (`makeViews`), placed as `apply` places it but a slice
   * at a time (issue 36, docs/editor-web.md "Large files"): the pages around the current
   * one at once, the others PLACE_SLICE pages at a time, with the main thread free between
   * slices for its other tasks: pdf.js's range reads, which it relays (rangefile.js), go out
   * while thousands of pages are placed, not after. A page not placed yet is hidden. An
   * `apply` before the last slice places every page itself, and the slices stop.
   * `placed` resolves once every page is placed.
   */
  placeInSlices(viewport) {
    const count = viewport?.pages?.length ?? 0;
    const current = Math.max(0, Math.min(viewport?.currentPage ?? 0, count - 1));
    const first = [Math.max(0, current - PLACE_AROUND), Math.min(count, current + PLACE_AROUND + 1)];
    const inFirst = (index) => index >= first[0] && index < first[1];
    this.applyPlacing(viewport, inFirst);
    const mine = {};
    this.slicing = mine;
    this.placed = (async () => {
      for (let from = 0; from < count; from += PLACE_SLICE) {
        await nextTask();
        if (this.slicing !== mine) return;
        const to = from + PLACE_SLICE;
        this.placePages(viewport, (index) => index >= from && index < to && !inFirst(index), true);
      }
      this.slicing = null;
    })();
  }

  /** `apply`, placing only the pages `placeNow(index)` says (the others wait for their slice). */
  applyPlacing(viewport, placeNow) {
    if (!viewport?.pages) return;
    this.slicing = null;  // a viewport placed now supersedes the slices of an earlier one
    const zoomChanged = Math.abs(viewport.zoom - this.zoom) > 1e-9;
    this.zoom = viewport.zoom;
    this.layout = viewport.layout ?? this.layout;
    this.pages.dataset.layout = this.layout;
    const [width, height] = viewport.contentSize;
    Object.assign(this.pages.style, {
      width: `${width}px`, height: `${height}px`, marginLeft: `${snap(viewport.inset[0])}px`, marginTop: `${snap(viewport.inset[1])}px`,
    });
    this.placePages(viewport, placeNow, zoomChanged);
    const [left, top] = viewport.offset;
    if (Math.abs(this.scroller.scrollLeft - left) >= 1 || Math.abs(this.scroller.scrollTop - top) >= 1) {
      this.syncing = true;
      this.scroller.scrollLeft = left;
      this.scroller.scrollTop = top;
    }
    this.updateCurrentPage(viewport.currentPage);
    this.emit('layout', viewport);
    if (zoomChanged) {
      this.emit('zoom', this.zoom);
      this.scheduleRender();
    }
  }

  /** Places the pages of `viewport` that `which(index)` says at their frames. */
  placePages(viewport, which, zoomChanged) {
    viewport.pages.forEach((page, index) => {
      const view = this.views[index];
      if (!view || !which(index)) return;
      // A scroll or a page turn moves no page: writing the same styles to thousands of pages
      // again cost a long document's opening more than drawing its first page.
      if (!zoomChanged && sameNumbers(view.frame, page.frame) && sameNumbers(view.matrix, page.matrix)
        && view.element.hidden === (page.shown === false)) return;
      const [x, y, w, h] = page.frame;
      view.frame = page.frame;
      view.matrix = page.matrix;
      // A single page shows one page; the others keep a frame (conversions onto them work) but
      // are not drawn, and the observer stops seeing them.
      view.element.hidden = page.shown === false;
      // Whole device pixels: a canvas placed between pixels is resampled, and blurs.
      Object.assign(view.element.style, { left: `${snap(x)}px`, top: `${snap(y)}px`, width: `${w}px`, height: `${h}px` });
      if (view.built) view.overlay.place(page.matrix, this.zoom);
      if (zoomChanged) this.sizeCanvas(view);
      placeTextLayer(view);
    });
  }

  /** The user scrolled (wheel, scrollbar, keyboard): the engine learns the new offset. */
  scrolled() {
    if (this.syncing) { this.syncing = false; return; }
    if (!this.views.length) return;
    const viewport = call({ call: 'setViewport', offset: [this.scroller.scrollLeft, this.scroller.scrollTop] });
    this.updateCurrentPage(viewport.currentPage);
  }

  resized() {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', viewSize: this.viewSize() }));
    this.refit();
    this.scheduleRender();
  }

  /**
   * The same pages from a newer file (filerefresh.js): pages in view are drawn again from it,
   * each keeping its canvas until the new one is ready; the others give up their bitmaps.
   */
  replaceDocument(pdf) {
    this.pdf = pdf;
    for (const view of this.views) {
      if (view.visible) this.invalidate(view.geometry.index);
      else if (view.renderedZoom || view.rendering) this.evict(view);
    }
    for (const thumb of this.thumbViews ?? []) {
      thumb.rendered = false;
      if (thumb.visible && !this.thumbnails.closest('[hidden]')) this.renderThumbnail(thumb);
    }
  }

  // MARK: - Conversions (the engine's matrices)

  /** A view point (CSS pixels from the scroller's top-left) for a client point. */
  clientToView(clientX, clientY) {
    const box = this.scroller.getBoundingClientRect();
    return [clientX - box.left - this.scroller.clientLeft, clientY - box.top - this.scroller.clientTop];
  }

  /** The index of the page under a client point (edges included), or -1. */
  pageAt(clientX, clientY) {
    const answer = call({ call: 'toPage', point: this.clientToView(clientX, clientY) });
    return answer.pageIndex ?? -1;
  }

  /** A page point as a client point. */
  pageToClient(index, point) {
    const view = this.views[index];
    const box = view.element.getBoundingClientRect();
    const [x, y] = applyMatrix(view.matrix, point);
    return [box.left + x, box.top + y];
  }

  // MARK: - Zoom

  /** Sets the zoom, keeping the page point under the client anchor where it was. */
  setZoom(zoom, anchor) {
    this.fitted = false;
    if (!this.views.length) return;
    const box = this.scroller.getBoundingClientRect();
    const [ax, ay] = anchor ?? [box.left + box.width / 2, box.top + box.height / 2];
    this.apply(call({ call: 'setViewport', zoom, anchor: this.clientToView(ax, ay) }));
  }

  zoomBy(factor, anchor) { this.setZoom(this.zoom * factor, anchor); }

  /** Fit width: the widest page fills the view's width inside the gaps. */
  fitWidth() {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', fitWidth: true }));
    this.fitted = 'width';
  }

  /**
   * The zoom a document opens at, the engine's `fitAutomatic`: the page's width, unless that
   * shows only part of a page past 125 % (a wide window), then the whole page or 125 %.
   */
  fitAutomatic() {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', fitAutomatic: true }));
    this.fitted = 'auto';
  }

  /** Whether the zoom is fitted (width or automatic; a change of the view's width keeps it). */
  isFitWidth() { return !!this.fitted; }

  /** How the zoom is fitted: `'width'`, `'auto'` or false (a zoom the user chose). */
  fitMode() { return this.fitted || false; }

  /** Fits the zoom again as it was fitted (the view's width changed). */
  refit() {
    if (this.fitted === 'auto') this.fitAutomatic();
    else if (this.fitted) this.fitWidth();
  }

  // MARK: - Pages

  goToPage(index) {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', showPage: Math.max(0, Math.min(index, this.views.length - 1)) }));
  }

  /** The next page (`forward`) or the previous one, as the engine turns it in this layout. */
  turnPage(forward) {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', turnPage: forward }));
  }

  /** Whether the layout shows page `index` (a single page shows one). */
  isShown(index) { return !!this.views[index] && !this.views[index].element.hidden; }

  /** Lays the pages out again as the engine now has them (its layout changed). */
  relayout() {
    if (!this.views.length) return;
    this.apply(call({ call: 'viewport' }));
    this.refit();
    this.scheduleRender();
  }

  /** The current page: the engine's (the page under the view's centre, else the nearest). */
  updateCurrentPage(current) {
    if (current === null || current === undefined || current === this.currentPage) return;
    this.currentPage = current;
    this.emit('page', current);
    this.highlightThumbnail();
  }

  // MARK: - Rendering

  onIntersect(entries) {
    for (const entry of entries) {
      const view = this.views[Number(entry.target.dataset.page)];
      if (!view || view.element !== entry.target) continue;
      view.visible = entry.isIntersecting;
      if (view.visible) { view.build(); this.renderPage(view); }
      else if (view.rendering) this.cancelRender(view);  // scrolled past before it was drawn
    }
  }

  scheduleRender() {
    clearTimeout(this.renderTimer);
    this.renderTimer = setTimeout(() => {
      for (const view of this.views) if (view.visible) this.renderPage(view);
      this.emit('overlay', null);
    }, 120);
  }

  /** Page `index` must be drawn again (what its canvas shows changed): now if it is in view. */
  invalidate(index) {
    const view = this.views[index];
    if (!view) return;
    view.stale = true;
    // Several changes in one task (a selection, its chrome, the model) make one render.
    if (this.invalidated) { this.invalidated.add(view); return; }
    this.invalidated = new Set([view]);
    queueMicrotask(() => {
      const views = this.invalidated;
      this.invalidated = null;
      for (const v of views) if (v.visible && v.stale) this.renderPage(v);
    });
  }

  cancelRender(view) {
    view.token = (view.token ?? 0) + 1;
    view.task?.cancel();
    release(view.pending);
    view.pending = null;
    view.rendering = 0;
  }

  /**
   * Draws a page at the zoom into a fresh canvas and swaps it in when done, so the old one
   * stays visible meanwhile. Annotations are drawn from their appearance streams except the
   * live ones (appearances.js), which the overlay draws; `rendered` says when the canvas
   * changed, so the overlay can follow.
   */
  async renderPage(view) {
    if (!this.pdf || ((view.renderedZoom === this.zoom || view.rendering === this.zoom) && !view.stale)) return;
    view.build();
    const zoom = this.zoom;
    this.cancelRender(view);
    const token = view.token;
    view.rendering = zoom;
    view.stale = false;
    try {
      const page = await this.pdf.getPage(view.geometry.index + 1);
      const plan = this.display ? await this.display.renderPlan(view.geometry.index)
        : { annotationMode: pdfjsLib.AnnotationMode.DISABLE, canvasIds: new Set() };
      if (token !== view.token) return;
      const [, , width, height] = view.frame;
      const dpr = window.devicePixelRatio || 1;
      const scale = canvasScale(width / zoom, height / zoom, zoom, dpr);
      const viewport = page.getViewport({ scale, rotation: view.geometry.rotation });
      const canvas = html('canvas', { class: 'page-canvas', 'aria-hidden': 'true' });
      // The bitmap is shown one pixel per device pixel (sizeCanvas), and at a whole ratio it
      // is whole CSS pixels: a browser that lays out in CSS pixels and scales the result
      // (Chromium emulating a ratio) puts a canvas on whole CSS pixels, and would stretch one
      // of 813.5 to 814. The page's size rounded: within half a CSS pixel of its frame.
      const unit = scale === zoom * dpr && Number.isInteger(dpr) ? dpr : 1;
      canvas.width = Math.max(unit, Math.round(viewport.width / unit) * unit);
      canvas.height = Math.max(unit, Math.round(viewport.height / unit) * unit);
      view.pending = canvas;
      view.task = page.render({ canvasContext: canvas.getContext('2d'), viewport, annotationMode: plan.annotationMode });
      await view.task.promise;
      view.task = null;  // done: cancelling it now would end its drawing a second time
      if (token !== view.token || this.zoom !== zoom) { if (view.pending === canvas) release(canvas); view.pending = null; return; }
      view.pending = null;
      const old = view.canvas;
      view.canvas.replaceWith(canvas);
      view.canvas = canvas;
      release(old);
      view.renderedZoom = zoom;
      // Bitmap pixels per CSS pixel: the screen's device pixel ratio, unless the page was too
      // large to draw at full density.
      view.canvasDensity = scale === zoom * dpr ? dpr : scale / zoom;
      this.sizeCanvas(view);
      view.canvasIds = plan.canvasIds;
      view.element.classList.add('rendered');
      if (!performance.getEntriesByName(FIRST_PAGE_MARK).length) performance.mark(FIRST_PAGE_MARK);
      addTextLayer(view, page);
      this.emit('rendered', view.geometry.index);
      this.keepWithinBudget();
    } catch (error) {
      if (error?.name !== 'RenderingCancelledException') console.warn('render failed', error);
    } finally {
      if (token === view.token) view.rendering = 0;
      for (const resolve of this.settleWaiters.splice(0)) resolve();
    }
  }

  /**
   * The canvas's CSS size: its bitmap's size in device pixels, so that each bitmap pixel is
   * one device pixel (the page's frame is rarely a whole number of device pixels, and a canvas
   * stretched to it by a fraction of a pixel is resampled: every edge blurs); the page's frame
   * starts on a device pixel (apply). After a zoom it is stretched by the zoom's change until
   * it is drawn again.
   */
  sizeCanvas(view) {
    const { canvas } = view;
    if (!view.renderedZoom || !canvas?.width) return;
    const stretch = this.zoom === view.renderedZoom ? 1 : this.zoom / view.renderedZoom;
    canvas.style.width = `${(canvas.width / view.canvasDensity) * stretch}px`;
    canvas.style.height = `${(canvas.height / view.canvasDensity) * stretch}px`;
  }

  /** Drops the bitmaps of pages far from the current one beyond the budget (bitmaps.js). */
  keepWithinBudget() {
    const items = this.builtViews().map((view) => ({ index: view.geometry.index, canvas: view.canvas, visible: view.visible, view }));
    for (const { view } of evictions(items, this.currentPage, PAGE_PIXEL_BUDGET)) this.evict(view);
  }

  /** A page gives up its bitmap (drawn again when it comes back). */
  evict(view) {
    this.cancelRender(view);
    release(view.canvas);
    view.renderedZoom = 0;
    view.canvasIds = null;
    dropTextLayer(view);
    view.element.classList.remove('rendered');
    this.emit('rendered', view.geometry.index);
  }

  // MARK: - Thumbnails

  /**
   * Makes the thumbnails (once for a document) when the sidebar shows: a document opened with
   * the sidebar closed makes none (main.js calls this when the sidebar opens).
   */
  showThumbnails() {
    if (this.thumbViews || !this.views.length || this.thumbnails.hidden) return;
    this.buildThumbnails();
  }

  buildThumbnails() {
    this.thumbObserver.disconnect();
    this.thumbViews = this.views.map((view) => {
      const [, , width, height] = view.frame;
      // No pixels until drawn (a canvas is 300 x 150 by default); its size comes from the CSS.
      const canvas = html('canvas', { class: 'thumb-canvas', width: 0, height: 0 });
      canvas.style.aspectRatio = `${width} / ${height}`;
      const label = call({ call: 'pageLabel', pageIndex: view.geometry.index }).text;
      const number = String(view.geometry.index + 1);
      const name = label === number ? number : `${label} (${number})`;
      const button = html('button', {
        class: 'thumb', type: 'button', 'data-page': view.geometry.index,
        title: t('viewer.goToPage', { page: name }), 'aria-label': t('common.pageN', { page: name }),
        onclick: () => this.goToPage(view.geometry.index),
      }, [canvas, html('span', { class: 'thumb-label', text: label })]);
      return { button, canvas, rendered: false, index: view.geometry.index };
    });
    this.thumbnails.replaceChildren(...this.thumbViews.map((t) => t.button));
    for (const t of this.thumbViews) this.thumbObserver.observe(t.button);
    this.highlightThumbnail();
  }

  onThumbIntersect(entries) {
    for (const entry of entries) {
      const thumb = this.thumbViews?.[Number(entry.target.dataset.page)];
      if (!thumb || thumb.button !== entry.target) continue;
      thumb.visible = entry.isIntersecting;
      if (thumb.visible && !thumb.rendered) this.renderThumbnail(thumb);
    }
  }

  /**
   * Draws a thumbnail as the page shows, annotations and form values included (their
   * appearance streams), into a fresh canvas swapped in when done.
   */
  async renderThumbnail(thumb) {
    const pdf = this.pdf;
    if (!pdf) return;
    thumb.rendered = true;
    try {
      const page = await pdf.getPage(thumb.index + 1);
      const geometry = this.views[thumb.index].geometry;
      const base = page.getViewport({ scale: 1, rotation: geometry.rotation });
      const viewport = page.getViewport({ scale: (110 * (window.devicePixelRatio || 1)) / base.width, rotation: geometry.rotation });
      const canvas = html('canvas', { class: 'thumb-canvas' });
      canvas.style.aspectRatio = thumb.canvas.style.aspectRatio;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvasContext: canvas.getContext('2d'), viewport, annotationMode: pdfjsLib.AnnotationMode.ENABLE }).promise;
      if (pdf !== this.pdf) return;  // a newer file came meanwhile: it draws the thumbnail again
      thumb.canvas.replaceWith(canvas);
      release(thumb.canvas);
      thumb.canvas = canvas;
      this.keepThumbnailsWithinBudget();
    } catch (error) {
      thumb.rendered = false;
      if (error?.name !== 'RenderingCancelledException') console.warn('thumbnail failed', error);
    }
  }

  /** Drops the thumbnails farthest from those in the sidebar's view beyond their budget
   * (bitmaps.js); one is drawn again when it comes back into view. */
  keepThumbnailsWithinBudget() {
    const shown = this.thumbViews.filter((t) => t.visible);
    const center = shown.length ? shown[shown.length >> 1].index : this.currentPage;
    for (const { thumb } of evictions(this.thumbViews.map((t) => ({ ...t, thumb: t })), center, THUMB_PIXEL_BUDGET)) {
      release(thumb.canvas);
      thumb.rendered = false;
    }
  }

  highlightThumbnail() {
    for (const t of this.thumbViews ?? []) {
      const current = t.index === this.currentPage;
      t.button.classList.toggle('current', current);
      if (current) t.button.setAttribute('aria-current', 'page'); else t.button.removeAttribute('aria-current');
      // The sidebar follows the pages (within itself: the page does not move).
      if (current && !this.thumbnails.hidden) scrollWithin(this.thumbnails, t.button);
    }
  }
}

/** Scrolls `container` (only) so that `element` is in it. */
function scrollWithin(container, element) {
  const box = container.getBoundingClientRect();
  const item = element.getBoundingClientRect();
  if (item.top < box.top) container.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) container.scrollTop += item.bottom - box.bottom;
}

/** Whether two page entries (the server's, docs/api.md) lay out and name the same page
 *  (their keys may come in any order). */
function samePage(a, b) {
  return ['index', 'width', 'height', 'rotation', 'label'].every((key) => a[key] === b[key])
    && JSON.stringify(a.box) === JSON.stringify(b.box);
}
