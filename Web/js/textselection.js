// Selecting the page's text by touch and by keyboard (issue 15), where the engine allows it.
// Touch: with Select, a finger held still on a word for LONG_PRESS_MS selects the word when
// the engine says so (`longPressSelectsText`: no palm, the finger has not moved, nothing but
// text there); the finger's moves then extend the selection instead of scrolling, and
// the browser shows its own selection handles where it has them. Keyboard: Shift+arrows extend
// a selection made in a page's text layer, within that layer; Ctrl/Cmd+A selects the text of
// the page in view when the keyboard is in the pages, and nothing elsewhere (not the whole UI).

import { call } from './engine.js';
import { settings } from './settings.js';
import { showCopyButton } from './textcopy.js';
import { TEXT_SPAN } from './textlayer.js';

/** How long a finger is held still before it selects the word (the tests wait it out). */
export const LONG_PRESS_MS = 500;

/** The touch long press of the pages: `began`, `moved` and `ended` from input.js. */
export class LongPress {
  /** @param {import('./viewer.js').Viewer} viewer */
  constructor(viewer) {
    this.viewer = viewer;
    this.pending = new Map();  // pointerId → {timer, x, y}
    this.taken = new Set();  // touches selecting text
    // The browser's own long press on the text would select whatever the engine says; the
    // press is the engine's (the selection is made below when it agrees).
    viewer.scroller.addEventListener('touchstart', (e) => {
      if (e.target.closest?.('.text-layer')) e.preventDefault();
    }, { passive: false });
  }

  /** A pointer went down on the pages (after the engine had it). */
  began(e) {
    this.cancelAll();
    document.querySelector('.text-actions')?.remove();
    if (e.pointerType !== 'touch' || settings.tool !== 'select' || !e.target.closest?.(TEXT_SPAN)) return;
    const press = { x: e.clientX, y: e.clientY };
    press.timer = setTimeout(() => this.fire(e.pointerId, press), LONG_PRESS_MS);
    this.pending.set(e.pointerId, press);
  }

  /** Whether the pointer's move belongs to a text selection (then the engine is not told). */
  moved(e) {
    const press = this.pending.get(e.pointerId);
    if (press) Object.assign(press, { x: e.clientX, y: e.clientY });
    if (!this.taken.has(e.pointerId)) return false;
    extendTo(e.clientX, e.clientY, this.viewer);
    return true;
  }

  ended(e) {
    clearTimeout(this.pending.get(e.pointerId)?.timer);
    this.pending.delete(e.pointerId);
    // The finger that selected text lifts: a Copy button, touch having no keys to copy with.
    if (this.taken.delete(e.pointerId)) showCopyButton(this.viewer);
  }

  cancelAll() {
    for (const press of this.pending.values()) clearTimeout(press.timer);
    this.pending.clear();
  }

  fire(id, press) {
    this.pending.delete(id);
    const point = this.viewer.clientToView(press.x, press.y);
    if (call({ call: 'longPressSelectsText', id, point }).selectsText !== true) return;
    if (selectWordAt(press.x, press.y, this.viewer)) this.taken.add(id);
  }
}

/** The caret position under a client point: {node, offset} or null. */
function caretAt(x, y) {
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    return p ? { node: p.offsetNode, offset: p.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** The text layer a node is in, if it is on the pages. */
function layerOf(node, viewer) {
  const element = node?.nodeType === Node.TEXT_NODE ? node.parentElement : node;
  const layer = element?.closest?.('.text-layer');
  return layer && viewer.pages.contains(layer) ? layer : null;
}

/**
 * Selects the word of a text layer under a client point; whether there was one. Which
 * characters make the word is the engine's rule (`wordAt`), the one its page text and find
 * cut words with.
 */
function selectWordAt(x, y, viewer) {
  const caret = caretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE || !layerOf(caret.node, viewer)) return false;
  // A lone surrogate becomes U+FFFD (JSON cannot carry it), one UTF-16 unit for one: offsets hold.
  const text = caret.node.data.toWellFormed?.() ?? caret.node.data;
  const word = call({ call: 'wordAt', text, offset: caret.offset });
  if (word.start === undefined) return false;
  window.getSelection().setBaseAndExtent(caret.node, word.start, caret.node, word.end);
  return true;
}

/** Moves the focus end of the text selection to a client point, within its text layer. */
function extendTo(x, y, viewer) {
  const selection = window.getSelection();
  const caret = caretAt(x, y);
  const layer = layerOf(selection.anchorNode, viewer);
  if (!caret || !layer || layerOf(caret.node, viewer) !== layer) return;
  selection.extend(caret.node, caret.offset);
}

/** The text layer holding the document's text selection, if it is one of the pages'. */
export function selectedTextLayer(viewer) {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.toString() === '') return null;
  return layerOf(selection.anchorNode, viewer);
}

const EXTEND = {
  arrowleft: ['backward', 'character'], arrowright: ['forward', 'character'],
  arrowup: ['backward', 'line'], arrowdown: ['forward', 'line'],
};

/**
 * Shift+arrow: extends a text selection of a page by a character or a line, kept in its text
 * layer. Whether the key was taken.
 */
export function extendTextSelection(key, viewer) {
  const layer = selectedTextLayer(viewer);
  if (!layer || !(key in EXTEND)) return false;
  const selection = window.getSelection();
  const [node, offset] = [selection.focusNode, selection.focusOffset];
  selection.modify('extend', ...EXTEND[key]);
  if (layerOf(selection.focusNode, viewer) !== layer) selection.extend(node, offset);  // not past the page's text
  return true;
}

/**
 * Ctrl/Cmd+A outside a text field: with the keyboard in the pages and the Select tool (whose
 * text is selectable), the text of the page in view; elsewhere nothing, so the browser never
 * selects the whole editor. Always taken.
 */
export function selectPageText(viewer) {
  const layer = viewer.views[viewer.currentPage]?.textLayer;
  if (!layer || settings.tool !== 'select' || !viewer.scroller.contains(document.activeElement)) return true;
  const range = document.createRange();
  range.selectNodeContents(layer);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}
