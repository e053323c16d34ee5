// Select: tap selects the topmost annotation, dragging it moves it, dragging a corner handle
// resizes it (images keep their aspect ratio), Delete removes it. Each move or resize is one
// changeAnnotation; a tap on empty page clears the selection (and a finger then pans).

import { svg } from '../svg.js';
import { bounds, topmostAt, mapAnnotation, moveAnnotation, normRect } from '../geometry.js';
import { drawAnnotation, isDrawable } from '../overlay.js';
import { html } from '../svg.js';
import { icon } from '../icons.js';

const HANDLE = 12; // CSS px

/** @param {import('../editor.js').Editor} editor */
export function createSelectTool(editor) {
  let drag = null;
  const zoom = () => editor.viewer.zoom;

  /** The box shown around an annotation (notes are a fixed screen size). */
  function boxOf(a) {
    if (a.type === 'note') {
      const [x1, y1, x2, y2] = normRect(a.rect);
      return [x1, y2 - (y2 - y1) / zoom(), x1 + (x2 - x1) / zoom(), y2];
    }
    return bounds(a);
  }

  function corners([x1, y1, x2, y2]) {
    return [[x1, y1], [x2, y1], [x2, y2], [x1, y2]];
  }

  /**
   * The bar over the selection: touch users have no Delete key. It sits above the
   * selection's on-screen box (below it when there is no room), inside the page element.
   */
  let bar = null;
  function placeBar(view, box) {
    if (!bar) {
      bar = html('div', { class: 'selection-bar', role: 'toolbar', 'aria-label': 'Selection' });
      bar.addEventListener('pointerdown', (e) => e.stopPropagation());
    }
    const a = editor.selected();
    const editable = a?.type === 'freeText' || a?.type === 'note';
    if (bar.dataset.for !== a?.id) {
      bar.dataset.for = a?.id ?? '';
      bar.replaceChildren(
        ...(editable ? [html('button', {
          type: 'button', class: 'bar-button', title: 'Edit text', 'aria-label': 'Edit text',
          onclick: () => {
            const current = editor.selected(); // the latest version, after any move
            if (current?.type === 'note') editor.tools.note.editNote(current);
            else if (current) editor.tools.text.editText(current);
          },
        }, [icon('text')])] : []),
        html('button', { type: 'button', class: 'bar-button', title: 'Delete (Delete key)', 'aria-label': 'Delete selection',
          onclick: () => editor.deleteSelection() }, [icon('trash')]),
      );
    }
    if (bar.parentNode !== view.element) view.element.append(bar);
    const frame = view.element.getBoundingClientRect();
    const corners = [[box[0], box[1]], [box[2], box[3]]].map((p) => editor.viewer.pageToClient(view.geometry.index, p));
    const left = Math.min(corners[0][0], corners[1][0]) - frame.left;
    const right = Math.max(corners[0][0], corners[1][0]) - frame.left;
    const top = Math.min(corners[0][1], corners[1][1]) - frame.top;
    const bottom = Math.max(corners[0][1], corners[1][1]) - frame.top;
    const above = top - 52;
    bar.style.left = `${Math.max(0, (left + right) / 2 - bar.childElementCount * 23)}px`;
    bar.style.top = `${above >= 0 ? above : bottom + 8}px`;
  }

  function drawChrome() {
    for (const view of editor.viewer.views) view.overlay.chrome.replaceChildren();
    const a = editor.selected();
    const view = a && editor.viewer.views[a.pageIndex];
    if (!view) { bar?.remove(); return; }
    const box = drag?.box ?? boxOf(a);
    placeBar(view, box);
    const [x1, y1, x2, y2] = box;
    const h = HANDLE / zoom();
    view.overlay.chrome.append(svg('rect', { class: 'selection-box', x: x1, y: y1, width: x2 - x1, height: y2 - y1, 'stroke-width': 1.5 / zoom() }));
    if (a.type === 'note') return;
    for (const [cx, cy] of corners(box)) {
      view.overlay.chrome.append(svg('rect', { class: 'selection-handle', x: cx - h / 2, y: cy - h / 2, width: h, height: h, 'stroke-width': 1.5 / zoom() }));
    }
  }

  function keepsAspect(a) { return a.type === 'stamp' && !!a.image; }

  /** The resized box when dragging the corner opposite `anchor` to `point`. */
  function resizedBox(a, anchor, point, original) {
    let [x1, y1, x2, y2] = normRect([anchor[0], anchor[1], point[0], point[1]]);
    if (keepsAspect(a)) {
      const aspect = (original[3] - original[1]) / ((original[2] - original[0]) || 1);
      const width = Math.max(x2 - x1, (y2 - y1) / aspect);
      const height = width * aspect;
      x1 = point[0] < anchor[0] ? anchor[0] - width : anchor[0];
      y1 = point[1] < anchor[1] ? anchor[1] - height : anchor[1];
      [x2, y2] = [x1 + width, y1 + height];
    }
    const min = 4 / zoom();
    return [x1, y1, Math.max(x2, x1 + min), Math.max(y2, y1 + min)];
  }

  function showPreview(after) {
    drag.group?.remove();
    if (after.type === 'note') return;
    drag.group = drawAnnotation(after);
    editor.viewer.views[after.pageIndex].overlay.preview.append(drag.group);
  }

  function setOriginalHidden(a, hidden) {
    const el = editor.viewer.views[a.pageIndex]?.overlay.root.querySelector(`[data-id="${CSS.escape(a.id)}"]`);
    el?.classList.toggle('moving', hidden);
  }

  const tool = {
    name: 'select',
    label: 'Select',
    cursor: 'default',
    drawChrome,

    begin(input, event) {
      const tolerance = 8 / zoom();
      const current = editor.selected();
      if (current && current.pageIndex === input.pageIndex) {
        const box = boxOf(current);
        const handle = current.type === 'note' ? -1 : corners(box).findIndex(([cx, cy]) =>
          Math.abs(cx - input.point[0]) <= tolerance * 1.5 && Math.abs(cy - input.point[1]) <= tolerance * 1.5);
        if (handle >= 0) {
          drag = { kind: 'resize', a: current, start: input.point, original: box, anchor: corners(box)[(handle + 2) % 4], box };
          return;
        }
        const [x1, y1, x2, y2] = box;
        const [x, y] = input.point;
        if (x >= x1 - tolerance && x <= x2 + tolerance && y >= y1 - tolerance && y <= y2 + tolerance) {
          drag = { kind: 'move', a: current, start: input.point, original: box, box };
          return;
        }
      }
      const noteHit = event?.target?.closest?.('.annotation.note');
      const hit = noteHit ? editor.model.annotations.get(noteHit.dataset.id)
        : topmostAt(editor.model.annotationsOnPage(input.pageIndex).filter((a) => a.type !== 'note' && isDrawable(a)), input.point, tolerance);
      if (!hit) {
        editor.select(null);
        return false;
      }
      editor.select(hit.id);
      drag = { kind: 'move', a: hit, start: input.point, original: boxOf(hit), box: boxOf(hit) };
    },

    move(committed) {
      if (!drag || !committed.length) return;
      const p = committed[committed.length - 1].point;
      const [ox1, oy1, ox2, oy2] = drag.original;
      if (drag.kind === 'move') {
        const dx = p[0] - drag.start[0], dy = p[1] - drag.start[1];
        drag.box = [ox1 + dx, oy1 + dy, ox2 + dx, oy2 + dy];
        drag.after = moveAnnotation(drag.a, dx, dy);
      } else {
        drag.box = resizedBox(drag.a, drag.anchor, p, drag.original);
        drag.after = mapAnnotation(drag.a, drag.original, drag.box);
      }
      drag.moved = true;
      setOriginalHidden(drag.a, true);
      showPreview(drag.after);
      drawChrome();
    },

    async end() {
      if (!drag) return;
      const done = drag;
      drag = null;
      try {
        if (done.moved && done.after) {
          await editor.session.command({ type: 'change', annotation: done.after });
        }
      } finally {
        done.group?.remove();
        setOriginalHidden(done.a, false);
        drawChrome();
      }
    },

    cancel() {
      if (!drag) return;
      drag.group?.remove();
      setOriginalHidden(drag.a, false);
      drag = null;
      drawChrome();
    },
  };
  return tool;
}
