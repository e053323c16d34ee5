// The Draw settings' brush picker, its preview and the Fine / Medium / Thick buttons. Every
// picture is the engine's: `brushSample` answers the layers its BrushDrawing makes for a
// sample stroke (the marks the saved appearance stream paints), drawn here as SVG; the
// weights and their widths are the engine's LineWeight.

import { call } from './engine.js';
import { html, svg } from './svg.js';
import { brushMarks } from './overlay.js';
import { refreshPopover } from './popover.js';
import { settings, save } from './settings.js';
import { t } from './i18n.js';

let brushList = null;

/**
 * The engine's brushes (InkBrush) in the picker's order: `[{name, label, followsPressure}]`,
 * asked once (the engine's `brushes` call).
 * @returns {{name: string, label: string, followsPressure: boolean}[]}
 */
export function brushes() {
  // The engine's labels are English: each brush is named in the chosen language by its name.
  brushList ??= call({ call: 'brushes' }).brushes.map((b) => ({ ...b, label: t(`brush.${b.name}`) }));
  return brushList;
}

function brushLabel(brush) {
  return brushes().find((b) => b.name === brush)?.label ?? brush;
}

/** The weights beside the width slider (the engine's LineWeight). */
const WEIGHT_LABELS = { fine: t('weight.fine'), medium: t('weight.medium'), thick: t('weight.thick') };

/**
 * An SVG picture of `brush` as the engine draws it: a sample stroke `width` points wide
 * across `size` ([w, h] in CSS px, one point each), in `color` at `opacity`.
 */
export function brushPicture(brush, { color, width, opacity = 1, usesPressure = false, size = [96, 30], label = '' }) {
  const answer = call({ call: 'brushSample', brush, width, size, usesPressure });
  const [w, h] = size;
  // The sample is in points with y up: flip it into the picture's y-down box.
  const strokes = svg('g', { transform: `matrix(1 0 0 -1 0 ${h})` }, brushMarks(answer.paths, color, opacity));
  return svg('svg', {
    class: 'brush-picture', viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img',
    'aria-label': label || t('settings.brushSample', { brush: brushLabel(brush) }), 'data-brush': brush,
  }, [strokes]);
}

/** One button per brush, each showing its sample in the pen's colour; `onPick(brush)`. */
export function brushPicker(preset, onPick) {
  const row = html('div', { class: 'brush-picker', role: 'radiogroup', 'aria-label': t('settings.brush') });
  // The samples share one width, thick enough to show a texture, thin enough to fit.
  const width = Math.min(7, Math.max(3, preset.width));
  for (const { name: brush, label } of brushes()) {
    const on = (preset.brush ?? 'pen') === brush;
    row.append(html('button', {
      type: 'button', role: 'radio', class: `brush-choice${on ? ' on' : ''}`, 'aria-checked': String(on), 'aria-label': label,
      title: label, 'data-brush': brush, onclick: () => { onPick(brush); refreshPopover(); },
    }, [brushPicture(brush, { color: preset.color, width, size: [84, 26] }), html('span', { text: label })]));
  }
  return row;
}

/** The pen as it is set now (brush, colour, width, opacity, pressure), drawn by the engine. */
export function brushPreview(preset) {
  const height = Math.max(40, Math.min(120, preset.width * 3 + 12));
  return html('div', { class: 'brush-preview' }, [brushPicture(preset.brush ?? 'pen', {
    color: preset.color, width: preset.width, opacity: preset.opacity, usesPressure: preset.usesPressure,
    size: [240, Math.round(height)], label: t('settings.penPreview'),
  })]);
}

/** Fine / Medium / Thick for the current pen (`tool` "draw") or the Shape tool. */
export function weightButtons(tool) {
  const { weights, current } = call({ call: 'lineWeights', tool });
  const row = html('div', { class: 'segmented weights', role: 'radiogroup', 'aria-label': t('settings.weight') });
  for (const { name, width } of weights) {
    const on = name === current;
    row.append(html('button', {
      type: 'button', role: 'radio', 'aria-checked': String(on), class: on ? 'on' : '', 'data-weight': name,
      title: `${WEIGHT_LABELS[name]}: ${t('unit.points', { value: width })}`, text: WEIGHT_LABELS[name] ?? name,
      onclick: () => { settings.prefs = call({ call: 'setLineWeight', tool, weight: name }); save(); refreshPopover(); },
    }));
  }
  return row;
}
