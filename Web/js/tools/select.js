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
import { settings, update, settingRange } from '../settings.js';
import { openPopover, closePopover, refreshPopoverOf, section, swatches, slider, segmented, toggle, action } from '../popover.js';
import { noteIconPicker } from '../noteicons.js';
import { isPictureNote } from './note.js';
import { defaultColorOfType, typeHasCapability } from '../vocabulary.js';
import { drawAnnotation, fontFace } from '../overlay.js';
import { t, formatNumber, formatDate } from '../i18n.js';

const HANDLE = 12; // CSS px

/** @param {import('../editor.js').Editor} editor */
export function createSelectTool(editor) {
  const zoom = () => editor.viewer.zoom;
  let bar = null;
  let ring = null;
  let popup = null;  // a selected note's text, as other viewers show it when a note is clicked
  // The image being cropped with handles (its id), and the crop a handle drag shows before
  // it is let go (the engine's imageCrop answer).
  let cropping = null;
  let cropDrag = null;

  /** The bar above the selection's box on screen (below it when there is no room), kept
   *  inside the part of the pages in view: never under a side panel or past the window's edge. */
  function placeBar(view, box, annotations) {
    if (!bar) {
      bar = html('div', { class: 'selection-bar', role: 'toolbar', 'aria-label': t('selection.bar') });
      bar.addEventListener('pointerdown', (e) => e.stopPropagation());
    }
    const key = annotations.map((a) => a.id).join(' ') + (cropping ? ' cropping' : '');
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
    return html('button', { type: 'button', class: 'bar-button', 'data-action': name, title: label, 'aria-label': label, onclick }, [icon(name)]);
  }

  /** Whether `a` shows no text of its own, so its description (`contents`: the /Contents and,
   * in a tagged document, the /Alt of docs/accessibility.md) is what a screen reader reads:
   * stamps, image stamps, signatures and ink. */
  function describable(a) {
    return (a.type === 'stamp' && !isPictureNote(a)) || a.type === 'ink';
  }

  /**
   * The Alt text popover of annotation `id`: its description, changed as one command.
   * `asking`: opened by itself just after the annotation was placed (askAltText), with Skip
   * and the "ask for descriptions" switch; skipping, or a press elsewhere, changes nothing.
   */
  function openAltText(anchor, id, { asking = false } = {}) {
    // What is typed survives the popover's rebuilds (the switch rebuilds it).
    let draft = editor.model.annotation(id)?.contents ?? '';
    openPopover(anchor, t(asking ? 'alt.askTitle' : 'alt.title'), () => {
      const box = html('textarea', { class: 'alt-text-box', rows: '3', 'aria-label': t('alt.title'), placeholder: t('alt.placeholder') });
      box.value = draft;
      box.addEventListener('input', () => { draft = box.value; });
      const save = html('button', { type: 'button', class: 'review-button', text: t('alt.save'), onclick: async () => {
        const now = editor.model.annotation(id);
        const text = box.value.trim();
        closePopover();
        if (now && text !== (now.contents ?? '')) {
          await editor.command({ type: 'change', annotation: { ...now, contents: text || null } });
        }
      } });
      if (!asking) return [section(t('alt.hint'), box), save];
      return [section(t('alt.askHint'), box), save, action(t('alt.skip'), () => closePopover()),
        toggle(t('alt.askWhenPlacing'), settings.askAltText !== false, (v) => update((s) => { s.askAltText = v; }))];
    }, { passThrough: asking });
    if (asking) document.querySelector('#popover .alt-text-box')?.focus({ preventScroll: true });
  }

  /**
   * Asks for the description of `id`, a stamp, image or signature just placed and selected,
   * in its Alt text popover (docs/accessibility.md), unless the "ask for descriptions"
   * setting is off. Nothing waits for the answer: the user may skip it or carry on.
   */
  function askAltText(id) {
    const placed = editor.model.annotation(id);
    if (settings.askAltText === false || !placed || !describable(placed)) return;
    drawChrome();
    const anchor = bar?.isConnected && bar.dataset.for === id ? bar.querySelector('[data-action="describe"]') : null;
    if (anchor) openAltText(anchor, id, { asking: true });
  }

  /** The bar's buttons for what is selected. */
  function buttons(annotations) {
    const single = annotations.length === 1 ? annotations[0] : null;
    const textual = single && (single.type === 'freeText' || single.type === 'note' || isPictureNote(single));
    const texts = annotations.every((a) => a.type === 'freeText');
    // A fill for the kinds with an interior colour (the engine's table: a shape's inside, a
    // line's closed endings, a redaction's overlay).
    const fillable = annotations.some((a) => typeHasCapability(a.type, 'interiorColor'));
    const restyle = (style) => editor.restyleSelection(style);
    const images = annotations.every((a) => a.type === 'stamp' && a.image);
    const list = [];
    if (textual) {
      list.push(button('text', t('selection.editText'), () => {
        popup?.remove();
        const current = editor.model.annotation(single.id);
        if (current?.type === 'note' || isPictureNote(current)) editor.tools.note.editNote(current);
        else if (current) editor.tools.text.editText(current);
      }));
    }
    if (images && single && cropping === single.id) {
      return [
        button('expand', t('selection.wholeImage'), () => editor.editImage(single.id, { crop: null })),
        button('check', t('selection.doneCropping'), () => endCrop()),
      ];
    }
    if (single && describable(single)) list.push(button('describe', t('alt.button'), (e) => openAltText(e.currentTarget, single.id)));
    if (images && single) {
      list.push(button('turn', t('selection.turnClockwise'), () => editor.editImage(single.id, { turn: 'clockwise' })));
      list.push(button('crop', t('selection.crop'), () => { cropping = single.id; drawChrome(); focusHandle('left'); }));
    }
    list.push(button('palette', t('text.style'), (e) => openPopover(e.currentTarget, t('text.style'), () => {
      const first = editor.model.annotation(annotations[0].id) ?? annotations[0];
      if (images) return [...imageStyle(first, restyle), ...keepSizeSection(single)];
      const sections = [
        section(t('settings.colour'), swatches(texts ? first.textColor : first.color, (color) => restyle({ color }))),
        section(t('settings.opacity'), slider(t('settings.opacity'), first.opacity ?? 1, { ...settingRange('restyle', 'opacity'), step: 0.05, format: (v) => formatNumber(v, { style: 'percent' }) },
          (opacity) => restyle({ opacity }))),
      ];
      if (!texts && annotations.some((a) => a.type !== 'note' && a.type !== 'stamp')) {
        sections.splice(1, 0, section(t('settings.width'), slider(t('settings.width'), first.width ?? 1, { ...settingRange('restyle', 'width'), step: 0.5, format: (v) => t('unit.points', { value: v }) },
          (width) => restyle({ width }))));
      }
      if (fillable) sections.push(section(t('settings.fill'), swatches(first.fill ?? '', (c) => restyle({ fill: c || 'none' }), { allowNone: true, label: t('settings.fillColour') })));
      const notes = annotations.filter((a) => a.type === 'note');
      if (notes.length) {
        // The icon (/Name) of every selected note, one restyle: one undo step.
        const note = editor.model.annotation(notes[0].id) ?? notes[0];
        sections.push(section(t('note.icon'), noteIconPicker(note.icon, note.color ?? defaultColorOfType(note.type), (icon) => {
          restyle({ icon });
          for (const choice of document.querySelectorAll('#popover .note-icon-choice')) {
            const on = choice.dataset.icon === icon;
            choice.classList.toggle('on', on);
            choice.setAttribute('aria-checked', String(on));
          }
        })));
      }
      if (texts) {
        sections.push(section(t('text.fontSize'), segmented([[10, '10'], [12, '12'], [14, '14'], [18, '18'], [24, '24'], [36, '36']],
          first.fontSize, (fontSize) => restyle({ fontSize }), t('text.fontSize'))));
        const face = fontFace(first.font);
        sections.push(section(t('text.font'), segmented([['Helvetica', t('text.sans')], ['Times', t('text.serif')], ['Courier', t('text.mono')]],
          face.family, (family) => restyle({ family }), t('text.font'))));
        sections.push(section(t('text.style'), toggle(t('text.bold'), face.bold, (bold) => restyle({ bold })),
          toggle(t('text.italic'), face.italic, (italic) => restyle({ italic }))));
        sections.push(section(t('text.alignment'), segmented([['left', t('text.alignLeft')], ['center', t('text.alignCentre')], ['right', t('text.alignRight')]],
          first.alignment ?? 'left', (alignment) => restyle({ alignment }), t('text.alignment'))));
      }
      return [...sections, ...keepSizeSection(single)];
    })));
    list.push(button('copy', t('selection.copy'), () => editor.clipboard.copy()));
    list.push(button('cut', t('selection.cut'), () => editor.clipboard.cut()));
    list.push(button('duplicate', t('selection.duplicate'), () => editor.clipboard.duplicate()));
    list.push(button('front', t('selection.front'), () => editor.arrangeSelection('front')));
    list.push(button('back', t('selection.back'), () => editor.arrangeSelection('back')));
    list.push(button('trash', t('selection.delete'), () => editor.deleteSelection()));
    return list;
  }

  /**
   * For one stamp or note, "Keep size when zooming": its NoZoom flag set or cleared by one
   * `change` (the other flags kept); the popover shows the flag the server applied.
   */
  function keepSizeSection(single) {
    const current = single && editor.model.annotation(single.id);
    if (current?.type !== 'stamp' && current?.type !== 'note') return [];
    const kept = (current.flags ?? []).includes('noZoom');
    return [section(t('selection.size'), toggle(t('selection.keepSize'), kept, (on) => {
      const now = editor.model.annotation(current.id) ?? current;
      const flags = (now.flags ?? ['print']).filter((f) => f !== 'noZoom');
      editor.command({ type: 'change', annotation: { ...now, flags: on ? [...flags, 'noZoom'] : flags } });
    }))];
  }

  /**
   * An image's frame (seed 001): its width (0: none) and colour, written into the stamp's
   * appearance and kept in exports (/BS /W and /C, so other tools read it as the border).
   * The swatch shows the colour the engine draws the frame in (`imageLayout`'s `frameColor`:
   * the image's, or the engine's colour for a frame when it names none).
   */
  function imageStyle(first, restyle) {
    const { frameColor } = call({ call: 'imageLayout', annotation: first });
    return [
      section(t('selection.frame'), slider(t('selection.frameWidth'), first.width ?? 0, { ...settingRange('restyle', 'frameWidth'), step: 0.5, format: (v) => t('unit.points', { value: v }) }, (width) => restyle({ width }))),
      section(t('selection.frameColour'), swatches(frameColor, (color) => restyle({ color }), { label: t('selection.frameColour') })),
      section(t('settings.opacity'), slider(t('settings.opacity'), first.opacity ?? 1, { ...settingRange('restyle', 'opacity'), step: 0.05, format: (v) => formatNumber(v, { style: 'percent' }) },
        (opacity) => restyle({ opacity }))),
    ];
  }

  // MARK: - Crop handles

  /**
   * The crop of one image (non-destructive: the file keeps the whole image) as handles on it:
   * the whole picture shown faintly at its present scale, the part kept outlined, a handle in
   * the middle of each side (seen as the image is turned) that a pen, a finger or the mouse
   * drags, or the arrow keys move a hundredth at a time (a tenth with Shift). The engine's
   * imageCrop turns a side and a page point into the crop; each release is one edit.
   */
  function drawCrop(view, image, answer) {
    const [x1, y1, x2, y2] = normRect(answer.shown);
    const [w1, h1, w2, h2] = normRect(answer.whole);
    const ghost = svg('g', { class: 'crop-ghost', opacity: 0.35 },
      [drawAnnotation({ ...image, rect: answer.whole, crop: undefined, width: 0 })].flat());
    view.overlay.chrome.append(ghost, svg('rect', { class: 'crop-whole', x: w1, y: h1, width: w2 - w1, height: h2 - h1, 'stroke-width': 1 / zoom() }),
      svg('rect', { class: 'crop-shown', x: x1, y: y1, width: x2 - x1, height: y2 - y1, 'stroke-width': 2 / zoom() }));
    const frame = view.element.getBoundingClientRect();
    for (const { side, point } of answer.handles) {
      let handle = view.element.querySelector(`.crop-handle[data-side="${side}"]`);
      if (!handle) {
        handle = html('button', { type: 'button', class: 'crop-handle', role: 'slider', 'data-side': side, 'aria-label': t(`selection.crop.${side}`),
          'aria-valuemin': 0, 'aria-valuemax': 95 });
        handle.addEventListener('pointerdown', (e) => dragHandle(e, side));
        handle.addEventListener('mousedown', (e) => e.preventDefault());
        handle.addEventListener('keydown', (e) => stepHandle(e, side));
        view.element.append(handle);
      }
      const [cx, cy] = editor.viewer.pageToClient(view.geometry.index, point);
      handle.style.left = `${cx - frame.left}px`;
      handle.style.top = `${cy - frame.top}px`;
      handle.setAttribute('aria-valuenow', String(Math.round(answer.sides[side] * 100)));
      handle.setAttribute('aria-valuetext', `${Math.round(answer.sides[side] * 100)}% hidden`);
    }
    return [w1, h1, w2, h2];  // the bar keeps clear of the whole picture
  }

  function removeCropHandles() {
    for (const handle of document.querySelectorAll('.crop-handle')) handle.remove();
  }

  function endCrop() {
    cropping = null;
    cropDrag = null;
    removeCropHandles();
    drawChrome();
    bar?.querySelector(`button[aria-label="${CSS.escape(t('selection.crop'))}"]`)?.focus({ preventScroll: true });
  }

  function focusHandle(side) {
    document.querySelector(`.crop-handle[data-side="${side}"]`)?.focus({ preventScroll: true });
  }

  /** A handle dragged: the crop follows (drawn, not yet sent) and is sent when let go. */
  function dragHandle(e, side) {
    // A pen's pointerdown keeps its default (WebKit drops the rest of a pen whose pointerdown
    // was default-prevented: input.js); its compatibility mousedown is refused below.
    if (e.pointerType !== 'pen') e.preventDefault();
    e.stopPropagation();
    const image = editor.model.annotation(cropping);
    if (!image) return;
    const handle = e.currentTarget;
    try { handle.setPointerCapture(e.pointerId); } catch { /* synthetic or gone */ }
    const follow = (move) => {
      const at = call({ call: 'toPage', point: editor.viewer.clientToView(move.clientX, move.clientY) });
      cropDrag = call({ call: 'imageCrop', annotation: image, drag: { side, point: at.point } });
      drawChrome();
    };
    const end = (up) => {
      handle.removeEventListener('pointermove', follow);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      const answer = cropDrag;
      cropDrag = null;
      if (up.type === 'pointerup' && answer) editor.editImage(image.id, { crop: answer.crop });
      else drawChrome();
    };
    handle.addEventListener('pointermove', follow);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  /** Arrow keys move a focused handle the way they point; Escape or Enter ends cropping. */
  function stepHandle(e, side) {
    if (e.key === 'Escape' || e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); endCrop(); return; }
    const inward = { left: 'ArrowRight', right: 'ArrowLeft', top: 'ArrowDown', bottom: 'ArrowUp' }[side];
    const outward = { left: 'ArrowLeft', right: 'ArrowRight', top: 'ArrowUp', bottom: 'ArrowDown' }[side];
    if (e.key !== inward && e.key !== outward) return;
    e.preventDefault();
    e.stopPropagation();
    const image = editor.model.annotation(cropping);
    if (!image) return;
    const now = call({ call: 'imageCrop', annotation: image }).sides[side];
    const step = (e.shiftKey ? 0.1 : 0.01) * (e.key === inward ? 1 : -1);
    const answer = call({ call: 'imageCrop', annotation: image, sides: { [side]: Math.max(0, Math.min(1, now + step)) } });
    editor.editImage(image.id, { crop: answer.crop });
  }

  /**
   * The text of one selected annotation that has some and shows none of it on the page (a
   * note, or a comment on a highlight or a shape: not a text box), with its author and date,
   * beside its box on the side the bar is not on: what a click on a note shows in other
   * viewers. Not while its text is being edited.
   */
  function showPopup(view, annotation, box) {
    const text = annotation?.type !== 'freeText' ? annotation?.contents?.trim() : '';
    if (!text || cropping || view.element.querySelector('.text-editor')) { popup?.remove(); return; }
    if (!popup) popup = html('div', { class: 'note-popup', role: 'note' });
    if (popup.dataset.for !== annotation.id || popup.dataset.text !== text) {
      popup.dataset.for = annotation.id;
      popup.dataset.text = text;
      const when = annotation.modificationDate ?? annotation.creationDate;
      const byline = [annotation.author, when && !Number.isNaN(Date.parse(when)) ? formatDate(when) : null].filter(Boolean).join(' · ');
      popup.setAttribute('aria-label', annotation.author ? t('selection.commentBy', { author: annotation.author }) : t('toolbar.comment'));
      popup.replaceChildren(...(byline ? [html('div', { class: 'note-popup-byline', text: byline })] : []), html('div', { class: 'note-popup-text', text }));
    }
    if (popup.parentNode !== view.element) view.element.append(popup);
    // Below the box when the bar is above it, else above; inside the part of the pages in view.
    const frame = view.element.getBoundingClientRect();
    const visible = editor.viewer.scroller.getBoundingClientRect();
    const corners = [[box[0], box[1]], [box[2], box[3]]].map((p) => editor.viewer.pageToClient(view.geometry.index, p));
    const top = Math.min(corners[0][1], corners[1][1]), bottom = Math.max(corners[0][1], corners[1][1]);
    const left = Math.min(corners[0][0], corners[1][0]);
    const width = popup.offsetWidth, height = popup.offsetHeight, margin = 8;
    const barAbove = !bar || !bar.isConnected || bar.getBoundingClientRect().top < top;
    const y = barAbove && bottom + margin + height <= visible.bottom ? bottom + margin : Math.max(visible.top + margin, top - height - margin);
    const x = clamp(left, visible.left + margin, visible.right - margin - width);
    popup.style.left = `${x - frame.left}px`;
    popup.style.top = `${y - frame.top}px`;
  }

  /** Draws the engine's selection: box, handles and bar (nothing when empty). */
  function drawChrome() {
    for (const view of editor.viewer.builtViews()) view.overlay.chrome.replaceChildren();
    const selection = editor.selection();
    editor.display?.setSelection(selection.ids);  // the selection is drawn live
    const view = selection.pageIndex !== undefined ? editor.viewer.views[selection.pageIndex] : null;
    const annotations = selection.ids.map((id) => editor.model.annotation(id)).filter(Boolean);
    if (cropping && (annotations.length !== 1 || annotations[0].id !== cropping)) { cropping = null; cropDrag = null; removeCropHandles(); }
    if (!view || !selection.bounds || !annotations.length) { bar?.remove(); popup?.remove(); return; }
    if (cropping) {
      popup?.remove();
      const image = annotations[0];
      placeBar(view, drawCrop(view, image, cropDrag ?? call({ call: 'imageCrop', annotation: image })), annotations);
      return;
    }
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
    refreshPopoverOf(bar);  // the Style popover shows the style the server applied
    showPopup(view, annotations.length === 1 ? annotations[0] : null, [x1, y1, x2, y2]);
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

  return { name: 'select', drawChrome, hover, askAltText };
}
