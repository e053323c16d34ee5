// Form: fill the document's form fields. A tap on a text field opens an input over it, on a
// combo or list a menu; a tap (pen, finger or mouse) toggles a checkbox or selects the
// tapped radio button. Each change is one `fillField` operation (docs/operations.md) with the
// field's current value as `before`, so undo and redo work as for every other edit.

import { widgetAt, whyNotEditable } from '../forms.js';
import { editTextField, chooseOption } from './fieldeditor.js';

const TAP_SLOP = 12; // CSS px a tap may wander and still count as a tap

/** @param {import('../editor.js').Editor} editor */
export function createFormTool(editor) {
  let pending = null;

  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

  /** Posts a fill unless nothing changes. */
  async function fill(field, before, after) {
    if (after === null || after === undefined || same(before, after)) return;
    await editor.session.command({ type: 'fill', name: field.name, value: after });
  }

  /** What a tap on one widget of a field does. */
  async function activate({ field, widget }) {
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
        return widget.onState ? fill(field, field.value ?? false, widget.onState) : undefined;
      default:
        editor.status(whyNotEditable({ ...field, editable: false }), true);
    }
  }

  return {
    name: 'form',
    label: 'Form',
    cursor: 'pointer',
    /** Takes the pointer only over a field, so a finger elsewhere still scrolls. */
    begin(input) {
      const hit = widgetAt(editor.fields, input.pageIndex, input.point);
      if (!hit) return false;
      pending = { hit, x: input.clientX, y: input.clientY };
      return true;
    },
    async end(input) {
      if (!pending) return;
      const { hit, x, y } = pending;
      pending = null;
      if (Math.hypot(input.clientX - x, input.clientY - y) > TAP_SLOP) return;
      await activate(hit);
    },
    cancel() { pending = null; },
  };
}
