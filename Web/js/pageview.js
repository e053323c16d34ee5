// One page of the viewer (viewer.js). Every page has its element from the start, an empty
// box the viewer places and sizes where the engine's layout puts it, so the document has its
// full length and the scrollbar its range at once; what draws the page (its canvas and its
// SVG overlays, overlay.js) is made only when the page comes near the view, or when something
// asks for its overlay (a selection, a find hit, a text box on that page). A document of
// thousands of pages opens with a handful of pages made, not thousands
// (docs/editor-web.md, "Large files").

import { createOverlay } from './overlay.js';
import { html } from './svg.js';
import { t } from './i18n.js';

/** A page of the open document: its box, and its canvas and overlay once made. */
export class PageView {
  /**
   * @param {object} geometry the server's page entry (docs/api.md)
   * @param {(view: PageView) => void} onBuild called once the canvas and overlay are made
   */
  constructor(geometry, onBuild) {
    this.geometry = geometry;
    // A labelled region: a screen reader reads its text layer (textlayer.js).
    this.element = html('div', {
      class: 'page', 'data-page': geometry.index, role: 'region', 'aria-label': t('common.pageN', { page: geometry.index + 1 }),
    });
    this.onBuild = onBuild;
    /** The canvas showing the page (null until the page is made). */
    this.canvas = null;
    this.parts = null;
    this.renderedZoom = 0;
    this.task = null;
    this.visible = false;
    this.frame = [0, 0, 0, 0];
    this.matrix = [1, 0, 0, 1, 0, 0];
    /** The model ids of the annotations the canvas shows (null before it is drawn). */
    this.canvasIds = null;
  }

  /** Whether the page's canvas and overlay are made. */
  get built() { return this.parts !== null; }

  /** The page's overlay (overlay.js), made now if it was not. */
  get overlay() {
    this.build();
    return this.parts;
  }

  /** Makes the page's canvas and overlay (once), under whatever the page already holds. */
  build() {
    if (this.parts) return;
    this.canvas = html('canvas', { class: 'page-canvas', 'aria-hidden': 'true' });
    this.parts = createOverlay(this.geometry);
    this.element.prepend(this.canvas, ...this.parts.elements);
    this.onBuild(this);
  }
}
