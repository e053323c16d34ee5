// Page layouts (Settings → View → Page layout): continuous vertical, single page, two pages
// side by side with or without a cover page, a horizontal row (the engine's PageLayout). The
// choice is one of the engine's preferences, kept with the others (settings.js); the engine
// lays the pages out and the viewer places them where it says (viewer.js). Also the keys that
// turn pages where scrolling cannot reach the next one.

import { settings, updatePreferences, onSettingsChange } from './settings.js';
import { segmented } from './popover.js';
import { html } from './svg.js';
import { t } from './i18n.js';

/** The layouts, by the engine's names, with their labels. */
export const PAGE_LAYOUTS = {
  continuousVertical: t('layout.continuous'),
  singlePage: t('layout.singlePage'),
  twoUp: t('layout.twoPages'),
  twoUpCover: t('layout.twoPagesCover'),
  horizontal: t('layout.horizontal'),
};

const HINTS = {
  continuousVertical: t('layout.continuousHint'),
  singlePage: t('layout.singlePageHint'),
  twoUp: t('layout.twoPagesHint'),
  twoUpCover: t('layout.twoPagesCoverHint'),
  horizontal: t('layout.horizontalHint'),
};

/** The page layout control and what the chosen layout does (Settings' View section). */
export function layoutChoice() {
  const layout = settings.prefs.pageLayout ?? 'continuousVertical';
  return [
    segmented(Object.entries(PAGE_LAYOUTS), layout, (value) => updatePreferences((p) => { p.pageLayout = value; }), t('settings.pageLayout')),
    html('p', { class: 'hint', 'data-hint': 'page-layout', text: HINTS[layout] }),
  ];
}

/** Lays the pages out again whenever the preference changes (the engine took it already). */
export function installPageLayouts(editor) {
  onSettingsChange(() => {
    const chosen = settings.prefs.pageLayout ?? 'continuousVertical';
    if (chosen !== editor.viewer.layout) editor.viewer.relayout();
  });
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
