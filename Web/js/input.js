// Pointer capture: every pointer that goes down on the pages, with its coalesced and
// predicted samples, pressure, tilt, buttons and kind, goes to the engine, which decides
// what it does (draw, erase, select, navigate, nothing: a palm) — docs/editor-web.md, *Pen,
// finger and mouse*. What comes back is carried out: the view moves, the preview is drawn,
// the outputs go to the editor. Pages have `touch-action: none`, so touch navigation is the
// engine's too and behaves the same in every browser.

import { call, pointer } from './engine.js';
import { textPress } from './textlayer.js';
import { LongPress } from './textselection.js';

const KINDS = new Set(['pen', 'touch', 'mouse']);

/** Routes the pointers of the page area through the engine. */
export class InputRouter {
  /**
   * @param {import('./viewer.js').Viewer} viewer
   * @param {{outputs: (answer: object) => void, hover: (event: PointerEvent|null) => void}} editor
   */
  constructor(viewer, editor) {
    this.viewer = viewer;
    this.editor = editor;
    this.down = new Map();  // pointers the engine has seen go down → their kind
    this.penPressure = new Map(); // pointerId → the last pressure a pen reported
    this.longPress = new LongPress(viewer);  // a finger held on text (textselection.js)
    const target = viewer.scroller;
    target.addEventListener('pointerdown', (e) => this.pointer(e, 'began'));
    target.addEventListener('pointermove', (e) => this.pointer(e, 'moved'));
    target.addEventListener('pointerup', (e) => this.pointer(e, 'ended'));
    target.addEventListener('pointercancel', (e) => this.pointer(e, 'cancelled'));
    // A pen's compatibility mousedown is refused (its pointerdown keeps its default: below).
    target.addEventListener('mousedown', (e) => { if ([...this.down.values()].includes('pen')) e.preventDefault(); });
    target.addEventListener('contextmenu', (e) => { if (e.target.closest('.page')) e.preventDefault(); });
    target.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    // Safari on macOS reports trackpad pinches as gesture events instead of ctrl+wheel.
    target.addEventListener('gesturestart', (e) => { e.preventDefault(); this.gestureZoom = this.viewer.zoom; });
    target.addEventListener('gesturechange', (e) => {
      e.preventDefault();
      if (this.gestureZoom && !this.down.size) this.viewer.setZoom(this.gestureZoom * e.scale, [e.clientX, e.clientY]);
    });
    // iPadOS Safari ignores the viewport's user-scalable=no: a pinch on the toolbar would zoom
    // the whole editor, so the browser's own zoom is refused everywhere (the pages zoom above).
    document.addEventListener('gesturestart', (e) => e.preventDefault());
    // A double tap or click on the pages neither zooms (Safari) nor selects a word. (A pointer
    // captured by the scroller makes the scroller its click's target.)
    target.addEventListener('dblclick', (e) => { if (e.target === target || e.target.closest('.pages')) e.preventDefault(); });
  }

  /**
   * Whether an event belongs to the pages (not to an editor, a popover or the selection bar).
   * A pen or mouse press on the viewer's own margin beside the pages (the scroller itself,
   * not its scroll bars) goes to the engine too: a stroke begun there near a page goes onto
   * that page (EditorEngine.strokeReach), and whatever else it does is the engine's to say.
   * A finger there scrolls as it always has.
   */
  onPages(e) {
    const scroller = this.viewer.scroller;
    if (e.target === scroller) {
      return e.pointerType !== 'touch' && e.offsetX < scroller.clientWidth && e.offsetY < scroller.clientHeight;
    }
    return !!e.target.closest?.('.pages') && !e.target.closest('.text-editor, .field-editor, .popover, .selection-bar, .crop-handle, .note-popup');
  }

  pointer(e, phase) {
    if (phase === 'began') {
      if (!this.onPages(e)) return;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      // A mouse press on a word with Select selects text (the browser's own selection).
      if (textPress(e, this.viewer)) return;
      clearTextSelection(this.viewer.pages);
      this.down.set(e.pointerId, e.pointerType);
      // The hover ring gives way to the sweep's own ring (preview.js), which follows the pointer.
      this.editor.hover(null);
      // The pages take the keyboard (a toolbar button may have it), so it scrolls them.
      if (!this.viewer.scroller.contains(document.activeElement)) this.viewer.scroller.focus({ preventScroll: true });
      // A pen's pointerdown keeps its default. WebKit drops every later event of a pen that
      // reaches it as mouse events (a pen driven through WebDriver, any pen a WebKit port
      // reports that way) once its pointerdown was default-prevented, moves and up included,
      // and the stroke stays a dot (docs/editor-web.md, Safari and the iPad). The pen's
      // compatibility mousedown is refused instead (above), which keeps the focus and the
      // text selection as they were.
      if (e.pointerType !== 'pen') e.preventDefault();
      try { this.viewer.scroller.setPointerCapture(e.pointerId); } catch { /* synthetic or gone */ }
    } else if (!this.down.has(e.pointerId)) {
      if (phase === 'moved') this.editor.hover(e);
      return;
    }
    const event = this.event(e, phase);
    if (phase === 'ended' || phase === 'cancelled') {
      this.down.delete(e.pointerId);
      this.penPressure.delete(e.pointerId);
      this.longPress.ended(e);
    } else if (phase === 'moved') {
      e.preventDefault();
      this.longPress.moved(e);
    }
    this.send(event);
    if (phase === 'began') this.longPress.began(e);
  }

  /** A pointer event as the engine reads it (docs/engine.md): view coordinates, seconds. */
  event(e, phase) {
    const kind = KINDS.has(e.pointerType) ? e.pointerType : 'mouse';
    const sample = (s) => {
      const [x, y] = this.viewer.clientToView(s.clientX, s.clientY);
      return [x, y, this.pressure(s, kind), s.timeStamp / 1000];
    };
    const event = {
      id: e.pointerId, kind, phase, t: e.timeStamp / 1000, pressure: this.pressure(e, kind), shift: e.shiftKey,
      eraser: kind === 'pen' && ((e.buttons & 32) !== 0 || e.button === 5),
      barrel: kind === 'pen' && ((e.buttons & 2) !== 0 || e.button === 2),
    };
    [event.x, event.y] = this.viewer.clientToView(e.clientX, e.clientY);
    if (phase === 'moved') {
      // Safari has neither coalesced nor predicted events: the event itself is the sample.
      const coalesced = e.getCoalescedEvents?.() ?? [];
      if (coalesced.length > 1) event.coalesced = coalesced.map(sample);
      const predicted = e.getPredictedEvents?.() ?? [];
      if (predicted.length) event.predicted = predicted.map(sample);
    }
    if (e.altitudeAngle !== undefined) event.tilt = e.altitudeAngle;
    return event;
  }

  /**
   * An event to the engine (as numbers: engine.js `pointer`); what it answers to the viewer,
   * the preview and the editor.
   */
  send(event) {
    let answer;
    try {
      answer = pointer(event);
    } catch (error) {
      console.warn('engine', error);
      return;
    }
    if (answer.viewport) this.viewer.apply(answer.viewport);
    this.editor.outputs(answer);
  }

  /** Abandons every interaction in progress (a tool change, Escape). */
  cancel() {
    this.down.clear();
    this.editor.outputs(call({ call: 'cancel' }));
  }

  /**
   * The pressure the engine reads: a pen's own — one reading 0 while down has not measured
   * it (WebKit reads 0 on the moves of a pen it gets as mouse events; a pointerup reads 0),
   * so it keeps the pen's last reading, the middle before any —; a finger's when the device
   * measures force; otherwise the middle (mice and fingers without force draw at the
   * preset's width).
   */
  pressure(e, kind) {
    if (kind === 'pen') {
      if (e.pressure > 0) this.penPressure.set(e.pointerId, Math.min(1, e.pressure));
      return this.penPressure.get(e.pointerId) ?? 0.5;
    }
    if (kind === 'touch' && e.pressure > 0 && e.pressure !== 0.5) return Math.min(1, e.pressure);
    return 0.5;
  }

  wheel(e) {
    if (!e.ctrlKey && !e.metaKey) return;  // plain wheels scroll natively; the engine hears the scroll
    e.preventDefault();
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    this.viewer.zoomBy(Math.exp(-delta * 0.0025), [e.clientX, e.clientY]);
  }
}

/** Ends a text selection on the pages (a press the engine takes). */
function clearTextSelection(pages) {
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed && pages.contains(selection.anchorNode)) selection.removeAllRanges();
}
