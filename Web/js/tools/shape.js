// Shape: drag out a rectangle, ellipse, triangle, line or arrow. The annotation JSON is built
// here, previewed with the same drawing code as saved annotations, and added as one operation.

import { newId } from '../model.js';
import { settings } from '../settings.js';
import { drawAnnotation } from '../overlay.js';
import { normRect } from '../geometry.js';

/** The shapes the tool draws, with their labels. */
export const SHAPE_KINDS = { rectangle: 'Rectangle', ellipse: 'Ellipse', triangle: 'Triangle', line: 'Line', arrow: 'Arrow' };

/** The annotation JSON for a shape dragged from `a` to `b` (page space). */
export function shapeAnnotation(kind, pageIndex, a, b, style) {
  const base = {
    id: newId(), pageIndex, color: style.color, width: style.width, opacity: 1,
    ...(style.fill ? { fill: style.fill } : {}),
  };
  const rect = normRect([a[0], a[1], b[0], b[1]]);
  switch (kind) {
    case 'ellipse': return { ...base, type: 'circle', rect };
    case 'triangle': return { ...base, type: 'polygon', points: [[(rect[0] + rect[2]) / 2, rect[3]], [rect[2], rect[1]], [rect[0], rect[1]]] };
    case 'line': return { ...base, type: 'line', points: [a, b], lineEndings: ['none', 'none'] };
    case 'arrow': return { ...base, type: 'line', points: [a, b], lineEndings: ['none', 'openArrow'] };
    default: return { ...base, type: 'square', rect };
  }
}

/** @param {import('../editor.js').Editor} editor */
export function createShapeTool(editor) {
  let drag = null;

  function preview(end) {
    drag.group?.remove();
    drag.annotation = shapeAnnotation(settings.shape.kind, drag.pageIndex, drag.start, end, settings.shape);
    drag.group = drawAnnotation(drag.annotation);
    editor.viewer.views[drag.pageIndex].overlay.preview.append(drag.group);
  }

  return {
    name: 'shape',
    label: 'Shape',
    cursor: 'crosshair',
    begin(input) {
      drag = { pageIndex: input.pageIndex, start: input.point, moved: false };
      preview(input.point);
    },
    move(committed) {
      if (!drag || !committed.length) return;
      const last = committed[committed.length - 1];
      if (Math.hypot(last.clientX - editor.viewer.pageToClient(drag.pageIndex, drag.start)[0],
        last.clientY - editor.viewer.pageToClient(drag.pageIndex, drag.start)[1]) > 3) drag.moved = true;
      preview(last.point);
    },
    async end(input) {
      if (!drag) return;
      const done = drag;
      drag = null;
      if (!done.moved) {
        // A tap places a default-sized shape centred on the tap.
        const s = 60 / editor.viewer.zoom;
        const [x, y] = done.start;
        done.annotation = shapeAnnotation(settings.shape.kind, done.pageIndex, [x - s, y - s * 0.7], [x + s, y + s * 0.7], settings.shape);
      }
      try {
        await editor.session.command({ type: 'add', annotation: done.annotation });
        editor.select(done.annotation.id);
      } finally {
        done.group?.remove();
      }
      void input;
    },
    cancel() {
      drag?.group?.remove();
      drag = null;
    },
  };
}
