// The View menu: how pages are laid out (the engine's PageLayout: continuous vertical, single
// page, two pages side by side with or without a cover page, a horizontal row). The choice is
// one of the engine's preferences, kept with the others (settings.js); the engine lays the
// pages out and the viewer places them where it says (viewer.js). Also the keys that turn
// pages where scrolling cannot reach the next one.

import { settings, updatePreferences } from './settings.js';
import { section, segmented } from './popover.js';
import { html } from './svg.js';

/** The layouts, by the engine's names, with their labels. */
export const PAGE_LAYOUTS = {
  continuousVertical: 'Continuous',
  singlePage: 'Single page',
  twoUp: 'Two pages',
  twoUpCover: 'Two pages with cover',
  horizontal: 'Horizontal',
};

const HINTS = {
  continuousVertical: 'Pages follow one another top to bottom.',
  singlePage: 'One page at a time: swipe sideways, or press PageDown, PageUp, Space or the left and right arrows to turn.',
  twoUp: 'Pages side by side: 1–2, 3–4…',
  twoUpCover: 'The first page alone, as a cover, then pages side by side: 2–3, 4–5…',
  horizontal: 'Pages follow one another left to right; PageDown and PageUp turn.',
};

/** Makes `layout` the page layout: the engine takes the preference and lays the pages out. */
export function chooseLayout(editor, layout) {
  updatePreferences((p) => { p.pageLayout = layout; });
  editor.viewer.relayout();
}

/** The View menu's content. */
export function viewSettings(editor) {
  const layout = settings.prefs.pageLayout ?? 'continuousVertical';
  return [
    section('Page layout',
      segmented(Object.entries(PAGE_LAYOUTS), layout, (value) => chooseLayout(editor, value), 'Page layout'),
      html('p', { class: 'hint', 'data-hint': 'page-layout', text: HINTS[layout] })),
  ];
}

/** Which keys turn pages in each layout: `true` forward, `false` back (Space with shift back). */
const TURNING_KEYS = {
  singlePage: { pagedown: true, arrowright: true, ' ': true, pageup: false, arrowleft: false },
  horizontal: { pagedown: true, pageup: false },
};

/**
 * Turns a page for a key in layouts where scrolling cannot reach the next page; returns
 * whether the key was taken. Only while the pages have the keyboard (not a toolbar button,
 * whose Space presses it).
 */
export function turnPageByKey(editor, key, shiftKey) {
  const viewer = editor.viewer;
  const turns = TURNING_KEYS[viewer.layout];
  if (!turns || !(key in turns)) return false;
  const focused = document.activeElement;
  if (focused && focused !== document.body && !viewer.scroller.contains(focused)) return false;
  viewer.turnPage(key === ' ' && shiftKey ? false : turns[key]);
  return true;
}
