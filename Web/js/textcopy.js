// Copying page text selected with the mouse: the browser's own copy of the text layer's
// spans runs the lines together ("press theHelp function key": pdf.js lays the spans out with
// nothing between lines). The text copied is the engine's instead (`selectText`, docs/engine.md
// "Text selection": words by a space, lines by a line break) between the selection's two ends,
// from the page's words, which are fetched as soon as a selection starts on a page.

import { call } from './engine.js';

/**
 * The page and the two page points a text selection on the pages runs between (the middle of
 * the left edge of its first piece, of the right edge of its last), or null when there is no
 * selection, or it is off the pages or spans pages.
 */
function selectionEnds(viewer) {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const layer = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest?.('.text-layer');
  if (!layer(range.startContainer) || layer(range.startContainer) !== layer(range.endContainer)) return null;
  const pieces = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (!pieces.length) return null;
  const first = pieces[0], last = pieces[pieces.length - 1];
  const start = call({ call: 'toPage', point: viewer.clientToView(first.left + 1, first.top + first.height / 2) });
  const end = call({ call: 'toPage', point: viewer.clientToView(last.right - 1, last.top + last.height / 2) });
  if (start.pageIndex === undefined || start.pageIndex !== end.pageIndex) return null;
  return { pageIndex: start.pageIndex, from: start.point, to: end.point };
}

/**
 * Installs the copy of selected page text: the words of a page are fetched when a selection
 * starts on it (`loadText`), and a copy puts the engine's text on the clipboard. When the words
 * have not arrived, the browser's own copy goes ahead.
 */
export function installTextCopy(viewer, loadText) {
  document.addEventListener('selectionchange', () => {
    const ends = selectionEnds(viewer);
    if (ends) loadText(ends.pageIndex);
  });
  document.addEventListener('copy', (event) => {
    if (event.defaultPrevented) return;  // the annotations selected were copied (clipboard.js)
    const ends = selectionEnds(viewer);
    if (!ends || !event.clipboardData) return;
    const selected = call({ call: 'selectText', ...ends });
    if (!selected.text) return;
    event.clipboardData.setData('text/plain', selected.text);
    event.preventDefault();
  });
}
