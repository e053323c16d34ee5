// Find in the document: Ctrl/Cmd+F or the toolbar's Find button opens a bar whose words the
// server's engine searches (`GET …/search`, docs/api.md *Search and text*: the pages and the
// exact quads of every match, from the engine's own text extraction). Every match is marked
// on its page; Enter and Shift+Enter (or the arrows) step to the next and previous match,
// which is brought into view, and the bar says which one it is ("3 of 12").

import * as api from './api.js';
import { html, svg } from './svg.js';
import { icon } from './icons.js';
import { toolbarButton } from './toolbar.js';
import { svgMatrix } from './viewer.js';

const TYPING_PAUSE_MS = 250;

/** @param {import('./editor.js').Editor} editor */
export function installFind(editor) {
  const viewer = editor.viewer;
  const input = html('input', {
    type: 'search', class: 'find-input', placeholder: 'Find in document', 'aria-label': 'Find in document',
    autocomplete: 'off', spellcheck: 'false',
  });
  const count = html('span', { class: 'find-count', role: 'status', 'aria-live': 'polite' });
  const previous = toolbarButton({ name: 'up', label: 'Previous match', shortcut: 'Shift+Enter', onTap: () => step(-1) });
  const next = toolbarButton({ name: 'down', label: 'Next match', shortcut: 'Enter', onTap: () => step(1) });
  const close = toolbarButton({ name: 'close', label: 'Close find', shortcut: 'Escape', onTap: () => hide() });
  const bar = html('div', { class: 'find-bar', role: 'search', 'aria-label': 'Find in document', hidden: '' },
    [input, count, previous, next, close]);
  document.querySelector('.workspace').append(bar);

  /** @type {{page: number, quads: number[][]}[]} */
  let hits = [];
  let current = -1;
  let searched = '';   // the query the hits answer
  let generation = 0;  // answers to older queries are dropped
  let timer = 0;
  const layers = new Map(); // page index → {svg, group, shapes}

  function show() {
    bar.hidden = false;
    input.focus();
    input.select();
  }

  function hide() {
    bar.hidden = true;
    clearTimeout(timer);
    generation++;
    searched = '';
    setHits([]);
    count.textContent = '';
    viewer.scroller.focus({ preventScroll: true });
  }

  async function search(query) {
    const id = editor.model.summary?.id;
    const mine = ++generation;
    if (!id || !query.trim()) { searched = ''; setHits([]); count.textContent = ''; return; }
    count.textContent = 'Searching…';
    let answer;
    try {
      answer = await api.searchDocument(id, query);
    } catch (error) {
      if (mine === generation) count.textContent = error.message;
      return;
    }
    if (mine !== generation) return;
    searched = query;
    setHits(matchesOf(answer));
    // The first match on or after the current page.
    const first = hits.findIndex((hit) => hit.page >= viewer.currentPage);
    goTo(hits.length ? (first >= 0 ? first : 0) : -1);
  }

  function step(direction) {
    if (input.value !== searched) { clearTimeout(timer); search(input.value); return; }
    if (!hits.length) return;
    goTo((current + direction + hits.length) % hits.length);
  }

  function goTo(index) {
    layers.forEach(({ shapes }) => shapes.forEach((s) => s.classList.remove('current')));
    current = index;
    count.textContent = !searched ? '' : hits.length ? `${index + 1} of ${hits.length}` : 'No matches';
    const hit = hits[index];
    if (!hit) return;
    hit.shape?.classList.add('current');
    if (hit.shape?.isConnected) hit.shape.scrollIntoView({ block: 'center', inline: 'nearest' });
    else viewer.goToPage(hit.page);
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
  input.addEventListener('keydown', (e) => {
    e.stopPropagation();  // typing is not a shortcut
    if (e.key === 'Enter') { e.preventDefault(); step(e.shiftKey ? -1 : 1); }
    else if (e.key === 'Escape') { e.preventDefault(); hide(); }
  });
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      show();
    }
  }, true);

  const button = toolbarButton({ name: 'find', label: 'Find', shortcut: 'Ctrl+F', onTap: () => (bar.hidden ? show() : hide()) });
  return { button, show, hide, state: () => ({ query: searched, current, total: hits.length, pages: hits.map((h) => h.page) }) };
}

/**
 * The answer's matches as hits in reading order: page by page, top to bottom, then left to
 * right by each match's first quad. An annotation's hit is its rectangle.
 */
export function matchesOf(answer) {
  const list = [];
  for (const result of answer.results ?? []) {
    for (const match of result.matches ?? []) {
      if (match.quads?.length) list.push({ page: result.page, quads: match.quads });
    }
  }
  const top = (hit) => Math.max(hit.quads[0][1], hit.quads[0][3]);
  list.sort((a, b) => a.page - b.page || (Math.abs(top(b) - top(a)) > 2 ? top(b) - top(a) : a.quads[0][0] - b.quads[0][0]));
  return list;
}
