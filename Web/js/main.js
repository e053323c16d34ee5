// Entry point: builds the toolbar, installs shortcuts and drag-and-drop upload, and opens
// `?doc=ID` or else the first document the server lists.

import * as api from './api.js';
import { Editor, TOOL_NAMES } from './editor.js';
import { settings, update, onSettingsChange, currentInk } from './settings.js';
import { toolbarButton, popoverButton, pageField, showActiveTool } from './toolbar.js';
import { openPopover, closePopover, refreshPopover, popoverAnchor, action, section } from './popover.js';
import * as toolSettings from './toolsettings.js';
import { stampPicker } from './tools/stamp.js';
import { installShortcuts } from './keyboard.js';
import { downloadEditable, editableFile, saveFile, EXPORTS } from './exporting.js';
import { canShareFiles, shareFile } from './sharing.js';
import { printDocument } from './printing.js';
import { html } from './svg.js';
import { icon } from './icons.js';
import { openDocumentsPopover, openSaveAsPopover } from './documents.js';
import { openVersionsPopover } from './versions.js';
import { redactionApplyButton } from './redactapply.js';
import { ReviewPanel } from './review.js';
import { renderPresence } from './presence.js';
import { installFind } from './find.js';
import { redactSettings } from './tools/redact.js';
import { installRedactFind } from './tools/redactfind.js';
import { outlineButton } from './outline.js';
import { showSignatures } from './signaturespanel.js';
import { signPanel } from './tools/sign.js';
import { installOverflow } from './overflow.js';
import { installRovingFocus } from './rovingfocus.js';
import { installPageLayouts } from './pagelayout.js';
import { installAnnotationFocus } from './annotationfocus.js';
import { call } from './engine.js';
import { setSignedInUser } from './identity.js';
import { showCertification } from './certification.js';

pdfjsLib.GlobalWorkerOptions.workerSrc = '/vendor/pdfjs/pdf.worker.js';

const editor = new Editor();

const TOOL_INFO = {
  select: { label: 'Select', shortcut: 'V' },
  draw: { label: 'Draw', shortcut: 'P', settings: ['Draw', toolSettings.drawSettings] },
  erase: { label: 'Erase', shortcut: 'E', settings: ['Eraser', toolSettings.eraseSettings] },
  text: { label: 'Text', shortcut: 'T', settings: ['Text', toolSettings.textSettings] },
  shape: { label: 'Shape', settings: ['Shape', toolSettings.shapeSettings] },
  // The Image tool's settings are the stamp picker (tools/stamp.js): stamps are placed as images are.
  image: { label: 'Image', settings: ['Stamps', () => stampPicker(editor)] },
  note: { label: 'Note', settings: ['Note', () => toolSettings.noteSettings((e) => editor.status(`Could not read the picture: ${e.message}`, true))] },
  highlight: { label: 'Highlight', settings: ['Text markup', toolSettings.highlightSettings] },
  redact: { label: 'Redact', settings: ['Redact', redactSettings] },
  form: { label: 'Form', shortcut: 'F' },
};

function buildToolbar() {
  const nav = document.getElementById('nav-group');
  const tools = document.getElementById('tool-group');
  const actions = document.getElementById('action-group');

  const sidebar = toolbarButton({
    name: 'sidebar', label: 'Sidebar', toggle: true,
    onTap: () => {
      // The sidebar takes width from the pages: a fitted width stays fitted.
      const fitted = editor.viewer.isFitWidth();
      update((s) => { s.thumbnails = !s.thumbnails; });
      if (fitted) editor.viewer.refit();
    },
  });
  sidebar.setAttribute('aria-label', 'Thumbnails');
  sidebar.title = 'Show or hide page thumbnails';
  // What is typed names a page by its label, then by its number (the engine's `pageEntry`).
  const pages = pageField((text) => {
    const { pageIndex } = call({ call: 'pageEntry', text });
    if (pageIndex !== undefined) editor.viewer.goToPage(pageIndex);
    else editor.status(`No page “${text.trim().slice(0, 40)}” in this document`, true);
    pages.show(editor.viewer.currentPage, editor.viewer.views.length);
  });
  const zoomLabel = html('button', { type: 'button', class: 'zoom-label', title: 'Fit width (0)', 'aria-label': 'Zoom level; fit width', onclick: () => editor.viewer.fitWidth() });
  const documentsButton = toolbarButton({ name: 'open', label: 'Documents', onTap: (button) => openDocumentsPopover(button, editor) });
  nav.append(documentsButton, sidebar, pages.element,
    toolbarButton({ name: 'zoomOut', label: 'Zoom out', shortcut: '−', onTap: () => editor.viewer.zoomBy(0.8) }),
    zoomLabel,
    toolbarButton({ name: 'zoomIn', label: 'Zoom in', shortcut: '+', onTap: () => editor.viewer.zoomBy(1.25) }),
    toolbarButton({ name: 'fitWidth', label: 'Fit width', shortcut: '0', onTap: () => editor.viewer.fitWidth() }));

  const toolButtons = {};
  for (const name of TOOL_NAMES) {
    const info = TOOL_INFO[name];
    toolButtons[name] = toolbarButton({
      name, label: info.label, shortcut: info.shortcut, toggle: true,
      onTap: () => (name === 'image' ? editor.pickImage() : editor.setTool(name, { toggle: true })),
      onSettings: info.settings ? (button) => openPopover(button, info.settings[0], info.settings[1]) : undefined,
    });
    tools.append(toolButtons[name]);
  }

  const undo = toolbarButton({ name: 'undo', label: 'Undo', shortcut: 'Ctrl+Z', onTap: () => editor.undo() });
  const redo = toolbarButton({ name: 'redo', label: 'Redo', shortcut: 'Ctrl+Shift+Z', onTap: () => editor.redo() });
  // The Pages menu closes once it has acted, and names the current page as it changes.
  const pagesMenu = popoverButton('pages', 'Pages', 'Pages', () => [
    section(`Page ${editor.viewer.currentPage + 1} of ${editor.viewer.views.length}`,
      action('Add page after this one', () => { closePopover(); editor.addPage(); }),
      ...(editor.clipboard.hasClip ? [action('Paste onto this page', () => { closePopover(); editor.clipboard.paste(); })] : []),
      action('Clear markup on this page', () => { closePopover(); editor.clearMarkup(); }, { danger: true }),
      action('Remove this page…', () => { closePopover(); editor.removePage(); }, { danger: true })),
    action('Organise pages…', () => { closePopover(); editor.organizer.open(); }),
  ]);
  editor.onUpdate(() => { if (popoverAnchor() === pagesMenu) refreshPopover(); });
  const versionsButton = toolbarButton({ name: 'versions', label: 'Version history', onTap: (button) => openVersionsPopover(button, editor) });
  const settingsMenu = popoverButton('settings', 'Settings', 'Settings', toolSettings.inputSettings);
  const comments = toolbarButton({
    name: 'comments', label: 'Comments', toggle: true,
    onTap: () => {
      // The panel takes width from the pages: a fitted zoom stays fitted as it was (the
      // automatic fit stays automatic), a zoom the user chose stays.
      const fitted = editor.viewer.isFitWidth();
      editor.review.show(!editor.review.isOpen);
      if (fitted) editor.viewer.refit();
      refresh();
    },
  });
  comments.title = 'Show or hide the annotation list and comments';
  // Sign (tools/sign.js): draw, type or choose a signature, keep it, place it with a tap; and
  // the document's digital signatures (signaturespanel.js).
  const sign = toolbarButton({
    name: 'sign', label: 'Sign',
    onTap: (anchor) => openPopover(anchor, 'Sign', () => [
      // A certification that does not allow annotations leaves only the digital signatures.
      ...(editor.refusal('annotations') ? [html('p', { class: 'hint error', 'data-refusal': 'annotations', text: editor.refusal('annotations') })]
        : signPanel(editor)),
      section('Digital signatures', action('Show digital signatures\u2026', () => showSignatures(editor, anchor)))]),
  });
  sign.title = 'Sign by hand (draw, type or choose your signature or initials), or check the digital signatures';
  const save = toolbarButton({ name: 'save', label: 'Save', shortcut: 'Ctrl+S', onTap: () => editor.save() });
  const download = toolbarButton({ name: 'download', label: 'Download', onTap: () => run(() => downloadEditable(editor.model.summary)) });
  // Share (sharing.js): shown only where the browser can share files; a file is known by what
  // it is, the revision and the view it shows.
  const share = (what, make) => run(() => shareFile(`${what}:${editor.model.revision}:${JSON.stringify(call({ call: 'visibleArea' }))}`,
    () => make(editor.model.summary), (message, isError) => editor.status(message, isError)));
  const shareButton = toolbarButton({ name: 'share', label: 'Share', onTap: () => share('PDF', editableFile) });
  shareButton.title = 'Share the PDF (Mail, Files, Save to Photos…)';
  shareButton.hidden = !canShareFiles();
  // Each export downloads; where files can be shared, a Share button beside it shares the same file.
  // A flattened PDF says under it what it does with the form and the comments.
  const exportRow = (entry) => {
    const save = action(entry.label, () => run(async () => saveFile(await entry.make(editor.model.summary))));
    if (entry.id) save.dataset.export = entry.id;
    const hint = entry.hint ? [html('p', { class: 'hint export-hint', 'data-hint': entry.id, text: entry.hint })] : [];
    if (!canShareFiles(entry.type)) return [save, ...hint];
    const shareIt = html('button', { type: 'button', class: 'popover-action share-action', text: 'Share', 'aria-label': `Share ${entry.what}`,
      onclick: () => share(entry.what, entry.make) });
    return [html('div', { class: 'popover-row' }, [save, shareIt]), ...hint];
  };
  const exportButton = toolbarButton({
    name: 'export', label: 'Export',
    onTap: (button) => openPopover(button, 'Export', () => [
      action('Save as…', () => openSaveAsPopover(button, editor)),
      ...EXPORTS.filter((entry) => !entry.when || entry.when(editor.model.summary)).flatMap(exportRow),
      action('Print…', () => { closePopover(); run(() => printDocument(editor.model.summary)); }),
    ]),
  });
  exportButton.title = 'Save as, export or print a copy';
  // Edits made offline that have not reached the server yet (session.js, outbox.js).
  const waiting = html('span', { class: 'waiting-badge', role: 'status', hidden: '' });
  // Who else has the document open (presence.js).
  const presence = html('span', { class: 'presence', role: 'status', hidden: '' });
  actions.append(presence, undo, redo, separator(), sign, comments, pagesMenu, settingsMenu, separator(), waiting, save, versionsButton, download, shareButton, exportButton,
    redactionApplyButton(editor));
  // Find in the document and its outline (issue 15); buttons that do not fit one row go into More.
  editor.find = installFind(editor);
  installRedactFind(editor, editor.find);
  nav.append(editor.find.button, outlineButton(editor));
  installOverflow(document.getElementById('toolbar'), actions);

  const refresh = () => {
    showActiveTool(toolButtons, settings.tool);
    showCertification(editor.model.summary, toolButtons);
    sidebar.setAttribute('aria-pressed', String(settings.thumbnails));
    shareButton.hidden = !canShareFiles();
    comments.setAttribute('aria-pressed', String(editor.review.isOpen));
    editor.review.followSelection();
    document.getElementById('thumbnails').hidden = !settings.thumbnails;
    pages.show(editor.viewer.currentPage, editor.viewer.views.length);
    zoomLabel.textContent = `${Math.round(editor.viewer.zoom * 100)}%`;
    save.classList.toggle('dirty', editor.hasUnsavedChanges);
    save.title = editor.hasUnsavedChanges ? 'Save (Ctrl+S) — unsaved changes' : 'Save (Ctrl+S) — all changes saved';
    renderPresence(presence, editor.viewers, api.clientId);
    const n = editor.session.waiting.length;
    waiting.hidden = n === 0;
    waiting.textContent = n ? `Offline · ${n}` : '';
    waiting.title = n ? `${n} edit${n === 1 ? '' : 's'} made offline waiting for the server` : '';
    editor.applyToolCursor();
    // The Draw button shows the ink colour; the Shape button the shape it will draw.
    toolButtons.draw.style.setProperty('--ink-colour', currentInk().color);
    toolButtons.shape.querySelector('.icon').replaceWith(icon(settings.prefs.shape?.kind ?? 'rectangle'));
  };
  editor.onUpdate(refresh);
  onSettingsChange(refresh);
  refresh();
  // One Tab stop, at first the active tool; arrows through the row (after refresh marked it).
  installRovingFocus(document.getElementById('toolbar'));
}

const separator = () => html('span', { class: 'separator', 'aria-hidden': 'true' });

async function run(task) {
  try { await task(); } catch (error) { editor.status(error.message, true); }
}

function installDrop() {
  const hint = document.getElementById('drop-hint');
  let depth = 0;
  const accepts = (e) => [...(e.dataTransfer?.items ?? [])].some((i) => i.kind === 'file');
  window.addEventListener('dragenter', (e) => { if (accepts(e)) { depth++; hint.hidden = false; e.preventDefault(); } });
  window.addEventListener('dragover', (e) => { if (accepts(e)) e.preventDefault(); });
  window.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) hint.hidden = true; });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    hint.hidden = true;
    const file = [...(e.dataTransfer?.files ?? [])].find((f) => /pdf|image\//i.test(f.type) || /\.(pdf|png|jpe?g|heic|heif|webp|gif|tiff?)$/i.test(f.name));
    if (file) editor.upload(file);
    else editor.status('Drop a PDF or an image file', true);
  });
}

async function start() {
  window.marginalia = editor; // for tests and debugging
  try {
    await editor.start();
  } catch (error) {
    editor.status(`The editor engine did not load: ${error.message}`, true);
    return;
  }
  try {
    setSignedInUser((await api.whoAmI()).name);
  } catch { /* a server before people: the name is asked for as before */ }
  editor.review = new ReviewPanel(editor, document.getElementById('review'));
  buildToolbar();
  installShortcuts(editor);
  installPageLayouts(editor);
  installAnnotationFocus(editor);
  installDrop();
  const requested = new URL(location.href).searchParams.get('doc');
  try {
    const id = requested ?? (await api.listDocuments()).documents?.[0]?.id;
    if (id) await editor.open(id);
    else document.getElementById('empty').hidden = false;
  } catch (error) {
    document.getElementById('empty').hidden = false;
    editor.status(`Could not open the document: ${error.message}`, true);
  }
}

start();
