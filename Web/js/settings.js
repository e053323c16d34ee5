// Tool and input preferences, persisted in localStorage. One object, read once, saved on
// every change; listeners hear about changes so the toolbar and the tools stay in step.

const KEY = 'marginalia.settings.v1';

/** Stylus gestures and the actions they can run (the engine's GestureMap). */
export const GESTURES = ['doubleTap', 'singleSqueeze', 'doubleSqueeze', 'penEraserEnd', 'penBarrelButton'];
export const GESTURE_LABELS = {
  doubleTap: 'Double tap', singleSqueeze: 'Single squeeze', doubleSqueeze: 'Double squeeze',
  penEraserEnd: 'Pen eraser end', penBarrelButton: 'Pen barrel button',
};
export const ACTIONS = ['none', 'toggleEraser', 'selectTool', 'drawTool', 'eraserTool', 'textTool', 'shapeTool', 'lastTool', 'undo', 'redo'];
export const ACTION_LABELS = {
  none: 'None', toggleEraser: 'Toggle eraser', selectTool: 'Select tool', drawTool: 'Draw tool',
  eraserTool: 'Eraser tool', textTool: 'Text tool', shapeTool: 'Shape tool', lastTool: 'Switch to last tool',
  undo: 'Undo', redo: 'Redo',
};
/** Who draws: see docs/editor-web.md, *Pen, finger and mouse*. */
export const INPUT_MODES = { default: 'Default', pencilOnly: 'Pencil only', finger: 'Draw with finger' };

export const DRAW_PRESETS = {
  // The engine's defaults (Sources/MarginaliaEditor/Preferences/InkPreset.swift).
  pen: { color: '#000000', width: 2, opacity: 1, usesPressure: true },
  marker: { color: '#0000FF', width: 6, opacity: 0.8, usesPressure: false },
  highlighter: { color: '#FFFF00', width: 14, opacity: 0.35, usesPressure: false },
};

const DEFAULTS = {
  tool: 'draw',
  lastTool: 'select',
  draw: { preset: 'pen', presets: structuredClone(DRAW_PRESETS) },
  erase: { mode: 'stroke', size: 10 },
  text: { fontSize: 14, bold: false, textColor: '#111111', background: '' },
  shape: { kind: 'rectangle', color: '#D32F2F', width: 2, fill: '' },
  markup: { kind: 'highlight', color: '#FFE600' },
  note: { color: '#FFD54F' },
  inputMode: 'default',
  gestures: { doubleTap: 'toggleEraser', singleSqueeze: 'none', doubleSqueeze: 'none', penEraserEnd: 'eraserTool', penBarrelButton: 'none' },
  thumbnails: false,
};

function merge(base, saved) {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return saved ?? base;
  const out = { ...base };
  for (const key of Object.keys(saved ?? {})) out[key] = key in base ? merge(base[key], saved[key]) : saved[key];
  return out;
}

function load() {
  try {
    return merge(structuredClone(DEFAULTS), JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch {
    return structuredClone(DEFAULTS);
  }
}

/** The live settings object (read it anywhere; change it through `update`). */
export const settings = load();
const listeners = new Set();

/** Calls `listener(settings)` after every change. */
export function onSettingsChange(listener) { listeners.add(listener); }

/** Changes settings through `mutate`, then saves and notifies. */
export function update(mutate) {
  mutate(settings);
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* private mode */ }
  for (const listener of listeners) listener(settings);
}

/** The active ink preset ({color, width, opacity, usesPressure}). */
export function currentInk() {
  return settings.draw.presets[settings.draw.preset] ?? DRAW_PRESETS.pen;
}

/**
 * Assigns an action to a gesture. An action (other than none) belongs to at most one gesture:
 * assigning it clears it from any other gesture.
 */
export function assignGesture(gesture, action) {
  update((s) => {
    if (action !== 'none') {
      for (const other of GESTURES) if (s.gestures[other] === action) s.gestures[other] = 'none';
    }
    s.gestures[gesture] = action;
  });
}

/** The gesture (other than `except`) an action is in use by, or null. */
export function gestureUsing(action, except) {
  if (action === 'none') return null;
  return GESTURES.find((g) => g !== except && settings.gestures[g] === action) ?? null;
}
