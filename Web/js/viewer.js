// The page viewer: a continuous vertical column of pages (pdf.js canvas + SVG overlay each),
// rendered lazily as they come into view, with zoom, fit width, the current page and the
// conversions between client (CSS pixel) points and page space.

import { displayedSize, viewToPage, pageToView, apply, clampZoom } from './transform.js';
import { normRect } from './geometry.js';
import { createOverlay } from './overlay.js';
import { html } from './svg.js';

const PAGE_GAP = 12; // view points, not scaled by zoom (the engine's pageGap)
const MAX_CANVAS_PIXELS = 16_000_000;

/** The scrolling column of pages of the open document. */
export class Viewer {
  /** @param {{scroller: HTMLElement, pages: HTMLElement, thumbnails: HTMLElement}} elements */
  constructor(elements) {
    Object.assign(this, elements);
    this.zoom = 1;
    this.pdf = null;
    /** @type {{geometry: object, element: HTMLElement, canvas: HTMLCanvasElement, overlay: object, renderedZoom: number, task: object|null, visible: boolean}[]} */
    this.views = [];
    this.listeners = { zoom: new Set(), page: new Set(), overlay: new Set() };
    this.currentPage = 0;
    /** The page-space rects of a page's form widgets (set by the editor from the field list). */
    this.widgetRects = () => [];
    this.observer = new IntersectionObserver((entries) => this.onIntersect(entries), {
      root: this.scroller, rootMargin: '50% 0px',
    });
    this.thumbObserver = new IntersectionObserver((entries) => this.onThumbIntersect(entries), { root: this.thumbnails });
    this.scroller.addEventListener('scroll', () => this.updateCurrentPage(), { passive: true });
    // Turning an iPad (or resizing the window) keeps a fitted width fitted.
    window.addEventListener('resize', () => { if (this.fitted) this.fitWidth(); this.scheduleRender(); });
  }

  on(event, listener) { this.listeners[event].add(listener); }
  emit(event, value) { for (const l of this.listeners[event]) l(value); }

  /** Shows a pdf.js document with the server's page geometry. */
  async open(pdf, pages) {
    this.pdf = pdf;
    for (const view of this.views) { this.observer.unobserve(view.element); view.task?.cancel(); }
    this.views = pages.map((geometry) => this.createPageView(geometry));
    this.pages.replaceChildren(...this.views.map((v) => v.element));
    this.buildThumbnails();
    this.layout();
    for (const view of this.views) this.observer.observe(view.element);
    this.updateCurrentPage();
  }

  createPageView(geometry) {
    const canvas = html('canvas', { class: 'page-canvas' });
    const overlay = createOverlay(geometry);
    const element = html('div', {
      class: 'page', 'data-page': geometry.index, role: 'img',
      'aria-label': `Page ${geometry.index + 1}`,
    }, [canvas, overlay.root]);
    return { geometry, element, canvas, overlay, renderedZoom: 0, task: null, visible: false };
  }

  /** Sizes every page frame for the current zoom (canvases stretch until re-rendered). */
  layout() {
    this.pages.style.gap = `${PAGE_GAP}px`;
    this.pages.style.padding = `${PAGE_GAP}px`;
    for (const view of this.views) {
      const { width, height } = displayedSize(view.geometry);
      view.element.style.width = `${width * this.zoom}px`;
      view.element.style.height = `${height * this.zoom}px`;
    }
  }

  // MARK: - Conversions

  /** The index of the page under a client point (edges included), or -1. */
  pageAt(clientX, clientY) {
    for (const view of this.views) {
      const r = view.element.getBoundingClientRect();
      if (clientX >= r.left && clientX <= r.right && clientY >= r.top && clientY <= r.bottom) return view.geometry.index;
    }
    return -1;
  }

  frameOrigin(index) {
    const r = this.views[index].element.getBoundingClientRect();
    return [r.left, r.top];
  }

  /** A client point in page `index`'s page space (even outside that page). */
  clientToPage(index, clientX, clientY) {
    const view = this.views[index];
    return apply(viewToPage(view.geometry, this.zoom, this.frameOrigin(index)), [clientX, clientY]);
  }

  /** A page point as a client point. */
  pageToClient(index, point) {
    const view = this.views[index];
    return apply(pageToView(view.geometry, this.zoom, this.frameOrigin(index)), point);
  }

  // MARK: - Zoom

  /** Sets the zoom, keeping the page point under the client anchor where it was. */
  setZoom(zoom, anchor) {
    zoom = clampZoom(zoom);
    this.fitted = false;
    if (!this.views.length || Math.abs(zoom - this.zoom) < 1e-4) return;
    const box = this.scroller.getBoundingClientRect();
    const [ax, ay] = anchor ?? [box.left + box.width / 2, box.top + box.height / 2];
    let index = this.pageAt(ax, ay);
    if (index < 0) index = this.currentPage;
    const point = this.clientToPage(index, ax, ay);
    this.zoom = zoom;
    this.layout();
    const [nx, ny] = this.pageToClient(index, point);
    this.scroller.scrollLeft += nx - ax;
    this.scroller.scrollTop += ny - ay;
    this.emit('zoom', zoom);
    this.scheduleRender();
  }

  zoomBy(factor, anchor) { this.setZoom(this.zoom * factor, anchor); }

  /** Fit width: (view width − 2 gaps) / the widest displayed page. */
  fitWidth() {
    this.setZoom(this.fitWidthZoom());
    this.fitted = true;
  }

  /** The zoom at which the widest page fills the view's width. */
  fitWidthZoom() {
    const widest = Math.max(...this.views.map((v) => displayedSize(v.geometry).width), 1);
    return (this.scroller.clientWidth - 2 * PAGE_GAP) / widest;
  }

  /** Whether the zoom is (about) fit width, so a change of the view's width should keep it. */
  isFitWidth() {
    return Math.abs(this.zoom - this.fitWidthZoom()) < 0.01 * this.zoom;
  }

  // MARK: - Pages

  goToPage(index) {
    const view = this.views[Math.max(0, Math.min(index, this.views.length - 1))];
    if (!view) return;
    this.scroller.scrollTop = view.element.offsetTop - PAGE_GAP;
    this.updateCurrentPage();
  }

  /** The current page: the page under the view's centre, else the nearest one. */
  updateCurrentPage() {
    const box = this.scroller.getBoundingClientRect();
    const cy = box.top + box.height / 2;
    let best = 0, bestDistance = Infinity;
    for (const view of this.views) {
      const r = view.element.getBoundingClientRect();
      const d = cy < r.top ? r.top - cy : cy > r.bottom ? cy - r.bottom : 0;
      if (d < bestDistance) { best = view.geometry.index; bestDistance = d; }
    }
    if (best !== this.currentPage) {
      this.currentPage = best;
      this.emit('page', best);
      this.highlightThumbnail();
    }
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
      const { width, height } = displayedSize(view.geometry);
      let scale = zoom * (window.devicePixelRatio || 1);
      scale = Math.min(scale, Math.sqrt(MAX_CANVAS_PIXELS / (width * height)));
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
    const toCanvas = pageToView(view.geometry, scale);
    const context = canvas.getContext('2d');
    for (const rect of rects) {
      const [x1, y1, x2, y2] = normRect(rect);
      const a = apply(toCanvas, [x1, y1]);
      const b = apply(toCanvas, [x2, y2]);
      const left = Math.floor(Math.min(a[0], b[0])), top = Math.floor(Math.min(a[1], b[1]));
      const width = Math.ceil(Math.max(a[0], b[0])) - left, height = Math.ceil(Math.max(a[1], b[1])) - top;
      if (width > 0 && height > 0) context.drawImage(full, left, top, width, height, left, top, width, height);
    }
  }

  // MARK: - Thumbnails

  buildThumbnails() {
    this.thumbObserver.disconnect();
    this.thumbViews = this.views.map((view) => {
      const { width, height } = displayedSize(view.geometry);
      const canvas = html('canvas', { class: 'thumb-canvas' });
      const ratio = height / width;
      canvas.style.aspectRatio = `${width} / ${height}`;
      const button = html('button', {
        class: 'thumb', type: 'button', 'data-page': view.geometry.index,
        title: `Go to page ${view.geometry.index + 1}`, 'aria-label': `Page ${view.geometry.index + 1}`,
        onclick: () => this.goToPage(view.geometry.index),
      }, [canvas, html('span', { class: 'thumb-label', text: String(view.geometry.index + 1) })]);
      return { button, canvas, ratio, rendered: false, index: view.geometry.index };
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
