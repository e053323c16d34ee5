// The content of each tool's settings popover (long-press or right-click on its button).

import { html } from './svg.js';
import { settings, update, updatePreferences, markupColor, settingRange, assignGesture, gestureUsing, defaultPreferences, GESTURES, BROWSER_GESTURES, GESTURE_LABELS, ACTIONS, ACTION_LABELS, INPUT_MODES, INK_KINDS } from './settings.js';
import { section, swatches, segmented, slider, toggle, action, refreshPopover } from './popover.js';
import { MARKUP_KINDS } from './tools/highlight.js';
import { brushes, brushPicker, brushPreview, weightButtons } from './brushes.js';
import { noteIconPicker } from './noteicons.js';
import { defaultColorOfType } from './vocabulary.js';
import { layoutChoice } from './pagelayout.js';
import { notePicture, setNotePicture } from './tools/note.js';
import { readImage } from './tools/image.js';
import { imageURL } from './overlay.js';
import { t, formatNumber, LANGUAGES, chosenLanguage, chooseLanguage } from './i18n.js';

const entries = (o) => Object.entries(o);

/** The shapes the Shape tool draws (the engine's ShapeKind), with their labels. */
export const SHAPE_KINDS = { rectangle: t('shape.rectangle'), ellipse: t('shape.ellipse'), triangle: t('shape.triangle'), line: t('shape.line'), arrow: t('shape.arrow') };

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
    section(t('settings.preset'), segmented(entries(INK_KINDS), kind, (v) => updatePreferences((p) => { p.currentInk = v; }), t('settings.inkPreset'))),
    section(t('settings.brush'), brushPicker(preset, (brush) => set((p) => { p.brush = brush; }))),
    section(t('settings.colour'), swatches(preset.color, (c) => set((p) => { p.color = c; }))),
    section(t('settings.width'), weightButtons('draw'),
      committing(slider(t('settings.width'), preset.width, { ...settingRange('inkPreset', 'width'), step: 0.1, format: (v) => t('unit.points', { value: v }) }, (v) => set((p) => { p.width = v; })))),
    section(t('settings.opacity'), committing(slider(t('settings.opacity'), preset.opacity, { ...settingRange('inkPreset', 'opacity'), step: 0.05, format: (v) => formatNumber(v, { style: 'percent' }) }, (v) => set((p) => { p.opacity = v; })))),
    section(t('settings.preview'), brushPreview(preset)),
    section(t('settings.options'),
      toggle(t('settings.pressure'), preset.usesPressure, (v) => set((p) => { p.usesPressure = v; })),
      ...(brushes().find((b) => b.name === (preset.brush ?? 'pen'))?.followsPressure === false
        ? [html('p', { class: 'hint', 'data-hint': 'brush-ignores-pressure', text: t('settings.brushIgnoresPressure') })] : []),
      toggle(t('settings.recogniseShapes'), prefs.shapeRecognition?.recognizeEveryStroke,
        (v) => updatePreferences((p) => { p.shapeRecognition = { ...p.shapeRecognition, recognizeEveryStroke: v }; })),
      action(t('settings.resetPreset'), () => set((p) => Object.assign(p, defaultPreferences()[kind])))),
  ];
}

/** Stroke or segment erasing and the eraser's size (on screen). */
export function eraseSettings() {
  const eraser = settings.prefs.eraser ?? {};
  return [
    section(t('eraser.erases'), segmented([['stroke', t('eraser.wholeStrokes')], ['segment', t('eraser.partsOfStrokes')]], eraser.mode,
      (v) => updatePreferences((p) => { p.eraser.mode = v; }), t('eraser.mode'))),
    section(t('eraser.size'), segmented([[6, 'S'], [10, 'M'], [20, 'L'], [36, 'XL'], [60, 'XXL']], eraser.size,
      (v) => updatePreferences((p) => { p.eraser.size = v; }), t('eraser.sizeLabel'))),
  ];
}

/** Font size, bold, text and background colours of new text boxes. */
export function textSettings() {
  const style = settings.prefs.text ?? {};
  const set = (mutate) => updatePreferences((p) => mutate(p.text));
  return [
    section(t('text.fontSize'), segmented([[10, '10'], [12, '12'], [14, '14'], [18, '18'], [24, '24'], [36, '36']], style.fontSize,
      (v) => set((x) => { x.fontSize = v; }), t('text.fontSize'))),
    section(t('text.style'), toggle(t('text.bold'), style.bold, (v) => set((x) => { x.bold = v; }))),
    section(t('text.textColour'), swatches(style.textColor, (c) => set((x) => { x.textColor = c; }), { label: t('text.textColour') })),
    section(t('text.background'), swatches(style.backgroundColor ?? '', (c) => set((x) => { x.backgroundColor = c || null; }), { allowNone: true, label: t('text.backgroundColour') })),
  ];
}

/** Shape kind, stroke colour and width, fill. */
export function shapeSettings() {
  const sh = settings.prefs.shape ?? {};
  const set = (mutate) => updatePreferences((p) => mutate(p.shape));
  return [
    section(t('tool.shape'), segmented(entries(SHAPE_KINDS), sh.kind, (v) => set((x) => { x.kind = v; }), t('tool.shape'))),
    section(t('settings.stroke'), swatches(sh.strokeColor, (c) => set((x) => { x.strokeColor = c; }), { label: t('settings.strokeColour') })),
    section(t('settings.width'), weightButtons('shape'),
      committing(slider(t('settings.strokeWidth'), sh.width, { ...settingRange('shape', 'width'), step: 0.1, format: (v) => t('unit.points', { value: v }) }, (v) => set((x) => { x.width = v; })))),
    section(t('settings.fill'), swatches(sh.fillColor ?? '', (c) => set((x) => { x.fillColor = c || null; }), { allowNone: true, label: t('settings.fillColour') })),
  ];
}

/** Markup kind and colour. */
export function highlightSettings() {
  return [
    section(t('markup.markup'), segmented(entries(MARKUP_KINDS), settings.markup.kind, (v) => update((s) => { s.markup.kind = v; }), t('markup.kind'))),
    section(t('settings.colour'), swatches(markupColor(), (c) => update((s) => { s.markup.color = c; }))),
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
    'aria-label': picture ? t('note.pictureNamed', { name: picture.name }) : t('note.choosePicture'), title: t('note.pictureTitle'),
    onclick: () => { picker.value = ''; picker.click(); },
  }, picture ? [html('img', { src: imageURL(picture.base64), alt: '', height: 30 })] : [html('span', { text: t('note.pictureButton') })]);
  return [
    section(t('note.icon'), noteIconPicker(picture ? '' : settings.prefs.noteIcon, settings.prefs.noteColor ?? defaultColorOfType('note'), (name) => {
      setNotePicture(null);
      updatePreferences((p) => { p.noteIcon = name; });
      refreshPopover();
    }), pictureChoice, picker,
    html('p', { class: 'hint', text: t('note.pictureHint') })),
    section(t('settings.colour'), swatches(settings.prefs.noteColor, (c) => updatePreferences((p) => { p.noteColor = c; }))),
  ];
}

/** The chrome's language: the browser's, or one chosen; `relaunch` shows the choice (docs/i18n.md). */
function languageChoice(relaunch) {
  const select = html('select', { 'aria-label': t('settings.language'), 'data-setting': 'language' }, [
    html('option', { value: 'auto', text: t('settings.languageAuto') }),
    ...LANGUAGES.map(({ code, name }) => html('option', { value: code, text: name, lang: code })),
  ]);
  select.value = chosenLanguage();
  select.addEventListener('change', () => {
    chooseLanguage(select.value);
    relaunch();
  });
  return section(t('settings.language'), select);
}

/**
 * Input mode, the page layout, whether form fields are marked with every tool, stylus gesture
 * mapping and the language; `relaunch` reloads the editor in a newly chosen language.
 */
export function inputSettings(relaunch) {
  const gestureRow = (gesture) => {
    const reported = BROWSER_GESTURES.includes(gesture);
    const select = html('select', { 'aria-label': GESTURE_LABELS[gesture], 'data-gesture': gesture });
    // Double tap and squeeze never fire in a browser: their menus show the mapping a
    // native app would use and cannot be changed here (docs/editor-web.md, Pen gestures).
    select.disabled = !reported;
    for (const a of ACTIONS) {
      const user = gestureUsing(a, gesture);
      const option = html('option', { value: a, text: user ? t('gesture.inUse', { action: ACTION_LABELS[a] }) : ACTION_LABELS[a] });
      if (user) option.title = t('gesture.usedBy', { gesture: GESTURE_LABELS[user] });
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
          option.textContent = user ? t('gesture.inUse', { action: ACTION_LABELS[option.value] }) : ACTION_LABELS[option.value];
        }
        other.value = settings.prefs.gestures?.[g] ?? 'none';
      }
    });
    return html('label', { class: `gesture-row${reported ? '' : ' native-only'}` }, [html('span', { text: GESTURE_LABELS[gesture] }), select]);
  };
  const browserRows = GESTURES.filter((g) => BROWSER_GESTURES.includes(g)).map(gestureRow);
  const nativeRows = GESTURES.filter((g) => !BROWSER_GESTURES.includes(g)).map(gestureRow);
  return [
    languageChoice(relaunch),
    section(t('settings.inputMode'), segmented(entries(INPUT_MODES), settings.prefs.inputMode, (v) => updatePreferences((p) => { p.inputMode = v; }), t('settings.inputMode')),
      html('p', { class: 'hint', text: {
        default: t('input.defaultHint'),
        pencilOnly: t('input.pencilOnlyHint'),
        drawWithFinger: t('input.drawWithFingerHint'),
      }[settings.prefs.inputMode] })),
    section(t('settings.view'), html('div', { class: 'popover-label', text: t('settings.pageLayout') }), ...layoutChoice(),
      toggle(t('settings.highlightFields'), settings.prefs.highlightFields, (v) => updatePreferences((p) => { p.highlightFields = v; })),
      html('p', { class: 'hint', text: t('settings.highlightFieldsHint') })),
    section(t('settings.accessibility'),
      toggle(t('alt.askWhenPlacing'), settings.askAltText !== false, (v) => update((s) => { s.askAltText = v; }))),
    section(t('settings.penGestures'), ...browserRows,
      html('p', { class: 'hint', 'data-hint': 'browser-gestures', text: t('settings.browserGesturesHint') })),
    section(t('settings.applePencil'), ...nativeRows,
      html('p', { class: 'hint', 'data-hint': 'native-gestures', text: t('settings.applePencilHint') })),
  ];
}
