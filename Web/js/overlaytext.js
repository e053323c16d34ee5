// Text boxes (free text) in the overlay: their lines where the engine's `textBoxLayout` puts
// them (TextBoxLayout, the numbers the appearance stream writes; docs/engine.md, "Drawn
// once"), and the faces pdf.js draws the standard Helvetica family with, which stamps' titles
// use too. Text is only ever set through textContent.

import { svg, normRect } from './svg.js';
import { call } from './engine.js';

let measuring = null;  // a canvas's context that measures text (drawTextInBrowser)

// The faces pdf.js draws the standard Helvetica family with (its standard fonts: Liberation
// Sans, Helvetica's widths), so a stamp's title or a text box under edit has the saved file's
// glyphs; each loaded with the first annotation drawn in it, the fallbacks drawing until (or
// unless) it has loaded.
export const STANDARD_FACE = 'MarginaliaHelvetica';
export const STAMP_FACE = STANDARD_FACE;
const loadedFaces = new Set();

/** Starts loading `face`'s file (textBoxFace) as the STANDARD_FACE of its weight and slant. */
export function loadTextFace(face) {
  if (!face.file || loadedFaces.has(face.file) || typeof FontFace === 'undefined') return;
  loadedFaces.add(face.file);
  const loading = new FontFace(face.loaded, `url(${new URL(`/vendor/pdfjs/standard_fonts/${face.file}`, location.href).href})`,
    { weight: face.bold ? 'bold' : 'normal', style: face.italic ? 'italic' : 'normal' });
  document.fonts.add(loading);
  loading.load().catch((error) => console.warn('text face not loaded', face.file, error.message));
}

/**
 * A text box: its background and border, and its text in a standard font where the engine
 * lays it out (`textBoxLayout`, TextBoxLayout: the lines, each baseline's origin and width its
 * appearance stream writes), clipped to the box less its padding, each line's glyphs in the
 * font's face at the engine's length. Text the engine does not measure (characters beyond
 * WinAnsi or decomposed accents, which the appearance draws in an embedded, shaped font) is
 * laid out by the browser (`drawTextInBrowser`).
 */
export function drawFreeText(a) {
  const [x1, y1, x2, y2] = normRect(a.rect);
  const border = a.width ?? 0;
  const parts = [];
  if (a.color) parts.push(svg('rect', { x: x1, y: y1, width: x2 - x1, height: y2 - y1, fill: a.color }));
  // The border in the text colour, inside the box, as the appearance draws it.
  if (border > 0) {
    const inset = Math.min(border / 2, (x2 - x1) / 2, (y2 - y1) / 2);
    parts.push(svg('rect', { class: 'free-text-border', x: x1 + inset, y: y1 + inset, width: x2 - x1 - 2 * inset, height: y2 - y1 - 2 * inset,
      fill: 'none', stroke: a.textColor ?? '#000000', 'stroke-width': border }));
  }
  let layout;
  try {
    layout = call({ call: 'textBoxLayout', annotation: a });
  } catch (error) {
    console.warn('text box not drawn', a.id, error.message);
    return parts;
  }
  if (!layout.standard) return [...parts, drawTextInBrowser(a, layout.font)];
  const face = textBoxFace(layout.font);
  loadTextFace(face);
  const lines = layout.lines.map((line) => {
    const text = svg('text', {
      class: 'free-text', x: line.x, y: -line.baseline, fill: a.textColor ?? '#000000', 'font-size': layout.fontSize,
      'font-family': face.loaded ? `${face.loaded}, ${face.family}` : face.family,
      'font-weight': face.bold ? 'bold' : undefined, 'font-style': face.italic ? 'italic' : undefined,
      textLength: line.width > 0 ? line.width : undefined, lengthAdjust: 'spacing',
    });
    // Tj applies no kerning and keeps every space (CSS properties, not SVG attributes).
    text.style.fontKerning = 'none';
    text.style.whiteSpace = 'pre';
    text.textContent = line.text;
    return text;
  });
  // A nested viewport on the page's coordinates clips to the padding, as the appearance does;
  // inside, y turned down for the glyphs.
  const [cx1, cy1, cx2, cy2] = normRect(layout.clip);
  parts.push(svg('svg', { class: 'free-text-clip', x: cx1, y: cy1, width: cx2 - cx1, height: cy2 - cy1,
    viewBox: `${cx1} ${cy1} ${cx2 - cx1} ${cy2 - cy1}`, overflow: 'hidden' }, [svg('g', { transform: 'scale(1 -1)' }, lines)]));
  return parts;
}

/**
 * Text the engine does not lay out (`textBoxLayout` answers `standard: false`: the appearance
 * embeds a font and shapes the text, which the WebAssembly core does not): wrapped and placed
 * by the browser in the face it shows (`wrapLines`), in a y-down group at the box's top-left.
 */
function drawTextInBrowser(a, font) {
  const [x1, , x2, y2] = normRect(a.rect);
  const size = a.fontSize ?? 12;
  const padding = (a.width ?? 0) + 2;
  const face = textBoxFace(font);
  const text = svg('text', {
    class: 'free-text', fill: a.textColor ?? '#000000', 'font-size': size, 'font-family': face.family,
    'font-weight': face.bold ? 'bold' : undefined, 'font-style': face.italic ? 'italic' : undefined,
  });
  text.style.fontKerning = 'none';
  const align = a.alignment ?? 'left';
  const anchorX = align === 'center' ? (x2 - x1) / 2 : align === 'right' ? x2 - x1 - padding : padding;
  text.setAttribute('text-anchor', { left: 'start', center: 'middle', right: 'end' }[align] ?? 'start');
  wrapLines(a.text ?? '', size, x2 - x1 - 2 * padding, face).forEach((line, i) => {
    const tspan = svg('tspan', { x: anchorX, y: padding + size * (face.ascent + i * TEXT_LINE_HEIGHT) });
    tspan.textContent = line;
    text.append(tspan);
  });
  return svg('g', { transform: `translate(${x1} ${y2}) scale(1 -1)` }, [text]);
}

/** Baselines apart, in font sizes: the appearance's (TextLayout.lineHeightFactor). */
export const TEXT_LINE_HEIGHT = 1.15;

/**
 * How a text box's standard font (`font`: Helvetica, Times-Italic...) is shown in the browser:
 * the font itself or a metric-compatible family (URW's, Liberation's), the standard family
 * it belongs to (restyle's `family`), its weight and slant, the ascent (in font sizes) its
 * first baseline sits below the padding, as the appearance sets it, and for Helvetica's faces
 * the face pdf.js draws them with (`loaded`, `file`: Liberation Sans from its standard fonts,
 * Helvetica's widths; pdf.js draws Times and Courier with Type 1 fonts a browser cannot load).
 */
export function textBoxFace(font = 'Helvetica') {
  const name = font ?? 'Helvetica';
  const serif = /Times/.test(name), mono = /Courier/.test(name);
  const bold = /Bold/.test(name), italic = /Oblique|Italic/.test(name);
  const sans = !serif && !mono && !/Symbol|Dingbats/.test(name);
  return {
    family: serif ? "Times, 'Times New Roman', 'Nimbus Roman', 'Liberation Serif', serif"
      : mono ? "Courier, 'Courier New', 'Nimbus Mono PS', 'Liberation Mono', monospace"
      : "Helvetica, Arial, 'Nimbus Sans', 'Liberation Sans', sans-serif",
    standard: serif ? 'Times' : mono ? 'Courier' : 'Helvetica',  // restyle's `family`
    bold, italic,
    ascent: serif ? 0.683 : mono ? 0.629 : 0.718,
    loaded: sans ? STANDARD_FACE : undefined,
    file: sans ? `LiberationSans-${bold || italic ? `${bold ? 'Bold' : ''}${italic ? 'Italic' : ''}` : 'Regular'}.ttf` : undefined,
  };
}

/**
 * The lines a text box's text the engine does not lay out (`drawTextInBrowser`) breaks into
 * within `width` points at `size`: at spaces, greedily, a word wider than the line broken
 * between characters, as the appearance's rule, but measured in the face the browser shows,
 * not the embedded font the appearance draws with.
 */
function wrapLines(text, size, width, face = textBoxFace()) {
  measuring ??= document.createElement('canvas').getContext('2d');
  measuring.font = `${face.italic ? 'italic ' : ''}${face.bold ? 'bold ' : ''}${size}px ${face.family}`;
  measuring.fontKerning = 'none';  // Tj applies no kerning
  const fits = (line) => measuring.measureText(line.replace(/ +$/, '')).width <= width + 1e-6;
  const lines = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (fits(candidate)) { line = candidate; continue; }
      if (line !== '') lines.push(line);
      // A word wider than the line: as many characters as fit (at least one) per line; the
      // words after it go on with its last piece.
      let rest = word;
      while (rest.length > 1 && !fits(rest)) {
        let cut = 1;
        while (cut < rest.length - 1 && fits(rest.slice(0, cut + 1))) cut += 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

