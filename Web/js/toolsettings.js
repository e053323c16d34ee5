// The content of each tool's settings popover (long-press or right-click on its button).

import { html } from './svg.js';
import { settings, update, assignGesture, gestureUsing, GESTURES, GESTURE_LABELS, ACTIONS, ACTION_LABELS, INPUT_MODES, DRAW_PRESETS } from './settings.js';
import { section, swatches, segmented, slider, toggle, action } from './popover.js';
import { SHAPE_KINDS } from './tools/shape.js';
import { MARKUP_KINDS } from './tools/highlight.js';

const entries = (o) => Object.entries(o);

/** Ink preset, colour, width, opacity, pressure and shape recognition. */
export function drawSettings() {
  const preset = settings.draw.presets[settings.draw.preset];
  const set = (mutate) => update((s) => mutate(s.draw.presets[s.draw.preset]));
  return [
    section('Preset', segmented([['pen', 'Pen'], ['marker', 'Marker'], ['highlighter', 'Highlighter']], settings.draw.preset,
      (v) => update((s) => { s.draw.preset = v; }), 'Ink preset')),
    section('Colour', swatches(preset.color, (c) => set((p) => { p.color = c; }))),
    section('Width', slider('Width', preset.width, { min: 0.5, max: 30, step: 0.5, format: (v) => `${v} pt` }, (v) => set((p) => { p.width = v; }))),
    section('Opacity', slider('Opacity', preset.opacity, { min: 0.1, max: 1, step: 0.05, format: (v) => `${Math.round(v * 100)}%` }, (v) => set((p) => { p.opacity = v; }))),
    section('Options',
      toggle('Pressure changes width', preset.usesPressure, (v) => set((p) => { p.usesPressure = v; })),
      toggle('Recognise shapes', settings.draw.recognizeShape, (v) => update((s) => { s.draw.recognizeShape = v; })),
      action('Reset preset', () => set((p) => Object.assign(p, DRAW_PRESETS[settings.draw.preset])))),
  ];
}

/** Stroke or segment erasing and the eraser's size. */
export function eraseSettings() {
  return [
    section('Erases', segmented([['stroke', 'Whole strokes'], ['segment', 'Parts of strokes']], settings.erase.mode,
      (v) => update((s) => { s.erase.mode = v; }), 'Eraser mode')),
    section('Size', segmented([[6, 'S'], [10, 'M'], [20, 'L'], [36, 'XL'], [60, 'XXL']], settings.erase.size,
      (v) => update((s) => { s.erase.size = v; }), 'Eraser size')),
  ];
}

/** Font size, bold, text and background colours of new text boxes. */
export function textSettings() {
  const t = settings.text;
  return [
    section('Font size', segmented([[10, '10'], [12, '12'], [14, '14'], [18, '18'], [24, '24'], [36, '36']], t.fontSize,
      (v) => update((s) => { s.text.fontSize = v; }), 'Font size')),
    section('Style', toggle('Bold', t.bold, (v) => update((s) => { s.text.bold = v; }))),
    section('Text colour', swatches(t.textColor, (c) => update((s) => { s.text.textColor = c; }), { label: 'Text colour' })),
    section('Background', swatches(t.background, (c) => update((s) => { s.text.background = c; }), { allowNone: true, label: 'Background colour' })),
  ];
}

/** Shape kind, stroke colour and width, fill. */
export function shapeSettings() {
  const sh = settings.shape;
  return [
    section('Shape', segmented(entries(SHAPE_KINDS), sh.kind, (v) => update((s) => { s.shape.kind = v; }), 'Shape')),
    section('Stroke', swatches(sh.color, (c) => update((s) => { s.shape.color = c; }), { label: 'Stroke colour' })),
    section('Width', slider('Stroke width', sh.width, { min: 0.5, max: 20, step: 0.5, format: (v) => `${v} pt` }, (v) => update((s) => { s.shape.width = v; }))),
    section('Fill', swatches(sh.fill, (c) => update((s) => { s.shape.fill = c; }), { allowNone: true, label: 'Fill colour' })),
  ];
}

/** Markup kind and colour. */
export function highlightSettings() {
  return [
    section('Markup', segmented(entries(MARKUP_KINDS), settings.markup.kind, (v) => update((s) => { s.markup.kind = v; }), 'Markup kind')),
    section('Colour', swatches(settings.markup.color, (c) => update((s) => { s.markup.color = c; }))),
  ];
}

/** Colour of new notes. */
export function noteSettings() {
  return [section('Colour', swatches(settings.note.color, (c) => update((s) => { s.note.color = c; })))];
}

/** Input mode and stylus gesture mapping. */
export function inputSettings() {
  const gestureRows = GESTURES.map((gesture) => {
    const select = html('select', { 'aria-label': GESTURE_LABELS[gesture], 'data-gesture': gesture });
    for (const a of ACTIONS) {
      const user = gestureUsing(a, gesture);
      const option = html('option', { value: a, text: user ? `${ACTION_LABELS[a]} (in use)` : ACTION_LABELS[a] });
      if (user) option.title = `Used by ${GESTURE_LABELS[user]}`;
      select.append(option);
    }
    select.value = settings.gestures[gesture];
    select.addEventListener('change', () => {
      assignGesture(gesture, select.value);
      for (const other of document.querySelectorAll('#popover select[data-gesture]')) {
        // Refresh the in-use markers of the other menus.
        const g = other.dataset.gesture;
        for (const option of other.options) {
          const user = gestureUsing(option.value, g);
          option.textContent = user ? `${ACTION_LABELS[option.value]} (in use)` : ACTION_LABELS[option.value];
        }
        other.value = settings.gestures[g];
      }
    });
    return html('label', { class: 'gesture-row' }, [html('span', { text: GESTURE_LABELS[gesture] }), select]);
  });
  return [
    section('Input mode', segmented(entries(INPUT_MODES), settings.inputMode, (v) => update((s) => { s.inputMode = v; }), 'Input mode'),
      html('p', { class: 'hint', text: {
        default: 'Pen and mouse draw; one finger scrolls; two fingers pan and zoom.',
        pencilOnly: 'Only a pen draws; fingers scroll and zoom; touches while the pen is down are ignored.',
        finger: 'One finger draws; two fingers pan and zoom; a second finger cancels the stroke.',
      }[settings.inputMode] })),
    section('Pen gestures', ...gestureRows,
      html('p', { class: 'hint', text: 'Each action belongs to one gesture at most. Browsers report the eraser end and barrel button; tap and squeeze gestures apply where the browser reports them.' })),
  ];
}
