// The selection's chrome: the box and resize handles the engine reports (its selection:
// bounds, handles, whether it may change), and the bar over it with what touch users have no
// keys for — edit the text, colour, width, opacity, fill, font size and bold, a note's icon, copy, cut,
// duplicate, bring to front, send to back, delete — each
// sent to the engine, which refuses a locked or read-only selection with a reason. The
// Select tool's gestures themselves (tap, lasso, rubber band, move, resize) are the engine's.
// Also the eraser's ring following a hovering pen or mouse.

import { call } from '../engine.js';
import { svg, html, normRect } from '../svg.js';
import { icon } from '../icons.js';
import { settings } from '../settings.js';
import { openPopover, section, swatches, slider, segmented, toggle, action } from '../popover.js';
import { noteIconPicker } from '../noteicons.js';

const HANDLE = 12; // CSS px

/** @param {import('../editor.js').Editor} editor */
export function createSelectTool(editor) {
  const zoom = () => editor.viewer.zoom;
  let bar = null;
  let ring = null;

  /** The bar above the selection's box on screen (below it when there is no room), kept
   *  inside the part of the pages in view: never under a side panel or past the window's edge. */
  function placeBar(view, box, annotations) {
    if (!bar) {
      bar = html('div', { class: 'selection-bar', role: 'toolbar', 'aria-label': 'Selection' });
      bar.addEventListener('pointerdown', (e) => e.stopPropagation());
    }
    const key = annotations.map((a) => a.id).join(' ');
    if (bar.dataset.for !== key) {
      bar.dataset.for = key;
      bar.replaceChildren(...buttons(annotations));
    }
    if (bar.parentNode !== view.element) view.element.append(bar);
    const frame = view.element.getBoundingClientRect();
    const visible = editor.viewer.scroller.getBoundingClientRect();
    const corners = [[box[0], box[1]], [box[2], box[3]]].map((p) => editor.viewer.pageToClient(view.geometry.index, p));
    const [left, right] = [Math.min(corners[0][0], corners[1][0]), Math.max(corners[0][0], corners[1][0])];
    const [top, bottom] = [Math.min(corners[0][1], corners[1][1]), Math.max(corners[0][1], corners[1][1])];
    const width = bar.offsetWidth, height = bar.offsetHeight;
    const margin = 8;
    const x = clamp((left + right) / 2 - width / 2, visible.left + margin, visible.right - margin - width);
    const y = top - height - margin >= visible.top ? top - height - margin
      : Math.min(bottom + margin, visible.bottom - margin - height);
    bar.style.left = `${x - frame.left}px`;
    bar.style.top = `${Math.max(y, visible.top + margin) - frame.top}px`;
  }

  /** `value` within [low, high]; `low` when the range is empty (a bar wider than the view). */
  const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

  function button(name, label, onclick) {
    return html('button', { type: 'button', class: 'bar-button', title: label, 'aria-label': label, onclick }, [icon(name)]);
  }

  /** The bar's buttons for what is selected. */
  function buttons(annotations) {
    const single = annotations.length === 1 ? annotations[0] : null;
    const textual = single && (single.type === 'freeText' || single.type === 'note');
    const texts = annotations.every((a) => a.type === 'freeText');
    const fillable = annotations.some((a) => ['square', 'circle', 'polygon'].includes(a.type));
    const restyle = (style) => editor.restyleSelection(style);
    const images = annotations.every((a) => a.type === 'stamp' && a.image);
    const list = [];
    if (textual) {
      list.push(button('text', 'Edit text', () => {
        const current = editor.model.annotations.get(single.id);
        if (current?.type === 'note') editor.tools.note.editNote(current);
        else if (current) editor.tools.text.editText(current);
      }));
    }
    if (images && single) {
      list.push(button('turn', 'Turn clockwise', () => editor.editImage(single.id, { turn: 'clockwise' })));
      list.push(button('crop', 'Crop', (e) => openPopover(e.currentTarget, 'Crop', () => cropControls(single.id))));
    }
    list.push(button('palette', 'Style', (e) => openPopover(e.currentTarget, 'Style', () => {
      const first = editor.model.annotations.get(annotations[0].id) ?? annotations[0];
      if (images) return imageStyle(first, restyle);
      const sections = [
        section('Colour', swatches(texts ? first.textColor : first.color, (color) => restyle({ color }))),
        section('Opacity', slider('Opacity', first.opacity ?? 1, { min: 0.1, max: 1, step: 0.05, format: (v) => `${Math.round(v * 100)}%` },
          (opacity) => restyle({ opacity }))),
      ];
      if (!texts && annotations.some((a) => a.type !== 'note' && a.type !== 'stamp')) {
        sections.splice(1, 0, section('Width', slider('Width', first.width ?? 1, { min: 0.5, max: 30, step: 0.5, format: (v) => `${v} pt` },
          (width) => restyle({ width }))));
      }
      if (fillable) sections.push(section('Fill', swatches(first.fill ?? '', (c) => restyle({ fill: c || 'none' }), { allowNone: true, label: 'Fill colour' })));
      const notes = annotations.filter((a) => a.type === 'note');
      if (notes.length) {
        // The icon (/Name) of every selected note, one restyle: one undo step.
        const note = editor.model.annotations.get(notes[0].id) ?? notes[0];
        sections.push(section('Icon', noteIconPicker(note.icon, note.color ?? '#FFD54F', (icon) => {
          restyle({ icon });
          for (const choice of document.querySelectorAll('#popover .note-icon-choice')) {
            const on = choice.dataset.icon === icon;
            choice.classList.toggle('on', on);
            choice.setAttribute('aria-checked', String(on));
          }
        })));
      }
      if (texts) {
        sections.push(section('Font size', segmented([[10, '10'], [12, '12'], [14, '14'], [18, '18'], [24, '24'], [36, '36']],
          first.fontSize, (fontSize) => restyle({ fontSize }), 'Font size')));
        sections.push(section('Style', toggle('Bold', /Bold/.test(first.font ?? ''), (bold) => restyle({ bold }))));
      }
      return sections;
    })));
    list.push(button('copy', 'Copy', () => editor.clipboard.copy()));
    list.push(button('cut', 'Cut', () => editor.clipboard.cut()));
    list.push(button('duplicate', 'Duplicate', () => editor.clipboard.duplicate()));
    list.push(button('front', 'Bring to front', () => editor.arrangeSelection('front')));
    list.push(button('back', 'Send to back', () => editor.arrangeSelection('back')));
    list.push(button('trash', 'Delete selection', () => editor.deleteSelection()));
    return list;
  }

  /**
   * An image's frame (seed 001): its width (0: none) and colour, written into the stamp's
   * appearance and kept in exports (/BS /W and /C, so other tools read it as the border).
   */
  function imageStyle(first, restyle) {
    return [
      section('Frame', slider('Frame width', first.width ?? 0, { min: 0, max: 20, step: 0.5, format: (v) => `${v} pt` }, (width) => restyle({ width }))),
      section('Frame colour', swatches(first.color ?? '#000000', (color) => restyle({ color }), { label: 'Frame colour' })),
      section('Opacity', slider('Opacity', first.opacity ?? 1, { min: 0.1, max: 1, step: 0.05, format: (v) => `${Math.round(v * 100)}%` },
        (opacity) => restyle({ opacity }))),
    ];
  }

  /**
   * The crop of one image (non-destructive: the file keeps the whole image): how much of each
   * side is hidden, sent when a slider is let go, and a button showing the whole image again.
   */
  function cropControls(id) {
    const image = editor.model.annotations.get(id);
    if (!image) return [];
    const [left, top, right, bottom] = image.crop ?? [0, 0, 1, 1];
    const sides = { left, top, right: 1 - right, bottom: 1 - bottom };
    const send = () => {
      const crop = [sides.left, sides.top, 1 - sides.right, 1 - sides.bottom].map((v) => +v.toFixed(4));
      editor.editImage(id, { crop: crop.join() === '0,0,1,1' ? null : crop });
    };
    const sideSlider = (side, label) => {
      const input = html('input', { type: 'range', min: 0, max: 0.9, step: 0.01, 'aria-label': `Crop ${side}`, 'data-side': side });
      input.value = String(sides[side]);
      const output = html('output', { text: `${Math.round(sides[side] * 100)}%` });
      input.addEventListener('input', () => { output.textContent = `${Math.round(Number(input.value) * 100)}%`; });
      input.addEventListener('change', () => {
        // At least a twentieth of the image stays: a side cannot pass the opposite one.
        const opposite = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' }[side];
        sides[side] = Math.min(Number(input.value), 0.95 - sides[opposite]);
        send();
      });
      return section(label, html('label', { class: 'slider' }, [input, output]));
    };
    return [
      sideSlider('left', 'Left'), sideSlider('top', 'Top'), sideSlider('right', 'Right'), sideSlider('bottom', 'Bottom'),
      action('Show the whole image', () => editor.editImage(id, { crop: null })),
    ];
  }

  /** Draws the engine's selection: box, handles and bar (nothing when empty). */
  function drawChrome() {
    for (const view of editor.viewer.views) view.overlay.chrome.replaceChildren();
    const selection = editor.selection();
    editor.display?.setSelection(selection.ids);  // the selection is drawn live
    const view = selection.pageIndex !== undefined ? editor.viewer.views[selection.pageIndex] : null;
    const annotations = selection.ids.map((id) => editor.model.annotations.get(id)).filter(Boolean);
    if (!view || !selection.bounds || !annotations.length) { bar?.remove(); return; }
    const [x1, y1, x2, y2] = normRect(selection.bounds);
    const stroke = 1.5 / zoom();
    view.overlay.chrome.append(svg('rect', {
      class: `selection-box${selection.changeable ? '' : ' locked'}`, x: x1, y: y1, width: x2 - x1, height: y2 - y1, 'stroke-width': stroke,
    }));
    const h = HANDLE / zoom();
    for (const [cx, cy] of selection.handles) {
      view.overlay.chrome.append(svg('rect', { class: 'selection-handle', x: cx - h / 2, y: cy - h / 2, width: h, height: h, 'stroke-width': stroke }));
    }
    placeBar(view, [x1, y1, x2, y2], annotations);
  }

  /** The eraser's ring under a hovering pen or mouse (its size on screen). */
  function hover(event) {
    if (settings.tool !== 'erase' || !event || event.pointerType === 'touch') { ring?.remove(); ring = null; return; }
    const answer = call({ call: 'toPage', point: editor.viewer.clientToView(event.clientX, event.clientY) });
    const view = editor.viewer.views[answer.pageIndex];
    if (!view) { ring?.remove(); ring = null; return; }
    if (!ring || ring.parentNode !== view.overlay.preview) {
      ring?.remove();
      ring = svg('circle', { class: 'eraser-ring hover' });
      view.overlay.preview.append(ring);
    }
    ring.setAttribute('cx', answer.point[0]);
    ring.setAttribute('cy', answer.point[1]);
    ring.setAttribute('r', (settings.prefs.eraser?.size ?? 10) / 2 / zoom());
  }

  return { name: 'select', drawChrome, hover };
}
