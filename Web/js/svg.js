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

/** Creates an HTML element with attributes, properties (`on*` handlers) and children.
 *  `style` is an object of CSS properties (custom properties too), set through the element's
 *  style object: the page's Content-Security-Policy refuses style attributes. */
export function html(name, attributes = {}, children = []) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'text') element.textContent = value;
    else if (key === 'style') for (const [property, v] of Object.entries(value)) element.style.setProperty(property, String(v));
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) element.append(child);
  return element;
}

/** `[x1, y1, x2, y2]` with x1 ≤ x2 and y1 ≤ y2 (annotation JSON rects may come either way). */
export function normRect([a, b, c, d]) {
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** A /QuadPoints quad (UL, UR, LL, LR) as its four corners in drawing order. */
export function quadPoints(quad) {
  return [[quad[0], quad[1]], [quad[2], quad[3]], [quad[6], quad[7]], [quad[4], quad[5]]];
}

/** A straight polyline path. */
export function polyPath(points, close = false) {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${+x.toFixed(2)} ${+y.toFixed(2)}`).join('') + (close ? 'Z' : '');
}
