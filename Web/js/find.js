// Find in the document: Ctrl/Cmd+F or the toolbar's Find button opens a bar whose words the
// server's engine searches (`GET …/search`, docs/api.md *Search and text*: the pages and the
// exact quads of every match, from the engine's own text extraction). Every match is marked
// on its page; Enter and Shift+Enter (or the arrows) step to the next and previous match,
// which is brought into view, and the bar says which one it is ("3 of 12"). Two toggles
// (Alt+C, Alt+W) make the search match case and whole words, a third (Alt+R) reads the words
// as a regular expression, and a menu finds a preset instead (e-mail addresses, phone
// numbers: the engine's TextPreset, docs/redaction.md). The matches come in the
// engine's reading order (columns, and annotations holding the words, placed among the
// text) and are kept in that order. When the document changes while a query is shown (an
// edit here or another user's), the matches are fetched again and the current one kept.

import * as api from './api.js';
import { html, svg } from './svg.js';
import { icon } from './icons.js';
import { toolbarButton } from './toolbar.js';
import { svgMatrix } from './viewer.js';
import { t } from './i18n.js';

const TYPING_PAUSE_MS = 250;
/** How long the edits must pause before the matches are asked again (the tests wait it out). */
export const REFRESH_PAUSE_MS = 400;

/** @param {import('./editor.js').Editor} editor */
export function installFind(editor) {
  const viewer = editor.viewer;
  const input = html('input', {
    type: 'search', class: 'find-input', placeholder: t('find.placeholder'), 'aria-label': t('find.placeholder'),
    autocomplete: 'off', spellcheck: 'false',
  });
  const count = html('span', { class: 'find-count', role: 'status', 'aria-live': 'polite' });
  const matchCase = option('Aa', t('find.matchCase'), 'Alt+C', 'case');
  const wholeWords = option('ab', t('find.wholeWords'), 'Alt+W', 'words');
  const regex = option('.*', t('find.regex'), 'Alt+R', 'regex');
  const preset = html('select', { class: 'find-preset', 'aria-label': t('find.preset'), title: t('find.presetTitle') },
    [['', t('find.words')], ['email', t('find.emails')], ['phone', t('find.phones')]].map(([value, text]) => html('option', { value, text })));
  preset.addEventListener('change', () => { clearTimeout(timer); search(input.value); });
  const previous = toolbarButton({ name: 'up', label: t('find.previous'), shortcut: 'Shift+Enter', onTap: () => step(-1) });
  const next = toolbarButton({ name: 'down', label: t('find.next'), shortcut: 'Enter', onTap: () => step(1) });
  const close = toolbarButton({ name: 'close', label: t('find.close'), shortcut: 'Escape', onTap: () => hide() });
  const bar = html('div', { class: 'find-bar', role: 'search', 'aria-label': t('find.placeholder'), hidden: '' },
    [input, matchCase, wholeWords, regex, preset, count, previous, next, close]);
  document.querySelector('.workspace').append(bar);

  /** @type {{page: number, quads: number[][]}[]} */
  let hits = [];
  let current = -1;
  let searched = '';   // the query the hits answer
  let searchedWith = ''; // and with which options
  let partial = false;   // the hits are the first page's while the rest are asked
  let generation = 0;  // answers to older queries are dropped
  let timer = 0;
  let refreshTimer = 0;
  const layers = new Map(); // page index → {svg, group, shapes}

  function show() {
    bar.hidden = false;
    input.focus();
    input.select();
  }

  function hide() {
    bar.hidden = true;
    clearTimeout(timer);
    clearTimeout(refreshTimer);
    generation++;
    searched = '';
    searchedWith = '';
    partial = false;
    setHits([]);
    count.textContent = '';
    viewer.scroller.focus({ preventScroll: true });
  }

  /** Which options the toggles set. */
  function options() {
    return { caseSensitive: pressed(matchCase), wholeWords: pressed(wholeWords), regex: pressed(regex), preset: preset.value };
  }

  /**
   * Asks the engine for `query`'s matches. A new query first asks for the first match on or
   * after the current page alone (a long document's first match shows at once), then for
   * every match, keeping the one shown. A refresh (the document changed) keeps the current
   * match, or the nearest one, without scrolling.
   */
  async function search(query, { refresh = false } = {}) {
    const id = editor.model.summary?.id;
    const mine = ++generation;
    const asked = { query, ...options() };
    if (!id || (!query.trim() && !asked.preset)) { searched = ''; searchedWith = ''; setHits([]); count.textContent = ''; return; }
    let kept = refresh ? hits[current] : null;
    const ask = async (extra = {}) => {
      try {
        const answer = await api.searchDocument(id, query, { ...asked, ...extra });
        return mine === generation ? matchesOf(answer) : null;
      } catch (error) {
        if (mine === generation) count.textContent = error.message;
        return null;
      }
    };
    if (!refresh) {
      count.textContent = t('find.searching');
      const first = await ask({ from: viewer.currentPage, limit: 1 });
      if (!first) return;
      if (first.length) {
        searched = query;
        searchedWith = JSON.stringify(asked);
        partial = true;
        setHits(first);
        goTo(0);
        kept = hits[0];
      }
    }
    const every = await ask();
    if (!every) return;
    // The match shown now: Enter pressed while every match was asked moved it.
    if (kept) kept = hits[current] ?? kept;
    searched = query;
    searchedWith = JSON.stringify(asked);
    partial = false;
    setHits(every);
    if (kept) { goTo(nearest(hits, kept), { scroll: false }); return; }
    // The first match on or after the current page.
    const first = hits.findIndex((hit) => hit.page >= viewer.currentPage);
    goTo(hits.length ? (first >= 0 ? first : 0) : -1);
  }

  function stale() {
    return input.value !== searched || JSON.stringify({ query: input.value, ...options() }) !== searchedWith;
  }

  function step(direction) {
    if (stale()) { clearTimeout(timer); search(input.value); return; }
    if (!hits.length) return;
    goTo((current + direction + hits.length) % hits.length);
  }

  function goTo(index, { scroll = true } = {}) {
    layers.forEach(({ shapes }) => shapes.forEach((s) => s.classList.remove('current')));
    current = index;
    count.textContent = !searchedWith ? '' : partial ? t('find.countPartial', { index: index + 1 }) : hits.length ? t('find.count', { index: index + 1, total: hits.length }) : t('find.none');
    const hit = hits[index];
    if (!hit) return;
    hit.shape?.classList.add('current');
    if (!scroll) return;
    // A page the layout does not show (another single page) is shown first, then the match.
    if (!viewer.isShown(hit.page) || !hit.shape?.isConnected) viewer.goToPage(hit.page);
    if (hit.shape?.isConnected) hit.shape.scrollIntoView({ block: 'center', inline: 'nearest' });
  }

  /** Marks every hit on its page (one SVG per page with hits, in page space). */
  function setHits(list) {
    for (const { svg: layer } of layers.values()) layer.remove();
    layers.clear();
    hits = list;
    current = -1;
    for (const hit of hits) {
      const view = viewer.views[hit.page];
      if (!view) continue;
      if (!layers.has(hit.page)) {
        const group = svg('g');
        const layer = svg('svg', { class: 'find-hits', preserveAspectRatio: 'none', 'aria-hidden': 'true' }, [group]);
        view.overlay.elements.at(-1).after(layer);
        layers.set(hit.page, { svg: layer, group, shapes: [], view });
      }
      const entry = layers.get(hit.page);
      const shape = svg('g', { class: 'find-hit' }, hit.quads.map((q) => svg('polygon', {
        points: `${q[0]},${q[1]} ${q[2]},${q[3]} ${q[6]},${q[7]} ${q[4]},${q[5]}`,
      })));
      hit.shape = shape;
      entry.shapes.push(shape);
      entry.group.append(shape);
    }
    place();
  }

  /** Follows the page transforms (a zoom, a relayout); drops the marks of a reopened document. */
  function place() {
    for (const [page, { svg: layer, group, view }] of layers) {
      if (viewer.views[page] !== view) { layer.remove(); layers.delete(page); continue; }
      const [, , w, h] = view.frame;
      if (w > 0 && h > 0) layer.setAttribute('viewBox', `0 0 ${w} ${h}`);
      group.setAttribute('transform', svgMatrix(view.matrix));
    }
  }
  viewer.on('layout', place);

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => search(input.value), TYPING_PAUSE_MS);
  });

  /** A toggle of the bar: a button with `aria-pressed`, flipped by a tap or its Alt shortcut. */
  function option(text, label, shortcut, name) {
    const button = html('button', {
      type: 'button', class: `find-option find-option-${name}`, 'aria-pressed': 'false', 'aria-label': label,
      title: `${label} (${shortcut})`, text,
    });
    button.addEventListener('click', () => flip(button));
    button.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); hide(); } });
    return button;
  }
  function pressed(button) { return button.getAttribute('aria-pressed') === 'true'; }
  function flip(button) {
    button.setAttribute('aria-pressed', String(!pressed(button)));
    clearTimeout(timer);
    if (input.value.trim() || preset.value) search(input.value);
  }

  // The document changed (an edit here or another user's): the matches are asked again once
  // the edits pause, the current one kept.
  editor.model.onChange(() => {
    if (bar.hidden || !searchedWith) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => { if (!bar.hidden && searchedWith && !stale()) search(searched, { refresh: true }); }, REFRESH_PAUSE_MS);
  });

  input.addEventListener('keydown', (e) => {
    e.stopPropagation();  // typing is not a shortcut
    if (e.altKey && !e.ctrlKey && !e.metaKey && (e.code === 'KeyC' || e.code === 'KeyW' || e.code === 'KeyR')) {
      e.preventDefault();
      flip(e.code === 'KeyC' ? matchCase : e.code === 'KeyW' ? wholeWords : regex);
    } else if (e.key === 'Enter') { e.preventDefault(); step(e.shiftKey ? -1 : 1); }
    else if (e.key === 'Escape') { e.preventDefault(); hide(); }
  });
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      show();
    }
  }, true);

  const button = toolbarButton({ name: 'find', label: t('find.find'), shortcut: 'Ctrl+F', onTap: () => (bar.hidden ? show() : hide()) });
  return {
    button, show, hide, bar,
    /** The matches shown (`{page, quads, annotation}` each), once every one has come. */
    matches: () => (partial ? [] : hits.map(({ page, quads, annotation }) => ({ page, quads, annotation }))),
    /** Whether the matches shown answer the bar as it is now. */
    isCurrent: () => !stale() && !partial,
    state: () => ({
      query: searched, current, total: hits.length, pages: hits.map((h) => h.page),
      annotations: hits.map((h) => h.annotation ?? null), options: options(), partial,
    }),
  };
}

/**
 * The hit of `list` nearest to `kept` (the match that was current before a refresh): the
 * same annotation, else the closest match on the same page, else the first one after it.
 */
function nearest(list, kept) {
  if (!list.length) return -1;
  if (!kept) return 0;
  if (kept.annotation) {
    const same = list.findIndex((hit) => hit.annotation === kept.annotation);
    if (same >= 0) return same;
  }
  const [x, y] = kept.quads[0];
  let best = -1;
  let distance = Infinity;
  list.forEach((hit, index) => {
    if (hit.page !== kept.page) return;
    const d = Math.hypot(hit.quads[0][0] - x, hit.quads[0][1] - y);
    if (d < distance) { distance = d; best = index; }
  });
  if (best >= 0) return best;
  const after = list.findIndex((hit) => hit.page > kept.page);
  return after >= 0 ? after : list.length - 1;
}

/**
 * The answer's matches as hits, in the order the engine gives (its reading order, with
 * annotations placed among the text; docs/api.md). An annotation's hit is its rectangle.
 */
export function matchesOf(answer) {
  return (answer.matches ?? []).filter((match) => match.quads?.length)
    .map((match) => ({ page: match.page, quads: match.quads, annotation: match.annotation ?? null }));
}
