// Annotations under the keyboard (issue 15): with the Select tool, Tab reaches the
// annotations of the page in view, in the engine's order (`keyboardOrder`), each as a
// focusable element over it named for screen readers by its type, author and text. A focused
// annotation is selected (the selection's box shows where the focus is); Enter edits it (a
// text box or a note opens its editor, another its Style popover), Delete or Backspace
// removes it (keyboard.js: one command, one undo step) and the focus goes on to the next,
// arrows nudge it, Escape clears the selection and gives the keyboard back to the pages.

import { call } from './engine.js';
import { typeLabel } from './annotationtypes.js';
import { html } from './svg.js';
import { settings } from './settings.js';
import { applyMatrix } from './viewer.js';
import { t } from './i18n.js';

/** What a screen reader says of one stop of `keyboardOrder`. */
export function annotationName(stop) {
  const type = typeLabel(stop.type);
  const text = stop.text?.trim().replace(/\s+/g, ' ');
  const clipped = text && text.length > 120 ? `${text.slice(0, 117)}…` : text;
  return `${type}${stop.author ? ` by ${stop.author}` : ''}${clipped ? `: ${clipped}` : ''}${stop.locked ? ' (locked)' : ''}`;
}

/** @param {import('./editor.js').Editor} editor */
export function installAnnotationFocus(editor) {
  const group = html('div', { class: 'annotation-stops', role: 'group' });
  const stops = new Map();  // id → its element
  let shown = '';
  let refocus = null;  // the index to focus once a deleted annotation's stop is gone

  function stopFor(id) {
    let element = stops.get(id);
    if (element) return element;
    element = html('button', { type: 'button', class: 'annotation-stop', 'data-id': id });
    element.addEventListener('focus', () => {
      const { ids } = editor.selection();
      if (ids.length !== 1 || ids[0] !== id) editor.select(id);
    });
    element.addEventListener('click', () => edit(id));
    element.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        editor.select(null);
        editor.viewer.scroller.focus({ preventScroll: true });
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        refocus = [...group.children].indexOf(element);
      }
    });
    stops.set(id, element);
    return element;
  }

  /** Enter: the editor of a text box or note, the Style popover of anything else. */
  function edit(id) {
    editor.select(id);
    const bar = document.querySelector(`.selection-bar[data-for="${CSS.escape(id)}"]`);
    (bar?.querySelector('[aria-label="Edit text"]') ?? bar?.querySelector('[aria-label="Style"]'))?.click();
  }

  let asked = [];  // what the last answer was asked for: skipped when nothing it depends on changed

  /**
   * Lays the stops of the page in view out again (the engine's order, names and boxes) when
   * the page, zoom, tool or annotations changed (the open document counts its changes),
   * or the layout did (`force`).
   */
  function update(force = false) {
    const viewer = editor.viewer;
    const view = viewer.views[viewer.currentPage];
    const inputs = [view, viewer.zoom, settings.tool, editor.model.changes];
    if (!force && inputs.every((v, i) => v === asked[i]) && refocus === null) return;
    asked = inputs;
    const list = view && settings.tool === 'select' ? call({ call: 'keyboardOrder', pageIndex: view.geometry.index }).annotations : [];
    const key = JSON.stringify([view?.geometry.index, viewer.zoom, list]);
    if (key === shown) return;
    shown = key;
    const focused = group.contains(document.activeElement) ? document.activeElement : null;
    const elements = list.map((stop) => {
      const element = stopFor(stop.id);
      element.setAttribute('aria-label', annotationName(stop));
      place(element, view, stop.rect);
      return element;
    });
    for (const [id, element] of stops) if (!elements.includes(element)) { element.remove(); stops.delete(id); }
    const order = [...group.children];
    if (order.length !== elements.length || order.some((e, i) => e !== elements[i])) group.replaceChildren(...elements);
    if (view) {
      group.setAttribute('aria-label', t('focus.annotationsOnPage', { page: view.geometry.index + 1 }));
      if (group.parentNode !== view.element) view.element.append(group);
    } else group.remove();
    if (focused && elements.includes(focused) && document.activeElement !== focused) focused.focus({ preventScroll: true });
    if (refocus !== null && !group.contains(document.activeElement)) {
      const next = elements[Math.min(refocus, elements.length - 1)];
      refocus = null;
      if (next) next.focus(); else viewer.scroller.focus({ preventScroll: true });
    }
  }

  /**
   * Puts a stop over the box it stands for (page space), in its page's element: through the
   * page's matrix, in the element's own coordinates, so thousands of stops read no layout.
   */
  function place(element, view, rect) {
    const corners = [[rect[0], rect[1]], [rect[2], rect[3]]].map((p) => applyMatrix(view.matrix, p));
    Object.assign(element.style, {
      left: `${Math.min(corners[0][0], corners[1][0])}px`, top: `${Math.min(corners[0][1], corners[1][1])}px`,
      width: `${Math.abs(corners[1][0] - corners[0][0])}px`, height: `${Math.abs(corners[1][1] - corners[0][1])}px`,
    });
  }

  editor.onUpdate(() => update());
  editor.viewer.on('layout', () => update(true));
  return { update };
}
