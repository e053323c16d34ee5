// The clipboard: copy, cut, paste and duplicate of the selection, and text or an image from
// the system clipboard pasted onto the page.
//
// Copied annotations are their JSON, kept in localStorage (so another tab, or another document
// of this server, can paste them) with a line of text for the system clipboard naming them.
// Where a paste lands, what a duplicate is and where pasted text or an image goes are the
// engine's decisions ('paste', 'pasteText', 'pasteImage'); this module only moves the data.
// Ctrl/Cmd+C and X copy through the browser's copy event; Ctrl/Cmd+V pastes through its paste
// event (which carries the system clipboard), or from localStorage when no event comes, as in
// Safari on a page with nothing editable focused.

import { call } from './engine.js';
import { readImage } from './tools/image.js';
import { t } from './i18n.js';

const STORAGE_KEY = 'marginalia.clipboard.v1';
/** The system clipboard's type for copied annotations (the JSON itself stays in localStorage). */
const MARKER_TYPE = 'application/x-marginalia-clip';

/** @typedef {{id: string, documentId: string, pageIndex: number, annotations: object[], summary: string}} Clip */

/** @param {import('./editor.js').Editor} editor */
export function createClipboard(editor) {
  /** How many times the current clip was pasted onto each page ("document:page"). */
  let pastes = new Map();
  let pastesOf = null;
  let expectingPaste = null;
  let duplicating = Promise.resolve();

  /** The clip in localStorage, or null. */
  function stored() {
    try {
      const clip = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
      return clip && Array.isArray(clip.annotations) && clip.annotations.length ? clip : null;
    } catch {
      return null;
    }
  }

  /** The selection as a clip, or null when nothing is selected. */
  function selectionClip() {
    const { ids, pageIndex } = editor.selection();
    const annotations = ids.map((id) => editor.model.annotation(id)).filter(Boolean);
    if (!annotations.length) return null;
    const kinds = [...new Set(annotations.map((a) => a.type))].join(', ');
    const summary = t('clipboard.summary', { count: annotations.length, kinds });
    return { id: `${Date.now()}-${Math.random()}`, documentId: editor.model.summary.id, pageIndex, annotations, summary };
  }

  /** Keeps the selection as the clip; false (and says why) when there is nothing or no room. */
  function keep(clip) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(clip));
      return true;
    } catch {
      editor.status(t('clipboard.tooLarge'), true);
      return false;
    }
  }

  /** Copies the selection (from a copy or cut event, or a button); returns whether it did. */
  function copy(event) {
    const clip = selectionClip();
    if (!clip || !keep(clip)) return false;
    if (event?.clipboardData) {
      event.clipboardData.setData('text/plain', clip.summary);
      event.clipboardData.setData(MARKER_TYPE, clip.id);
      event.preventDefault();
    }
    editor.status(t('clipboard.copied', { what: clip.summary.replace(/^Marginalia: /, '') }));
    return true;
  }

  function cut(event) {
    if (copy(event)) editor.deleteSelection();
  }

  /** Pastes the stored clip onto the page in view, and selects the copies. */
  async function pasteAnnotations(clip = stored()) {
    if (!clip) { editor.status(t('clipboard.nothingToPaste')); return; }
    const pageIndex = editor.viewer.currentPage;
    const documentId = editor.model.summary.id;
    if (pastesOf !== clip.id) { pastes = new Map(); pastesOf = clip.id; }
    const key = `${documentId}:${pageIndex}`;
    const count = pastes.get(key) ?? 0;
    const samePage = clip.documentId === documentId && clip.pageIndex === pageIndex;
    pastes.set(key, count + 1);  // before sending: a paste pressed meanwhile lands a step further
    await sendAndSelect(call({ call: 'paste', annotations: clip.annotations, pageIndex, samePage, count }));
  }

  /**
   * A copy of the selection beside it, selected; the clipboard is left alone. A duplicate asked
   * for while one is on its way waits for it and copies what it selected, so quick presses step
   * their copies across the page instead of stacking them in one place.
   */
  function duplicate() {
    const run = async () => {
      const clip = selectionClip();
      if (!clip) return;
      await sendAndSelect(call({ call: 'paste', annotations: clip.annotations, pageIndex: clip.pageIndex, samePage: true, count: 0 }));
    };
    duplicating = duplicating.then(run, run);
    return duplicating;
  }

  /**
   * Sends the command an engine answer holds and selects what it added, with the Select tool,
   * ready to move (`Editor.commandAndSelect`: a selection the user makes meanwhile wins).
   */
  async function sendAndSelect(answer) {
    const command = answer.outputs?.find((o) => o.type === 'command')?.command;
    if (!command) { editor.outputs(answer); return; }
    await editor.commandAndSelect(command, { tool: 'select' });
  }

  /** The browser's paste event: copied annotations, else an image, else text. */
  async function paste(event) {
    expectingPaste = null;
    const data = event.clipboardData;
    const clip = stored();
    const text = data?.getData('text/plain') ?? '';
    if (clip && (data?.getData(MARKER_TYPE) === clip.id || (text && text === clip.summary) || !data?.types?.length)) {
      event.preventDefault();
      return pasteAnnotations(clip);
    }
    const file = [...(data?.files ?? [])].find((f) => f.type.startsWith('image/'));
    if (file) {
      event.preventDefault();
      try {
        const image = await readImage(file);
        editor.setTool('select');
        editor.tools.image.setImage(image);
        editor.outputs(call({ call: 'pasteImage', size: [image.width, image.height] }));
      } catch (error) {
        editor.status(t('clipboard.pastedImageUnreadable', { reason: error.message }), true);
      }
      return;
    }
    if (text.trim()) {
      event.preventDefault();
      await sendAndSelect(call({ call: 'pasteText', text }));
    }
  }

  const editable = (target) => target instanceof HTMLElement
    && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  document.addEventListener('copy', (event) => { if (!editable(event.target)) copy(event); });
  document.addEventListener('cut', (event) => { if (!editable(event.target)) cut(event); });
  document.addEventListener('paste', (event) => { if (!editable(event.target)) paste(event); });

  return {
    copy, cut, duplicate,
    /** Pastes what Copy kept (the Paste menu item and keys without a paste event). */
    paste: () => pasteAnnotations(),
    get hasClip() { return stored() !== null; },

    /**
     * Ctrl/Cmd+V was pressed: if the browser sends no paste event (nothing editable has the
     * focus, in Safari), the stored annotations are pasted instead.
     */
    pasteKeyPressed() {
      const token = {};
      expectingPaste = token;
      setTimeout(() => { if (expectingPaste === token) { expectingPaste = null; pasteAnnotations(); } }, 50);
    },
  };
}
