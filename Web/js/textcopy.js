// Copying page text selected with the mouse: the browser's own copy of the text layer's
// spans runs the lines together ("press theHelp function key": pdf.js lays the spans out with
// nothing between lines). The text copied is the engine's instead (`selectText`, docs/engine.md
// "Text selection": words by a space, lines by a line break) between the selection's two ends,
// from the page's words, which are fetched as soon as a selection starts on a page.

import { call } from './engine.js';
import { html } from './svg.js';
import { t } from './i18n.js';

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

/**
 * A Copy button above a text selection made by touch (a long press), where a touch screen has
 * no keys to copy with: it copies as a copy from the keyboard does (the engine's text), then
 * goes, as it does when the selection is cleared, a finger goes down elsewhere or the pages
 * scroll.
 */
export function showCopyButton(viewer) {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
  const pieces = [...selection.getRangeAt(0).getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (!pieces.length) return;
  document.querySelector('.text-actions')?.remove();
  const copy = html('button', { type: 'button', class: 'bar-button text-copy', 'aria-label': t('textCopy.copyText'), title: t('textCopy.copyText'), text: t('textCopy.copy') });
  const bar = html('div', { class: 'text-actions selection-bar', role: 'toolbar', 'aria-label': t('textCopy.selectedText') }, [copy]);
  const close = () => {
    bar.remove();
    document.removeEventListener('selectionchange', gone);
    viewer.scroller.removeEventListener('scroll', close);
  };
  const gone = () => { if (window.getSelection()?.isCollapsed) close(); };
  // A press on the bar reaches no page. (Its default stays: WebKit sends no click for a
  // touch whose pointerdown was default-prevented.)
  bar.addEventListener('pointerdown', (e) => e.stopPropagation());
  bar.addEventListener('mousedown', (e) => e.preventDefault());  // the mouse's would clear the selection
  let done = false;
  const act = () => {
    if (done) return;
    done = true;
    const ends = selectionEnds(viewer);
    const text = ends ? call({ call: 'selectText', ...ends }).text : window.getSelection()?.toString();
    // The copy event carries the engine's text (above); where the browser refuses a copy
    // command, the asynchronous clipboard takes it (a secure context only).
    let copied = false;
    try { copied = document.execCommand('copy'); } catch { copied = false; }
    if (!copied && text && navigator.clipboard?.writeText) navigator.clipboard.writeText(text).catch(() => {});
    close();
  };
  // A finger's or a pen's lift is the press (it grants the copy, as a tap's click would; not
  // every WebKit sends that click), the mouse's and the keyboard's a click.
  copy.addEventListener('pointerup', (e) => { if (e.pointerType !== 'mouse') act(); });
  copy.addEventListener('click', act);
  document.addEventListener('selectionchange', gone);
  viewer.scroller.addEventListener('scroll', close);  // fixed where the selection was: it goes when the pages move
  document.body.append(bar);
  const top = Math.min(...pieces.map((r) => r.top)), bottom = Math.max(...pieces.map((r) => r.bottom));
  const left = Math.min(...pieces.map((r) => r.left)), right = Math.max(...pieces.map((r) => r.right));
  const visible = viewer.scroller.getBoundingClientRect();
  const margin = 8;
  const x = Math.max(visible.left + margin, Math.min((left + right) / 2 - bar.offsetWidth / 2, visible.right - margin - bar.offsetWidth));
  // Above the selection, clear of the browser's own handles below it; below when there is no room.
  const y = top - bar.offsetHeight - margin >= visible.top ? top - bar.offsetHeight - margin : bottom + margin + 16;
  Object.assign(bar.style, { position: 'fixed', left: `${x}px`, top: `${y}px` });
}
