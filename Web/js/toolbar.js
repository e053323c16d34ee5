// The toolbar: tap a tool to activate it (tapping the active tool returns to Select);
// long-press (500 ms) or right-click opens its settings popover without changing the tool.
// Commands (undo, redo, save...) are plain buttons; Pages and Settings open popovers.

import { html } from './svg.js';
import { call } from './engine.js';
import { icon } from './icons.js';
import { openPopover } from './popover.js';
import { t } from './i18n.js';

const LONG_PRESS_MS = 500;

/**
 * A toolbar button. `onTap` runs on a click; `onSettings` (optional) on a long press or a
 * right-click.
 */
export function toolbarButton({ name, label, shortcut, onTap, onSettings, toggle = false }) {
  const title = shortcut ? `${label} (${shortcut})` : label;
  const button = html('button', {
    type: 'button', class: 'tool-button', 'data-tool': name, title: onSettings ? t('toolbar.holdForSettings', { title }) : title,
    'aria-label': label, ...(toggle ? { 'aria-pressed': 'false' } : {}),
  }, [icon(name), html('span', { class: 'tool-label', text: label })]);
  let timer = 0;
  let longPressed = false;
  if (onSettings) {
    button.setAttribute('aria-haspopup', 'dialog');
    button.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      longPressed = false;
      clearTimeout(timer);
      timer = setTimeout(() => { longPressed = true; onSettings(button); }, LONG_PRESS_MS);
    });
    for (const type of ['pointerup', 'pointerleave', 'pointercancel']) button.addEventListener(type, () => clearTimeout(timer));
    button.addEventListener('contextmenu', (e) => { e.preventDefault(); clearTimeout(timer); longPressed = true; onSettings(button); });
  }
  button.addEventListener('click', (e) => {
    if (longPressed) { longPressed = false; e.preventDefault(); return; }
    onTap(button);
  });
  /** What a tap does, with another button as the anchor of what it opens (overflow.js). */
  button.tapFrom = (anchor) => onTap(anchor);
  return button;
}

/** A button that only opens a popover. */
export function popoverButton(name, label, title, build) {
  return toolbarButton({ name, label, onTap: (button) => openPopover(button, title, build) });
}

/** The page number field and page count. */
export function pageField(onGo) {
  const input = html('input', { type: 'text', inputmode: 'numeric', class: 'page-input', 'aria-label': t('toolbar.pageNumber'), title: t('toolbar.pageNumber') });
  const count = html('span', { class: 'page-count', text: t('toolbar.pageCount', { total: 0 }) });
  input.addEventListener('change', () => onGo(input.value));
  input.addEventListener('keydown', (e) => { e.stopPropagation(); if (e.key === 'Enter') input.blur(); });
  input.addEventListener('focus', () => input.select());
  return {
    element: html('div', { class: 'page-field' }, [input, count]),
    /** Shows page `index` (its label, or its number: the engine's `pageLabel`) of `total`. */
    show(index, total) {
      const shown = call({ call: 'pageLabel', pageIndex: Math.max(0, index) }).text;
      // Letters in a label (iii, A-2) need the full keyboard on a tablet.
      input.inputMode = /^[0-9]*$/.test(shown) ? 'numeric' : 'text';
      if (document.activeElement !== input) input.value = shown;
      count.textContent = t('toolbar.pageCount', { total });
    },
  };
}

/** Marks which tool button is active (aria-pressed). */
export function showActiveTool(buttons, active) {
  for (const [name, button] of Object.entries(buttons)) {
    const on = name === active;
    button.setAttribute('aria-pressed', String(on));
    button.classList.toggle('active', on);
  }
}
