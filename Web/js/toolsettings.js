// The content of each tool's settings popover (long-press or right-click on its button).

import { html } from './svg.js';
import { settings, update, updatePreferences, assignGesture, gestureUsing, defaultPreferences, GESTURES, BROWSER_GESTURES, GESTURE_LABELS, ACTIONS, ACTION_LABELS, INPUT_MODES, INK_KINDS } from './settings.js';
import { section, swatches, segmented, slider, toggle, action, refreshPopover } from './popover.js';
import { MARKUP_KINDS } from './tools/highlight.js';
import { brushes, brushPicker, brushPreview, weightButtons } from './brushes.js';
import { noteIconPicker } from './noteicons.js';
import { layoutChoice } from './pagelayout.js';
import { notePicture, setNotePicture } from './tools/note.js';
import { readImage } from './tools/image.js';
import { imageURL } from './overlay.js';

const entries = (o) => Object.entries(o);

/** The shapes the Shape tool draws (the engine's ShapeKind), with their labels. */
export const SHAPE_KINDS = { rectangle: 'Rectangle', ellipse: 'Ellipse', triangle: 'Triangle', line: 'Line', arrow: 'Arrow' };

/** A slider whose release redraws the popover (the weights and the preview follow it). */
const committing = (element) => {
  element.querySelector('input').addEventListener('change', () => refreshPopover());
  return element;
};

/**
 * Ink preset, brush (with the engine's pictures of each), colour, weight and width, opacity,
 * pressure and shape recognition (the engine's preferences), and a preview of the pen.
 */
export function drawSettings() {
  const prefs = settings.prefs;
  const kind = prefs.currentInk ?? 'pen';
  const preset = prefs[kind] ?? {};
  const set = (mutate) => updatePreferences((p) => mutate(p[p.currentInk ?? 'pen']));
  return [
    section('Preset', segmented(entries(INK_KINDS), kind, (v) => updatePreferences((p) => { p.currentInk = v; }), 'Ink preset')),
    section('Brush', brushPicker(preset, (brush) => set((p) => { p.brush = brush; }))),
    section('Colour', swatches(preset.color, (c) => set((p) => { p.color = c; }))),
    section('Width', weightButtons('draw'),
      committing(slider('Width', preset.width, { min: 0.5, max: 30, step: 0.5, format: (v) => `${v} pt` }, (v) => set((p) => { p.width = v; })))),
    section('Opacity', committing(slider('Opacity', preset.opacity, { min: 0.1, max: 1, step: 0.05, format: (v) => `${Math.round(v * 100)}%` }, (v) => set((p) => { p.opacity = v; })))),
    section('Preview', brushPreview(preset)),
    section('Options',
      toggle('Pressure changes width', preset.usesPressure, (v) => set((p) => { p.usesPressure = v; })),
      ...(brushes().find((b) => b.name === (preset.brush ?? 'pen'))?.followsPressure === false
        ? [html('p', { class: 'hint', 'data-hint': 'brush-ignores-pressure', text: 'This brush keeps one width whatever the pressure.' })] : []),
      toggle('Recognise every stroke as a shape', prefs.shapeRecognition?.recognizeEveryStroke,
        (v) => updatePreferences((p) => { p.shapeRecognition = { ...p.shapeRecognition, recognizeEveryStroke: v }; })),
      action('Reset preset', () => set((p) => Object.assign(p, defaultPreferences()[kind])))),
  ];
}

/** Stroke or segment erasing and the eraser's size (on screen). */
export function eraseSettings() {
  const eraser = settings.prefs.eraser ?? {};
  return [
    section('Erases', segmented([['stroke', 'Whole strokes'], ['segment', 'Parts of strokes']], eraser.mode,
      (v) => updatePreferences((p) => { p.eraser.mode = v; }), 'Eraser mode')),
    section('Size', segmented([[6, 'S'], [10, 'M'], [20, 'L'], [36, 'XL'], [60, 'XXL']], eraser.size,
      (v) => updatePreferences((p) => { p.eraser.size = v; }), 'Eraser size')),
  ];
}

/** Font size, bold, text and background colours of new text boxes. */
export function textSettings() {
  const t = settings.prefs.text ?? {};
  const set = (mutate) => updatePreferences((p) => mutate(p.text));
  return [
    section('Font size', segmented([[10, '10'], [12, '12'], [14, '14'], [18, '18'], [24, '24'], [36, '36']], t.fontSize,
      (v) => set((x) => { x.fontSize = v; }), 'Font size')),
    section('Style', toggle('Bold', t.bold, (v) => set((x) => { x.bold = v; }))),
    section('Text colour', swatches(t.textColor, (c) => set((x) => { x.textColor = c; }), { label: 'Text colour' })),
    section('Background', swatches(t.backgroundColor ?? '', (c) => set((x) => { x.backgroundColor = c || null; }), { allowNone: true, label: 'Background colour' })),
  ];
}

/** Shape kind, stroke colour and width, fill. */
export function shapeSettings() {
  const sh = settings.prefs.shape ?? {};
  const set = (mutate) => updatePreferences((p) => mutate(p.shape));
  return [
    section('Shape', segmented(entries(SHAPE_KINDS), sh.kind, (v) => set((x) => { x.kind = v; }), 'Shape')),
    section('Stroke', swatches(sh.strokeColor, (c) => set((x) => { x.strokeColor = c; }), { label: 'Stroke colour' })),
    section('Width', weightButtons('shape'),
      committing(slider('Stroke width', sh.width, { min: 0.5, max: 20, step: 0.5, format: (v) => `${v} pt` }, (v) => set((x) => { x.width = v; })))),
    section('Fill', swatches(sh.fillColor ?? '', (c) => set((x) => { x.fillColor = c || null; }), { allowNone: true, label: 'Fill colour' })),
  ];
}

/** Markup kind and colour. */
export function highlightSettings() {
  return [
    section('Markup', segmented(entries(MARKUP_KINDS), settings.markup.kind, (v) => update((s) => { s.markup.kind = v; }), 'Markup kind')),
    section('Colour', swatches(settings.markup.color, (c) => update((s) => { s.markup.color = c; }))),
  ];
}

/**
 * Icon of new notes (a standard one, or a picture of the user's: tools/note.js) and their colour.
 * @param {(error: Error) => void} [failed] told when a picked picture cannot be read
 */
export function noteSettings(failed = () => {}) {
  const picture = notePicture();
  const picker = html('input', { type: 'file', class: 'note-picture-picker', accept: 'image/*,.heic,.heif,.webp,.gif,.tif,.tiff', hidden: '' });
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (!file) return;
    try {
      setNotePicture(await readImage(file));
    } catch (error) {
      failed(error);
    }
    refreshPopover();
  });
  const pictureChoice = html('button', {
    type: 'button', role: 'radio', class: `note-picture-choice${picture ? ' on' : ''}`, 'aria-checked': String(!!picture),
    'aria-label': picture ? `Picture: ${picture.name}` : 'Choose a picture', title: 'A picture of yours as the icon',
    onclick: () => { picker.value = ''; picker.click(); },
  }, picture ? [html('img', { src: imageURL(picture.base64), alt: '', height: 30 })] : [html('span', { text: 'Picture…' })]);
  return [
    section('Icon', noteIconPicker(picture ? '' : settings.prefs.noteIcon, settings.prefs.noteColor ?? '#FFD933', (name) => {
      setNotePicture(null);
      updatePreferences((p) => { p.noteIcon = name; });
      refreshPopover();
    }), pictureChoice, picker,
    html('p', { class: 'hint', text: 'A note with a picture keeps its size on screen, as every note does; the colour is for the standard icons.' })),
    section('Colour', swatches(settings.prefs.noteColor, (c) => updatePreferences((p) => { p.noteColor = c; }))),
  ];
}

/** Input mode, the page layout, whether form fields are marked with every tool, and stylus gesture mapping. */
export function inputSettings() {
  const gestureRow = (gesture) => {
    const reported = BROWSER_GESTURES.includes(gesture);
    const select = html('select', { 'aria-label': GESTURE_LABELS[gesture], 'data-gesture': gesture });
    // Double tap and squeeze never fire in a browser: their menus show the mapping a
    // native app would use and cannot be changed here (docs/editor-web.md, Pen gestures).
    select.disabled = !reported;
    for (const a of ACTIONS) {
      const user = gestureUsing(a, gesture);
      const option = html('option', { value: a, text: user ? `${ACTION_LABELS[a]} (in use)` : ACTION_LABELS[a] });
      if (user) option.title = `Used by ${GESTURE_LABELS[user]}`;
      select.append(option);
    }
    select.value = settings.prefs.gestures?.[gesture] ?? 'none';
    select.addEventListener('change', () => {
      assignGesture(gesture, select.value);
      for (const other of document.querySelectorAll('#popover select[data-gesture]')) {
        // Refresh the in-use markers of the other menus.
        const g = other.dataset.gesture;
        for (const option of other.options) {
          const user = gestureUsing(option.value, g);
          option.textContent = user ? `${ACTION_LABELS[option.value]} (in use)` : ACTION_LABELS[option.value];
        }
        other.value = settings.prefs.gestures?.[g] ?? 'none';
      }
    });
    return html('label', { class: `gesture-row${reported ? '' : ' native-only'}` }, [html('span', { text: GESTURE_LABELS[gesture] }), select]);
  };
  const browserRows = GESTURES.filter((g) => BROWSER_GESTURES.includes(g)).map(gestureRow);
  const nativeRows = GESTURES.filter((g) => !BROWSER_GESTURES.includes(g)).map(gestureRow);
  return [
    section('Input mode', segmented(entries(INPUT_MODES), settings.prefs.inputMode, (v) => updatePreferences((p) => { p.inputMode = v; }), 'Input mode'),
      html('p', { class: 'hint', text: {
        default: 'Pen and mouse draw; one finger scrolls; two fingers pan and zoom.',
        pencilOnly: 'Only a pen draws; fingers scroll and zoom; touches while the pen is down are ignored.',
        drawWithFinger: 'One finger draws; two fingers pan and zoom; a second finger cancels the stroke.',
      }[settings.prefs.inputMode] })),
    section('View', html('div', { class: 'popover-label', text: 'Page layout' }), ...layoutChoice(),
      toggle('Highlight form fields', settings.prefs.highlightFields, (v) => updatePreferences((p) => { p.highlightFields = v; })),
      html('p', { class: 'hint', text: 'Tint and outline every fillable field with any tool; the Form tool always shows them.' })),
    section('Pen gestures', ...browserRows,
      html('p', { class: 'hint', 'data-hint': 'browser-gestures', text: 'In the browser, a pen\u2019s barrel button and eraser end take these actions. Each action belongs to one gesture at most.' })),
    section('Apple Pencil (native app only)', ...nativeRows,
      html('p', { class: 'hint', 'data-hint': 'native-gestures', text: 'Apple Pencil double-tap and squeeze need a native app: no browser reports them, so here they do nothing (the mapping is kept for a native app).' })),
  ];
}
