// Draws what the engine says is in progress (its preview, docs/engine.md) into the page's
// overlay: the live stroke at the widths it will have, what an eraser sweep erases (dimmed,
// or replaced by what remains of cut ink), a shape, text box or image being placed, the
// lasso or rubber band, and the selection being moved or resized. Nothing here is decided.

import { svg, polyPath, normRect } from './svg.js';
import { drawAnnotation, inkPaths, isBrushed, brushMarks } from './overlay.js';

const svgMatrix = (m) => `matrix(${m.map((v) => +v.toFixed(6)).join(' ')})`;

/** The preview layer of the open document. */
export class Preview {
  /**
   * @param {import('./viewer.js').Viewer} viewer @param {import('./opendocument.js').OpenDocument} model
   * @param {(pageIndex: number, from: number[], to: number[]) => SVGElement|null} textSpan draws a text-marking drag
   */
  constructor(viewer, model, textSpan) {
    this.viewer = viewer;
    this.model = model;
    this.textSpan = textSpan;
    this.kind = null;
    this.page = -1;
    this.marked = [];   // annotation elements dimmed or hidden by the preview
    this.group = null;
  }

  /** Draws `preview` (or clears when null). */
  draw(preview) {
    if (!preview) { this.clear(); return; }
    if (preview.type !== this.kind || preview.pageIndex !== this.page || preview.type !== 'stroke') this.clear();
    const view = this.viewer.views[preview.pageIndex];
    if (!view) return;
    this.kind = preview.type;
    this.page = preview.pageIndex;
    const layer = view.overlay.preview;
    switch (preview.type) {
      case 'stroke': return this.stroke(layer, preview);
      case 'eraser': return this.eraser(view, layer, preview);
      case 'draft': return this.replace(layer, this.draft(preview));
      case 'lasso':
        return this.replace(layer, svg('path', { class: 'lasso', d: polyPath(preview.points, true) }));
      case 'rubberBand': {
        const [x1, y1, x2, y2] = normRect(preview.rect);
        return this.replace(layer, svg('rect', { class: 'drag-outline', x: x1, y: y1, width: x2 - x1, height: y2 - y1 }));
      }
      case 'transform': return this.transform(view, layer, preview);
      default: this.clear();
    }
  }

  /**
   * The live stroke: pieces are appended as the engine sends them; the tail is replaced. A
   * brushed stroke comes whole at every event: the brush's layers (marks), drawn as the
   * finished ink's appearance will be.
   */
  stroke(layer, preview) {
    if (preview.marks) {
      this.group?.remove();
      this.group = svg('g', { class: 'live-stroke brushed', 'data-brush': preview.brush }, brushMarks(preview.marks, preview.color, preview.opacity));
      layer.append(this.group);
      return;
    }
    if (!this.group || preview.reset || !this.group.body) {
      this.group?.remove();
      const body = svg('path', { class: 'live-stroke-body', fill: preview.color, 'fill-rule': 'nonzero', d: '' });
      const tail = svg('path', { class: 'live-stroke-tail', fill: preview.color, 'fill-rule': 'nonzero', d: '' });
      this.group = svg('g', { class: 'live-stroke', opacity: preview.opacity }, [body, tail]);
      this.group.body = body;
      this.group.tail = tail;
      this.strokeData = '';
      layer.append(this.group);
    }
    if (preview.append) {
      this.strokeData += preview.append;
      this.group.body.setAttribute('d', this.strokeData);
    }
    this.group.tail.setAttribute('d', preview.tail ?? '');
  }

  /** The eraser: its circle, the annotations it removes dimmed, cut ink drawn as what remains. */
  eraser(view, layer, preview) {
    // What the sweep reaches is drawn live from now on, so it can be dimmed or cut here.
    this.onErasing?.([...preview.removed, ...preview.cut.map((piece) => piece.id)]);
    this.unmark();
    const parts = [svg('circle', { class: 'eraser-ring', cx: preview.center[0], cy: preview.center[1], r: preview.size / 2 })];
    for (const id of preview.removed) this.mark(view, id, 'erasing');
    for (const piece of preview.cut) {
      this.mark(view, piece.id, 'moving');
      const a = this.model.annotation(piece.id);
      if (a) parts.push(svg('g', { class: 'annotation ink', opacity: isBrushed(a) ? 1 : a.opacity ?? 1 }, inkPaths(a, piece.paths)));
    }
    this.replace(layer, svg('g', {}, parts));
  }

  draft({ pageIndex, annotation }) {
    if (annotation.type === 'textSpan') return this.textSpan(pageIndex, ...annotation.points);
    if (annotation.type === 'redactionSpan') return this.redactionSpan?.(pageIndex, ...annotation.points) ?? null;
    if (annotation.type === 'stamp' || annotation.type === 'freeText') {
      const [x1, y1, x2, y2] = normRect(annotation.rect);
      return svg('rect', { class: 'drag-outline', x: x1, y: y1, width: x2 - x1, height: y2 - y1 });
    }
    return drawAnnotation(annotation);
  }

  /** The selection moved or resized: the originals hidden, copies drawn through the transform. */
  transform(view, layer, preview) {
    this.unmark();
    const copies = [];
    for (const id of preview.ids) {
      const original = view.overlay.find(id);
      if (!original || original.closest('.screen-fixed')) continue;
      this.mark(view, id, 'moving');
      copies.push(original.cloneNode(true));
    }
    const group = svg('g', { transform: svgMatrix(preview.matrix) }, copies);
    for (const copy of copies) copy.classList.remove('moving', 'erasing');
    this.replace(layer, group);
  }

  replace(layer, element) {
    this.group?.remove();
    this.group = element;
    if (element) layer.append(element);
  }

  mark(view, id, className) {
    const element = view.overlay.find(id);
    if (!element) return;
    element.classList.add(className);
    this.marked.push([element, className]);
  }

  /** The overlay was drawn again (elements are kept while their annotation is): marks go back on. */
  remark() {
    for (const [element, className] of this.marked) element.classList.add(className);
  }

  unmark() {
    for (const [element, className] of this.marked) element.classList.remove(className);
    this.marked = [];
  }

  clear() {
    this.unmark();
    this.group?.remove();
    this.group = null;
    this.kind = null;
    this.page = -1;
  }
}
