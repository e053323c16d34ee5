// Settings, persisted in localStorage. The tools' settings are the engine's preferences
// (ToolPreferences: ink presets, eraser, text, shape, note, input mode, shape recognition,
// stylus gestures), kept in the engine's own JSON format, with its defaults and its rules
// (ranges, one gesture per action): the engine is told every change and its answer is what
// is kept. The rest is the browser's own: the current tool, the sidebar, the text-markup
// tool's kind and colour, whether descriptions are asked for when placing. Of both, only what
// differs from its default is stored (`save`).

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

/**
 * The highlight colour builds before 2026-12-07 wrote into every browser's settings at every
 * start, chosen or not (they saved the whole settings): a stored markup colour equal to it is
 * taken as not chosen, so such a browser gets the engine's colour (docs/editor-web.md, *Tools*).
 */
const OLD_DEFAULT_MARKUP_COLOR = '#FFE600';

function load(key, fallback) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
    return saved && typeof saved === 'object' ? saved : fallback;
  } catch {
    return fallback;
  }
}

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `defaults` with what `stored` holds laid over it, object by object. */
function merged(defaults, stored) {
  const result = structuredClone(defaults);
  for (const [key, value] of Object.entries(stored)) {
    result[key] = isPlainObject(value) && isPlainObject(result[key]) ? merged(result[key], value) : value;
  }
  return result;
}

/**
 * What of `value` differs from `defaults`, object by object: what is stored, so a value left
 * at its default follows the default of a later build.
 */
function chosen(value, defaults) {
  const result = {};
  for (const [key, item] of Object.entries(value)) {
    const base = defaults?.[key];
    if (isPlainObject(item) && isPlainObject(base)) {
      const inner = chosen(item, base);
      if (Object.keys(inner).length) result[key] = inner;
    } else if (JSON.stringify(item) !== JSON.stringify(base)) {
      result[key] = item;
    }
  }
  return result;
}

/** The browser's own settings as stored, the old default markup colour taken as not chosen. */
function storedUI() {
  const stored = load(UI_KEY, {});
  if (typeof stored.markup?.color === 'string' && stored.markup.color.toUpperCase() === OLD_DEFAULT_MARKUP_COLOR) delete stored.markup.color;
  return stored;
}

/** The live settings object (read it anywhere; change it through `update`). */
export const settings = { ...merged(UI_DEFAULTS, storedUI()), prefs: load(PREFERENCES_KEY, {}) };
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

/**
 * The browser's own settings' defaults: UI_DEFAULTS and, once the engine is loaded, its
 * markup colour for the tool's kind and its redaction overlay.
 */
function uiDefaults() {
  if (!engineLoaded()) return UI_DEFAULTS;
  return merged(UI_DEFAULTS, { markup: { color: defaultColorOfType(settings.markup.kind) }, redact: { overlay: defaultFillOfType('redact') } });
}

/**
 * Saves the settings and tells the listeners (after `settings.prefs` took an engine answer).
 * Only what the user chose is stored: a value equal to its default (the engine's preferences'
 * default, the engine's colours, UI_DEFAULTS) is left out and takes the default when read.
 */
export function save() {
  const { prefs, ...ui } = settings;
  try {
    localStorage.setItem(UI_KEY, JSON.stringify(chosen(ui, uiDefaults())));
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(engineLoaded() ? chosen(prefs, defaultPreferences()) : prefs));
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

/**
 * The active ink preset ({color, width, opacity, usesPressure, brush}); the engine's default
 * preset of the kind while the preferences hold none (the engine must be loaded).
 */
export function currentInk() {
  const kind = settings.prefs.currentInk ?? defaultPreferences().currentInk;
  return settings.prefs[kind] ?? defaultPreferences()[kind];
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
