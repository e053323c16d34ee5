// The page organiser: every page of the document as a thumbnail to select, turn, duplicate,
// remove, reorder by dragging, insert pages before from another document of the store or a
// file, or extract as a new document. The engine decides the selection a click makes, the gap
// a drag drops into and the command each action becomes (selectPages, pageDropSlot,
// pageCommand, docs/engine.md); every action is one command, so one undo takes it back.

import * as api from './api.js';
import { call } from './engine.js';
import { html } from './svg.js';
import { sendWithPassword } from './passwordprompt.js';
import { t } from './i18n.js';

const DRAG_THRESHOLD = 6; // px a press moves before it is a drag, not a click

export class PageOrganizer {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor) {
    this.editor = editor;
    this.selection = [];
    /** How many times the user changed the selection (an action's answer keeps a newer choice). */
    this.choices = 0;
    this.anchor = null;
    this.element = null;
    this.renderedPdf = null;
    // Pages changed by this tab or another one: the editor reloaded the file; show it.
    editor.onUpdate(() => { if (this.element && this.renderedPdf !== editor.pdf) this.render(); });
  }

  get isOpen() { return !!this.element; }

  open() {
    if (this.element || this.editor.refuses(this.editor.refusal('pages'))) return;
    const button = (label, onclick, extra = {}) => html('button', { type: 'button', class: 'organizer-action', text: label, onclick, ...extra });
    this.filePicker = html('input', { type: 'file', class: 'organizer-file', accept: 'application/pdf,image/png,image/jpeg,image/heic,image/heif,image/webp,image/gif,image/tiff,.heic,.heif,.webp,.gif,.tif,.tiff,.pdf,.png,.jpg,.jpeg', hidden: true,
      onchange: () => this.insertFile() });
    this.sourceList = html('select', { class: 'organizer-source', 'aria-label': t('organizer.source') });
    this.grid = html('div', { class: 'organizer-grid', role: 'listbox', 'aria-multiselectable': 'true', 'aria-label': t('toolbar.pages') });
    this.marker = html('div', { class: 'organizer-marker', hidden: true });
    this.element = html('div', { class: 'organizer', role: 'dialog', 'aria-label': t('organizer.title') }, [
      html('div', { class: 'organizer-bar' }, [
        html('h2', { class: 'organizer-title', text: t('organizer.title') }),
        button(t('organizer.selectAll'), () => this.selectAll()),
        button(t('organizer.rotateLeft'), () => this.act('rotate', { degrees: -90 }), { 'data-action': 'rotateLeft' }),
        button(t('organizer.rotateRight'), () => this.act('rotate', { degrees: 90 }), { 'data-action': 'rotateRight' }),
        button(t('selection.duplicate'), () => this.act('duplicate'), { 'data-action': 'duplicate' }),
        button(t('sign.remove'), () => this.act('remove'), { 'data-action': 'remove' }),
        button(t('organizer.extract'), () => this.extract(), { 'data-action': 'extract' }),
        button(t('organizer.done'), () => this.close(), { 'data-action': 'close' }),
      ]),
      html('div', { class: 'organizer-bar organizer-insert' }, [
        html('span', { class: 'organizer-label', text: t('organizer.insertWhere') }),
        this.sourceList,
        button(t('organizer.insertPages'), () => this.insertDocument(), { 'data-action': 'insertDocument' }),
        button(t('organizer.insertFile'), () => { this.filePicker.value = ''; this.filePicker.click(); }, { 'data-action': 'insertFile' }),
        this.filePicker,
      ]),
      this.grid, this.marker,
    ]);
    this.grid.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.keys = (e) => { if (e.key === 'Escape' && this.element) this.close(); };
    document.addEventListener('keydown', this.keys);
    document.body.append(this.element);
    this.loadSources();
    this.render();
  }

  close() {
    document.removeEventListener('keydown', this.keys);
    this.element?.remove();
    this.element = null;
    this.renderedPdf = null;
  }

  get pageCount() { return this.editor.model.pages.length; }

  /** The thumbnails, drawn by pdf.js from the open file with each page's rotation. */
  render() {
    const { pdf, model } = this.editor;
    this.renderedPdf = pdf;
    this.selection = this.selection.filter((p) => p < this.pageCount);
    const items = model.pages.map((page, index) => {
      const canvas = html('canvas', { class: 'organizer-canvas' });
      const turned = (page.rotation ?? 0) % 180 !== 0;
      canvas.style.aspectRatio = turned ? `${page.height} / ${page.width}` : `${page.width} / ${page.height}`;
      const selected = this.selection.includes(index);
      return html('div', {
        class: `organizer-page${selected ? ' selected' : ''}`, role: 'option', 'data-page': index,
        'aria-selected': String(selected), 'aria-label': t('common.pageN', { page: index + 1 }), title: t('common.pageN', { page: index + 1 }),
      }, [canvas, html('span', { class: 'organizer-number', text: String(index + 1) })]);
    });
    this.grid.replaceChildren(...items);
    if (!pdf) return;
    items.forEach(async (item, index) => {
      try {
        await this.drawThumbnail(pdf, item, index);
      } catch (error) {
        // A reload destroys the file being drawn from: the next render draws the new one.
        if (this.renderedPdf === pdf) console.warn(`page ${index + 1} thumbnail`, error);
      }
    });
  }

  async drawThumbnail(pdf, item, index) {
    const rotation = this.editor.model.pages[index]?.rotation ?? 0;
    const page = await pdf.getPage(index + 1);
    const base = page.getViewport({ scale: 1, rotation });
    const viewport = page.getViewport({ scale: (140 * (window.devicePixelRatio || 1)) / base.width, rotation });
    const canvas = item.querySelector('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    item.classList.add('rendered');
  }

  // MARK: - Selection and dragging

  select(page, mode) {
    this.choices += 1;
    const answer = call({ call: 'selectPages', page, mode, selection: this.selection, anchor: this.anchor });
    this.selection = answer.selection;
    this.anchor = answer.anchor ?? null;
    this.showSelection();
  }

  selectAll() {
    if (!this.pageCount) return;
    this.select(0, 'replace');
    this.select(this.pageCount - 1, 'range');
  }

  showSelection() {
    for (const item of this.grid.children) {
      const selected = this.selection.includes(Number(item.dataset.page));
      item.classList.toggle('selected', selected);
      item.setAttribute('aria-selected', String(selected));
    }
  }

  frames() {
    return [...this.grid.children].map((item) => {
      const r = item.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height];
    });
  }

  pointerDown(event) {
    const item = event.target.closest('.organizer-page');
    if (!item || event.button !== 0) return;
    event.preventDefault();
    const page = Number(item.dataset.page);
    const start = [event.clientX, event.clientY];
    let dragging = false;
    let slot = null;
    const move = (e) => {
      if (!dragging && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < DRAG_THRESHOLD) return;
      if (!dragging) {
        dragging = true;
        if (!this.selection.includes(page)) this.select(page, 'replace');
        this.grid.classList.add('dragging');
      }
      slot = call({ call: 'pageDropSlot', point: [e.clientX, e.clientY], frames: this.frames() }).slot;
      this.showMarker(slot);
    };
    const up = (e) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      this.grid.classList.remove('dragging');
      this.marker.hidden = true;
      if (!dragging) {
        this.select(page, e.shiftKey ? 'range' : (e.ctrlKey || e.metaKey) ? 'toggle' : 'replace');
      } else if (slot !== null && e.type === 'pointerup') {
        this.act('move', { slot });
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }

  /** The insertion line before page `slot` (or after the last). */
  showMarker(slot) {
    const frames = this.frames();
    if (!frames.length) return;
    const [x, y, , height] = slot < frames.length ? frames[slot] : frames[frames.length - 1];
    const left = slot < frames.length ? x - 6 : x + frames[frames.length - 1][2] + 4;
    const host = this.element.getBoundingClientRect();
    Object.assign(this.marker.style, { left: `${left - host.left}px`, top: `${y - host.top}px`, height: `${height}px` });
    this.marker.hidden = false;
  }

  // MARK: - Actions

  /** Asks the engine for the command of `action` on the selection and sends it. */
  async act(action, extra = {}) {
    const answer = call({ call: 'pageCommand', action, pages: this.selection, ...extra });
    if (answer.error || answer.refused) { this.editor.status(answer.error ?? answer.refused, true); return null; }
    if (!answer.command) {
      if (!this.selection.length) this.editor.status(t('organizer.selectFirst'));
      return null;
    }
    const choices = this.choices;
    const response = await this.editor.command(answer.command);
    if (!response) return null;
    // The pages the action made are selected, unless the user chose others meanwhile.
    if (this.choices === choices) {
      this.selection = answer.selection ?? [];
      this.anchor = this.selection[0] ?? null;
    }
    if (this.element && this.renderedPdf === this.editor.pdf) this.showSelection(); else if (this.element) this.render();
    return response;
  }

  insertIndex() { return this.selection.length ? Math.max(...this.selection) + 1 : this.pageCount; }

  async loadSources() {
    try {
      const { documents } = await api.listDocuments();
      const current = this.editor.model.summary?.id;
      this.sources = new Map(documents.map((d) => [d.id, d]));
      this.sourceList.replaceChildren(...documents.filter((d) => d.id !== current)
        .map((d) => html('option', { value: d.id, text: t('organizer.sourceEntry', { name: d.name, count: d.pageCount }) })));
    } catch (error) {
      this.editor.status(t('documents.listFailed', { reason: error.message }), true);
    }
  }

  insertDocument() {
    const id = this.sourceList.value;
    if (!id) { this.editor.status(t('organizer.noOther'), true); return null; }
    // Every page of the source, named, so the selection can follow the inserted pages.
    return this.act('insert', { index: this.insertIndex(), source: { document: id }, sourcePages: allPages(this.sources?.get(id)?.pageCount) });
  }

  async insertFile() {
    const file = this.filePicker.files?.[0];
    if (!file) return;
    try {
      this.editor.status(t('status.uploading', { name: file.name }));
      const uploaded = await sendWithPassword(file.name, (password) => api.uploadPages(this.editor.model.summary.id, file, password));
      if (!uploaded) { this.editor.status(t('organizer.needsPassword', { name: file.name })); return; }
      const { upload, pageCount } = uploaded;
      await this.act('insert', { index: this.insertIndex(), source: { upload }, sourcePages: allPages(pageCount) });
      this.editor.status('');
    } catch (error) {
      this.editor.status(t('organizer.insertFailed', { name: file.name, reason: error.message }), true);
    }
  }

  async extract() {
    if (!this.selection.length) { this.editor.status(t('organizer.extractSelectFirst'), true); return; }
    const summary = this.editor.model.summary;
    const name = `${summary.name.replace(/\.pdf$/i, '')} (page${this.selection.length === 1 ? '' : 's'} ${this.selection.map((p) => p + 1).join(', ')})`;
    try {
      const made = await api.extractPages(summary.id, this.selection, name);
      this.editor.status(t('organizer.extracted', { name: made.name }));
      this.loadSources();
    } catch (error) {
      this.editor.status(t('organizer.extractFailed', { reason: error.message }), true);
    }
  }
}

/** Pages 0 to count - 1, or undefined (all pages, without the selection following them). */
const allPages = (count) => (count > 0 ? Array.from({ length: count }, (_, i) => i) : undefined);
