// Form: the engine finds the field widget the Form tool taps; this fills it. A text field
// gets an input over it, a combo or list a menu; a checkbox toggles, a radio button is
// chosen. Each change is one `fill` command (docs/api.md), undone like every other edit.

import { whyNotEditable } from '../forms.js';
import { editTextField, chooseOption } from './fieldeditor.js';

/** @param {import('../editor.js').Editor} editor */
export function createFormTool(editor) {
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  /**
   * Fills sent and not yet answered, by field name. The fields are read again only once the
   * reload after a fill is done: until then a tap works from the value sent (a second tap on a
   * checkbox toggles it back instead of sending the same value again).
   */
  const sending = new Map();

  /** Sends a fill unless nothing changes. */
  async function fill(field, before, after) {
    if (after === null || after === undefined || same(before, after)) return;
    const mine = { value: after };
    sending.set(field.name, mine);
    try {
      await editor.command({ type: 'fill', name: field.name, value: after });
    } finally {
      if (sending.get(field.name) === mine) sending.delete(field.name);
    }
  }

  return {
    name: 'form',

    /** The engine's tap on a widget of field `name` at `rect` on page `pageIndex`. */
    async activate(name, pageIndex, rect) {
      const listed = editor.fields.find((f) => f.name === name);
      if (!listed) return;
      const field = sending.has(name) ? { ...listed, value: sending.get(name).value } : listed;
      const widget = field.widgets.find((w) => w.pageIndex === pageIndex && same(w.rect, rect))
        ?? field.widgets.find((w) => w.pageIndex === pageIndex);
      const refusal = whyNotEditable(field);
      if (refusal) { editor.status(refusal, true); return; }
      switch (field.type) {
        case 'text':
          return fill(field, field.value ?? '', await editTextField(editor, field, widget));
        case 'combo':
        case 'list':
          return fill(field, field.value ?? (field.multiSelect ? [] : ''), await chooseOption(editor, field, widget));
        case 'checkbox':
          return fill(field, field.value === true, field.value !== true);
        case 'radio':
          // Selecting the selected button again leaves it on (as viewers do).
          return widget?.onState ? fill(field, field.value ?? false, widget.onState) : undefined;
        default:
          editor.status(whyNotEditable({ ...field, editable: false }), true);
      }
    },
  };
}
