// Erase: a sweep across the page. Strokes it touches dim at once (a local hit test for
// feedback); on release the sweep goes to the server as an erase action, in stroke mode
// (whole annotations) or segment mode (the parts of ink under the sweep).

import { svg, smoothPath } from '../svg.js';
import { settings } from '../settings.js';
import { hits } from '../geometry.js';

/** @param {import('../editor.js').Editor} editor */
export function createEraseTool(editor) {
  let sweep = null;

  function feedback(point) {
    const reach = sweep.size / 2;
    for (const a of editor.model.annotationsOnPage(sweep.pageIndex)) {
      if (sweep.touched.has(a.id) || a.type !== 'ink' && settings.erase.mode === 'segment') continue;
      if (hits(a, point, reach)) {
        sweep.touched.add(a.id);
        editor.viewer.views[sweep.pageIndex].overlay.content
          .querySelector(`[data-id="${CSS.escape(a.id)}"]`)?.classList.add('erasing');
      }
    }
  }

  let ring = null; // the eraser's outline following a hovering pen or mouse

  function hideRing() { ring?.remove(); ring = null; }

  return {
    name: 'erase',
    hover(event) {
      const index = editor.viewer.pageAt(event.clientX, event.clientY);
      if (index < 0 || event.pointerType === 'touch') { hideRing(); return; }
      const [x, y] = editor.viewer.clientToPage(index, event.clientX, event.clientY);
      const preview = editor.viewer.views[index].overlay.preview;
      if (!ring || ring.parentNode !== preview) {
        hideRing();
        ring = svg('circle', { class: 'eraser-ring' });
        preview.append(ring);
      }
      ring.setAttribute('cx', x);
      ring.setAttribute('cy', y);
      ring.setAttribute('r', settings.erase.size / 2 / editor.viewer.zoom);
    },
    deactivate: hideRing,
    label: 'Erase',
    cursor: 'cell',

    begin(input) {
      hideRing();
      const size = settings.erase.size / editor.viewer.zoom; // the size on screen, in page points
      const path = svg('path', { class: 'eraser-trail', 'stroke-width': size, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
      editor.viewer.views[input.pageIndex].overlay.preview.append(path);
      sweep = { pageIndex: input.pageIndex, size, path, points: [], touched: new Set() };
      this.move([input], []);
    },

    move(committed) {
      if (!sweep) return;
      for (const input of committed) {
        sweep.points.push([Math.round(input.point[0] * 100) / 100, Math.round(input.point[1] * 100) / 100]);
        feedback(input.point);
      }
      sweep.path.setAttribute('d', smoothPath(sweep.points));
    },

    async end() {
      if (!sweep) return;
      const done = sweep;
      sweep = null;
      try {
        await editor.session.command({
          type: 'erase', pageIndex: done.pageIndex, mode: settings.erase.mode, size: done.size, points: done.points,
        });
      } finally {
        done.path.remove();
        editor.refreshPage(done.pageIndex);
      }
    },

    cancel() {
      if (!sweep) return;
      sweep.path.remove();
      editor.refreshPage(sweep.pageIndex);
      sweep = null;
    },
  };
}
