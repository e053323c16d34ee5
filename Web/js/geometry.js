// Page-space geometry of annotations: bounds, hit tests and moving/resizing, shared by the
// select tool and the overlay. All coordinates are page space (points, y up).

/** @returns {[number, number, number, number]} [x1, y1, x2, y2] normalised */
export function normRect([a, b, c, d]) {
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function boundsOfPoints(points, pad = 0) {
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x); y2 = Math.max(y2, y);
  }
  return [x1 - pad, y1 - pad, x2 + pad, y2 + pad];
}

/** A /QuadPoints quad (UL, UR, LL, LR) as its four corners in drawing order. */
export function quadPoints(quad) {
  return [[quad[0], quad[1]], [quad[2], quad[3]], [quad[6], quad[7]], [quad[4], quad[5]]];
}

/** The annotation's geometry points (for shapes drawn from points). */
export function pointsOf(a) {
  switch (a.type) {
    case 'ink': return a.paths.flat();
    case 'line': case 'polygon': case 'polyline': return a.points;
    case 'highlight': case 'underline': case 'strikeOut': case 'squiggly':
      return a.quads.flatMap(quadPoints);
    default: return null;
  }
}

/** The page-space bounding box of an annotation (stroke width included). */
export function bounds(a) {
  const points = pointsOf(a);
  if (points && points.length) return boundsOfPoints(points, (a.width ?? 1) / 2);
  return normRect(a.rect ?? [0, 0, 0, 0]);
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function nearPolyline(point, points, tolerance, closed = false) {
  const all = closed ? [...points, points[0]] : points;
  if (all.length === 1) return Math.hypot(point[0] - all[0][0], point[1] - all[0][1]) <= tolerance;
  for (let i = 1; i < all.length; i++) {
    if (distanceToSegment(point, all[i - 1], all[i]) <= tolerance) return true;
  }
  return false;
}

function inside([x, y], [x1, y1, x2, y2]) {
  return x >= x1 && x <= x2 && y >= y1 && y <= y2;
}

/**
 * Whether a page point hits the annotation: near the stroke of ink and lines (within
 * `tolerance` points beyond half the width), inside boxes for everything else.
 */
export function hits(a, point, tolerance) {
  const reach = tolerance + (a.width ?? 1) / 2;
  switch (a.type) {
    case 'ink': return a.paths.some((path) => nearPolyline(point, path, reach));
    case 'line': case 'polyline': return nearPolyline(point, a.points, reach);
    case 'polygon': return inside(point, bounds(a)) && (a.fill ? true : nearPolyline(point, a.points, reach, true));
    case 'highlight': case 'underline': case 'strikeOut': case 'squiggly':
      return a.quads.some((q) => inside(point, boundsOfPoints(quadPoints(q), tolerance)));
    default: {
      const [x1, y1, x2, y2] = bounds(a);
      return inside(point, [x1 - tolerance, y1 - tolerance, x2 + tolerance, y2 + tolerance]);
    }
  }
}

/** The topmost annotation on a page at a point, or null. */
export function topmostAt(annotations, point, tolerance) {
  for (let i = annotations.length - 1; i >= 0; i--) {
    if (hits(annotations[i], point, tolerance)) return annotations[i];
  }
  return null;
}

/**
 * A copy of the annotation mapped from box `from` to box `to` (both page-space rects):
 * moving when the sizes match, resizing otherwise. Widths and font sizes are kept.
 */
export function mapAnnotation(a, from, to) {
  const [fx1, fy1, fx2, fy2] = from;
  const [tx1, ty1, tx2, ty2] = to;
  const sx = (tx2 - tx1) / ((fx2 - fx1) || 1);
  const sy = (ty2 - ty1) / ((fy2 - fy1) || 1);
  const map = ([x, y, ...rest]) => [tx1 + (x - fx1) * sx, ty1 + (y - fy1) * sy, ...rest];
  const copy = structuredClone(a);
  if (copy.rect) {
    const [x1, y1] = map([copy.rect[0], copy.rect[1]]);
    const [x2, y2] = map([copy.rect[2], copy.rect[3]]);
    copy.rect = normRect([x1, y1, x2, y2]);
  }
  if (copy.paths) copy.paths = copy.paths.map((path) => path.map(map));
  if (copy.points) copy.points = copy.points.map(map);
  if (copy.quads) {
    copy.quads = copy.quads.map((q) => {
      const out = [];
      for (let i = 0; i < 8; i += 2) out.push(...map([q[i], q[i + 1]]));
      return out;
    });
  }
  // Geometry-derived rects are recomputed by the engine; keep ours consistent meanwhile.
  if (pointsOf(copy) && copy.rect) delete copy.rect;
  return copy;
}

/** Translate by (dx, dy) in page space. */
export function moveAnnotation(a, dx, dy) {
  const b = bounds(a);
  return mapAnnotation(a, b, [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy]);
}
