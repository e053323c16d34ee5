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

/** A straight polyline path. */
export function polyPath(points, close = false) {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${+x.toFixed(2)} ${+y.toFixed(2)}`).join('') + (close ? 'Z' : '');
}
