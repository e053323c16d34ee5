// Draw: freehand ink. The live stroke is an SVG path in page space drawn at display rate,
// extended with predicted samples that are never committed. On release the committed samples
// go to the server as a stroke action; the engine smooths, simplifies and clips them, and the
// annotation it applied replaces the preview.

import { svg, smoothPath } from '../svg.js';
import { settings, currentInk } from '../settings.js';

/** @param {import('../editor.js').Editor} editor */
export function createDrawTool(editor) {
  let stroke = null;

  function redraw(predicted = []) {
    const points = stroke.points.concat(predicted.map((p) => [p.point[0], p.point[1]]));
    stroke.path.setAttribute('d', smoothPath(points));
  }

  return {
    name: 'draw',
    label: 'Draw',
    cursor: 'crosshair',

    begin(input) {
      const ink = { ...currentInk() };
      const group = svg('g', { class: 'live-stroke', opacity: ink.opacity });
      const path = svg('path', {
        fill: 'none', stroke: ink.color, 'stroke-width': ink.width,
        'stroke-linecap': 'round', 'stroke-linejoin': 'round',
      });
      group.append(path);
      editor.viewer.views[input.pageIndex].overlay.preview.append(group);
      stroke = { ink, group, path, pageIndex: input.pageIndex, start: input.time, points: [], samples: [] };
      this.add(input);
      redraw();
    },

    add(input) {
      const [x, y] = input.point;
      stroke.points.push([x, y]);
      if (stroke.ink.usesPressure) {
        // The overlay draws pressure strokes at a width from the mean pressure; so does the preview.
        stroke.pressureSum = (stroke.pressureSum ?? 0) + input.pressure;
        const mean = stroke.pressureSum / stroke.points.length;
        stroke.path.setAttribute('stroke-width', String(stroke.ink.width * (0.4 + 0.9 * mean)));
      }
      stroke.samples.push([round(x), round(y), round(input.pressure, 3), round(input.time - stroke.start, 4)]);
    },

    move(committed, predicted) {
      if (!stroke) return;
      for (const input of committed) this.add(input);
      redraw(predicted);
    },

    async end() {
      if (!stroke) return;
      redraw([]); // drop the predicted tail
      const done = stroke;
      stroke = null;
      const command = {
        type: 'stroke', pageIndex: done.pageIndex, points: done.samples, ink: done.ink,
        zoom: editor.viewer.zoom, recognizeShape: !!settings.draw.recognizeShape,
      };
      try {
        await editor.session.command(command);
      } finally {
        done.group.remove();
      }
    },

    cancel() {
      stroke?.group.remove();
      stroke = null;
    },
  };
}

function round(v, digits = 2) {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
