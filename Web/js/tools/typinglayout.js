// A text box's text shown as it is typed in the lines the engine lays it out in
// (`textBoxLayout`, the lines the saved appearance draws; docs/editor-web.md, "Typing a text
// box"): drawn under the textarea, whose own text is transparent. The textarea keeps the
// input, the caret, the selection, the IME's composition and the browser's undo; it is set in
// the same face, size, line height, padding and width. Its own caret and selection are hidden:
// they are drawn, and the Up and Down keys move, by the engine's lines (WebKit may wrap the
// textarea's lines elsewhere).

import { svg, html, normRect } from '../svg.js';
import { drawFreeText, textBoxLayout, shownFace, faceStyle } from '../overlaytext.js';
import { defaultTextColorOfType } from '../vocabulary.js';
import { call } from '../engine.js';

/** A box's height no line of a text box reaches (points): the box the lines are counted in. */
const TALL = 100000;

/** The engine's lines as its caret calls take them back: where each starts and its stops. */
function linesAsked(lines) {
  return lines.map(({ start, stops }) => ({ start, stops }));
}

/** What a box without a background colour shows under its text, as the textarea does. */
export const PAPER = 'rgba(255,255,255,0.85)';

/**
 * The layer drawing `draft` (a free text annotation's JSON: its `rect` the box as placed, no
 * text needed) while it is typed, in the overlay of `view`; null when the engine turns the box
 * on its page (a rotated page: the lines would cross the textarea's) or cannot lay it out.
 *
 * @returns {{style(area: HTMLTextAreaElement, zoom: number): void, show(text: string): number,
 *   frame(height: number): void, placeCaret(area: HTMLTextAreaElement): void,
 *   moveByLine(area: HTMLTextAreaElement, down: boolean, extend: boolean): boolean, remove(): void} | null}
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
  // The text as typed laid out in a box too tall to leave a line out (show), its top and sides
  // the box's: the lines the caret, the selection and the Up and Down keys go by.
  let laidOut = null;
  // The x a run of Up and Down moves keeps, and the place and text it was left at (moveByLine).
  let goalX = null;
  // The selection drawn, in the box's space of the layout (its `matrix` to the page).
  const marks = svg('g', { class: 'typing-selection' });
  const caret = html('div', { class: 'typing-caret', 'aria-hidden': 'true' });
  caret.style.background = draft.textColor ?? defaultTextColorOfType(draft.type);
  // A right-to-left line (the engine's `rightToLeft`) is drawn from the right, its stops
  // added from the left: its caret and selection go where its drawn glyphs are. The drawn
  // text of line `n` when it is such a line, else null.
  const rightToLeftDrawn = (n) => {
    const line = laidOut.lines[n];
    const text = layer.querySelectorAll('text.free-text')[n];
    return line?.rightToLeft && text?.textContent === line.text && text.getNumberOfChars() > 0 ? text : null;
  };
  // A point of the drawn `text`'s space in the box's space (the selection's, `marks`).
  const inBox = (text, point) => new DOMPoint(point.x, point.y).matrixTransform(marks.getScreenCTM().inverse().multiply(text.getScreenCTM()));
  // The caret after offset `k` of the drawn `text`: at the end of the glyph before it (its
  // left for a right-to-left letter), at the first glyph's start before any.
  const glyphCaretX = (text, k) => {
    const n = text.getNumberOfChars();
    return inBox(text, k > 0 ? text.getEndPositionOfChar(Math.min(k, n) - 1) : text.getStartPositionOfChar(0)).x;
  };
  // A band over each glyph of `text` from offset `from` to before `to`, under the line whose band's top is `top`.
  const glyphBands = (text, from, to, top) => {
    const bands = [];
    for (let k = Math.max(0, from); k < Math.min(to, text.getNumberOfChars()); k += 1) {
      const box = text.getExtentOfChar(k);
      const [a, b] = [inBox(text, { x: box.x, y: box.y }).x, inBox(text, { x: box.x + box.width, y: box.y }).x];
      bands.push(svg('rect', { x: Math.min(a, b), y: top - laidOut.lineHeight, width: Math.abs(b - a), height: laidOut.lineHeight }));
    }
    return bands;
  };
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
        laidOut = textBoxLayout({ ...typed, rect: [x1, top - TALL, x2, top] });
        marks.setAttribute('transform', `matrix(${laidOut.matrix.join(' ')})`);
        // As the server grows a box to its text (FreeTextLayout.height).
        return Math.max(1, laidOut.lines.length) * laidOut.lineHeight + 2 * laidOut.padding;
      } catch (error) {
        console.warn('text box not laid out while typed', error.message);
        laidOut = null;
        return 0;
      }
    },
    /** Draws the box `height` points tall, its top kept: its background, border and the engine's lines. */
    frame(height) {
      const box = { ...typed, id: 'typing', rect: [x1, top - height, x2, top] };
      const paper = typed.color ? [] : [svg('rect', { x: x1, y: top - height, width: x2 - x1, height, fill: PAPER })];
      layer.replaceChildren(...paper, ...drawFreeText(box), marks);
    },
    /**
     * Shows the selection of `area` on the engine's lines (their `stops`), as the textarea's own
     * would show on its own lines: with the focus and nothing selected, the caret, where the
     * line holding it puts the next character (the engine's `textBoxCaret`), as tall as the line's band
     * (`lineHeight` from the clip's top); with text selected, a band over each stretch of it.
     */
    placeCaret(area) {
      marks.replaceChildren();
      caret.remove();
      if (!laidOut || !layer.isConnected || document.activeElement !== area) return;
      const { lines, lineHeight } = laidOut;
      const [left, , right, clipTop] = normRect(laidOut.clip);
      const bandTop = (line) => clipTop - line * lineHeight;
      const { selectionStart: from, selectionEnd: to } = area;
      // The engine's place of the caret or stretches of the selection on its lines (textBoxCaret).
      const placed = call({ call: 'textBoxCaret', lines: linesAsked(lines), from, to });
      if (from !== to) {
        marks.append(...placed.spans.flatMap((span) => {
          const glyphs = rightToLeftDrawn(span.line);
          const { start } = lines[span.line];
          if (glyphs) return glyphBands(glyphs, Math.max(from, start) - start, to - start, bandTop(span.line));
          // Past a line's end (its spaces, its newline): a sliver more, as editors mark it.
          const end = span.beyondEnd ? Math.min(span.right + laidOut.fontSize / 4, right) : span.right;
          return svg('rect', { x: span.left, y: bandTop(span.line) - lineHeight, width: Math.max(0, end - span.left), height: lineHeight });
        }));
        return;
      }
      const line = placed.line ?? 0;
      // No line (no text laid out): where the alignment starts one, inside the clip.
      const glyphs = rightToLeftDrawn(line);
      const x = glyphs ? glyphCaretX(glyphs, from - lines[line].start)
        : placed.x ?? { center: (left + right) / 2, right }[draft.alignment] ?? left;
      const toClient = marks.getScreenCTM();
      const a = new DOMPoint(x, bandTop(line)).matrixTransform(toClient);
      const b = new DOMPoint(x, bandTop(line) - lineHeight).matrixTransform(toClient);
      const frame = area.parentNode.getBoundingClientRect();
      Object.assign(caret.style, { left: `${a.x - frame.left}px`, top: `${Math.min(a.y, b.y) - frame.top}px`, height: `${Math.abs(b.y - a.y)}px` });
      // Put in again at each move: its blinking starts afresh, as a caret's does.
      area.after(caret);
    },
    /**
     * Moves the caret of `area` to the engine's line above (`down` false) or below, at the
     * place nearest the x it had when the moves began (kept over a run of them, as editors
     * keep it); from the first line up to the text's start, from the last down to its end.
     * With `extend` (Shift), the selection's moving end goes there, its other end kept.
     * Answers whether it moved the caret (false with no line laid out: the key is then the
     * textarea's own).
     */
    moveByLine(area, down, extend) {
      if (!laidOut) return false;
      const backward = area.selectionDirection === 'backward';
      const [anchor, focus] = backward ? [area.selectionEnd, area.selectionStart] : [area.selectionStart, area.selectionEnd];
      // The goal x of the run, while the caret is where the last move left it in the same text.
      const kept = goalX && goalX.at === focus && goalX.text === area.value ? goalX.x : undefined;
      const move = call({ call: 'textBoxLineMove', lines: linesAsked(laidOut.lines), length: area.value.length, focus, down, goalX: kept });
      if (move.index === undefined) return false;
      const { index } = move;
      goalX = { at: index, x: move.goalX, text: area.value };
      if (!extend) area.setSelectionRange(index, index);
      else area.setSelectionRange(Math.min(anchor, index), Math.max(anchor, index), index < anchor ? 'backward' : 'forward');
      this.placeCaret(area);
      return true;
    },
    remove() {
      layer.remove();
      caret.remove();
    },
  };
}
