// Small DOM helpers for SVG and HTML elements (no innerHTML anywhere: text goes in textContent).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes. */
export function svg(name, attributes = {}, children = []) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, String(value));
  }
  for (const child of children) element.append(child);
  return element;
}

/** Creates an HTML element with attributes, properties (`on*` handlers) and children. */
export function html(name, attributes = {}, children = []) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'text') element.textContent = value;
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) element.append(child);
  return element;
}

/** A smooth SVG path through points: quadratic curves through the midpoints. */
export function smoothPath(points) {
  if (points.length === 0) return '';
  const f = (v) => +v.toFixed(2);
  if (points.length < 3) {
    const [a, b = a] = points;
    return `M${f(a[0])} ${f(a[1])}L${f(b[0]) + (b === a ? 0.01 : 0)} ${f(b[1])}`;
  }
  let d = `M${f(points[0][0])} ${f(points[0][1])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    d += `Q${f(x)} ${f(y)} ${f((x + nx) / 2)} ${f((y + ny) / 2)}`;
  }
  const last = points[points.length - 1];
  return `${d}L${f(last[0])} ${f(last[1])}`;
}

/**
 * The same smooth curve as `smoothPath`, cut into one piece per point (from the midpoint
 * before it to the midpoint after it), so each piece can have its own width.
 */
export function smoothPieces(points) {
  const f = (v) => +v.toFixed(2);
  if (points.length < 3) return [smoothPath(points)];
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const pieces = [`M${f(points[0][0])} ${f(points[0][1])}L${f(mid(points[0], points[1])[0])} ${f(mid(points[0], points[1])[1])}`];
  for (let i = 1; i < points.length - 1; i++) {
    const [sx, sy] = mid(points[i - 1], points[i]);
    const [ex, ey] = mid(points[i], points[i + 1]);
    pieces.push(`M${f(sx)} ${f(sy)}Q${f(points[i][0])} ${f(points[i][1])} ${f(ex)} ${f(ey)}`);
  }
  const n = points.length;
  const [sx, sy] = mid(points[n - 2], points[n - 1]);
  pieces.push(`M${f(sx)} ${f(sy)}L${f(points[n - 1][0])} ${f(points[n - 1][1])}`);
  return pieces;
}

/** A straight polyline path. */
export function polyPath(points, close = false) {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${+x.toFixed(2)} ${+y.toFixed(2)}`).join('') + (close ? 'Z' : '');
}
