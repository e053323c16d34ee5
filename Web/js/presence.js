// Who else has the document open: the server's presence events (docs/api.md, "Presence")
// drawn as initials in the toolbar, with every name in the tooltip and for screen readers.

import { html } from './svg.js';
import { t, language } from './i18n.js';

/** Up to two initials of a name ('?' for someone who gave none). */
function initials(name) {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length ? words.slice(0, 2).map((w) => [...w][0].toUpperCase()).join('') : '?';
}

/** A steady hue per client, so a person keeps their colour while they stay. */
function hue(clientId) {
  let h = 0;
  for (const c of clientId) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * Draws the viewers other than this tab into `element` (hidden when nobody else is there).
 * @param {HTMLElement} element
 * @param {{clientId: string, name?: string}[]} viewers  the server's list, first come first
 * @param {string} ownClientId  this tab's client id
 */
export function renderPresence(element, viewers, ownClientId) {
  const others = [];
  const seen = new Set([ownClientId]);
  for (const viewer of viewers) {
    if (seen.has(viewer.clientId)) continue;
    seen.add(viewer.clientId);
    others.push(viewer);
  }
  const names = others.map((v) => v.name || t('presence.noName'));
  element.hidden = others.length === 0;
  element.title = others.length ? t('presence.alsoHere', { names: new Intl.ListFormat(language).format(names) }) : '';
  element.setAttribute('aria-label', element.title || t('presence.nobody'));
  element.replaceChildren(...others.slice(0, 4).map((v) => html('span', {
    class: 'presence-chip', text: initials(v.name), 'data-client': v.clientId, style: { '--hue': hue(v.clientId) },
  })), ...(others.length > 4 ? [html('span', { class: 'presence-chip more', text: `+${others.length - 4}` })] : []));
}
