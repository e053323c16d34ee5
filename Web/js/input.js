// Pointer capture: every pointer that goes down on the pages, with its coalesced and
// predicted samples, pressure, tilt, buttons and kind, goes to the engine, which decides
// what it does (draw, erase, select, navigate, nothing: a palm) — docs/editor-web.md, *Pen,
// finger and mouse*. What comes back is carried out: the view moves, the preview is drawn,
// the outputs go to the editor. Pages have `touch-action: none`, so touch navigation is the
// engine's too and behaves the same in every browser.

import { call } from './engine.js';

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
    this.down = new Set();  // pointers the engine has seen go down
    const target = viewer.scroller;
    target.addEventListener('pointerdown', (e) => this.pointer(e, 'began'));
    target.addEventListener('pointermove', (e) => this.pointer(e, 'moved'));
    target.addEventListener('pointerup', (e) => this.pointer(e, 'ended'));
    target.addEventListener('pointercancel', (e) => this.pointer(e, 'cancelled'));
    target.addEventListener('contextmenu', (e) => { if (e.target.closest('.page')) e.preventDefault(); });
    target.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    // Safari on macOS reports trackpad pinches as gesture events instead of ctrl+wheel.
    target.addEventListener('gesturestart', (e) => { e.preventDefault(); this.gestureZoom = this.viewer.zoom; });
    target.addEventListener('gesturechange', (e) => {
      e.preventDefault();
      if (this.gestureZoom && !this.down.size) this.viewer.setZoom(this.gestureZoom * e.scale, [e.clientX, e.clientY]);
    });
  }

  /** Whether an event belongs to the pages (not to an editor, a popover or the selection bar). */
  onPages(e) {
    return !!e.target.closest?.('.pages') && !e.target.closest('.text-editor, .field-editor, .popover, .selection-bar');
  }

  pointer(e, phase) {
    if (phase === 'began') {
      if (!this.onPages(e)) return;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      this.down.add(e.pointerId);
      e.preventDefault();
      try { this.viewer.scroller.setPointerCapture(e.pointerId); } catch { /* synthetic or gone */ }
    } else if (!this.down.has(e.pointerId)) {
      if (phase === 'moved') this.editor.hover(e);
      return;
    }
    if (phase === 'ended' || phase === 'cancelled') this.down.delete(e.pointerId);
    else e.preventDefault();
    this.send([this.event(e, phase)]);
  }

  /** A pointer event as the engine reads it (docs/engine.md): view coordinates, seconds. */
  event(e, phase) {
    const kind = KINDS.has(e.pointerType) ? e.pointerType : 'mouse';
    const sample = (s) => {
      const [x, y] = this.viewer.clientToView(s.clientX, s.clientY);
      return [x, y, pressure(s, kind), s.timeStamp / 1000];
    };
    const event = {
      id: e.pointerId, kind, phase, t: e.timeStamp / 1000, pressure: pressure(e, kind), shift: e.shiftKey,
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

  /** Events to the engine; what it answers to the viewer, the preview and the editor. */
  send(events) {
    let answer;
    try {
      answer = call({ call: 'pointer', events });
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

  wheel(e) {
    if (!e.ctrlKey && !e.metaKey) return;  // plain wheels scroll natively; the engine hears the scroll
    e.preventDefault();
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    this.viewer.zoomBy(Math.exp(-delta * 0.0025), [e.clientX, e.clientY]);
  }
}

/**
 * The pressure the engine reads: a pen's own (0 on a pen pressing, as some browsers report
 * on moves, means "not reported": the middle), a finger's when the device measures force,
 * otherwise the middle (mice and fingers without force draw at the preset's width).
 */
function pressure(e, kind) {
  if (kind === 'pen') return e.pressure > 0 ? Math.min(1, e.pressure) : 0.5;
  if (kind === 'touch' && e.pressure > 0 && e.pressure !== 0.5) return Math.min(1, e.pressure);
  return 0.5;
}
