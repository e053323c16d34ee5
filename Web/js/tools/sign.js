// Sign: handwritten signatures and initials (docs/signatures.md, "The Sign tool"). Three ways
// to make one: draw it in the signing pad (pen, finger or mouse), type a name (set in URW's
// Z003, a chancery italic), or choose a PNG or JPEG. Saved ones are kept by savedsignatures.js
// (on the server for a signed-in user, else in this browser); the ↻ beside one replaces it, in
// its place in the list, with what the New section holds (with Image, the file chosen next);
// a tap on one arms the placing
// tool (tools/image.js), and the next tap on a page puts it there at its size, ready to move
// and resize with Select.
// A drawn signature is ink: the engine finishes the pad's strokes as the Draw tool finishes a
// stroke (`signatureInk`) and draws them (`inkPaths`), in the pad and on the page alike. A
// typed or chosen one is an image stamp (a typed one carries the name as its text, and is
// set in the script face each time it is placed).

import { html, svg } from '../svg.js';
import { call } from '../engine.js';
import { section, segmented, action, refreshPopover, closePopover, popoverAnchor } from '../popover.js';
import { imageURL } from '../overlay.js';
import { readImage } from './image.js';
import { savedSignatures, saveSignature, replaceSignature, removeSignature, reloadSavedSignatures, maxImageBytes } from '../savedsignatures.js';
import { t } from '../i18n.js';

/** The signing pad's size in CSS pixels; a drawn signature keeps these proportions. */
export const PAD_SIZE = [360, 120];
/** How tall a signature and initials are placed by a tap, in page points. */
const PLACED_HEIGHT = { signature: 48, initials: 32 };
/** The ink of a drawn signature: dark blue, pressure followed (the Draw tool's keys). */
const INK = { color: '#1B2A6B', width: 1.6, opacity: 1, usesPressure: true, brush: 'pen' };
/** A typed signature's face (its @font-face is in text.css) and the pixel size it is set in. */
const SCRIPT_FONT = { family: 'MarginaliaZ003', url: '/vendor/fonts/Z003-MediumItalic.otf', size: 96 };

/** What the popover shows between rebuilds: the way chosen, the pad's strokes, the name typed; the saved one an image chosen is to replace. */
const state = { mode: 'draw', role: 'signature', strokes: [], typed: '', current: null, replacing: null };

/** A drawn signature as ink placed at `rect` on page `pageIndex` (the engine's answer). */
export function signatureInk(strokes, pageIndex, rect, ink = INK) {
  return call({ call: 'signatureInk', strokes, padSize: PAD_SIZE, rect, pageIndex, ink }).annotation;
}

/** A drawn signature as the engine draws it in a box the pad's size (y down), SVG paths. */
function padDrawing(strokes) {
  const [w, h] = PAD_SIZE;
  // Shown at twice the size it is placed at, so drawn twice as wide.
  const annotation = { ...signatureInk(strokes, 0, [0, 0, w, h], { ...INK, width: INK.width * 2 }), id: 'pad' };
  return svg('g', { transform: `matrix(1 0 0 -1 0 ${h})`, fill: INK.color, stroke: INK.color },
    call({ call: 'inkPaths', annotation }).paths.map((p) => svg('path', p.filled ? { d: p.d, stroke: 'none' }
      : { d: p.d, fill: 'none', 'stroke-width': INK.width * 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })));
}

/** The signing pad: an SVG the pointer draws in, each stroke drawn by the engine. */
function makePad() {
  const [w, h] = PAD_SIZE;
  const ink = svg('g');
  const element = svg('svg', {
    class: 'signing-pad', width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img',
    'aria-label': t('sign.pad'),
  }, [svg('line', { x1: 16, y1: h - 28, x2: w - 16, y2: h - 28, class: 'signing-line' }), ink]);
  const redraw = () => {
    const strokes = state.current ? [...state.strokes, state.current.samples] : state.strokes;
    ink.replaceChildren(...(strokes.length ? [padDrawing(strokes)] : []));
    element.dataset.strokes = String(state.strokes.length);  // the strokes finished (for tests and assistive tech)
  };
  const sample = (e, box) => {
    // A pen that is down and reads 0 keeps its last pressure (WebKit's pen reads 0 on moves).
    const pressure = e.pointerType === 'pen' ? (e.pressure > 0 ? e.pressure : state.current?.pressure ?? 0.5) : 0.5;
    if (state.current) state.current.pressure = pressure;
    return [e.clientX - box.left, e.clientY - box.top, pressure, e.timeStamp / 1000];
  };
  element.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    element.setPointerCapture?.(e.pointerId);
    state.current = { id: e.pointerId, samples: [], pressure: null };
    state.current.samples.push(sample(e, element.getBoundingClientRect()));
    redraw();
  });
  // Moves and the lift are listened for on the window: WebKit sends a pen's pointerup to the
  // element under it whatever the capture, and a stroke may leave the pad.
  window.addEventListener('pointermove', (e) => {
    if (!state.current || state.current.id !== e.pointerId) return;
    const box = element.getBoundingClientRect();
    const events = e.getCoalescedEvents?.() ?? [];
    for (const each of events.length ? events : [e]) state.current.samples.push(sample(each, box));
    redraw();
  });
  const end = (e) => {
    if (!state.current || state.current.id !== e.pointerId) return;
    state.strokes.push(state.current.samples);
    state.current = null;
    redraw();
  };
  window.addEventListener('pointerup', end, true);
  window.addEventListener('pointercancel', (e) => { if (state.current?.id === e.pointerId) { state.current = null; redraw(); } }, true);
  // The page's compatibility mousedown would move the focus out of the popover.
  element.addEventListener('mousedown', (e) => e.preventDefault());
  return { element, redraw };
}

let pad = null;

/** Loads the script face (declared in text.css: `/vendor/fonts/`, fonts-urw-base35's Z003). */
async function scriptFont() {
  const faces = await document.fonts.load(`${SCRIPT_FONT.size}px ${SCRIPT_FONT.family}`);
  if (!faces.length) throw new Error(`the script face (${SCRIPT_FONT.url}) could not be loaded`);
}

/** A typed name set in the script face as a PNG with a transparent ground: `{base64, width, height}`. */
export async function typedSignatureImage(text) {
  await scriptFont();
  const font = `${SCRIPT_FONT.size}px ${SCRIPT_FONT.family}`;
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = font;
  const metrics = measure.measureText(text);
  const margin = Math.round(SCRIPT_FONT.size * 0.25);
  const width = Math.ceil(metrics.actualBoundingBoxLeft + metrics.actualBoundingBoxRight) + 2 * margin;
  const height = Math.ceil(metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent) + 2 * margin;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  context.font = font;
  context.fillStyle = INK.color;
  context.fillText(text, margin + metrics.actualBoundingBoxLeft, margin + metrics.actualBoundingBoxAscent);
  const base64 = canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
  return { base64, width, height };
}

/**
 * A saved signature as a picture for a digital signature's appearance (`POST …/sign`'s
 * `image`): an image its file, a typed name set in the script face, a drawing the engine's ink
 * drawn at twice the pad's size; all with a transparent ground.
 * @returns {Promise<string>} the PNG or JPEG, base64
 */
export async function signaturePicture(saved) {
  if (saved.kind === 'typed') return (await typedSignatureImage(saved.label)).base64;
  if (saved.kind !== 'drawn') return saved.image;
  const [w, h] = PAD_SIZE;
  const scale = 2;
  const annotation = { ...signatureInk(saved.strokes, 0, [0, 0, w, h], { ...INK, width: INK.width * 2 }), id: 'picture' };
  const canvas = document.createElement('canvas');
  canvas.width = w * scale;
  canvas.height = h * scale;
  const context = canvas.getContext('2d');
  context.setTransform(scale, 0, 0, -scale, 0, h * scale);  // the engine's paths are y up
  context.fillStyle = context.strokeStyle = INK.color;
  context.lineWidth = INK.width * 2;
  context.lineCap = context.lineJoin = 'round';
  for (const p of call({ call: 'inkPaths', annotation }).paths) {
    const path = new Path2D(p.d);
    if (p.filled) context.fill(path); else context.stroke(path);
  }
  return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
}

/** The size a saved signature is placed at by a tap: its role's height, its proportions kept. */
function placedSize(saved) {
  const height = PLACED_HEIGHT[saved.role] ?? PLACED_HEIGHT.signature;
  const [w, h] = saved.kind === 'drawn' ? PAD_SIZE : [saved.width, saved.height];
  return [Math.round(height * w / h), height];
}

/** A saved signature's picture in the list: the engine's ink for a drawn one, a typed one's name in the script face, else its image. */
function picture(saved) {
  if (saved.kind === 'typed') return html('span', { class: 'signature-typed-name', 'aria-hidden': 'true', text: saved.label });
  if (saved.kind !== 'drawn') return html('img', { src: imageURL(saved.image), alt: '', height: 36 });
  const [w, h] = PAD_SIZE;
  return svg('svg', { viewBox: `0 0 ${w} ${h}`, width: 108, height: 36, 'aria-hidden': 'true' }, [padDrawing(saved.strokes)]);
}

/**
 * Asks for the saved signatures again when the Sign popover opens (on the server, another
 * browser of the user's may have changed them) and shows them if it is still open.
 * @param {import('../editor.js').Editor} editor
 * @param {HTMLElement} anchor the Sign button
 */
export function reloadSaved(editor, anchor) {
  reloadSavedSignatures().then((changed) => { if (changed && popoverAnchor() === anchor) refreshPopover(); },
    (error) => editor.status(t('sign.listFailed', { reason: error.message }), true));
}

/**
 * The Sign popover's content.
 * @param {import('../editor.js').Editor} editor
 */
export function signPanel(editor) {
  pad ??= makePad();
  const place = async (chosen) => {
    closePopover();
    let saved = chosen;
    if (saved.kind === 'typed') {
      const { base64, width, height } = await typedSignatureImage(saved.label);
      saved = { ...saved, image: base64, width, height };
    }
    const size = placedSize(saved);
    const what = saved.role === 'initials' ? t('sign.yourInitials') : t('sign.yourSignature');
    if (saved.kind === 'drawn') {
      editor.tools.image.armWith(size, (pageIndex, rect) => ({ ...signatureInk(saved.strokes, pageIndex, rect), contents: saved.label }));
    } else {
      editor.tools.image.arm({ name: 'Image', image: saved.image, contents: saved.label }, size);
    }
    editor.setTool('image');
    editor.status(t('sign.placeHint', { what }));
  };
  /** Runs `change` (a save, a replacement or a removal) and shows the list again, or says why it failed (`failed`, a catalog key). */
  const keep = async (change, failed = 'sign.saveFailed') => {
    try {
      await change();
      refreshPopover();
    } catch (error) {
      editor.status(t(failed, { reason: error.message }), true);
    }
  };
  /**
   * Keeps `made` (a signature without an id): as a new one, or in place of the saved one
   * `state.replacing` names (its drawing, name or image replaced, its place in the list kept).
   */
  const keepMade = (made) => {
    const target = state.replacing;
    state.replacing = null;
    // The pad is cleared once its drawing is kept (a refusal leaves it to try again).
    const cleared = (signature) => { if (signature.kind === 'drawn') state.strokes = []; };
    if (!target) return keep(async () => { const signature = await made(); await saveSignature(signature); cleared(signature); });
    return keep(async () => {
      const signature = { ...(await made()), role: target.role };
      const kept = await replaceSignature(target.id, signature);
      cleared(signature);
      editor.status(t('sign.replaced', { name: kept.label }));
    }, 'sign.replaceFailed');
  };
  /** What the New section holds now, as a function making the signature to keep; null (said why) when it holds nothing. */
  const madeNow = () => {
    if (state.mode === 'draw') {
      if (!state.strokes.length) { editor.status(t('sign.padFirst'), true); return null; }
      const strokes = state.strokes;
      const role = state.role;
      return async () => ({ kind: 'drawn', role, strokes, padSize: PAD_SIZE, label: role === 'initials' ? t('sign.initials') : t('sign.signature') });
    }
    const text = state.typed.trim();
    if (!text) { editor.status(t('sign.typeNameFirst'), true); return null; }
    const role = state.role;
    // Kept as the name; checked now that the face draws it, set anew each time it is placed.
    return async () => {
      await typedSignatureImage(text);
      return { kind: 'typed', role, label: text };
    };
  };
  const picker = html('input', { type: 'file', class: 'signature-image-picker', accept: 'image/png,image/jpeg', hidden: '' });
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    if (!file) { state.replacing = null; return; }
    if (file.size > maxImageBytes()) {
      state.replacing = null;
      editor.status(t('sign.imageTooLarge', { size: maxImageBytes() / 1024 }), true);
      return;
    }
    const role = state.role;
    keepMade(async () => {
      const image = await readImage(file);
      return { kind: 'image', role, label: file.name.replace(/\.[^.]*$/, '') || t('sign.signature'), image: image.base64, width: image.width, height: image.height };
    });
  });
  const chooseImage = () => { picker.value = ''; picker.click(); };
  /** Replaces the saved `s` with what the New section holds (Image: the file chosen next). */
  const replaceWithNew = (s) => {
    state.replacing = { id: s.id, role: s.role };
    if (state.mode === 'image') { chooseImage(); return; }
    const made = madeNow();
    if (made) keepMade(made);
    else state.replacing = null;
  };

  const saved = savedSignatures(state.role);
  const list = html('div', { class: 'signature-choices', role: 'group', 'aria-label': t('sign.saved') }, saved.map((s) => html('div', { class: 'signature-saved' }, [
    html('button', { type: 'button', class: 'signature-choice', 'data-signature': s.id, 'data-kind': s.kind, title: t('sign.placeNamed', { name: s.label }), 'aria-label': t('sign.placeNamed', { name: s.label }), onclick: () => place(s).catch((error) => editor.status(t('sign.placeFailed', { reason: error.message }), true)) }, [picture(s)]),
    html('button', { type: 'button', class: 'signature-replace', 'data-signature': s.id, 'aria-label': t('sign.replaceNamed', { name: s.label }), title: t('sign.replace'), text: '↻', onclick: () => replaceWithNew(s) }),
    html('button', { type: 'button', class: 'signature-remove', 'aria-label': t('sign.removeNamed', { name: s.label }), title: t('sign.remove'), text: '×', onclick: () => keep(() => removeSignature(s.id), 'sign.removeFailed') }),
  ])));

  const save = () => {
    state.replacing = null;
    const made = madeNow();
    if (made) keepMade(made);
  };
  let maker;
  if (state.mode === 'draw') {
    pad.redraw();
    maker = [pad.element,
      html('div', { class: 'popover-row' }, [
        action(t('sign.clear'), () => { state.strokes = []; pad.redraw(); }),
        action(t('toolbar.save'), save),
      ])];
  } else if (state.mode === 'type') {
    const input = html('input', { type: 'text', class: 'signature-name', 'aria-label': t('review.yourName'), placeholder: t('review.yourName'), maxlength: 80, value: state.typed });
    const shown = html('div', { class: 'signature-typed-preview', text: state.typed });
    input.addEventListener('input', () => { state.typed = input.value; shown.textContent = input.value; });
    input.addEventListener('keydown', (e) => e.stopPropagation());
    maker = [input, shown, action(t('toolbar.save'), save)];
  } else {
    maker = [picker, html('p', { class: 'hint', text: t('sign.imageHint') }),
      action(t('stamp.chooseImage'), () => { state.replacing = null; chooseImage(); })];
  }

  return [
    segmented([['signature', t('sign.signature')], ['initials', t('sign.initials')]], state.role, (v) => { state.role = v; }, t('sign.role')),
    section(saved.length ? t('sign.saved') : t('sign.savedNone'), list),
    section(t('sign.new'), segmented([['draw', t('sign.draw')], ['type', t('sign.type')], ['image', t('tool.image')]], state.mode, (v) => { state.mode = v; }, t('sign.how')), ...maker),
  ];
}
