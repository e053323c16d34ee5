// The page viewer: the pages laid out where the engine's viewport puts them (continuous
// vertical by default; the engine also lays out single pages and a horizontal row), each a
// pdf.js canvas with an SVG overlay, rendered lazily as they come into view; zoom, fit width
// and scrolling kept in step with the engine, which owns the page ↔ view transform
// (docs/coordinates.md). Nothing here computes a layout or a transform of its own.

import { call } from './engine.js';
import { createOverlay } from './overlay.js';
import { html } from './svg.js';

const MAX_CANVAS_PIXELS = 16_000_000;

/** `[a, b, c, d, e, f]` applied to a point (the engine's matrices; row vectors, as PDF). */
export const applyMatrix = (m, [x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** The SVG `matrix(...)` attribute value of a matrix. */
export const svgMatrix = (m) => `matrix(${m.map((v) => +v.toFixed(6)).join(' ')})`;

/** The scrolling pages of the open document. */
export class Viewer {
  /** @param {{scroller: HTMLElement, pages: HTMLElement, thumbnails: HTMLElement}} elements */
  constructor(elements) {
    Object.assign(this, elements);
    this.zoom = 1;
    this.pdf = null;
    /** @type {{geometry: object, element: HTMLElement, canvas: HTMLCanvasElement, overlay: object, renderedZoom: number, task: object|null, visible: boolean, frame: number[], matrix: number[]}[]} */
    this.views = [];
    this.listeners = { zoom: new Set(), page: new Set(), overlay: new Set(), layout: new Set() };
    this.currentPage = 0;
    /** The page-space rects of a page's form widgets (set by the editor from the field list). */
    this.widgetRects = () => [];
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
  emit(event, value) { for (const l of this.listeners[event]) l(value); }

  /** The view's size in CSS pixels (what the engine calls view points). */
  viewSize() { return [this.scroller.clientWidth, this.scroller.clientHeight]; }

  /** Shows a pdf.js document with the server's page geometry (the engine has its pages). */
  async open(pdf, pages) {
    this.pdf = pdf;
    for (const view of this.views) { this.observer.unobserve(view.element); view.task?.cancel(); }
    this.views = pages.map((geometry) => this.createPageView(geometry));
    this.pages.replaceChildren(...this.views.map((v) => v.element));
    this.apply(call({ call: 'setViewport', viewSize: this.viewSize() }));
    this.buildThumbnails();
    for (const view of this.views) this.observer.observe(view.element);
  }

  createPageView(geometry) {
    const canvas = html('canvas', { class: 'page-canvas' });
    const overlay = createOverlay(geometry);
    const element = html('div', {
      class: 'page', 'data-page': geometry.index, role: 'img', 'aria-label': `Page ${geometry.index + 1}`,
    }, [canvas, overlay.root]);
    return { geometry, element, canvas, overlay, renderedZoom: 0, task: null, visible: false, frame: [0, 0, 0, 0], matrix: [1, 0, 0, 1, 0, 0] };
  }

  /**
   * Takes the engine's viewport: places every page at its frame, gives each overlay its
   * page transform, and scrolls to the engine's offset.
   */
  apply(viewport) {
    if (!viewport?.pages) return;
    const zoomChanged = Math.abs(viewport.zoom - this.zoom) > 1e-9;
    this.zoom = viewport.zoom;
    const [width, height] = viewport.contentSize;
    Object.assign(this.pages.style, {
      width: `${width}px`, height: `${height}px`, marginLeft: `${viewport.inset[0]}px`, marginTop: `${viewport.inset[1]}px`,
    });
    viewport.pages.forEach((page, index) => {
      const view = this.views[index];
      if (!view) return;
      const [x, y, w, h] = page.frame;
      view.frame = page.frame;
      view.matrix = page.matrix;
      Object.assign(view.element.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
      view.overlay.place(page.matrix, this.zoom);
    });
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

  /** The user scrolled (wheel, scrollbar, keyboard): the engine learns the new offset. */
  scrolled() {
    if (this.syncing) { this.syncing = false; return; }
    if (!this.views.length) return;
    const viewport = call({ call: 'setViewport', offset: [this.scroller.scrollLeft, this.scroller.scrollTop] });
    this.updateCurrentPage(viewport.currentPage);
  }

  resized() {
    if (!this.views.length) return;
    const wasFitted = this.fitted;
    this.apply(call({ call: 'setViewport', viewSize: this.viewSize() }));
    if (wasFitted) this.fitWidth();
    this.scheduleRender();
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
    this.fitted = true;
  }

  /** Whether the zoom is fit width (a change of the view's width keeps it). */
  isFitWidth() { return !!this.fitted; }

  // MARK: - Pages

  goToPage(index) {
    if (!this.views.length) return;
    this.apply(call({ call: 'setViewport', showPage: Math.max(0, Math.min(index, this.views.length - 1)) }));
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
      if (view.visible) this.renderPage(view);
    }
  }

  scheduleRender() {
    clearTimeout(this.renderTimer);
    this.renderTimer = setTimeout(() => {
      for (const view of this.views) if (view.visible) this.renderPage(view);
      this.emit('overlay', null);
    }, 120);
  }

  async renderPage(view) {
    if (!this.pdf || view.renderedZoom === this.zoom || view.rendering === this.zoom) return;
    const zoom = this.zoom;
    view.rendering = zoom;
    view.task?.cancel();
    try {
      const page = await this.pdf.getPage(view.geometry.index + 1);
      const [, , width, height] = view.frame;
      let scale = zoom * (window.devicePixelRatio || 1);
      scale = Math.min(scale, Math.sqrt(MAX_CANVAS_PIXELS / ((width / zoom) * (height / zoom))));
      const viewport = page.getViewport({ scale, rotation: view.geometry.rotation });
      // Draw into a fresh canvas and swap it in, so the old one stays visible meanwhile.
      const canvas = html('canvas', { class: 'page-canvas' });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      view.task = page.render({
        canvasContext: canvas.getContext('2d'), viewport,
        annotationMode: pdfjsLib.AnnotationMode.DISABLE,
      });
      await view.task.promise;
      await this.drawWidgets(view, page, viewport, canvas, scale);
      if (this.zoom !== zoom) return;
      view.canvas.replaceWith(canvas);
      view.canvas = canvas;
      view.renderedZoom = zoom;
      view.element.classList.add('rendered');
    } catch (error) {
      if (error?.name !== 'RenderingCancelledException') console.warn('render failed', error);
    } finally {
      if (view.rendering === zoom) view.rendering = 0;
    }
  }

  /**
   * Copies the form widgets' appearances onto a page rendered without annotations. The
   * overlay draws every other annotation itself, but a filled field's value lives only in
   * its widget's appearance stream, and pdf.js can draw either all annotations or none: so
   * the page is drawn a second time with them and only the widget rects are copied over.
   */
  async drawWidgets(view, page, viewport, canvas, scale) {
    const rects = this.widgetRects(view.geometry.index);
    if (!rects.length) return;
    const full = html('canvas');
    full.width = canvas.width;
    full.height = canvas.height;
    view.task = page.render({ canvasContext: full.getContext('2d'), viewport, annotationMode: pdfjsLib.AnnotationMode.ENABLE });
    await view.task.promise;
    // The engine's page-to-frame matrix, at the canvas's scale instead of the zoom's.
    const toCanvas = view.matrix.map((v) => v * (scale / this.zoom));
    const context = canvas.getContext('2d');
    for (const [x1, y1, x2, y2] of rects) {
      const a = applyMatrix(toCanvas, [x1, y1]);
      const b = applyMatrix(toCanvas, [x2, y2]);
      const left = Math.floor(Math.min(a[0], b[0])), top = Math.floor(Math.min(a[1], b[1]));
      const width = Math.ceil(Math.max(a[0], b[0])) - left, height = Math.ceil(Math.max(a[1], b[1])) - top;
      if (width > 0 && height > 0) context.drawImage(full, left, top, width, height, left, top, width, height);
    }
  }

  // MARK: - Thumbnails

  buildThumbnails() {
    this.thumbObserver.disconnect();
    this.thumbViews = this.views.map((view) => {
      const [, , width, height] = view.frame;
      const canvas = html('canvas', { class: 'thumb-canvas' });
      canvas.style.aspectRatio = `${width} / ${height}`;
      const button = html('button', {
        class: 'thumb', type: 'button', 'data-page': view.geometry.index,
        title: `Go to page ${view.geometry.index + 1}`, 'aria-label': `Page ${view.geometry.index + 1}`,
        onclick: () => this.goToPage(view.geometry.index),
      }, [canvas, html('span', { class: 'thumb-label', text: String(view.geometry.index + 1) })]);
      return { button, canvas, rendered: false, index: view.geometry.index };
    });
    this.thumbnails.replaceChildren(...this.thumbViews.map((t) => t.button));
    for (const t of this.thumbViews) this.thumbObserver.observe(t.button);
    this.highlightThumbnail();
  }

  async onThumbIntersect(entries) {
    for (const entry of entries) {
      const thumb = this.thumbViews?.[Number(entry.target.dataset.page)];
      if (!entry.isIntersecting || !thumb || thumb.rendered || !this.pdf) continue;
      thumb.rendered = true;
      const page = await this.pdf.getPage(thumb.index + 1);
      const geometry = this.views[thumb.index].geometry;
      const base = page.getViewport({ scale: 1, rotation: geometry.rotation });
      const viewport = page.getViewport({ scale: (110 * (window.devicePixelRatio || 1)) / base.width, rotation: geometry.rotation });
      thumb.canvas.width = Math.floor(viewport.width);
      thumb.canvas.height = Math.floor(viewport.height);
      page.render({ canvasContext: thumb.canvas.getContext('2d'), viewport, annotationMode: pdfjsLib.AnnotationMode.DISABLE });
    }
  }

  highlightThumbnail() {
    for (const t of this.thumbViews ?? []) {
      const current = t.index === this.currentPage;
      t.button.classList.toggle('current', current);
      if (current) t.button.setAttribute('aria-current', 'page'); else t.button.removeAttribute('aria-current');
    }
  }
}
