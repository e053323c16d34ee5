// Draws annotations as SVG in page space. Each page gets one <svg> whose viewBox is the
// displayed page at zoom 1; a group carries the engine's page transform (y flip, rotation;
// the viewer's `place`), so shapes are vector and sharp at every zoom. Ink is drawn with the
// paths the engine gives (InkOutline: the same outline as the saved appearance); text markup,
// squares, circles, lines, polylines, polygons and redaction marks, line endings included, are
// the engine's drawing (`annotationDrawing`: the marks their appearance streams paint), with no
// geometry of their own here (docs/engine.md, "Drawn once"); text boxes are placed by the
// engine too (overlaytext.js, `textBoxLayout`). Annotation text is only ever set
// through textContent.

import { svg, normRect } from './svg.js';
import { call } from './engine.js';
import { defaultColorOfType } from './vocabulary.js';
import { noteIconShapes } from './noteicons.js';
import { t } from './i18n.js';
import { drawFreeText, loadTextFace, shownFace, faceAttributes } from './overlaytext.js';

// Text boxes' faces (the engine's, shown as the overlay shows them), for the tools that show text as the overlay does.
export { fontFace, setTextWidthsSource } from './overlaytext.js';

const svgMatrix = (m) => `matrix(${m.map((v) => +v.toFixed(6)).join(' ')})`;

/**
 * Creates the overlay of a page: { root, multiply, elements, fields, highlights, content,
 * waiting, preview, chrome }. Highlights are drawn in a second <svg> under the first, which
 * multiplies with the page canvas as a whole: WebKit blends an element inside an <svg> only
 * with the rest of that <svg>, so a blend mode on the highlight itself washes the text out there.
 */
export function createOverlay(page) {
  const fields = svg('g', { class: 'form-fields' }); // forms.js draws here
  const highlights = svg('g', { class: 'annotations highlights' });
  const content = svg('g', { class: 'annotations' });
  const waiting = svg('g', { class: 'waiting' }); // edits made offline, not yet on the server
  const preview = svg('g', { class: 'preview' });
  const chrome = svg('g', { class: 'chrome' });
  const screen = svg('g', { class: 'screen-fixed' });
  const multiply = svg('svg', { class: 'overlay multiply', preserveAspectRatio: 'none', 'aria-hidden': 'true' }, [highlights]);
  const root = svg('svg', { class: 'overlay', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    [fields, content, waiting, screen, preview, chrome]);
  const overlay = {
    root, multiply, elements: [multiply, root], fields, highlights, content, waiting, preview, chrome, screen, page,
    /** Page space to the overlay's zoom-1 units: the engine's page-to-frame matrix over the zoom. */
    unzoomed: [1, 0, 0, 1, 0, 0],
    /** The element drawing annotation `id`, if the overlay draws it. */
    find(id) {
      const selector = `[data-id="${CSS.escape(id)}"]`;
      return root.querySelector(selector) ?? multiply.querySelector(selector);
    },
    /** Takes the engine's page-to-frame matrix at `zoom`. */
    place(matrix, zoom) {
      overlay.unzoomed = matrix.map((v) => v / zoom);
      const transform = svgMatrix(overlay.unzoomed);
      for (const group of [fields, highlights, content, waiting, preview, chrome]) group.setAttribute('transform', transform);
      const box = root.parentNode?.style;
      const width = parseFloat(box?.width ?? '0') / zoom, height = parseFloat(box?.height ?? '0') / zoom;
      if (width > 0 && height > 0) for (const layer of overlay.elements) layer.setAttribute('viewBox', `0 0 ${width} ${height}`);
    },
  };
  return overlay;
}

/**
 * Redraws the live annotations of a page. `placements` (the engine's `screenPlacements`: id ->
 * page-to-frame matrix) holds those that keep their size on screen (NoZoom notes and stamps):
 * each is drawn as in page space, through its placement over `zoom` (the overlay's units are
 * CSS px at zoom 1), in the layer over the page's content.
 */
export function renderAnnotations(overlay, annotations, zoom, placements = new Map()) {
  // Elements are reused while their annotation object is the same one (the model replaces
  // the object on every change), so a new stroke on a page of thousands costs one element.
  const previous = overlay.drawn ?? new Map();
  const drawn = new Map();
  const content = [];
  const highlights = [];
  const screen = [];
  for (const annotation of annotations) {
    const placement = placements.get(annotation.id);
    if (placement) {
      const element = drawAnnotation(annotation);
      if (element) screen.push(svg('g', { class: 'fixed-size', transform: svgMatrix(placement.map((v) => v / zoom)) }, [element]));
      continue;
    }
    const old = previous.get(annotation.id);
    const element = old?.annotation === annotation ? old.element : drawAnnotation(annotation);
    if (!element) continue;
    element.classList.remove('erasing', 'moving');
    drawn.set(annotation.id, { annotation, element });
    (element.dataset.blend === 'multiply' ? highlights : content).push(element);
  }
  overlay.drawn = drawn;
  if (!sameChildren(overlay.content, content)) overlay.content.replaceChildren(...content);
  if (!sameChildren(overlay.highlights, highlights)) overlay.highlights.replaceChildren(...highlights);
  overlay.screen.replaceChildren(...screen);
}

function sameChildren(parent, elements) {
  const children = parent.children;
  if (children.length !== elements.length) {
    // The common case, one annotation added at the end: append it alone.
    if (children.length + 1 === elements.length && elements.slice(0, -1).every((e, i) => children[i] === e)) {
      parent.append(elements[elements.length - 1]);
      return true;
    }
    return false;
  }
  return elements.every((e, i) => children[i] === e);
}

/**
 * Whether the user can select an annotation of this type. Form widgets are not drawn here:
 * forms.js shows the fields and the Form tool fills them.
 */
export function isDrawable(a) {
  return a.type in DRAWERS;
}

/** One annotation as an SVG group in page space, or null for types we cannot show. */
export function drawAnnotation(a) {
  const draw = DRAWERS[a.type];
  if (!draw) return null;
  const group = svg('g', { 'data-id': a.id, class: `annotation ${a.type}` });
  const opacity = a.opacity ?? 1;
  // Group opacity: a translucent stroke's crossings are not darker, as in the saved appearance.
  // A brush's layers each carry the opacity themselves, as the appearance paints them.
  if (opacity < 1 && !isBrushed(a)) group.setAttribute('opacity', String(opacity));
  for (const child of [draw(a, group)].flat()) if (child) group.append(child);
  return group;
}

/**
 * An annotation as the engine draws its appearance (`annotationDrawing`, AnnotationDrawing):
 * each mark a path filled and/or stroked in the colours, width, cap, join, miter limit and dash
 * the engine gives. A drawing with a blend mode (a highlight's multiply) marks `group` with it, which puts
 * it in the layer that blends with the page (renderAnnotations).
 */
export function drawnByEngine(a, group) {
  let drawing;
  try {
    drawing = call({ call: 'annotationDrawing', annotation: a });
  } catch (error) {
    // An annotation the engine cannot read (setAnnotations reported it): nothing to draw.
    console.warn('annotation not drawn', a.id, error.message);
    return [];
  }
  if (drawing.blendMode) group?.setAttribute('data-blend', drawing.blendMode);
  return drawing.marks.map((mark) => svg('path', {
    d: mark.d, class: 'drawn-mark', fill: mark.fill ?? 'none', stroke: mark.stroke ?? 'none',
    'stroke-width': mark.stroke ? mark.width : undefined,
    'stroke-linecap': mark.stroke ? mark.cap : undefined,
    'stroke-linejoin': mark.stroke ? mark.join : undefined,
    'stroke-miterlimit': mark.stroke ? mark.miterLimit : undefined,
    'stroke-dasharray': mark.stroke && mark.dash.length ? mark.dash.join(' ') : undefined,
  }));
}

const stroke = (a, extra = {}) => ({
  fill: 'none', stroke: a.color ?? defaultColorOfType(a.type), 'stroke-width': a.width ?? 1,
  'stroke-linecap': 'round', 'stroke-linejoin': 'round',
  'stroke-dasharray': a.borderStyle === 'dashed' ? (a.dash ?? [3]).join(' ') : undefined, ...extra,
});

/** Whether ink is drawn with a textured brush (its layers carry their own opacity). */
export const isBrushed = (a) => a.type === 'ink' && !!a.brush && a.brush !== 'pen';

/**
 * Ink as the engine draws it (its InkOutline, the saved appearance's): each stroke a filled
 * outline when pressure varies, else the curve stroked with the annotation's width. A brush
 * (pencil, marker...) is the layers of the engine's BrushDrawing, each with its own width,
 * cap, dash (the grain), opacity and blend mode, exactly as the appearance stream paints them.
 */
export function inkPaths(a, paths = call({ call: 'inkPaths', annotation: a }).paths) {
  return brushMarks(paths, a.color ?? defaultColorOfType(a.type), a.opacity ?? 1, stroke(a));
}

/**
 * SVG paths for marks of the engine (`inkPaths`, `brushSample`, a brushed live stroke): filled
 * outlines in `color`, or curves stroked with `plain` attributes unless the mark gives its own.
 */
export function brushMarks(marks, color, opacity = 1, plain = { fill: 'none', stroke: color, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }) {
  return marks.map((mark) => {
    const attributes = mark.filled
      ? { d: mark.d, class: 'ink-stroke', fill: color, stroke: 'none' }
      : { d: mark.d, class: 'ink-stroke', ...plain, stroke: color };
    if (!mark.filled && mark.width !== undefined) {
      Object.assign(attributes, { 'stroke-width': mark.width, 'stroke-linecap': mark.cap, 'stroke-linejoin': 'round',
        'stroke-dasharray': mark.dash?.length ? mark.dash.join(' ') : undefined });
    }
    if (mark.alpha !== undefined) attributes.opacity = +(mark.alpha * opacity).toFixed(4);
    if (mark.blendMode) attributes.class += ` blend-${mark.blendMode}`;
    return svg('path', attributes);
  });
}

const DRAWERS = {
  ink: (a) => inkPaths(a),
  square: drawnByEngine,
  circle: drawnByEngine,
  line: drawnByEngine,
  polyline: drawnByEngine,
  polygon: drawnByEngine,
  freeText: drawFreeText,
  stamp: drawStamp,
  note: drawNote,
  highlight: drawnByEngine,
  underline: drawnByEngine,
  strikeOut: drawnByEngine,
  squiggly: drawnByEngine,
  // A redaction mark before it is applied: the outline of each quad (or inside the rect, the
  // area), as its appearance strokes it (AnnotationDrawing.redaction).
  redact: drawnByEngine,
};

/** A stamp's image data (base64 PNG or JPEG, the two a stamp holds) as a data URL. */
export function imageURL(base64) {
  return `data:${base64.startsWith('/9j/') ? 'image/jpeg' : 'image/png'};base64,${base64}`;
}

/**
 * An image stamp as its appearance draws it: the engine's `imageLayout` places the picture
 * (its crop kept, its quarter turns made, on the page's rotation), clipped to the rect, then
 * the frame in the colour the engine gives it (the stamp's, black when it names none).
 */
function drawImage(a) {
  const layout = call({ call: 'imageLayout', annotation: a });
  const [x1, y1, x2, y2] = normRect(layout.clip);
  // The unit square (first row at the top) drawn as a 1000-unit SVG image (y down).
  const picture = svg('image', {
    href: imageURL(a.image), width: 1000, height: 1000, preserveAspectRatio: 'none',
    transform: `${svgMatrix(layout.matrix)} matrix(0.001 0 0 -0.001 0 1)`,
  });
  // A nested viewport on the page's own coordinates clips to the rect.
  const parts = [svg('svg', { class: 'image-clip', x: x1, y: y1, width: x2 - x1, height: y2 - y1, viewBox: `${x1} ${y1} ${x2 - x1} ${y2 - y1}`, overflow: 'hidden' }, [picture])];
  if (layout.frame) {
    const [fx1, fy1, fx2, fy2] = normRect(layout.frame.rect);
    parts.push(svg('rect', { class: 'image-frame', x: fx1, y: fy1, width: fx2 - fx1, height: fy2 - fy1, fill: 'none', stroke: layout.frame.color, 'stroke-width': layout.frame.width, 'stroke-linejoin': 'miter' }));
  }
  return parts;
}

// Where the picture of an appearance another application drew comes from: the editor sets
// it for the document it opens (annotation -> URL).
let foreignPicture = () => null;

/** Sets the source of the pictures of appearances other applications drew (`foreignAppearance`). */
export function setForeignAppearanceSource(source) {
  foreignPicture = source;
}

/**
 * A stamp whose appearance another application drew (`foreignAppearance`): that appearance,
 * drawn by the server alone on a transparent picture, stretched over the rect as a move or a
 * resize places it. Its fields (a name the engine does not know, no image data) say nothing
 * of how it looks; drawn from them it would be a label it never was.
 */
function drawForeign(a) {
  const [x1, y1, x2, y2] = normRect(a.rect);
  const url = foreignPicture(a);
  if (!url) return svg('rect', { x: x1, y: y1, width: x2 - x1, height: y2 - y1, fill: 'none', stroke: '#888', 'stroke-dasharray': '3 2' });
  // The picture's first row is the rect's top: flipped into the overlay's y-up page space.
  return svg('image', { class: 'foreign-appearance', href: url, x: 0, y: 0, width: x2 - x1, height: y2 - y1,
    preserveAspectRatio: 'none', transform: `matrix(1 0 0 -1 ${x1} ${y2})` });
}

/**
 * A named stamp as its appearance draws it (the engine's `stampLabel`: StampLabel and its
 * titleLayout): a rounded frame in its colour around its title in capitals, in the face the
 * engine names (`face`: Helvetica-Bold's, or its metric twin) at the size, baseline origin and
 * length the engine gives (that font's widths, no kerning, as the appearance stream writes it).
 */
function drawStamp(a) {
  if (a.foreignAppearance) return drawForeign(a);
  if (a.image) return drawImage(a);
  const [x1, y1, x2, y2] = normRect(a.rect);
  const label = call({ call: 'stampLabel', name: a.name ?? 'Draft', rect: [x1, y1, x2, y2] });
  const [fx1, fy1, fx2, fy2] = normRect(label.frame);
  const color = a.color ?? defaultColorOfType(a.type);
  const [x, baseline] = label.titleOrigin;
  // The face the engine writes the title in (StampLabel.titleFont), or its metric twin.
  const face = shownFace(label.face);
  loadTextFace(face);
  const text = svg('text', {
    class: 'stamp-title', x, y: 0, 'font-size': label.fontSize, fill: color, ...faceAttributes(face),
    textLength: label.titleLength > 0 ? label.titleLength : undefined, lengthAdjust: 'spacing',
  });
  text.style.fontKerning = 'none';  // Tj applies no kerning (a CSS property, not an SVG attribute)
  text.textContent = label.title;
  return [
    svg('rect', { x: fx1, y: fy1, width: fx2 - fx1, height: fy2 - fy1, rx: label.radius, fill: 'none', stroke: color, 'stroke-width': label.lineWidth }),
    // The baseline at the engine's, y turned down for the text.
    svg('g', { transform: `translate(0 ${baseline}) scale(1 -1)` }, [text]),
  ];
}

/**
 * A sticky note in page space: the icon its /Name names, as the engine (and the saved
 * appearance) draws it (NoteIcon.marks), filling the rect; or, when another application drew
 * its appearance (`foreignAppearance`), that appearance, as for stamps (its icon is that
 * application's own design). A NoZoom note (every note the editor makes) is drawn through its
 * screen placement (renderAnnotations).
 */
function drawNote(a) {
  const [x1, y1, x2, y2] = normRect(a.rect);
  const icon = a.foreignAppearance ? drawForeign(a) : svg('g', { transform: `translate(${x1} ${y2}) scale(1 -1)` },
    [noteIconShapes(a.icon, a.color ?? defaultColorOfType(a.type), x2 - x1 || 20, y2 - y1 || 20)]);
  const title = svg('title');
  title.textContent = a.contents ?? t('type.note');
  return [icon, title];
}
