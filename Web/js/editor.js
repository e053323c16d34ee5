// The editor: ties the document model, the viewer, the session with the server, the tools,
// the toolbar and the keyboard together for one open document.

import * as api from './api.js';
import { DocumentModel } from './model.js';
import { Viewer } from './viewer.js';
import { Session } from './session.js';
import { InputRouter } from './input.js';
import { renderAnnotations } from './overlay.js';
import { settings, update, onSettingsChange } from './settings.js';
import { createSelectTool } from './tools/select.js';
import { createDrawTool } from './tools/draw.js';
import { createEraseTool } from './tools/erase.js';
import { createTextTool } from './tools/text.js';
import { createShapeTool } from './tools/shape.js';
import { createImageTool, readImage } from './tools/image.js';
import { createNoteTool } from './tools/note.js';
import { createHighlightTool } from './tools/highlight.js';
import { createFormTool } from './tools/form.js';
import { renderFields, widgetsOnPage } from './forms.js';
import { clearTextCache } from './textgeometry.js';
import { closePopover } from './popover.js';

export const TOOL_NAMES = ['select', 'draw', 'erase', 'text', 'shape', 'image', 'note', 'highlight', 'form'];
const GESTURE_TOOLS = { selectTool: 'select', drawTool: 'draw', eraserTool: 'erase', textTool: 'text', shapeTool: 'shape' };

/** One open document being edited; the object behind `window.marginalia`. */
export class Editor {
  constructor() {
    this.model = new DocumentModel();
    this.viewer = new Viewer({
      scroller: document.getElementById('scroller'),
      pages: document.getElementById('pages'),
      thumbnails: document.getElementById('thumbnails'),
    });
    this.session = new Session(this.model, {
      onStructureChange: () => this.reload(),
      onStatus: (message, error) => this.status(message, error),
      onSaved: (revision) => this.markSaved(revision),
    });
    this.tools = {
      select: createSelectTool(this), draw: createDrawTool(this), erase: createEraseTool(this),
      text: createTextTool(this), shape: createShapeTool(this), image: createImageTool(this),
      note: createNoteTool(this), highlight: createHighlightTool(this), form: createFormTool(this),
    };
    /** The form fields of the open document (GET …/fields), refreshed with the file. */
    this.fields = [];
    this.viewer.widgetRects = (index) => widgetsOnPage(this.fields, index).map((placed) => placed.widget.rect);
    this.selection = null;
    this.listeners = new Set();
    this.input = new InputRouter(this.viewer, {
      activeTool: () => this.tools[settings.tool] ?? this.tools.select,
      toolFor: (name) => this.tools[name],
      gesture: (name) => this.gesture(name),
    });
    this.model.onChange(({ pages, structure }) => {
      if (structure) return;
      for (const index of pages) this.refreshPage(index);
      if (this.selection && !this.model.annotations.has(this.selection)) this.select(null);
      else this.tools.select.drawChrome();
      this.emit();
    });
    this.viewer.on('overlay', () => this.refreshNotes());
    this.viewer.on('zoom', () => { this.refreshNotes(); this.tools.select.drawChrome(); this.emit(); });
    this.viewer.on('page', () => this.emit());
    onSettingsChange(() => this.applyToolCursor());
    document.getElementById('image-picker').addEventListener('change', (e) => this.imagePicked(e.target));
  }

  /** Listeners hear about tool, page, zoom and selection changes (the toolbar). */
  onUpdate(listener) { this.listeners.add(listener); }
  emit() { for (const listener of this.listeners) listener(this); }

  // MARK: - Documents

  /**
   * Opens a document by id: summary and pages, annotations, the PDF, then live events.
   * A new document starts at fit width on its first page; `keepView` keeps the zoom (reloads).
   */
  async open(id, { keepView = false } = {}) {
    this.status('Opening…');
    this.session.close(); // no events of the previous document may reach the new model
    this.selection = null;
    const [summary, annotations, fields] = await Promise.all([
      api.getDocument(id), api.getAnnotations(id),
      api.getFields(id).catch((error) => { console.warn('no fields', error); return { fields: [] }; }),
    ]);
    const pdf = await pdfjsLib.getDocument({ url: api.fileURL(id), isEvalSupported: false, withCredentials: true }).promise;
    this.pdf?.destroy();
    this.pdf = pdf;
    clearTextCache();
    document.title = `${summary.name} — Marginalia`;
    document.getElementById('empty').hidden = true;
    const url = new URL(location.href);
    if (url.searchParams.get('doc') !== id) { url.searchParams.set('doc', id); history.replaceState(null, '', url); }
    this.model.load(summary, annotations.annotations, Math.min(summary.revision, annotations.revision));
    this.fields = fields.fields;
    await this.viewer.open(pdf, summary.pages);
    if (!keepView) { this.viewer.fitWidth(); this.viewer.goToPage(0); }
    for (const view of this.viewer.views) this.refreshPage(view.geometry.index);
    this.session.listen();
    await this.session.catchUp();
    this.status('');
    this.emit();
  }

  /** Reloads the document after pages were inserted or removed, keeping the current page. */
  async reload() {
    const page = this.viewer.currentPage;
    await this.open(this.model.summary.id, { keepView: true });
    this.viewer.goToPage(Math.min(page, this.viewer.views.length - 1));
  }

  async upload(file) {
    this.status(`Uploading ${file.name}…`);
    try {
      const summary = await api.upload(file.name, file);
      await this.open(summary.id);
    } catch (error) {
      this.status(`Upload failed: ${error.message}`, true);
    }
  }

  // MARK: - Drawing annotations

  refreshPage(index) {
    const view = this.viewer.views[index];
    if (!view) return;
    renderFields(view.overlay, this.fields, index);
    renderAnnotations(view.overlay, this.model.annotationsOnPage(index), this.viewer.zoom);
  }

  /** Notes keep their screen size, so they are redrawn after a zoom. */
  refreshNotes() {
    for (const view of this.viewer.views) {
      if (this.model.annotationsOnPage(view.geometry.index).some((a) => a.type === 'note')) this.refreshPage(view.geometry.index);
    }
  }

  // MARK: - Tools and selection

  /** Activates a tool; activating the active tool again returns to Select. */
  setTool(name, { toggle = false } = {}) {
    if (toggle && settings.tool === name && name !== 'select') name = 'select';
    if (name === settings.tool) return;
    for (const tool of Object.values(this.tools)) { tool.cancel?.(); tool.deactivate?.(); }
    if (name !== 'select') this.select(null);
    update((s) => { s.lastTool = s.tool; s.tool = name; });
    closePopover();
    this.emit();
  }

  applyToolCursor() {
    const tool = this.tools[settings.tool] ?? this.tools.select;
    this.viewer.pages.dataset.tool = tool.name;
  }

  selected() { return this.selection ? this.model.annotations.get(this.selection) ?? null : null; }

  select(id) {
    this.selection = id;
    this.tools.select.drawChrome();
    this.emit();
  }

  async deleteSelection() {
    const a = this.selected();
    if (!a) return;
    this.select(null);
    await this.session.command({ type: 'remove', ids: [a.id] });
  }

  pickImage() {
    const picker = document.getElementById('image-picker');
    picker.value = '';
    picker.click();
  }

  async imagePicked(input) {
    const file = input.files?.[0];
    if (!file) return;
    try {
      this.tools.image.setImage(await readImage(file));
      this.setTool('image');
      this.status('Tap or drag on a page to place the image');
    } catch (error) {
      this.status(`Could not read the image: ${error.message}`, true);
    }
  }

  /**
   * Runs the action mapped to a stylus gesture. For the pen's eraser end and barrel button,
   * returns the tool to use while held (eraser actions erase while held); null otherwise.
   */
  gesture(name) {
    const action = settings.gestures[name];
    const held = name === 'penEraserEnd' || name === 'penBarrelButton';
    if (held && (action === 'eraserTool' || action === 'toggleEraser')) return 'erase';
    if (held && GESTURE_TOOLS[action]) return GESTURE_TOOLS[action];
    this.performAction(action);
    return null;
  }

  performAction(action) {
    switch (action) {
      case 'toggleEraser': this.setTool(settings.tool === 'erase' ? (settings.lastTool === 'erase' ? 'draw' : settings.lastTool) : 'erase'); break;
      case 'lastTool': this.setTool(settings.lastTool); break;
      case 'undo': this.undo(); break;
      case 'redo': this.redo(); break;
      default: if (GESTURE_TOOLS[action]) this.setTool(GESTURE_TOOLS[action]);
    }
  }

  // MARK: - Commands

  undo() { return this.session.undo(); }
  redo() { return this.session.redo(); }

  /** Whether there are edits after the last save. */
  get hasUnsavedChanges() {
    return this.model.revision > (this.model.summary?.savedRevision ?? 0);
  }

  markSaved(revision) {
    if (this.model.summary) this.model.summary.savedRevision = revision;
    this.emit();
  }

  async save() {
    try {
      const { version, revision } = await api.save(this.model.summary.id);
      this.markSaved(revision ?? this.model.revision);
      this.status(`Saved (version ${version?.number ?? '?'})`);
    } catch (error) {
      this.status(`Save failed: ${error.message}`, true);
    }
  }

  async addPage() {
    const current = this.viewer.currentPage;
    const geometry = this.viewer.views[current]?.geometry ?? { width: 612, height: 792 };
    await this.session.command({ type: 'insertPage', index: current + 1, width: geometry.width, height: geometry.height });
    this.viewer.goToPage(current + 1);
  }

  async removePage() {
    const current = this.viewer.currentPage;
    if (this.viewer.views.length <= 1) { this.status('A document keeps at least one page', true); return; }
    if (!confirm(`Remove page ${current + 1}? Undo brings it back.`)) return;
    await this.session.command({ type: 'removePage', index: current });
  }

  status(message, error = false) {
    const el = document.getElementById('status');
    el.textContent = message;
    el.classList.toggle('error', error);
    el.classList.toggle('visible', !!message);
    clearTimeout(this.statusTimer);
    if (message && !message.endsWith('…')) this.statusTimer = setTimeout(() => el.classList.remove('visible'), error ? 6000 : 2500);
  }
}
