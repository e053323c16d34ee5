// Form: the engine finds the field widget the Form tool taps; this fills it. A text field
// gets an input over it, a combo or list a menu; a checkbox toggles, a radio button is
// chosen. Each change is one `fill` command (docs/api.md), undone like every other edit.

import { whyNotEditable } from '../forms.js';
import { editTextField, chooseOption } from './fieldeditor.js';
import { call } from '../engine.js';
import { normRect } from '../svg.js';

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

  /**
   * Tab from a field's control: the next (step 1) or previous (step -1) widget in the
   * engine's order (`widgetOrder`) that takes typing or a choice and may be changed, opened
   * (its control scrolls into view); checkboxes and radio buttons, which a tap changes, are
   * passed over.
   */
  function tabFrom(widget, step) {
    const order = call({ call: 'widgetOrder' }).widgets;
    const at = order.findIndex((w) => w.pageIndex === widget.pageIndex && same(w.rect, normRect(widget.rect)));
    for (let i = 1; i <= order.length; i += 1) {
      const next = order[(((at + step * i) % order.length) + order.length) % order.length];
      const field = editor.fields.find((f) => f.name === next.name);
      if (!field || !['text', 'combo', 'list'].includes(field.type) || whyNotEditable(field)) continue;
      return editor.tools.form.activate(next.name, next.pageIndex, next.rect);
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
        case 'text': {
          const { value, tab } = await editTextField(editor, field, widget);
          if (tab) tabFrom(widget, tab);
          return fill(field, field.value ?? '', value);
        }
        case 'combo':
        case 'list': {
          const { value, tab } = await chooseOption(editor, field, widget);
          if (tab) tabFrom(widget, tab);
          return fill(field, field.value ?? (field.multiSelect ? [] : ''), value);
        }
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
