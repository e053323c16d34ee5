// The document's outline (bookmarks), as the server's engine reads it (`GET …/outline`,
// docs/api.md): the Outline button lists the entries, nested as in the document; choosing
// one goes to its page.

import * as api from './api.js';
import { html } from './svg.js';
import { toolbarButton } from './toolbar.js';
import { openPopover, closePopover } from './popover.js';

/** @param {import('./editor.js').Editor} editor */
export function outlineButton(editor) {
  return toolbarButton({
    name: 'outline', label: 'Outline',
    onTap: async (button) => {
      const id = editor.model.summary?.id;
      if (!id) return;
      let items;
      try {
        items = (await api.getOutline(id)).items ?? [];
      } catch (error) {
        editor.status(`The outline could not be read: ${error.message}`, true);
        return;
      }
      openPopover(button, 'Outline', () => [items.length
        ? list(items, (page) => { closePopover(); editor.viewer.goToPage(page); })
        : html('p', { class: 'outline-empty', text: 'This document has no outline.' })]);
    },
  });
}

/** A nested list of entries; an entry that goes to no page of the document is shown disabled. */
function list(items, go) {
  return html('ul', { class: 'outline-list', role: 'list' }, items.map((item) => html('li', {}, [
    html('button', {
      type: 'button', class: 'outline-entry', text: item.title || 'Untitled',
      title: item.page === null || item.page === undefined ? 'Goes to no page of this document' : `Page ${item.page + 1}`,
      disabled: item.page === null || item.page === undefined,
      onclick: () => go(item.page),
    }),
    ...(item.children?.length ? [list(item.children, go)] : []),
  ])));
}
