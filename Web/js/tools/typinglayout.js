// A text box's text shown as it is typed in the lines the engine lays it out in
// (`textBoxLayout`, the lines the saved appearance draws; docs/editor-web.md, "Typing a text
// box"): drawn under the textarea, whose own text is transparent. The textarea keeps the
// input, the caret, the selection, the IME's composition and the browser's undo; it is set in
// the same face, size, line height, padding and width. Its own caret is hidden: one is drawn at
// the engine's place for the next character (WebKit may wrap the textarea's lines elsewhere).

import { svg, html } from '../svg.js';
import { drawFreeText, textBoxLayout, shownFace, faceStyle } from '../overlaytext.js';
import { defaultTextColorOfType } from '../vocabulary.js';

/** A box's height no line of a text box reaches (points): the box the lines are counted in. */
const TALL = 100000;

/** What a box without a background colour shows under its text, as the textarea does. */
export const PAPER = 'rgba(255,255,255,0.85)';

/**
 * The layer drawing `draft` (a free text annotation's JSON: its `rect` the box as placed, no
 * text needed) while it is typed, in the overlay of `view`; null when the engine turns the box
 * on its page (a rotated page: the lines would cross the textarea's) or cannot lay it out.
 *
 * @returns {{style(area: HTMLTextAreaElement, zoom: number): void, show(text: string): number,
 *   frame(height: number): void, placeCaret(area: HTMLTextAreaElement): void, remove(): void} | null}
 */
export function typingLayout(view, draft) {
  let first;
  try {
    first = textBoxLayout(draft);  // its lines even in an embedded font (the box's matrix, size, padding)
  } catch (error) {
    console.warn('text box not laid out while typed', error.message);
    return null;
  }
  const [a, b, c, d] = first.matrix;
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return null;
  const face = shownFace(first.face);
  const layer = svg('g', { class: 'typing-layout', transform: view.overlay.content.getAttribute('transform') ?? '' });
  view.overlay.root.append(layer);
  const [x1, , x2, top] = draft.rect;
  let typed = draft;
  const caret = html('div', { class: 'typing-caret', 'aria-hidden': 'true' });
  caret.style.background = draft.textColor ?? defaultTextColorOfType(draft.type);
  return {
    /** Sets `area` (the textarea) in the engine's face, size, line height and padding, the box's width, its text unseen. */
    style(area, zoom) {
      Object.assign(area.style, {
        width: `${(x2 - x1) * zoom}px`, fontSize: `${first.fontSize * zoom}px`, lineHeight: `${first.lineHeight * zoom}px`,
        padding: `${first.padding * zoom}px`, textAlign: draft.alignment ?? 'left',
        ...faceStyle(face),
        color: 'transparent', caretColor: 'transparent', background: 'transparent', resize: 'none',
      });
      area.classList.add('laid-out');
    },
    /**
     * Takes `text` as typed; answers the height (points) the engine's lines of it need: laid
     * out as drawFreeText lays them out (text beyond WinAnsi in the browser's widths until the
     * writer's come: textBoxLayout), so the box is the engine's height at once.
     */
    show(text) {
      typed = { ...draft, text };
      try {
        const tall = textBoxLayout({ ...typed, rect: [x1, top - TALL, x2, top] });
        // As the server grows a box to its text (FreeTextLayout.height).
        return Math.max(1, tall.lines.length) * tall.lineHeight + 2 * tall.padding;
      } catch (error) {
        console.warn('text box not laid out while typed', error.message);
        return 0;
      }
    },
    /** Draws the box `height` points tall, its top kept: its background, border and the engine's lines. */
    frame(height) {
      const box = { ...typed, id: 'typing', rect: [x1, top - height, x2, top] };
      const paper = typed.color ? [] : [svg('rect', { x: x1, y: top - height, width: x2 - x1, height, fill: PAPER })];
      layer.replaceChildren(...paper, ...drawFreeText(box));
    },
    /**
     * Draws the caret of `area` (shown while it has the focus and no selection) where the
     * engine's lines put its next character: at the place its selection starts in the drawn
     * line that holds it, as tall as that line's band (`lineHeight`, from the clip's top).
     */
    placeCaret(area) {
      const texts = [...layer.querySelectorAll('text.free-text')];
      const box = layer.querySelector('.free-text-box');
      const clip = layer.querySelector('.free-text-clip');
      const collapsed = area.selectionStart === area.selectionEnd && document.activeElement === area;
      if (!box || !clip || !collapsed) {
        caret.remove();
        return;
      }
      const { line, offset } = caretInLines(texts, area.selectionStart);
      const text = texts[line];
      // No line drawn yet (no text): where the alignment starts one, inside the clip.
      const [left, width] = [clip.x.baseVal.value, clip.width.baseVal.value];
      let x = { center: left + width / 2, right: left + width }[draft.alignment] ?? left;
      if (text?.getNumberOfChars() > 0) {
        x = offset < text.getNumberOfChars() ? text.getStartPositionOfChar(offset).x : text.getEndPositionOfChar(offset - 1).x;
      } else if (text) {
        x = text.x.baseVal[0]?.value ?? x;
      }
      const top = clip.y.baseVal.value + clip.height.baseVal.value - line * first.lineHeight;
      const toClient = box.getScreenCTM();
      const a = new DOMPoint(x, top).matrixTransform(toClient);
      const b = new DOMPoint(x, top - first.lineHeight).matrixTransform(toClient);
      const frame = area.parentNode.getBoundingClientRect();
      Object.assign(caret.style, { left: `${a.x - frame.left}px`, top: `${Math.min(a.y, b.y) - frame.top}px`, height: `${Math.abs(b.y - a.y)}px` });
      // Put in again at each move: its blinking starts afresh, as a caret's does.
      caret.remove();
      area.after(caret);
    },
    remove() {
      layer.remove();
      caret.remove();
    },
  };
}

/**
 * The drawn line holding the caret at `index` of the textarea's text and its offset in it:
 * the last of the engine's drawn `lines` (SVG texts) starting at or before `index` (each
 * carries the engine's `start`, in UTF-16 units as `index` is), trailing spaces dropped (a caret
 * among those is at its line's end). Before the first line: its start.
 */
function caretInLines(lines, index) {
  let found = { line: 0, offset: 0 };
  for (const [line, text] of lines.entries()) {
    const start = Number(text.dataset.start);
    if (start > index) break;
    found = { line, offset: Math.min(index - start, text.textContent.length) };
  }
  return found;
}
