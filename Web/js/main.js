// Entry point: builds the toolbar, installs shortcuts and drag-and-drop upload, and opens
// `?doc=ID` or else the first document the server lists.

import * as api from './api.js';
import { Editor, TOOL_NAMES } from './editor.js';
import { settings, update, onSettingsChange, currentInk } from './settings.js';
import { toolbarButton, popoverButton, pageField, showActiveTool } from './toolbar.js';
import { openPopover, closePopover, refreshPopover, popoverAnchor, action, section } from './popover.js';
import { installShortcuts } from './keyboard.js';
import { canShareFiles, shareFile } from './sharing.js';
import { html } from './svg.js';
import { icon } from './icons.js';
import { redactionApplyButton } from './redactapply.js';
import { ReviewPanel } from './review.js';
import { installFind } from './find.js';
import { redactSettings } from './tools/redact.js';
import { installRedactFind } from './tools/redactfind.js';
import { installOverflow } from './overflow.js';
import { installRovingFocus } from './rovingfocus.js';
import { installPageLayouts } from './pagelayout.js';
import { installAnnotationFocus } from './annotationfocus.js';
import { call } from './engine.js';
import { setSignedInUser } from './identity.js';
import { t, formatNumber } from './i18n.js';
import { showCertification } from './certification.js';
import { dropEarly } from './earlyrequests.js';
import { dropEarlyPage, earlyPageSettled } from './earlypage.js';
import { feature, featureAfterFirstPage, loadFeatures } from './features.js';

// index.html's template lets this module go from a script (pdfworker.js), not as a deferred
// module: it may come before the body is parsed, which the editor's elements are in.
if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));

const editor = new Editor();

/**
 * A tap that opens a popover made by a feature's module (features.js), loaded after page 1:
 * a tap before it has come waits for it.
 */
const openWith = (name, title, build) => (anchor) => run(async () => {
  const module = await feature(name);
  openPopover(anchor, title, () => build(module, anchor));
});

const TOOL_INFO = {
  select: { label: t('tool.select'), shortcut: 'V' },
  draw: { label: t('tool.draw'), shortcut: 'P', settings: openWith('toolSettings', t('tool.draw'), (s) => s.drawSettings()) },
  erase: { label: t('tool.erase'), shortcut: 'E', settings: openWith('toolSettings', t('tool.eraser'), (s) => s.eraseSettings()) },
  text: { label: t('tool.text'), shortcut: 'T', settings: openWith('toolSettings', t('tool.text'), (s) => s.textSettings()) },
  shape: { label: t('tool.shape'), settings: openWith('toolSettings', t('tool.shape'), (s) => s.shapeSettings()) },
  // The Image tool's settings are the stamp picker (tools/stamp.js): stamps are placed as images are.
  image: { label: t('tool.image'), settings: openWith('stamps', t('tool.stamps'), (s) => s.stampPicker(editor)) },
  note: { label: t('tool.note'), settings: openWith('toolSettings', t('tool.note'), (s) => s.noteSettings((e) => editor.status(t('status.pictureUnreadable', { reason: e.message }), true))) },
  highlight: { label: t('tool.highlight'), settings: openWith('toolSettings', t('tool.textMarkup'), (s) => s.highlightSettings()) },
  redact: { label: t('tool.redact'), settings: (anchor) => openPopover(anchor, t('tool.redact'), redactSettings) },
  form: { label: t('tool.form'), shortcut: 'F' },
};

function buildToolbar() {
  const nav = document.getElementById('nav-group');
  const tools = document.getElementById('tool-group');
  const actions = document.getElementById('action-group');

  const sidebar = toolbarButton({
    name: 'sidebar', label: t('toolbar.sidebar'), toggle: true,
    onTap: () => {
      // The sidebar takes width from the pages: a fitted width stays fitted.
      const fitted = editor.viewer.isFitWidth();
      update((s) => { s.thumbnails = !s.thumbnails; });
      if (fitted) editor.viewer.refit();
    },
  });
  sidebar.setAttribute('aria-label', t('toolbar.thumbnails'));
  sidebar.title = t('toolbar.thumbnailsTitle');
  // What is typed names a page by its label, then by its number (the engine's `pageEntry`).
  const pages = pageField((text) => {
    const { pageIndex } = call({ call: 'pageEntry', text });
    if (pageIndex !== undefined) editor.viewer.goToPage(pageIndex);
    else editor.status(t('status.noSuchPage', { page: text.trim().slice(0, 40) }), true);
    pages.show(editor.viewer.currentPage, editor.viewer.views.length);
  });
  const zoomLabel = html('button', { type: 'button', class: 'zoom-label', title: t('toolbar.fitWidthKey', { key: '0' }), 'aria-label': t('toolbar.zoomLevel'), onclick: () => editor.viewer.fitWidth() });
  const documentsButton = toolbarButton({ name: 'open', label: t('toolbar.documents'),
    onTap: (button) => run(async () => (await feature('documents')).openDocumentsPopover(button, editor)) });
  nav.append(documentsButton, sidebar, pages.element,
    toolbarButton({ name: 'zoomOut', label: t('toolbar.zoomOut'), shortcut: '−', onTap: () => editor.viewer.zoomBy(0.8) }),
    zoomLabel,
    toolbarButton({ name: 'zoomIn', label: t('toolbar.zoomIn'), shortcut: '+', onTap: () => editor.viewer.zoomBy(1.25) }),
    toolbarButton({ name: 'fitWidth', label: t('toolbar.fitWidth'), shortcut: '0', onTap: () => editor.viewer.fitWidth() }));

  const toolButtons = {};
  for (const name of TOOL_NAMES) {
    const info = TOOL_INFO[name];
    toolButtons[name] = toolbarButton({
      name, label: info.label, shortcut: info.shortcut, toggle: true,
      onTap: () => (name === 'image' ? editor.pickImage() : editor.setTool(name, { toggle: true })),
      onSettings: info.settings,
    });
    tools.append(toolButtons[name]);
  }

  const undo = toolbarButton({ name: 'undo', label: t('toolbar.undo'), shortcut: 'Ctrl+Z', onTap: () => editor.undo() });
  const redo = toolbarButton({ name: 'redo', label: t('toolbar.redo'), shortcut: 'Ctrl+Shift+Z', onTap: () => editor.redo() });
  // The Pages menu closes once it has acted, and names the current page as it changes.
  const pagesMenu = popoverButton('pages', t('toolbar.pages'), t('toolbar.pages'), () => [
    section(t('pages.pageOf', { page: editor.viewer.currentPage + 1, total: editor.viewer.views.length }),
      action(t('pages.addAfter'), () => { closePopover(); editor.addPage(); }),
      ...(editor.clipboard.hasClip ? [action(t('pages.paste'), () => { closePopover(); editor.clipboard.paste(); })] : []),
      action(t('pages.clearMarkup'), () => { closePopover(); editor.clearMarkup(); }, { danger: true }),
      action(t('pages.remove'), () => { closePopover(); editor.removePage(); }, { danger: true })),
    action(t('pages.organise'), () => { closePopover(); editor.organizer.open(); }),
  ]);
  editor.onUpdate(() => { if (popoverAnchor() === pagesMenu) refreshPopover(); });
  const versionsButton = toolbarButton({ name: 'versions', label: t('toolbar.versions'),
    onTap: (button) => run(async () => (await feature('versions')).openVersionsPopover(button, editor)) });
  const settingsMenu = toolbarButton({ name: 'settings', label: t('toolbar.settings'),
    onTap: openWith('toolSettings', t('toolbar.settings'), (s) => s.inputSettings(() => run(() => editor.reloadInLanguage()))) });
  const comments = toolbarButton({
    name: 'comments', label: t('toolbar.comments'), toggle: true,
    onTap: () => {
      // The panel takes width from the pages: a fitted zoom stays fitted as it was (the
      // automatic fit stays automatic), a zoom the user chose stays.
      const fitted = editor.viewer.isFitWidth();
      editor.review.show(!editor.review.isOpen);
      if (fitted) editor.viewer.refit();
      refresh();
    },
  });
  comments.title = t('toolbar.commentsTitle');
  // Sign (tools/sign.js): draw, type or choose a signature, keep it, place it with a tap; and
  // the document's digital signatures (signaturespanel.js).
  const sign = toolbarButton({
    name: 'sign', label: t('toolbar.sign'),
    onTap: (anchor) => run(async () => {
      const [signing, certificates, signatures] = await Promise.all([feature('sign'), feature('certificates'), feature('signatures')]);
      openPopover(anchor, t('toolbar.sign'), () => [
        // A certification that does not allow annotations leaves only the digital signatures.
        ...(editor.refusal('annotations') ? [html('p', { class: 'hint error', 'data-refusal': 'annotations', text: editor.refusal('annotations') })]
          : signing.signPanel(editor)),
        ...certificates.certificateSection(editor, anchor),
        section(t('sign.digitalSignatures'), action(t('sign.showDigitalSignatures'), () => signatures.showSignatures(editor, anchor)))]);
      signing.reloadSaved(editor, anchor);
      certificates.reloadMyCertificate(editor, anchor);
    }),
  });
  sign.title = t('toolbar.signTitle');
  const save = toolbarButton({ name: 'save', label: t('toolbar.save'), shortcut: 'Ctrl+S', onTap: () => editor.save() });
  const download = toolbarButton({ name: 'download', label: t('toolbar.download'),
    onTap: () => run(async () => (await feature('exporting')).downloadEditable(editor.model.summary)) });
  const editableFile = async (summary) => (await feature('exporting')).editableFile(summary);
  // Share (sharing.js): shown only where the browser can share files; a file is known by what
  // it is, the revision and the view it shows.
  const share = (what, make) => run(() => shareFile(`${what}:${editor.model.revision}:${JSON.stringify(call({ call: 'visibleArea' }))}`,
    () => make(editor.model.summary), (message, isError) => editor.status(message, isError)));
  const shareButton = toolbarButton({ name: 'share', label: t('toolbar.share'), onTap: () => share('PDF', editableFile) });
  shareButton.title = t('toolbar.shareTitle');
  shareButton.hidden = !canShareFiles();
  // Each export downloads; where files can be shared, a Share button beside it shares the same file.
  // A flattened PDF says under it what it does with the form and the comments.
  const exportRow = (entry, { saveFile }) => {
    const save = action(entry.label, () => run(async () => saveFile(await entry.make(editor.model.summary))));
    if (entry.id) save.dataset.export = entry.id;
    const hint = entry.hint ? [html('p', { class: 'hint export-hint', 'data-hint': entry.id, text: entry.hint })] : [];
    if (!canShareFiles(entry.type)) return [save, ...hint];
    const shareIt = html('button', { type: 'button', class: 'popover-action share-action', text: t('toolbar.share'), 'aria-label': t('export.shareWhat', { what: entry.what }),
      onclick: () => share(entry.what, entry.make) });
    return [html('div', { class: 'popover-row' }, [save, shareIt]), ...hint];
  };
  const exportButton = toolbarButton({
    name: 'export', label: t('toolbar.export'),
    onTap: openWith('exporting', t('toolbar.export'), (exporting, anchor) => [
      action(t('export.saveAs'), () => run(async () => (await feature('documents')).openSaveAsPopover(anchor, editor))),
      ...exporting.EXPORTS.filter((entry) => !entry.when || entry.when(editor.model.summary)).flatMap((entry) => exportRow(entry, exporting)),
      action(t('export.print'), () => { closePopover(); run(async () => (await feature('printing')).printDocument(editor.model.summary)); }),
    ]),
  });
  exportButton.title = t('toolbar.exportTitle');
  // Edits made offline that have not reached the server yet (session.js, outbox.js).
  const waiting = html('span', { class: 'waiting-badge', role: 'status', hidden: '' });
  // Who else has the document open (presence.js).
  const presence = html('span', { class: 'presence', role: 'status', hidden: '' });
  actions.append(presence, undo, redo, separator(), sign, comments, pagesMenu, settingsMenu, separator(), waiting, save, versionsButton, download, shareButton, exportButton,
    redactionApplyButton(editor));
  // Find in the document and its outline (issue 15); buttons that do not fit one row go into More.
  editor.find = installFind(editor);
  installRedactFind(editor, editor.find);
  const outline = toolbarButton({ name: 'outline', label: t('outline.title'),
    onTap: (button) => run(async () => (await feature('outline')).openOutline(button, editor)) });
  nav.append(editor.find.button, outline);
  installOverflow(document.getElementById('toolbar'), actions);

  const refresh = () => {
    showActiveTool(toolButtons, settings.tool);
    showCertification(editor.model.summary, toolButtons);
    sidebar.setAttribute('aria-pressed', String(settings.thumbnails));
    shareButton.hidden = !canShareFiles();
    comments.setAttribute('aria-pressed', String(editor.review.isOpen));
    editor.review.followSelection();
    document.getElementById('thumbnails').hidden = !settings.thumbnails;
    editor.viewer.showThumbnails();  // made when first shown
    pages.show(editor.viewer.currentPage, editor.viewer.views.length);
    zoomLabel.textContent = formatNumber(editor.viewer.zoom, { style: 'percent' });
    save.classList.toggle('dirty', editor.hasUnsavedChanges);
    save.title = editor.hasUnsavedChanges ? t('toolbar.saveUnsaved') : t('toolbar.saveSaved');
    // Who else is here (presence.js): shown once page 1 is drawn and its module has come.
    // Not asked for by the user: a module that failed to come is not reported on every update.
    if (editor.viewers.length || !presence.hidden) {
      featureAfterFirstPage('presence').then((module) => module.renderPresence(presence, editor.viewers, api.clientId),
        (error) => console.warn('presence.js', error));
    }
    const n = editor.session.waiting.length;
    waiting.hidden = n === 0;
    waiting.textContent = n ? t('toolbar.offline', { count: n }) : '';
    waiting.title = n ? t('toolbar.offlineTitle', { count: n }) : '';
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
    else editor.status(t('status.dropWhat'), true);
  });
}

async function start() {
  // When the editor's code begins to run: the opening's first requests went out before (earlyrequests.js).
  performance.mark('marginalia:main');
  // The editor starts once the page the document opens at is drawn (earlypage.js; bounded):
  // pdf.js's messages do not wait behind its start.
  await earlyPageSettled;
  performance.mark('marginalia:editor-start');
  window.marginalia = editor; // for tests and debugging
  const requested = new URL(location.href).searchParams.get('doc');
  // The document asked for is fetched while the engine loads, not after.
  if (requested) editor.prefetch(requested);
  // What index.html's earlyrequests.js sent for it is taken by now; anything else is dropped.
  dropEarly();
  // Who the server takes this browser for, asked while the engine loads (not a round trip after it).
  const signedIn = api.whoAmI();
  signedIn.catch(() => {});  // a server before people, or an engine that failed: not left unhandled
  try {
    await editor.start();
  } catch (error) {
    dropEarlyPage();
    editor.status(t('status.engineNotLoaded', { reason: error.message }), true);
    return;
  }
  try {
    setSignedInUser((await signedIn).name);
  } catch { /* a server before people: the name is asked for as before */ }
  editor.review = new ReviewPanel(editor, document.getElementById('review'));
  buildToolbar();
  installShortcuts(editor);
  installPageLayouts(editor);
  installAnnotationFocus(editor);
  installDrop();
  // What page 1 does not need comes once a page is drawn (features.js), or the opening is over.
  editor.viewer.on('rendered', loadFeatures);
  // The page earlyopen.js drew goes once the editor draws one (or shows no document).
  editor.viewer.on('rendered', dropEarlyPage);
  try {
    const id = requested ?? (await api.listDocuments()).documents?.[0]?.id;
    if (id) await editor.open(id);
    else { dropEarlyPage(); document.getElementById('empty').hidden = false; }
  } catch (error) {
    dropEarlyPage();
    document.getElementById('empty').hidden = false;
    editor.status(t('status.openFailed', { reason: error.message }), true);
  }
  loadFeatures();
}

start();
