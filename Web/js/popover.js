// The one settings popover and the small controls popovers are made of (colour swatches,
// segmented choices, sliders, switches). Controls call back on change; the popover rebuilds
// its content so it always shows the current settings.

import { html } from './svg.js';
import { t } from './i18n.js';
import { defaultColorOfType } from './vocabulary.js';

const popover = () => document.getElementById('popover');
let current = null; // {anchor, build}

/**
 * Opens the popover under `anchor` with the content from `build()` (called again on refresh).
 * `passThrough`: a press on the pages that closes it goes on to the pages (a popover that
 * opened by itself, such as the description asked for after placing, must not cost a tap).
 */
export function openPopover(anchor, title, build, { passThrough = false } = {}) {
  const el = popover();
  current = { anchor, title, build, passThrough };
  refreshPopover();
  el.hidden = false;
  el.setAttribute('aria-label', title);
  const a = anchor.getBoundingClientRect();
  const width = el.offsetWidth;
  el.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, a.left + a.width / 2 - width / 2))}px`;
  // Below its button, or above it when it fits better there; scrolling within what the
  // window leaves, never running off its bottom (a button low on the page).
  el.style.maxHeight = 'none';
  const height = el.scrollHeight;
  const below = window.innerHeight - a.bottom - 16, above = a.top - 16;
  const under = height <= below || below >= above;
  const room = Math.max(120, under ? below : above);
  el.style.maxHeight = `${room}px`;
  el.style.top = `${under ? a.bottom + 8 : Math.max(8, a.top - 8 - Math.min(height, room))}px`;
  el.querySelector('button, input, select')?.focus({ preventScroll: true });
}

/** Rebuilds the open popover's content from the current settings. */
export function refreshPopover() {
  if (!current) return;
  // The control that had the focus has it again in the new content (the same place in it).
  const el = popover();
  const controls = () => [...el.querySelectorAll('button, input, select, textarea')];
  const focused = controls().indexOf(document.activeElement);
  el.replaceChildren(html('h2', { class: 'popover-title', text: current.title }), ...current.build());
  if (focused >= 0) controls()[focused]?.focus({ preventScroll: true });
}

/**
 * Rebuilds the open popover of `owner` (an element holding its button) from what it shows,
 * after that changed elsewhere (a restyle the server has applied), unless a slider or a text
 * field in it is in use.
 */
export function refreshPopoverOf(owner) {
  const anchor = popoverAnchor();
  if (!anchor || !owner?.contains(anchor)) return;
  if (popover().contains(document.activeElement) && document.activeElement.matches('input, textarea, select')) return;
  refreshPopover();
}

/** Closes the popover and gives the focus back to its button. */
export function closePopover() {
  const el = popover();
  if (el.hidden) return;
  el.hidden = true;
  current?.anchor?.focus?.({ preventScroll: true });
  current = null;
}

export const isPopoverOpen = () => !popover().hidden;

/** The button the open popover belongs to (null when none is open). */
export const popoverAnchor = () => (isPopoverOpen() ? current?.anchor ?? null : null);

// Close on a press outside or Escape. A press on the pages that closes the popover does only
// that, as on the iPad: it goes no further (the pages would draw an ink dot with Draw active),
// and the pointer's later events are ignored by the pages, which never saw it go down.
document.addEventListener('pointerdown', (e) => {
  if (!current || popover().contains(e.target) || current.anchor.contains(e.target)) return;
  const passThrough = current.passThrough;
  closePopover();
  if (e.target.closest?.('.pages') && !passThrough) { e.stopPropagation(); e.preventDefault(); }
}, true);
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closePopover(); });

// MARK: - Controls

/**
 * The swatches' colours, each with the name a screen reader says and the tooltip shows. The
 * yellow is the engine's highlight colour (the vocabulary's `defaultColor`), so the colour a
 * highlight starts with shows as a swatch; made on first use, once the engine is loaded.
 */
let namedPalette = null;
function palette() {
  namedPalette ??= new Map([
    ['#000000', t('colour.black')], ['#5F6368', t('colour.grey')], ['#D32F2F', t('colour.red')], ['#F57C00', t('colour.orange')],
    [defaultColorOfType('highlight'), t('colour.yellow')],
    ['#FFFF00', t('colour.highlighterYellow')], ['#388E3C', t('colour.green')], ['#0000FF', t('colour.blue')], ['#1E88E5', t('colour.lightBlue')],
    ['#8E24AA', t('colour.purple')], ['#FFFFFF', t('colour.white')],
  ]);
  return namedPalette;
}

/** A labelled section. */
export function section(label, ...children) {
  return html('div', { class: 'popover-section' }, [html('div', { class: 'popover-label', text: label }), ...children]);
}

/** Colour swatches plus a custom colour input; `allowNone` adds a "no colour" swatch. */
export function swatches(value, onPick, { allowNone = false, label = t('settings.colour') } = {}) {
  const row = html('div', { class: 'swatches', role: 'radiogroup', 'aria-label': label });
  const names = palette();
  const colours = allowNone ? ['', ...names.keys()] : [...names.keys()];
  for (const colour of colours) {
    const selected = (colour || '').toUpperCase() === (value || '').toUpperCase();
    const button = html('button', {
      type: 'button', class: `swatch${colour ? '' : ' none'}`, role: 'radio', 'aria-checked': String(selected),
      'aria-label': colour ? names.get(colour) : t('colour.none'), title: colour ? names.get(colour) : t('colour.none'), onclick: () => { onPick(colour); refreshPopover(); },
    });
    if (colour) button.style.setProperty('--swatch', colour);
    row.append(button);
  }
  const custom = html('input', { type: 'color', class: 'custom-colour', 'aria-label': t('colour.customOf', { label }), title: t('colour.custom') });
  // No colour (or one the input cannot show): the well offers ink's colour, the engine's.
  custom.value = /^#[0-9a-f]{6}$/i.test(value || '') ? value : defaultColorOfType('ink');
  custom.addEventListener('change', () => { onPick(custom.value.toUpperCase()); refreshPopover(); });
  row.append(custom);
  return row;
}

/** A segmented control: options = [[value, label], ...]. */
export function segmented(options, value, onPick, label) {
  const row = html('div', { class: 'segmented', role: 'radiogroup', 'aria-label': label });
  for (const [optionValue, optionLabel] of options) {
    row.append(html('button', {
      type: 'button', role: 'radio', 'aria-checked': String(optionValue === value), text: optionLabel,
      class: optionValue === value ? 'on' : '', onclick: () => { onPick(optionValue); refreshPopover(); },
    }));
  }
  return row;
}

/** A slider with its value shown. */
export function slider(label, value, { min, max, step = 1, format = (v) => String(v) }, onChange) {
  const output = html('output', { text: format(value) });
  const input = html('input', { type: 'range', min, max, step, 'aria-label': label });
  input.value = String(value);
  input.addEventListener('input', () => { output.textContent = format(Number(input.value)); onChange(Number(input.value)); });
  return html('label', { class: 'slider' }, [input, output]);
}

/** An on/off switch. */
export function toggle(label, value, onChange) {
  return html('button', {
    type: 'button', class: `switch${value ? ' on' : ''}`, role: 'switch', 'aria-checked': String(!!value),
    onclick: () => { onChange(!value); refreshPopover(); },
  }, [html('span', { class: 'switch-track' }), html('span', { text: label })]);
}

/** A plain action button inside a popover. */
export function action(label, onClick, { danger = false } = {}) {
  return html('button', { type: 'button', class: `popover-action${danger ? ' danger' : ''}`, text: label, onclick: onClick });
}
