// The page bitmaps a long document may hold at once. A page's canvas at the screen's pixel
// density is large (a page across an iPad at 2x is about 5 million pixels, 20 MB), and a
// tab that keeps every page it has shown runs out of memory on a long book. Only pages near
// the viewport keep theirs: after each render, the pages farthest from the current page give
// theirs up until the total fits the budget, and never one in view. A page that comes back
// is drawn again before it is in view (the viewer renders half a screen ahead).

/** Pixels of one page's canvas at most (64 MB): a larger page is drawn at less than the screen's density. */
export const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * The scale to draw a `width` x `height` point page at for `zoom` on a screen of `dpr` device
 * pixels per CSS pixel: `zoom * dpr`, or less so that the canvas holds at most
 * MAX_CANVAS_PIXELS.
 */
export function canvasScale(width, height, zoom, dpr) {
  return Math.min(zoom * dpr, Math.sqrt(MAX_CANVAS_PIXELS / (width * height)));
}

/** Pixels (4 bytes each) of page bitmaps kept at most: 160 MB. */
export const PAGE_PIXEL_BUDGET = 40_000_000;
/** Pixels of thumbnails kept at most: 16 MB. */
export const THUMB_PIXEL_BUDGET = 4_000_000;

/** A canvas's pixels. */
export const pixels = (canvas) => (canvas ? canvas.width * canvas.height : 0);

/**
 * Which of `items` ({index, canvas, visible}) give up their bitmaps so that the rest fit
 * `budget` pixels: the farthest from page `current` first, never a visible one.
 */
export function evictions(items, current, budget) {
  let total = items.reduce((sum, item) => sum + pixels(item.canvas), 0);
  const candidates = items.filter((item) => !item.visible && pixels(item.canvas) > 0)
    .sort((a, b) => Math.abs(b.index - current) - Math.abs(a.index - current));
  const evicted = [];
  for (const item of candidates) {
    if (total <= budget) break;
    total -= pixels(item.canvas);
    evicted.push(item);
  }
  return evicted;
}

/** Frees a canvas's memory now (browsers keep a detached canvas's pixels until collected). */
export function release(canvas) {
  if (!canvas) return;
  canvas.width = 0;
  canvas.height = 0;
}
