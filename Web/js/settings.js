// Settings, persisted in localStorage. The tools' settings are the engine's preferences
// (ToolPreferences: ink presets, eraser, text, shape, note, input mode, shape recognition,
// stylus gestures), kept in the engine's own JSON format, with its defaults and its rules
// (ranges, one gesture per action): the engine is told every change and its answer is what
// is kept. The rest is the browser's own: the current tool, the sidebar, the text-markup
// tool's kind and colour, whether descriptions are asked for when placing.

import { call, engineLoaded } from './engine.js';
import { t } from './i18n.js';
import { defaultColorOfType, defaultFillOfType } from './vocabulary.js';

const UI_KEY = 'marginalia.settings.v2';
const PREFERENCES_KEY = 'marginalia.preferences.v1';

/** Stylus gestures and the actions they can run (the engine's GestureMap). */
export const GESTURES = ['doubleTap', 'singleSqueeze', 'doubleSqueeze', 'penEraserEnd', 'penBarrelButton'];
/**
 * The gestures a browser reports (a Wacom-style pen's eraser end and barrel button). Apple
 * Pencil's double tap and squeeze reach only native apps: no web API reports them, so the
 * editor shows their mapping (kept for the native editor) but never offers it as working.
 */
export const BROWSER_GESTURES = ['penEraserEnd', 'penBarrelButton'];
export const GESTURE_LABELS = {
  doubleTap: t('gesture.doubleTap'), singleSqueeze: t('gesture.singleSqueeze'), doubleSqueeze: t('gesture.doubleSqueeze'),
  penEraserEnd: t('gesture.penEraserEnd'), penBarrelButton: t('gesture.penBarrelButton'),
};
export const ACTIONS = ['none', 'toggleEraser', 'selectTool', 'drawTool', 'eraserTool', 'textTool', 'shapeTool', 'lastTool', 'undo', 'redo'];
export const ACTION_LABELS = {
  none: t('action.none'), toggleEraser: t('action.toggleEraser'), selectTool: t('action.selectTool'), drawTool: t('action.drawTool'),
  eraserTool: t('action.eraserTool'), textTool: t('action.textTool'), shapeTool: t('action.shapeTool'), lastTool: t('action.lastTool'),
  undo: t('toolbar.undo'), redo: t('toolbar.redo'),
};
/** Who draws: see docs/editor-web.md, *Pen, finger and mouse* (the engine's InputMode). */
export const INPUT_MODES = { default: t('input.default'), pencilOnly: t('input.pencilOnly'), drawWithFinger: t('input.drawWithFinger') };
/** The engine's ink kinds. */
export const INK_KINDS = { pen: t('ink.pen'), pencil: t('ink.pencil'), marker: t('ink.marker'), highlighter: t('ink.highlighter') };

// A first visit starts with Select: a reader's first drag selects text rather than drawing.
// askAltText: ask for a description when a stamp, image or signature is placed. The markup
// colour and the redaction overlay are kept only once chosen: until then they are the
// engine's (markupColor, redactionOverlay).
const UI_DEFAULTS = { tool: 'select', thumbnails: false, markup: { kind: 'highlight' },
  redact: { overlayText: '' }, askAltText: true };

function load(key, fallback) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
    return saved && typeof saved === 'object' ? saved : fallback;
  } catch {
    return fallback;
  }
}

/** The live settings object (read it anywhere; change it through `update`). */
export const settings = { ...structuredClone(UI_DEFAULTS), ...load(UI_KEY, {}), prefs: load(PREFERENCES_KEY, {}) };
const listeners = new Set();

/**
 * The text-markup tool's colour: the one the user chose, else the engine's colour for a new
 * annotation of the tool's kind (the vocabulary's `defaultColor`: a highlight's yellow).
 */
export const markupColor = () => settings.markup.color ?? defaultColorOfType(settings.markup.kind);

/**
 * What covers a redaction mark once applied (its `fill`): the colour the user chose, else the
 * engine's (the vocabulary's `defaultFill` of a mark).
 */
export const redactionOverlay = () => settings.redact.overlay ?? defaultFillOfType('redact');

/** Calls `listener(settings)` after every change. */
export function onSettingsChange(listener) { listeners.add(listener); }

/** Saves the settings and tells the listeners (after `settings.prefs` took an engine answer). */
export function save() {
  const { prefs, ...ui } = settings;
  try {
    localStorage.setItem(UI_KEY, JSON.stringify(ui));
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(prefs));
  } catch { /* private mode */ }
  for (const listener of listeners) listener(settings);
}

/** Changes the browser's own settings through `mutate`, then saves and notifies. */
export function update(mutate) {
  mutate(settings);
  save();
}

/** Gives the engine the stored preferences (at start); it answers them sanitised. */
export function loadPreferences() {
  settings.prefs = call({ call: 'setPreferences', preferences: settings.prefs });
  save();
}

/** Changes the tools' settings: `mutate` edits a copy of the preferences, the engine decides. */
export function updatePreferences(mutate) {
  const copy = structuredClone(settings.prefs);
  mutate(copy);
  settings.prefs = engineLoaded() ? call({ call: 'setPreferences', preferences: copy }) : copy;
  save();
}

/** Assigns an action to a gesture (the engine takes it from any gesture that had it). */
export function assignGesture(gesture, action) {
  settings.prefs = call({ call: 'assignGesture', gesture, action });
  save();
}

/** The gesture (other than `except`) an action is in use by, or null. */
export function gestureUsing(action, except) {
  if (action === 'none') return null;
  return GESTURES.find((g) => g !== except && settings.prefs.gestures?.[g] === action) ?? null;
}

/** The active ink preset ({color, width, opacity, usesPressure, brush}). */
export function currentInk() {
  return settings.prefs[settings.prefs.currentInk ?? 'pen'] ?? { color: '#000000', width: 2, opacity: 1 };
}

/** @type {{offered: Record<string, Record<string, [number, number]>>} | null} */
let ranges = null;

/**
 * A slider's ends for a setting: what the engine offers of the values it accepts (its
 * `settingRanges` call, asked once, `offered`): `group` is `inkPreset`, `shape` (the
 * preferences) or `restyle` (a selection's restyle); `name` the setting (`width`, `opacity`,
 * `frameWidth`).
 * @returns {{min: number, max: number}}
 */
export function settingRange(group, name) {
  ranges ??= call({ call: 'settingRanges' });
  const [min, max] = ranges.offered[group][name];
  return { min, max };
}

/** The engine's default preferences (for "reset"). */
export function defaultPreferences() {
  return call({ call: 'defaultPreferences' });
}
