// The in-place text editor used by the Text and Note tools: a <textarea> laid over a page-space
// rectangle. The text is read back from the textarea's value, never parsed as HTML. A text box's
// text is shown as the engine lays it out (typinglayout.js), the textarea kept for typing.

import { html, normRect } from '../svg.js';
import { t } from '../i18n.js';
import { fontFace, shownFace, faceStyle, onTextWidths } from '../overlaytext.js';
import { typingLayout, PAPER } from './typinglayout.js';

/**
 * Opens an editor over `rect` on page `pageIndex`. Resolves with the text (null if cancelled
 * with Escape). Enter with ctrl/cmd, or a tap elsewhere, commits. With `box` (a text box's
 * `{font, border, alignment}`), the text shows while it is typed in the lines the engine lays
 * it out in, which the saved appearance draws (typingLayout); a note's text is the textarea's.
 * `fontSize` (points) and `color` are the caller's: a text box's own, or a note editor's chrome.
 */
export function editText(editor, pageIndex, rect, { text = '', fontSize, color, background = '', font = 'Helvetica', border = 0, placeholder = t('textbox.placeholder'), keepInView = false, box = null } = {}) {
  const view = editor.viewer.views[pageIndex];
  const [x1, y1, x2, y2] = normRect(rect);
  const a = editor.viewer.pageToClient(pageIndex, [x1, y2]);
  const b = editor.viewer.pageToClient(pageIndex, [x2, y1]);
  const frame = view.element.getBoundingClientRect();
  const zoom = editor.viewer.zoom;
  const area = html('textarea', { class: 'text-editor', 'aria-label': placeholder, placeholder, spellcheck: 'true' });
  area.value = text;
  // The engine's face and line height for the font and size (a box on a turned page, a note):
  // a laid-out box sets the same again from its layout (typingLayout).
  const engineFace = fontFace(box?.font ?? font, fontSize);
  Object.assign(area.style, {
    left: `${Math.min(a[0], b[0]) - frame.left}px`, top: `${Math.min(a[1], b[1]) - frame.top}px`,
    width: `${Math.max(Math.abs(b[0] - a[0]), 80)}px`, height: `${Math.max(Math.abs(b[1] - a[1]), 28)}px`,
    fontSize: `${fontSize * zoom}px`, lineHeight: `${engineFace.lineHeight * zoom}px`, color, background: background || PAPER,
    padding: `${(border + 2) * zoom}px`,
    ...faceStyle(shownFace(engineFace)),
  });
  const laidOut = box && typingLayout(view, { type: 'freeText', pageIndex, rect: [x1, y1, x2, y2], text, fontSize, textColor: color,
    ...(background ? { color: background } : {}), font: box.font ?? font, width: box.border ?? border, alignment: box.alignment ?? 'left' });
  if (laidOut) laidOut.style(area, zoom);
  view.element.append(area);
  // A note's editor (not a text box's, which shows the box itself) stays on the page and in
  // the view: one near the right or bottom edge opened outside both.
  if (keepInView) keepEditorInView(editor, view, area);
  // The box grows with its text, wrapped lines included, so every line stays in view (the
  // server grows the saved box the same way).
  const minimumHeight = parseFloat(area.style.height);
  const grow = () => {
    area.style.height = `${minimumHeight}px`;
    const borders = area.offsetHeight - area.clientHeight;
    // A laid-out box is as tall as the engine's lines need too (the height the server grows it to).
    const needed = laidOut ? laidOut.show(area.value) * zoom : 0;
    area.style.height = `${Math.max(minimumHeight, area.scrollHeight + borders, needed)}px`;
    laidOut?.frame(parseFloat(area.style.height) / zoom);
    laidOut?.placeCaret(area);
  };
  area.addEventListener('input', grow);
  grow();
  // A laid-out box's caret and selection are drawn on the engine's lines (typingLayout),
  // moved with the selection; the Up and Down keys move by those lines too.
  const placeCaret = () => laidOut.placeCaret(area);
  if (laidOut) {
    document.addEventListener('selectionchange', placeCaret);
    area.addEventListener('focus', placeCaret);
    area.addEventListener('keydown', (e) => {
      const vertical = e.key === 'ArrowUp' || e.key === 'ArrowDown';
      if (!vertical || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      // The textarea's own move only where the engine's lines move nothing (none laid out).
      if (laidOut.moveByLine(area, e.key === 'ArrowDown', e.shiftKey)) e.preventDefault();
    });
  }
  // The writer's widths of text beyond WinAnsi came: the box takes the height of its lines in them.
  const stopListening = laidOut ? onTextWidths(grow) : () => {};
  // Focus now, inside the pointer handler: iOS shows the keyboard only for a focus made
  // during a user gesture. (The pointerdown's default, or a pen's mousedown's, was prevented,
  // so no mousedown moves the focus away again.)
  area.focus({ preventScroll: true });
  return new Promise((resolve) => {
    let finished = false;
    // A press elsewhere finishes the text and does nothing else (it used to open a new box
    // where it landed, with the Text tool).
    const pressedElsewhere = (e) => {
      if (e.target === area) return;
      if (e.target.closest?.('.pages')) { e.stopPropagation(); e.preventDefault(); }
      finish(area.value);
    };
    document.addEventListener('pointerdown', pressedElsewhere, true);
    const finish = (value) => {
      if (finished) return;
      finished = true;
      document.removeEventListener('pointerdown', pressedElsewhere, true);
      document.removeEventListener('selectionchange', placeCaret);
      stopListening();
      area.remove();
      laidOut?.remove();
      resolve(value);
    };
    area.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') finish(null);
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) finish(area.value);
    });
    area.addEventListener('blur', () => finish(area.value));
  });
}

/** Moves an editor left and up, as needed, into both its page and the visible part of the view. */
function keepEditorInView(editor, view, area) {
  const page = view.element.getBoundingClientRect();
  const scroller = editor.viewer.scroller.getBoundingClientRect();
  const right = Math.min(page.right, scroller.right) - 4;
  const bottom = Math.min(page.bottom, scroller.bottom) - 4;
  const box = area.getBoundingClientRect();
  const dx = Math.max(0, box.right - right);
  const dy = Math.max(0, box.bottom - bottom);
  if (dx) area.style.left = `${Math.max(0, parseFloat(area.style.left) - dx)}px`;
  if (dy) area.style.top = `${Math.max(0, parseFloat(area.style.top) - dy)}px`;
}
