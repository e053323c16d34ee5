// Form fields as the server lists them (GET …/fields, docs/api.md): where their widgets are,
// and the boxes that mark the fields the highlight policy picks (FormFieldPolicy,
// docs/forms.md), tinted only while the engine says fields are marked (the Form tool, or
// Highlight form fields on: `.fields-marked`, editor.js). Which widget a tap hits is the
// engine's; filling is the Form tool's.

import { svg, normRect } from './svg.js';
import { t } from './i18n.js';

/**
 * @typedef {{name: string, type: string, value: any, options?: string[], maxLength?: number,
 *   onState?: string|null, states?: string[], readOnly: boolean, locked: boolean,
 *   highlight: boolean, editable: boolean, multiline?: boolean, password?: boolean,
 *   multiSelect?: boolean, widgets: {pageIndex: number|null, rect: number[], onState?: string, fontSize?: number}[]}} Field
 * @typedef {{field: Field, widget: Field['widgets'][number], index: number}} PlacedWidget
 */

/** The widgets of `fields` on page `pageIndex`, in field-tree order. @returns {PlacedWidget[]} */
export function widgetsOnPage(fields, pageIndex) {
  const placed = [];
  for (const field of fields) {
    field.widgets.forEach((widget, index) => {
      if (widget.pageIndex === pageIndex) placed.push({ field, widget, index });
    });
  }
  return placed;
}

/** Draws the marks of a page's highlighted fields into its overlay's field layer (page space). */
export function renderFields(overlay, fields, pageIndex) {
  const boxes = [];
  for (const { field, widget } of widgetsOnPage(fields, pageIndex)) {
    if (!field.highlight) continue;
    const [x1, y1, x2, y2] = normRect(widget.rect);
    boxes.push(svg('rect', {
      class: `form-field ${field.type}`, 'data-field': field.name,
      x: x1, y: y1, width: x2 - x1, height: y2 - y1,
    }));
  }
  overlay.fields.replaceChildren(...boxes);
}

/** Why a field cannot be filled, for the toast (null when it can). */
export function whyNotEditable(field) {
  if (field.editable) return null;
  if (field.readOnly) return `“${field.name}” is read-only`;
  if (field.locked) return `“${field.name}” is locked`;
  if (field.type === 'signature') return t('forms.signatureNotFilled');
  if (field.type === 'button') return t('forms.buttonNoValue');
  return t('forms.cannotChange', { name: field.name });
}
