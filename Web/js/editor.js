// The editor: ties the document model, the viewer, the engine, the session with the
// server, the tools' UI, the toolbar and the keyboard together for one open document.
//
// The engine (engine.js, the Swift core as WebAssembly) decides what input does; this
// module carries out what it answers: commands go to the server, text boxes and notes get an
// editor to type in, form fields get their control, an image gets its bytes, a refusal is
// shown. The engine is kept in step with the document: it is given every annotation on open
// and every logged change after.

import * as api from './api.js';
import { call, loadEngine, engineLoaded } from './engine.js';
import { OpenDocument } from './opendocument.js';
import { Viewer } from './viewer.js';
import { Session } from './session.js';
import { InputRouter } from './input.js';
import { Preview } from './preview.js';
import { renderAnnotations, drawAnnotation, setForeignAppearanceSource, setTextWidthsSource } from './overlay.js';
import { settings, update, onSettingsChange, loadPreferences } from './settings.js';
import { createSelectTool } from './tools/select.js';
import { createTextTool } from './tools/text.js';
import { createImageTool, readImage } from './tools/image.js';
import { createNoteTool } from './tools/note.js';
import { createHighlightTool } from './tools/highlight.js';
import { createFormTool } from './tools/form.js';
import { createRedactTool } from './tools/redact.js';
import { renderFields } from './forms.js';
import { AnnotationDisplay } from './appearances.js';
import { installFileRefresh } from './filerefresh.js';
import { installViewMemory, openingView, rememberedView } from './viewstate.js';
import { followLink } from './links.js';
import { installTextCopy } from './textcopy.js';
import { closePopover } from './popover.js';
import { createClipboard } from './clipboard.js';
import { PageOrganizer } from './organizer.js';
import { openPdf, closePdf } from './pdfopen.js';
import { takeEarlyOpening } from './earlyopen.js';
import { sendWithPassword } from './passwordprompt.js';
import { t } from './i18n.js';
import { certificationRefusal, toolRefusal } from './certification.js';
import { openingAnnotations, completeAnnotations, needsCompleting } from './openingannotations.js';

/**
 * The engine's `setViewport` request for the view the user left document `id` at
 * (viewstate.js), and how its zoom is fitted (the viewer's `fitted`): for a document not seen
 * before, its first page at the automatic zoom.
 */
const rememberedViewport = (id, pageCount) => openingView(rememberedView(id), pageCount);

export const TOOL_NAMES = ['select', 'draw', 'erase', 'text', 'shape', 'image', 'note', 'highlight', 'redact', 'form'];

/** One open document being edited; the object behind `window.marginalia`. */
export class Editor {
  constructor() {
    this.model = new OpenDocument();
    this.viewer = new Viewer({
      scroller: document.getElementById('scroller'),
      pages: document.getElementById('pages'),
      thumbnails: document.getElementById('thumbnails'),
    });
    this.session = new Session(this.model, {
      onStructureChange: () => this.reload(),
      onStatus: (message, error) => this.status(message, error),
      onSaved: (revision) => this.markSaved(revision),
      onOutbox: () => { this.drawWaiting(); this.emit(); },
      onPresence: (viewers) => { this.viewers = viewers; this.emit(); },
    });
    /** Who has the open document open (the server's presence events), this tab included. */
    this.viewers = [];
    this.tools = {
      select: createSelectTool(this), text: createTextTool(this), image: createImageTool(this),
      note: createNoteTool(this), highlight: createHighlightTool(this), form: createFormTool(this),
      redact: createRedactTool(this),
    };
    this.clipboard = createClipboard(this);
    /** The form fields of the open document (GET …/fields), refreshed with the file. */
    this.fields = [];
    /** The last selection `commandAndSelect` made (a new object each time). */
    this.ownSelection = { ids: null };
    /** The latest `open` (a token object): an earlier one still on its way stops. */
    this.opening = null;
    this.listeners = new Set();
    this.organizer = new PageOrganizer(this);
    // What draws each annotation: its appearance stream in the page canvas, or the overlay
    // while it is live (appearances.js).
    this.display = new AnnotationDisplay(this.model);
    this.viewer.display = this.display;
    this.display.onInvalidate((index) => { this.refreshPage(index); this.viewer.invalidate(index); });
    this.viewer.on('rendered', (index) => this.refreshPage(index));
    // A page made as it came near the view (pageview.js): what lies on it is drawn now.
    this.viewer.on('built', (index) => { this.refreshPage(index); this.drawWaiting(index); });
    // Text boxes beyond WinAnsi are laid out again once the writer's widths came (overlaytext.js).
    setTextWidthsSource(api.textWidths, () => {
      for (const view of this.viewer.builtViews()) this.refreshPage(view.geometry.index);
      this.tools.select.drawChrome();
    });
    this.preview = new Preview(this.viewer, this.model, (...span) => this.tools.highlight.preview(...span));
    this.preview.onErasing = (ids) => this.display.touch(ids);
    this.preview.redactionSpan = (...span) => this.tools.redact.preview(...span);
    this.fileRefresh = installFileRefresh(this);
    installTextCopy(this.viewer, (pageIndex) => this.tools.highlight.loadText(pageIndex));
    installViewMemory(this);
    this.input = new InputRouter(this.viewer, {
      outputs: (answer) => this.outputs(answer),
      hover: (event) => this.tools.select.hover?.(event),
    });
    // Logged changes, ours and other tabs', applied by the engine: what they touched is drawn again.
    this.model.onChange(({ pages, structure }) => {
      if (structure) return;
      for (const index of pages) {
        this.refreshPage(index);
        if (this.canvasShowsStale(index)) this.viewer.invalidate(index);
      }
      this.tools.select.drawChrome();
      this.emit();
    });
    this.viewer.on('overlay', () => this.refreshFixedSize());
    this.viewer.on('zoom', () => { this.refreshFixedSize(); this.tools.select.drawChrome(); this.emit(); });
    this.viewer.on('page', () => this.emit());
    onSettingsChange(() => this.applyToolCursor());
    document.getElementById('image-picker').addEventListener('change', (e) => this.imagePicked(e.target));
  }

  /** Loads the engine (once) and gives it the stored preferences and the current tool. */
  async start() {
    await loadEngine();
    call({ call: 'init', pages: [], viewSize: this.viewer.viewSize() });
    loadPreferences();
    call({ call: 'setTool', tool: settings.tool });
  }

  /** Listeners hear about tool, page, zoom and selection changes (the toolbar). */
  onUpdate(listener) { this.listeners.add(listener); }
  emit() { for (const listener of this.listeners) listener(this); }

  // MARK: - Documents

  /**
   * Opens a document by id: summary and pages, annotations, the PDF, then live events.
   * A new document starts at fit width on its first page; `keepView` keeps the zoom (reloads).
   * @returns {Promise<boolean>} false when another opening overtook this one
   */
  async open(id, { keepView = false } = {}) {
    // The last document asked for is the one shown: an earlier opening still on its way (a
    // reload, a document picked before) stops where it is.
    const mine = {};
    this.opening = mine;
    const overtaken = () => this.opening !== mine;
    this.status(t('status.opening'));
    // No events of the previous document may reach the new model; a tab that stays on the
    // document does not leave it (its next stream replaces its entry).
    const previous = this.model.summary?.id;
    this.session.close({ leave: previous !== id });
    this.viewers = [];
    // The first page waits for no more than it needs (docs/editor-web.md, "Large files"): the
    // file is opened at once, beside the pages and the annotations, so pdf.js's first ranges
    // do not wait for them; the form's fields (a walk of the whole form) are asked for now
    // and taken once the pages are shown. What `prefetch` asked for while the engine loaded
    // is taken rather than asked for again.
    if (this.early && this.early.id !== id) this.early.file.then((opened) => closePdf(opened.pdf), () => {});
    const early = this.early?.id === id ? this.early : this.fetchDocument(id, overtaken);
    this.early = null;
    const { fields: fieldsAsked, file: fileOpened } = early;
    const closeWhenOpened = () => fileOpened.then((opened) => closePdf(opened.pdf), () => {});
    let summary, annotations;
    try {
      [summary, annotations] = await Promise.all([early.summary, early.annotations]);
    } catch (error) {
      closeWhenOpened();
      throw error;
    }
    if (overtaken()) { closeWhenOpened(); return false; }
    this.tools.highlight.forget();
    document.title = `${summary.name} — Marginalia`;
    document.getElementById('empty').hidden = true;
    const url = new URL(location.href);
    if (url.searchParams.get('doc') !== id) { url.searchParams.set('doc', id); history.replaceState(null, '', url); }
    const zoom = this.viewer.zoom;
    const offset = [this.viewer.scroller.scrollLeft, this.viewer.scroller.scrollTop];
    call({ call: 'setPages', pages: summary.pages });
    // Three pixels a point: sharp at the zooms a stamp is usually moved at.
    setForeignAppearanceSource((a) => api.appearanceURL(id, a.id, 3));
    this.model.load(summary, annotations.annotations, Math.min(summary.revision, annotations.revision));
    // A tool the document's certification does not allow is put down (certification.js).
    if (toolRefusal(summary, settings.tool)) this.setTool('select');
    // Another document's fields are not shown on this one's pages while its own are on their way.
    if (previous !== id) this.setFields([]);
    // A new document is laid out once, at the zoom and page it opens at, while pdf.js still
    // opens the file (docs/editor-web.md, "Large files"): the pages in view are drawn as soon
    // as it is open, without the layout of thousands of pages between.
    const initial = keepView ? {} : rememberedViewport(id, summary.pages.length).request;
    this.viewer.layOut(summary.pages, initial);
    performance.mark('marginalia:pages-laid-out');
    let file, pdf;
    try {
      ({ file, pdf } = await fileOpened);
    } catch (error) {
      if (overtaken()) return false;
      throw error;
    }
    if (overtaken()) { closePdf(pdf); return false; }
    // The bytes the opening fetched ahead for pdf.js go once a page is drawn (rangefile.js).
    const range = file.source.range;
    if (range) {
      const drop = () => { range.dropHeld(); this.viewer.off('rendered', drop); };
      this.viewer.on('rendered', drop);
    }
    closePdf(this.pdf);
    this.pdf = pdf;
    this.display.setDocument(pdf, file.revision, file.revision === annotations.revision ? annotations.annotations : null);
    await this.viewer.open(pdf, summary.pages, initial);
    // Every page placed (the last slices of `Viewer.layOut`) before the view is set again.
    await this.viewer.placed;
    if (overtaken()) return false;
    if (keepView) this.viewer.apply(call({ call: 'setViewport', zoom, offset }));
    else this.showRememberedView(id);
    const fields = await fieldsAsked;
    if (overtaken()) return false;
    this.setFields(fields.fields);
    for (const view of this.viewer.builtViews()) this.refreshPage(view.geometry.index);
    // A long document came with the annotations of the pages it opens at: every page's now.
    if (needsCompleting(annotations, summary.pages.length) && !await completeAnnotations(this, id, pdf, file.revision, overtaken)) return false;
    this.session.listen();
    await this.session.catchUp();
    if (overtaken()) return false;
    this.status('');
    this.drawWaiting();
    this.session.flush();
    this.emit();
    return true;
  }

  /**
   * Starts fetching document `id` before the engine is loaded (main.js): the engine's module
   * and the document's summary, annotations, fields and file come at the same time, and the
   * next `open(id)` takes them (docs/editor-web.md, "Large files").
   */
  prefetch(id) {
    this.early = this.fetchDocument(id, () => false);
    // Not left unhandled when the engine fails and nothing opens; `open` still sees a failure.
    for (const promise of Object.values(this.early)) promise?.catch?.(() => {});
  }

  /**
   * Asks for what opening document `id` needs, all at once: promises of each answer. Of a
   * long document's annotations, those of the pages it opens at (openingannotations.js),
   * asked for beside the summary: the server keeps them inside the document.
   */
  fetchDocument(id, overtaken) {
    return {
      id,
      summary: api.getDocument(id),
      annotations: openingAnnotations(id, rememberedView(id)?.page ?? 0),
      fields: api.getFields(id).catch((error) => { console.warn('no fields', error); return { fields: [] }; }),
      file: this.openFile(id, overtaken),
    };
  }

  /**
   * Fetches the file of document `id` in its current state and opens it with pdf.js (or takes
   * the opening earlyopen.js started); again when it changed on the server while it opened.
   * @returns {Promise<{file: object|null, pdf: object|null}>} nulls when another opening overtook this one
   */
  async openFile(id, overtaken) {
    const onStale = () => this.fileRefresh.refresh({ stale: true });
    // Opened already by earlyopen.js, before the editor's modules came: that opening is taken.
    let early = takeEarlyOpening(id, onStale);
    for (;;) {
      const { file, task } = early ? await early : { file: await api.getFile(id, { onStale }), task: null };
      early = null;
      if (overtaken()) {
        task?.then((started) => started.destroy(), () => {});
        return { file: null, pdf: null };
      }
      try {
        return { file, pdf: await openPdf(file.source, task) };
      } catch (error) {
        if (!file.source.range?.stale) throw error;  // changed while it opened: the new state, again
      }
    }
  }

  /** Takes the document's form fields (`GET …/fields`): the engine's widgets and their tints. */
  setFields(fields) {
    this.fields = fields;
    call({ call: 'setWidgets', widgets: fields.flatMap((field) => field.widgets
      .filter((w) => w.pageIndex !== null && w.pageIndex !== undefined)
      .map((w) => ({ name: field.name, pageIndex: w.pageIndex, rect: w.rect }))) });
  }

  /**
   * Draws the open document's edits that wait for the server (made offline), faded, where they
   * will be: new strokes (drawn by the engine from their points) and added annotations.
   */
  drawWaiting(only = null) {
    const shown = (index) => (only === null || index === only) && this.viewer.views[index]?.built;
    for (const view of this.viewer.builtViews()) if (shown(view.geometry.index)) view.overlay.waiting.replaceChildren();
    for (const { command } of this.session.waiting) {
      const drafts = command.type === 'stroke'
        ? [{ type: 'ink', id: 'waiting', pageIndex: command.pageIndex, color: command.ink?.color, width: command.ink?.width,
          opacity: command.ink?.opacity, paths: [command.points.map(([x, y]) => [x, y])] }]
        : command.type === 'add' ? command.annotations ?? [command.annotation] : [];
      for (const draft of drafts) {
        const element = draft && drawAnnotation(draft);
        if (element && shown(draft.pageIndex)) this.viewer.views[draft.pageIndex].overlay.waiting.append(element);
      }
    }
  }

  /**
   * The page and zoom the user left this document at (viewstate.js); for a document not seen
   * before, its first page at the engine's automatic zoom. The pages take the keyboard (PageDown, Space, arrows
   * scroll them from the start) unless something else already has it.
   */
  showRememberedView(id) {
    const { fit, request } = rememberedViewport(id, this.viewer.views.length);
    this.viewer.apply(call({ call: 'setViewport', ...request }));
    this.viewer.fitted = fit;
    const focused = document.activeElement;
    if (!focused || focused === document.body) this.viewer.scroller.focus({ preventScroll: true });
  }

  /** Reloads the document after pages were inserted, removed, turned or moved. */
  async reload() {
    const page = this.viewer.currentPage;
    if (!await this.open(this.model.summary.id, { keepView: true })) return;
    this.viewer.goToPage(Math.min(page, this.viewer.views.length - 1));
  }

  /**
   * Shows the editor in the language just chosen (docs/i18n.md): the page is loaded again once
   * every command made so far has the server's answer, so nothing made is lost (an edit
   * waiting offline stays in the outbox, which a reload keeps; a text box being typed was
   * finished when the press on Settings took its focus).
   */
  async reloadInLanguage() {
    await this.session.queue;
    location.reload();
  }

  async upload(file) {
    this.status(t('status.uploading', { name: file.name }));
    try {
      const summary = await sendWithPassword(file.name, (password) => api.upload(file.name, file, password));
      if (!summary) { this.status(t('status.needsPassword', { name: file.name })); return; }
      await this.open(summary.id);
    } catch (error) {
      this.status(t('status.uploadFailed', { reason: error.message }), true);
    }
  }

  // MARK: - Drawing annotations

  /** Redraws the overlay of a page: the fields' tints and the annotations drawn live. */
  refreshPage(index) {
    const view = this.viewer.views[index];
    if (!view?.built) return;  // drawn when it is made (the viewer's `built`)
    renderFields(view.overlay, this.fields, index);
    // Hidden annotations and the comments of threads (replies, review states) are not drawn.
    const hidden = this.display.hiddenOnPage(index);
    const placements = this.display.placements(index);
    const live = this.model.annotationsOnPage(index).filter((a) => !hidden.has(a.id) && this.display.inOverlay(a, view.canvasIds, placements));
    renderAnnotations(view.overlay, live, this.viewer.zoom, placements);
    this.preview.remark();
  }

  /** Whether page `index`'s canvas shows an annotation that changed, went or became live. */
  canvasShowsStale(index) {
    const ids = this.viewer.views[index]?.canvasIds;
    if (!ids) return false;
    const fixed = this.display.placements(index);
    const now = new Map(this.model.annotationsOnPage(index).map((a) => [a.id, a]));
    for (const id of ids) {
      const a = now.get(id) ?? this.model.annotation(id);  // an id a file gave several pages is kept on one
      if (!a || this.display.isLive(a, fixed)) return true;
    }
    return false;
  }

  /** Notes and NoZoom stamps keep their screen size, so their pages are redrawn after a zoom. */
  refreshFixedSize() {
    for (const view of this.viewer.builtViews()) {
      if (this.display.placements(view.geometry.index).size) this.refreshPage(view.geometry.index);
    }
  }

  // MARK: - What the engine answers

  /** Carries out an engine answer: its preview, then each output. */
  outputs(answer) {
    this.preview.draw(answer.preview ?? null);
    for (const output of answer.outputs ?? []) {
      switch (output.type) {
        case 'command': this.commandFromEngine(output.command); break;
        case 'editText': this.editText(output.request); break;
        case 'activateField': this.tools.form.activate(output.name, output.pageIndex, output.rect); break;
        case 'placeImage': this.tools.image.place(output.pageIndex, output.rect); break;
        case 'markText': this.tools.highlight.mark(output.pageIndex, output.from, output.to); break;
        case 'markRedaction': this.tools.redact.mark(output.pageIndex, output.from, output.to); break;
        case 'refused': this.status(refusalMessage(output), true); break;
        case 'toolChanged': this.toolChanged(output.tool); break;
        case 'selectionChanged': this.tools.select.drawChrome(); this.emit(); break;
        case 'followLink': followLink(this, output.id); break;
        default: break;
      }
    }
  }

  /** Sends a command (serialised after earlier ones); resolves with the server's answer or null. */
  command(command) { return this.session.command(command); }

  /** A command the engine made; a shape just drawn is selected, ready to move or restyle. */
  async commandFromEngine(command) {
    if (command.type === 'add' && settings.tool === 'shape') {
      await this.commandAndSelect(command, { still: () => settings.tool === 'shape' });
    } else {
      await this.command(command);
    }
  }

  /**
   * Sends a command and selects what it added (after switching to `tool`, when given), unless
   * the user selected something else while the server answered, or `still()` is no longer
   * true: their choice wins. A selection made meanwhile by an earlier call of this (answered
   * first) is not the user's choice: two quick pastes end with the second one's copies selected.
   * @returns {Promise<boolean>} whether it selected what was added
   */
  async commandAndSelect(command, { tool = null, still = () => true } = {}) {
    const before = this.selection().ids.join(' ');
    const ownBefore = this.ownSelection;
    // What the command's logged entries added, as the engine reads them (null: it failed).
    const added = this.model.addedIds((await this.command(command))?.applied ?? []);
    const now = this.selection().ids.join(' ');
    const unchanged = now === before || (this.ownSelection !== ownBefore && now === this.ownSelection.ids);
    if (!added.length || !unchanged || !still()) return false;
    if (tool) this.setTool(tool);
    this.select(added);
    this.ownSelection = { ids: this.selection().ids.join(' ') };
    return true;
  }

  /** Lets the user type the text of a new text box or note, or of an existing one. */
  async editText(request) {
    if (request.target.kind === 'existing') {
      const a = this.model.annotation(request.target.id);
      if (!a) return;
      // Drawn live while it is edited (its canvas drawing would show under the editor).
      this.display.setEditing(a.id, true);
      try {
        return await (a.type === 'note' ? this.tools.note.editNote(a) : this.tools.text.editText(a));
      } finally {
        this.display.setEditing(a.id, false);
      }
    }
    const text = request.target.kind === 'newNote'
      ? await this.tools.note.typeNew(request) : await this.tools.text.typeNew(request);
    if (text === null || text === undefined) return;
    const { command } = call({ call: 'textCommand', request, text });
    if (command) await this.command(request.target.kind === 'newNote' ? this.tools.note.withChosenIcon(command) : command);
  }

  // MARK: - Tools and selection

  /** Activates a tool; activating the active tool again returns to Select. */
  setTool(name, { toggle = false } = {}) {
    if (toggle && settings.tool === name && name !== 'select') name = 'select';
    if (name === settings.tool) return;
    if (this.refuses(toolRefusal(this.model.summary, name))) return;
    this.input.cancel();
    call({ call: 'setTool', tool: name });
    this.toolChanged(name);
  }

  /** Runs a gesture action of the engine (`toggleEraser`: Eraser <-> Draw, whatever came before). */
  gesture(action) {
    this.input.cancel();
    this.outputs(call({ call: 'gesture', action }));
  }

  toolChanged(name) {
    // A gesture may take up a tool the document does not allow (the eraser): put it down.
    if (name !== 'select' && this.refuses(toolRefusal(this.model.summary, name))) {
      call({ call: 'setTool', tool: 'select' });
      name = 'select';
    }
    if (settings.tool !== name) update((s) => { s.lastTool = s.tool; s.tool = name; });
    this.tools.select.drawChrome();
    closePopover();
    this.emit();
  }

  applyToolCursor() {
    this.viewer.pages.dataset.tool = settings.tool;
    // Form fields are marked only when the engine says (the Form tool, or Highlight fields
    // on): otherwise the pages show what the file draws, as other viewers show them.
    this.viewer.pages.classList.toggle('fields-marked', !!(engineLoaded() && call({ call: 'fieldMarks' }).shown));
  }

  /** The engine's selection: {pageIndex, ids, bounds, handles, changeable}. */
  selection() { return call({ call: 'selection' }); }

  /** The one selected annotation (JSON), or null. */
  selected() {
    const { ids } = this.selection();
    return ids.length === 1 ? this.model.annotation(ids[0]) ?? null : null;
  }

  /** Selects annotations by id (null or [] clears). */
  select(ids) {
    call({ call: 'select', ids: ids ? [ids].flat() : [] });
    this.tools.select.drawChrome();
    this.emit();
  }

  deleteSelection() { this.outputs(call({ call: 'deleteSelection' })); }

  /** Restyles the selection: {color, width, opacity, fill ('none' removes), fontSize, bold}. */
  restyleSelection(style) { this.outputs(call({ call: 'restyleSelection', ...style })); }

  /** Brings the selection to the front of its page ('front') or sends it to the back ('back'). */
  arrangeSelection(to) { this.outputs(call({ call: 'arrangeSelection', to })); }

  /** Removes the markup of the page in view (one undo step): not links, fields or locked ones. */
  async clearMarkup() {
    if (this.refuses(this.refusal('annotations'))) return;
    const pageIndex = this.viewer.currentPage;
    const answer = call({ call: 'clearMarkup', pageIndex });
    const command = answer.outputs.find((o) => o.type === 'command')?.command;
    if (!command) { this.status(t('status.nothingToClear', { page: pageIndex + 1 })); return; }
    if (await this.command(command)) {
      const n = command.ids.length;
      this.status(t('status.cleared', { count: n, page: pageIndex + 1 }));
    }
  }

  /**
   * Turns (`turn`: 'clockwise' or 'anticlockwise') or crops (`crop`: [left, top, right,
   * bottom] fractions from the top-left, null for the whole image) an image stamp: the
   * engine's editImage makes the change command (or refuses a locked image).
   */
  editImage(id, edit) {
    const annotation = this.model.annotation(id);
    if (annotation) this.outputs(call({ call: 'editImage', annotation, ...edit }));
  }

  /** Why the open document's certification refuses `need` ('annotations', 'formFilling', 'pages'); null when it allows it. */
  refusal(need) { return certificationRefusal(this.model.summary, need); }

  /** Says `refusal` (certification.js) when there is one; whether there was. */
  refuses(refusal) {
    if (refusal) this.status(refusal, true);
    return !!refusal;
  }

  pickImage() {
    if (this.refuses(this.refusal('annotations'))) return;
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
      this.status(t('status.placeImage'));
    } catch (error) {
      this.status(t('status.imageUnreadable', { reason: error.message }), true);
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
      this.status(t('status.saved', { version: version?.number ?? '?' }));
    } catch (error) {
      this.status(t('status.saveFailed', { reason: error.message }), true);
    }
  }

  async addPage() {
    if (this.refuses(this.refusal('pages'))) return;
    const current = this.viewer.currentPage;
    // The blank page's size is the engine's (`blankPage`: the current page's, Letter without one).
    await this.command(call({ call: 'blankPage', after: current }).command);
    this.viewer.goToPage(current + 1);
  }

  async removePage() {
    if (this.refuses(this.refusal('pages'))) return;
    const current = this.viewer.currentPage;
    if (!confirm(t('pages.removeConfirm', { page: current + 1 }))) return;
    await this.command({ type: 'removePage', index: current });
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

/** A refusal of the engine's rules, as the user reads it. */
function refusalMessage(output) {
  switch (output.reason) {
    case 'locked': return t('refusal.locked', { reason: output.message.replace(/^annotation \S+ is locked: /, 'this annotation ') });
    case 'readOnly': return t('refusal.readOnly', { reason: output.message.replace(/^annotation \S+ is read-only: /, 'this annotation ') });
    default: return output.message;
  }
}
