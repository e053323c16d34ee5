// Keyboard shortcuts: ctrl/cmd+Z undo, ctrl/cmd+shift+Z and ctrl+Y redo, ctrl/cmd+S save,
// ctrl/cmd+C, X and V copy, cut and paste the selection (clipboard.js), ctrl/cmd+D duplicates it,
// V/P/E/T/F select, draw (pen), erase, text and form tools, Shift+E toggles Eraser <-> Draw (the
// engine's toggleEraser), Delete/Backspace removes the selection,
// +/- zoom, 0 fits the width, arrows nudge the selection (1 pt on screen, with shift 10; the
// engine turns the step into page space and keeps it on the page), Escape clears it.
// With text selected on a page, Shift+arrows extend it; Ctrl/Cmd+A in the pages selects the
// page's text (textselection.js). In the single-page layout PageDown, PageUp, Space and the
// left and right arrows turn pages, in the horizontal one PageDown and PageUp (pagelayout.js).

import { call } from './engine.js';
import { extendTextSelection, selectPageText } from './textselection.js';
import { turnPageByKey } from './pagelayout.js';

const NUDGES = { arrowleft: [-1, 0], arrowright: [1, 0], arrowup: [0, -1], arrowdown: [0, 1] };

/** @param {import('./editor.js').Editor} editor */
export function installShortcuts(editor) {
  document.addEventListener('keydown', (e) => {
    const target = e.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const hasSelection = () => call({ call: 'selection' }).ids.length > 0;
    let handled = true;
    if (e.shiftKey && !mod && !e.altKey && extendTextSelection(key, editor.viewer)) { /* the page's text selection grew */ }
    else if (mod && key === 'a' && !e.shiftKey && selectPageText(editor.viewer)) { /* the page's text, not the editor's */ }
    else if (mod && key === 'z' && !e.shiftKey) editor.undo();
    else if ((mod && key === 'z' && e.shiftKey) || (e.ctrlKey && key === 'y')) editor.redo();
    else if (mod && key === 's') editor.save();
    else if (mod && (key === 'c' || key === 'x') && !e.shiftKey && hasSelection() && !textSelected()) {
      // Through the copy event where the browser sends one (it fills the system clipboard).
      if (!document.execCommand('copy')) editor.clipboard.copy();
      if (key === 'x') editor.deleteSelection();
    } else if (mod && key === 'v' && !e.shiftKey) {
      editor.clipboard.pasteKeyPressed();
      handled = false;  // the browser's paste event carries the system clipboard
    } else if (mod && key === 'd' && hasSelection()) editor.clipboard.duplicate();
    else if (mod && (key === '=' || key === '+')) editor.viewer.zoomBy(1.25);
    else if (mod && key === '-') editor.viewer.zoomBy(0.8);
    else if (mod || e.altKey) handled = false;
    else if (key === 'v') editor.setTool('select');
    else if (key === 'p') editor.setTool('draw');
    else if (key === 'e' && e.shiftKey) editor.gesture('toggleEraser');
    else if (key === 'e') editor.setTool('erase');
    else if (key === 't') editor.setTool('text');
    else if (key === 'f') editor.setTool('form');
    else if (key === 'delete' || key === 'backspace') editor.deleteSelection();
    else if (key in NUDGES && hasSelection()) nudge(editor, NUDGES[key], e.shiftKey ? 10 : 1);
    else if (turnPageByKey(editor, key, e.shiftKey)) { /* a page turned (single page, horizontal) */ }
    else if (key === 'escape' && hasSelection()) editor.select(null);
    else if (key === '+' || key === '=') editor.viewer.zoomBy(1.25);
    else if (key === '-') editor.viewer.zoomBy(0.8);
    else if (key === '0') editor.viewer.fitWidth();
    else handled = false;
    if (handled) e.preventDefault();
  });
}

/** Whether the user selected text on the page (Ctrl+C then copies the text, not annotations). */
function textSelected() {
  const selection = window.getSelection();
  return !!selection && !selection.isCollapsed && selection.toString().trim() !== '';
}

/**
 * Moves the selection by a distance on screen (view points): the engine maps it through the
 * page's transform and clamps it to the page. Presses while a move is on its way add up and
 * go as one more move after it, so none starts from a stale copy.
 */
const pending = { dx: 0, dy: 0, busy: false };

async function nudge(editor, [dx, dy], step) {
  pending.dx += dx * step;
  pending.dy += dy * step;
  if (pending.busy) return;
  pending.busy = true;
  try {
    while (pending.dx || pending.dy) {
      const answer = call({ call: 'nudgeSelection', dx: pending.dx, dy: pending.dy });
      pending.dx = 0;
      pending.dy = 0;
      const command = answer.outputs.find((o) => o.type === 'command')?.command;
      if (command) await editor.command(command);
      else editor.outputs(answer);
    }
  } finally {
    pending.dx = 0;
    pending.dy = 0;
    pending.busy = false;
  }
}
