// Text boxes (free text) in the overlay: their lines where the engine's `textBoxLayout` puts
// them (TextBoxLayout, the numbers the appearance stream writes; docs/engine.md, "Drawn
// once"), and the faces pdf.js draws the standard Helvetica family with, which stamps' titles
// use too. Text is only ever set through textContent.

import { svg, normRect } from './svg.js';
import { call } from './engine.js';
import { defaultTextColorOfType } from './vocabulary.js';

let measuring = null;  // a canvas's context that measures characters (measureCharacters)

// The appearance writer's widths of text it draws in embedded fonts (TextBoxWidths), asked of
// the server (`GET /api/v1/fonts/widths`) once per font and text: `font\ntext` -> the widths,
// null when the server cannot tell (the browser measures then: measureCharacters), or the
// pending request. Only the latest WIDTHS_KEPT texts are kept.
const writerWidths = new Map();
const WIDTHS_KEPT = 200;
/** How long a request for widths that failed is answered "measure here" before it is asked again. */
const WIDTHS_RETRY_MS = 10000;
let widthsSource = null;  // (font, text) => Promise<{widths}>: setTextWidthsSource
let widthsArrived = () => {};
const widthsListeners = new Set();  // onTextWidths

// The faces pdf.js draws the standard Helvetica family with (its standard fonts: Liberation
// Sans, Helvetica's widths), so a stamp's title or a text box under edit has the saved file's
// glyphs; each loaded with the first annotation drawn in it, the fallbacks drawing until (or
// unless) it has loaded.
export const STANDARD_FACE = 'MarginaliaHelvetica';
export const STAMP_FACE = STANDARD_FACE;
const loadedFaces = new Set();

/** Starts loading a shown face's file (shownFace) as the STANDARD_FACE of its weight and slant. */
export function loadTextFace(face) {
  if (!face.file || loadedFaces.has(face.file) || typeof FontFace === 'undefined') return;
  loadedFaces.add(face.file);
  const loading = new FontFace(face.loaded, `url(${new URL(`/vendor/pdfjs/standard_fonts/${face.file}`, location.href).href})`,
    { weight: face.bold ? 'bold' : 'normal', style: face.italic ? 'italic' : 'normal' });
  document.fonts.add(loading);
  loading.load().catch((error) => console.warn('text face not loaded', face.file, error.message));
}

/**
 * Where text boxes beyond WinAnsi get the appearance writer's widths: `source(font, text)`
 * answers the server's `{widths}` (api.js `textWidths`); `arrived()` is called when a text's
 * widths (or the server's refusal) came, for the overlay to be drawn again with them.
 */
export function setTextWidthsSource(source, arrived) {
  widthsSource = source;
  widthsArrived = () => {
    arrived();
    for (const listener of widthsListeners) listener();
  };
}

/** Calls `listener` too whenever a text's widths came (setTextWidthsSource); answers the function that stops it. */
export function onTextWidths(listener) {
  widthsListeners.add(listener);
  return () => widthsListeners.delete(listener);
}

/**
 * The writer's widths of `text` in `font` (TextBoxWidths' JSON), null when they cannot be had,
 * undefined while they are asked for (the first time: the request is sent).
 */
function writerWidthsOf(font, text) {
  const key = `${font}\n${text}`;
  if (writerWidths.has(key)) {
    const known = writerWidths.get(key);
    return known instanceof Promise ? undefined : known;
  }
  if (!widthsSource) return null;
  const asked = widthsSource(font, text).then((answer) => {
    writerWidths.set(key, answer.widths ?? null);  // null: the server cannot tell; measured here
    widthsArrived();
  }, (error) => {
    // Not had this time (a restart, the network): measured here for now, asked again later.
    console.warn('text widths not had', error.message);
    writerWidths.set(key, null);
    widthsArrived();
    setTimeout(() => { if (writerWidths.get(key) === null) writerWidths.delete(key); }, WIDTHS_RETRY_MS);
  });
  writerWidths.set(key, asked);
  while (writerWidths.size > WIDTHS_KEPT) writerWidths.delete(writerWidths.keys().next().value);
  return undefined;
}

/**
 * A text box as its appearance draws it, every number the engine's (`textBoxLayout`,
 * TextBoxLayout): in the appearance's space (the box upright for the reader) turned onto the
 * page by the engine's `matrix` (a rotated page's box reads upright, as the saved appearance's
 * `/Matrix` turns it), its background, its border's centreline and width, and its lines (each
 * baseline's origin and width), clipped to the box less its padding, each line's glyphs in the
 * font's face at the engine's length. Text the appearance draws in an embedded font (beyond
 * WinAnsi, or decomposed accents) is laid out by the engine too, with the writer's own widths
 * from the server (writerWidthsOf); until they come, or where the server cannot tell, with the
 * browser's widths of the characters the engine asks for (`measureCharacters`). The group says
 * which (`data-measured-by`: `writer` or `browser`).
 */
export function drawFreeText(a) {
  let layout;
  try {
    layout = textBoxLayout(a);
  } catch (error) {
    console.warn('text box not drawn', a.id, error.message);
    return [];
  }
  const parts = [];
  const rect = ([x1, y1, x2, y2], attributes) => svg('rect', { x: x1, y: y1, width: x2 - x1, height: y2 - y1, ...attributes });
  if (layout.background && a.color) parts.push(rect(layout.background, { fill: a.color }));
  // The border in the text colour, inside the box, as the appearance draws it.
  if (layout.border) {
    parts.push(rect(layout.border.rect, { class: 'free-text-border', fill: 'none', stroke: a.textColor ?? defaultTextColorOfType(a.type),
      'stroke-width': layout.border.width }));
  }
  const face = shownFace(layout.face);
  loadTextFace(face);
  const lines = layout.lines.map((line) => {
    const text = svg('text', {
      class: 'free-text', x: line.x, y: -line.baseline, fill: a.textColor ?? defaultTextColorOfType(a.type), 'font-size': layout.fontSize,
      ...faceAttributes(face),
      textLength: line.width > 0 ? line.width : undefined, lengthAdjust: 'spacing',
    });
    // Tj applies no kerning and keeps every space (CSS properties, not SVG attributes).
    text.style.fontKerning = 'none';
    text.style.whiteSpace = 'pre';
    text.textContent = line.text;
    return text;
  });
  // A nested viewport on the box's coordinates clips to the padding, as the appearance does;
  // inside, y turned down for the glyphs.
  const [cx1, cy1, cx2, cy2] = normRect(layout.clip);
  parts.push(svg('svg', { class: 'free-text-clip', x: cx1, y: cy1, width: cx2 - cx1, height: cy2 - cy1,
    viewBox: `${cx1} ${cy1} ${cx2 - cx1} ${cy2 - cy1}`, overflow: 'hidden' }, [svg('g', { transform: 'scale(1 -1)' }, lines)]));
  return [svg('g', { class: 'free-text-box', transform: `matrix(${layout.matrix.join(' ')})`,
    'data-measured-by': layout.measuredBy }, parts)];
}

/**
 * The engine's layout of the text box `a` (`textBoxLayout`), with its lines even where text is
 * drawn in an embedded font: laid out in the writer's widths when the server gave them, else
 * (until they come, or where it cannot tell) in the browser's (drawFreeText). Throws the
 * engine's refusal.
 */
export function textBoxLayout(a) {
  const layout = call({ call: 'textBoxLayout', annotation: a });
  if (!layout.measure) return layout;
  const widths = writerWidthsOf(a.font ?? 'Helvetica', a.text ?? '');
  return call({ call: 'textBoxLayout', annotation: a,
    ...(widths ? { widths } : { measured: measureCharacters(layout.measure, layout.face) }) });
}

/** The font families a text box's glyphs are drawn (and measured) in (`face`: shownFace's). */
export function shownFamily(face) {
  return face.loaded ? `${face.loaded}, ${face.family}` : face.family;
}

/**
 * The widths the engine asks for (`textBoxLayout`'s `measure`: characters the appearance draws
 * in an embedded font, which the WebAssembly core holds no widths of) when the writer's cannot
 * be had from the server, each in 1/1000 of the size, as the browser shows it in the engine's
 * `face` (its answer's), unkerned: `{character: width}`.
 */
function measureCharacters(characters, face) {
  measuring ??= document.createElement('canvas').getContext('2d');
  measuring.font = cssFont(shownFace(face), 1000);
  measuring.fontKerning = 'none';
  return Object.fromEntries(characters.map((character) => [character, measuring.measureText(character).width]));
}

/**
 * The families a standard font's face (`face.family`, the engine's) is shown in: the font
 * itself or metric-compatible ones (URW's, Liberation's), and for Helvetica's the file pdf.js
 * draws it with (Liberation Sans from its standard fonts, Helvetica's widths; pdf.js draws Times
 * and Courier with Type 1 fonts a browser cannot load). Symbol and ZapfDingbats: Helvetica's
 * families, as before.
 */
const FAMILIES = {
  Helvetica: { css: "Helvetica, Arial, 'Nimbus Sans', 'Liberation Sans', sans-serif", file: 'LiberationSans' },
  Times: { css: "Times, 'Times New Roman', 'Nimbus Roman', 'Liberation Serif', serif" },
  Courier: { css: "Courier, 'Courier New', 'Nimbus Mono PS', 'Liberation Mono', monospace" },
};

/**
 * How the browser shows a standard font's face, `face` as the engine answers it (`{family,
 * bold, italic}`: `textBoxLayout`'s `face`, or fontFace): its CSS families, weight and slant,
 * and for Helvetica's faces the face pdf.js draws them with (`loaded`, `file`; loadTextFace).
 */
export function shownFace({ family, bold, italic }) {
  const known = FAMILIES[family];
  const file = known?.file && `${known.file}-${bold || italic ? `${bold ? 'Bold' : ''}${italic ? 'Italic' : ''}` : 'Regular'}.ttf`;
  return { family: (known ?? FAMILIES.Helvetica).css, bold, italic, loaded: file ? STANDARD_FACE : undefined, file };
}

/**
 * The engine's face of the font `font` names (`fontFace`: `{family, bold, italic}`; Helvetica's
 * regular face for none), with `fontSize` (points) its `lineHeight` at that size too: the
 * distance between the lines of a text box (TextBoxLayout), for a textarea typed in that face.
 */
export function fontFace(font, fontSize) {
  return call({ call: 'fontFace', font: font ?? 'Helvetica', ...(fontSize == null ? {} : { fontSize }) });
}

/** A CSS `font` shorthand of a shown face (shownFace) at `size` CSS pixels. */
export function cssFont(face, size) {
  return `${face.italic ? 'italic ' : ''}${face.bold ? 'bold ' : ''}${size}px ${shownFamily(face)}`;
}

/** An SVG text's attributes for a shown face (shownFace): its families, weight and slant. */
export function faceAttributes(face) {
  return { 'font-family': shownFamily(face), 'font-weight': face.bold ? 'bold' : undefined, 'font-style': face.italic ? 'italic' : undefined };
}

/** An element's style properties for a shown face (shownFace): its families, weight and slant. */
export function faceStyle(face) {
  return { fontFamily: shownFamily(face), fontWeight: face.bold ? 'bold' : 'normal', fontStyle: face.italic ? 'italic' : 'normal' };
}
