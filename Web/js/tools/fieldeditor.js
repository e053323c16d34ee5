// The HTML controls the Form tool lays over a form widget: an <input> or <textarea> for text
// fields, a <select> for combos and lists. Placed through the engine's page-to-frame matrix
// (viewer.js), so they cover the widget exactly at every zoom and rotation, and sized as the
// widget's appearance draws the value (the server's answer, never a size worked out here).
// Values are read back from the control, never parsed as HTML.

import { html, normRect } from '../svg.js';
import { applyMatrix } from '../viewer.js';
import { getFieldSizes } from '../api.js';

/** The widget rect in the page frame's CSS pixels: {left, top, width, height}. */
function frameBox(editor, pageIndex, rect) {
  const view = editor.viewer.views[pageIndex];
  const [x1, y1, x2, y2] = normRect(rect);
  const a = applyMatrix(view.matrix, [x1, y1]);
  const b = applyMatrix(view.matrix, [x2, y2]);
  return {
    left: Math.min(a[0], b[0]), top: Math.min(a[1], b[1]),
    width: Math.abs(b[0] - a[0]), height: Math.abs(b[1] - a[1]),
  };
}

function place(editor, pageIndex, rect, control) {
  const box = frameBox(editor, pageIndex, rect);
  Object.assign(control.style, {
    left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`,
  });
  editor.viewer.views[pageIndex].element.append(control);
  // Focus inside the pointer handler: iOS shows the keyboard only for a focus made during
  // a user gesture.
  control.focus({ preventScroll: true });
  // A field reached with Tab may be out of view (a tapped one is in it: this does nothing).
  control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Keeps `control`'s font size at the size `widget` of `field` draws the value at, times the
 * zoom: first the fields' `fontSize`, then the engine's answer for the value as it stands
 * (`GET …/fields/sizes`, the code that writes the appearance: an auto-sized field shrinks as
 * the value grows). With `typed`, asked again as the user types, one question at a time (the
 * value typed meanwhile is asked once the answer comes); else asked once, for the field's
 * value, only when the fields' answer had no size. Offline or refused, the size stays.
 */
function followSize(editor, field, widget, control, { typed }) {
  const show = (size) => { if (size != null) control.style.fontSize = `${size * editor.viewer.zoom}px`; };
  show(widget.fontSize);
  let asking = false;
  const ask = async () => {
    asking = true;
    const value = typed ? control.value : undefined;
    try {
      // A password never goes into a URL (proxies and logs keep them): the engine draws it as
      // one star a character, so the stars are what it is sized by.
      const asked = field.password && value !== undefined ? '*'.repeat([...value].length) : value;
      const { widgets } = await getFieldSizes(editor.model.summary.id, field.name, asked);
      const mine = widgets.find((w) => w.pageIndex === widget.pageIndex && JSON.stringify(w.rect) === JSON.stringify(widget.rect));
      if (control.isConnected) show(mine?.fontSize);
    } catch (error) {
      console.warn('no field size', error);
    } finally {
      asking = false;
    }
    if (typed && control.isConnected && control.value !== value) ask();
  };
  if (typed) control.addEventListener('input', () => { if (!asking) ask(); });
  if (typed || widget.fontSize == null) ask();
}

/** Tab, with or without shift. (WebKitGTK names shift + Tab "Unidentified": its key is
 *  ISO_Left_Tab; its code and keyCode are still Tab's.) */
const isTab = (e) => e.key === 'Tab' || e.code === 'Tab' || e.keyCode === 9;

/**
 * Resolves once with `{value, tab}`: the committed value, or null when cancelled (Escape);
 * `tab` is 1 or -1 when Tab or shift + Tab committed it (the Form tool goes on to the next or
 * previous field), else 0.
 */
function whenDone(control, read, { commitOnEnter }) {
  return new Promise((resolve) => {
    let finished = false;
    const finish = (value, tab = 0) => {
      if (finished) return;
      finished = true;
      control.remove();
      resolve({ value, tab });
    };
    control.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') finish(null);
      else if (isTab(e)) { e.preventDefault(); finish(read(), e.shiftKey ? -1 : 1); }
      else if (e.key === 'Enter' && (commitOnEnter || e.ctrlKey || e.metaKey)) { e.preventDefault(); finish(read()); }
    });
    control.addEventListener('blur', () => finish(read()));
  });
}

/**
 * Edits a text field's value over one of its widgets, in the size its appearance draws the
 * value being typed at (`followSize`): an <input> (type password for password fields) committed with Enter, or a
 * <textarea> for multiline fields committed with ctrl/cmd+Enter; a tap elsewhere commits,
 * Escape cancels, Tab commits and asks for the next field.
 * @returns {Promise<{value: string|null, tab: number}>}
 */
export function editTextField(editor, field, widget) {
  const multiline = !!field.multiline;
  const control = html(multiline ? 'textarea' : 'input', {
    class: 'field-editor', 'aria-label': field.name, spellcheck: 'false',
    ...(multiline ? {} : { type: field.password ? 'password' : 'text' }),
    ...(field.maxLength ? { maxlength: String(field.maxLength) } : {}),
  });
  control.value = typeof field.value === 'string' ? field.value : '';
  place(editor, widget.pageIndex, widget.rect, control);
  followSize(editor, field, widget, control, { typed: true });
  if (!multiline) control.setSelectionRange(control.value.length, control.value.length);
  return whenDone(control, () => control.value, { commitOnEnter: !multiline });
}

/**
 * Chooses a combo's or list's value over one of its widgets with a <select> (multiple for
 * multi-select lists), in the size the widget's appearance draws it at. Resolves as `editTextField` does, the value a string, an array of
 * strings (multi-select) or null.
 */
export function chooseOption(editor, field, widget) {
  const multiple = field.type === 'list' && !!field.multiSelect;
  const selected = new Set([field.value ?? []].flat());
  const control = html('select', { class: 'field-editor', 'aria-label': field.name, ...(multiple ? { multiple: true } : {}) },
    (field.options ?? []).map((option) => {
      const element = html('option', { value: option, text: option });
      element.selected = selected.has(option);
      return element;
    }));
  if (!multiple && !selected.size) control.selectedIndex = -1;
  place(editor, widget.pageIndex, widget.rect, control);
  followSize(editor, field, widget, control, { typed: false });
  const read = () => {
    const values = [...control.selectedOptions].map((o) => o.value);
    return multiple ? values : (values[0] ?? null);
  };
  // A single choice is made when the menu closes with a new value: commit it then.
  if (!multiple) control.addEventListener('change', () => control.blur());
  return whenDone(control, read, { commitOnEnter: true });
}
