// The page ↔ view transform, mirroring the engine's Viewport exactly
// (Sources/MarginaliaEditor/Viewport/Viewport+Transform.swift and docs/coordinates.md).
// Matrices are [a, b, c, d, e, f] with row vectors, as Foundation's AffineTransform, PDF
// and SVG's matrix(): x' = a·x + c·y + e, y' = b·x + d·y + f; multiply(A, B) applies A first.
//
//   pageToView = T(−ox, −oy) · S(1, −1) · T(0, h) · R(r) · T(shift(r)) · S(zoom) · T(F)
//
// This module owns that arithmetic; nothing else in Web/ converts coordinates its own way.

/** @typedef {[number, number, number, number, number, number]} Matrix */
/** @typedef {{index: number, box: number[], rotation: number}} PageGeometry */

/** @returns {Matrix} */
export const translation = (x, y) => [1, 0, 0, 1, x, y];
/** @returns {Matrix} */
export const scaling = (sx, sy = sx) => [sx, 0, 0, sy, 0, 0];

/** Rotation by a multiple of 90°, exact (clockwise on screen in a y-down space). */
export function rotation(degrees) {
  const r = normaliseRotation(degrees);
  const [cos, sin] = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] }[r];
  return /** @type {Matrix} */ ([cos, sin, -sin, cos, 0, 0]);
}

/** A, then B. */
export function multiply(A, B) {
  return /** @type {Matrix} */ ([
    A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
    A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3],
    A[4] * B[0] + A[5] * B[2] + B[4], A[4] * B[1] + A[5] * B[3] + B[5],
  ]);
}

/** The inverse of an invertible matrix (the identity for a singular one). */
export function invert(m) {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!det) return translation(0, 0); // the identity
  return /** @type {Matrix} */ ([
    m[3] / det, -m[1] / det, -m[2] / det, m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det,
  ]);
}

/** @returns {[number, number]} */
export function apply(m, [x, y]) {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** /Rotate folded into 0/90/180/270, as the engine does. */
export function normaliseRotation(r) {
  const n = (((Math.round(r) || 0) % 360) + 360) % 360;
  return n - (n % 90);
}

/** The page's size before rotation, from its crop box. */
export function pageSize(page) {
  const [x1, y1, x2, y2] = page.box;
  return { width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** The displayed size at zoom 1: (w, h), or (h, w) when turned a quarter. */
export function displayedSize(page, viewRotation = 0) {
  const { width, height } = pageSize(page);
  const r = normaliseRotation(page.rotation + viewRotation);
  return r === 90 || r === 270 ? { width: height, height: width } : { width, height };
}

/**
 * Page space to the displayed page at zoom 1, origin top-left, y down
 * (the engine's unzoomedPageTransform).
 * @param {PageGeometry} page
 * @returns {Matrix}
 */
export function unzoomedPageTransform(page, viewRotation = 0) {
  const ox = Math.min(page.box[0], page.box[2]);
  const oy = Math.min(page.box[1], page.box[3]);
  const { width: w, height: h } = pageSize(page);
  const r = normaliseRotation(page.rotation + viewRotation);
  const shift = { 0: [0, 0], 90: [h, 0], 180: [w, h], 270: [0, w] }[r];
  let m = translation(-ox, -oy);
  m = multiply(m, scaling(1, -1));
  m = multiply(m, translation(0, h));
  m = multiply(m, rotation(r));
  return multiply(m, translation(shift[0], shift[1]));
}

/**
 * Page space to view space for a page whose frame's top-left is at `frameOrigin`.
 * @returns {Matrix}
 */
export function pageToView(page, zoom, frameOrigin = [0, 0], viewRotation = 0) {
  return multiply(multiply(unzoomedPageTransform(page, viewRotation), scaling(zoom)),
    translation(frameOrigin[0], frameOrigin[1]));
}

/** @returns {Matrix} */
export function viewToPage(page, zoom, frameOrigin = [0, 0], viewRotation = 0) {
  return invert(pageToView(page, zoom, frameOrigin, viewRotation));
}

/** The SVG `matrix(...)` attribute value of a matrix. */
export function svgMatrix(m) {
  return `matrix(${m.map((v) => +v.toFixed(6)).join(' ')})`;
}

/** Clamp a zoom as the engine does (0.1 ... 16; NaN becomes 1). */
export function clampZoom(z) {
  return Number.isFinite(z) ? Math.min(16, Math.max(0.1, z)) : 1;
}
