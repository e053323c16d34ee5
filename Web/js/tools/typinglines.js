// Places in a text box's lines as the engine lays them out (`textBoxLayout`'s `lines`, each
// with its `start` in the box's text and its `stops`: where a caret stands at each UTF-16 offset
// of the line, in the box's space): the line holding a caret, the caret's x, the place nearest
// an x on another line (the Up and Down keys) and the spans a selection covers. Nothing here
// measures or breaks text: every position is the engine's (docs/editor-web.md, "Typing a text
// box").

/**
 * The index of the line holding the caret at `index` (UTF-16 units of the box's text): the
 * last line starting at or before it (a caret at the end of a word broken across two lines is
 * at the next one's start, as the textarea's own text continues there). 0 before the first.
 *
 * @param {{start: number}[]} lines
 */
export function lineHolding(lines, index) {
  let found = 0;
  for (const [line, { start }] of lines.entries()) {
    if (start > index) break;
    found = line;
  }
  return found;
}

/**
 * Where the caret at `index` stands on `line` (box space): its stop, or the line's end for a
 * caret among the spaces the line drops at its end, its start for one before it.
 *
 * @param {{start: number, stops: number[]}} line
 */
export function caretX(line, index) {
  const { stops } = line;
  return stops[Math.max(0, Math.min(index - line.start, stops.length - 1))];
}

/**
 * The index on line `to` of `lines` whose caret stands nearest `x`, the earlier on a tie (so
 * never inside a character of two units, which stands at its start). A line's end is left out
 * when the next line starts there (a word broken across lines): a caret there shows on the next.
 */
export function nearestOnLine(lines, to, x) {
  const line = lines[to];
  const next = lines[to + 1];
  let places = line.stops.length;
  if (next && places > 1 && line.start + places - 1 === next.start) places -= 1;
  let best = 0;
  for (let k = 1; k < places; k += 1) {
    if (Math.abs(line.stops[k] - x) < Math.abs(line.stops[best] - x)) best = k;
  }
  return line.start + best;
}

/**
 * The spans of the selection `from`..`to` (UTF-16 units, `from` < `to`) on the engine's lines:
 * `{line, left, right, beyondEnd}` in box space, one per line it touches, `beyondEnd` when it
 * goes on past that line's last character (over the spaces or the newline it ends with, or
 * into the next line).
 */
export function selectedSpans(lines, from, to) {
  const spans = [];
  for (const [index, line] of lines.entries()) {
    const end = line.start + line.stops.length - 1;
    const next = lines[index + 1]?.start ?? Infinity;
    const beyondEnd = to > end && from < next;
    const [lo, hi] = [Math.max(from, line.start), Math.min(to, end)];
    if (lo < hi || beyondEnd) {
      spans.push({ line: index, left: caretX(line, Math.min(lo, end)), right: caretX(line, Math.max(lo, hi)), beyondEnd });
    }
  }
  return spans;
}
