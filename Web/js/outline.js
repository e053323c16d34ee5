// The document's outline (bookmarks), as the server's engine reads it (`GET …/outline`,
// docs/api.md): the Outline button lists the entries, nested as in the document; choosing
// one goes to its page. An entry with entries under it folds: its arrow (or the arrow keys
// on the entry: right opens, left closes) shows or hides them, open at first where the file
// says so (`open`, its /Count), and stays as left while the document is open.

import * as api from './api.js';
import { html } from './svg.js';
import { openPopover, closePopover } from './popover.js';
import { t } from './i18n.js';

// Which entries are open (by their place: "/0/2/1"), for the document they belong to.
let folds = { id: null, open: new Map() };

/**
 * What the Outline button does (main.js makes the button; this module comes after page 1,
 * features.js): the open document's outline, asked for now, in a popover at `anchor`.
 * @param {HTMLElement} anchor
 * @param {import('./editor.js').Editor} editor
 */
export async function openOutline(anchor, editor) {
  const id = editor.model.summary?.id;
  if (!id) return;
  let items;
  try {
    items = (await api.getOutline(id)).items ?? [];
  } catch (error) {
    editor.status(t('outline.unreadable', { reason: error.message }), true);
    return;
  }
  if (folds.id !== id) folds = { id, open: new Map() };
  openPopover(anchor, t('outline.title'), () => [items.length
    ? list(items, (page) => { closePopover(); editor.viewer.goToPage(page); }, '')
    : html('p', { class: 'outline-empty', text: t('outline.none') })]);
}

/** A nested list of entries; an entry that goes to no page of the document is shown disabled. */
function list(items, go, path) {
  return html('ul', { class: 'outline-list', role: 'list' }, items.map((item, index) => {
    const place = `${path}/${index}`;
    const children = item.children?.length ? list(item.children, go, place) : null;
    const entry = html('button', {
      type: 'button', class: 'outline-entry', text: item.title || t('outline.untitled'),
      title: item.page === null || item.page === undefined ? t('outline.noPage') : t('common.pageN', { page: item.page + 1 }),
      disabled: item.page === null || item.page === undefined,
      onclick: () => go(item.page),
    });
    if (!children) return html('li', {}, [html('span', { class: 'outline-fold-space' }), entry]);
    const fold = html('button', { type: 'button', class: 'outline-fold' });
    const show = (open) => {
      folds.open.set(place, open);
      children.hidden = !open;
      fold.setAttribute('aria-expanded', String(open));
      fold.setAttribute('aria-label', t(open ? 'outline.hideEntries' : 'outline.showEntries', { title: item.title || t('outline.untitled') }));
      fold.textContent = open ? '▾' : '▸';
    };
    show(folds.open.get(place) ?? !!item.open);
    fold.addEventListener('click', () => show(children.hidden));
    entry.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight' && children.hidden) { e.preventDefault(); show(true); }
      if (e.key === 'ArrowLeft' && !children.hidden) { e.preventDefault(); show(false); }
    });
    return html('li', { class: 'outline-branch' }, [fold, entry, children]);
  }));
}
