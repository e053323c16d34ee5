// Pointer routing: decides, for every pointer that goes down on the pages, whether it draws
// with the active tool, navigates (one-finger pan, two-finger pan and pinch), is a palm to
// ignore, or triggers a stylus gesture. Pages have `touch-action: none`, so all touch
// navigation is done here and behaves the same in every browser.

import { settings } from './settings.js';

/**
 * @typedef {object} InputPoint
 * @property {number} pageIndex
 * @property {[number, number]} point   page space
 * @property {number} pressure          0..1 (0.5 for devices without pressure)
 * @property {number} time              seconds
 * @property {number} clientX
 * @property {number} clientY
 * @property {string} pointerType
 * @property {number} tiltX
 * @property {number} tiltY
 */

// Tools that make marks; with them a finger only navigates unless "draw with finger" is on.
const MARKING_TOOLS = new Set(['draw', 'erase', 'highlight']);

/** Routes the pointers of the page area to tools, navigation or nowhere (palms). */
export class InputRouter {
  /**
   * @param {import('./viewer.js').Viewer} viewer
   * @param {{activeTool: () => object, toolFor: (name: string) => object, gesture: (name: string, phase: 'down'|'up') => string|null}} editor
   */
  constructor(viewer, editor) {
    this.viewer = viewer;
    this.editor = editor;
    this.touches = new Map();   // pointerId → {x, y}
    this.pensDown = new Set();
    this.penPressure = new Map(); // pointerId → the last pressure the pen reported
    this.stroke = null;         // {pointerId, tool, pageIndex}
    this.pinch = null;
    const target = viewer.scroller;
    target.addEventListener('pointerdown', (e) => this.down(e));
    target.addEventListener('pointermove', (e) => this.move(e));
    target.addEventListener('pointerup', (e) => this.up(e));
    target.addEventListener('pointercancel', (e) => this.cancel(e));
    target.addEventListener('mousedown', (e) => { if (this.stroke?.pointerType === 'pen') e.preventDefault(); });
    target.addEventListener('contextmenu', (e) => { if (e.target.closest('.page')) e.preventDefault(); });
    target.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    // Safari on macOS reports trackpad pinches as gesture events instead of ctrl+wheel.
    target.addEventListener('gesturestart', (e) => { e.preventDefault(); this.gestureZoom = this.viewer.zoom; });
    target.addEventListener('gesturechange', (e) => {
      e.preventDefault();
      if (this.gestureZoom && !this.touches.size) this.viewer.setZoom(this.gestureZoom * e.scale, [e.clientX, e.clientY]);
    });
    // iPadOS Safari ignores the viewport's user-scalable=no: a pinch on the toolbar would zoom
    // the whole editor, so the browser's own zoom is refused everywhere (the pages zoom above).
    document.addEventListener('gesturestart', (e) => e.preventDefault());
    // A double tap or click on the pages neither zooms (Safari) nor selects a word.
    target.addEventListener('dblclick', (e) => { if (e.target.closest('.pages')) e.preventDefault(); });
  }

  /** Converts a pointer event (or a coalesced sample) to an input point on `pageIndex`. */
  toInput(event, pageIndex, pointerType = event.pointerType) {
    const hasPressure = pointerType === 'pen' || (pointerType === 'touch' && event.pressure > 0 && event.pressure !== 0.5);
    return {
      pageIndex,
      point: this.viewer.clientToPage(pageIndex, event.clientX, event.clientY),
      pressure: hasPressure ? Math.max(0.05, Math.min(1, this.pressureOf(event, pointerType))) : 0.5,
      time: event.timeStamp / 1000,
      clientX: event.clientX, clientY: event.clientY, pointerType,
      tiltX: event.tiltX ?? 0, tiltY: event.tiltY ?? 0,
    };
  }

  /**
   * A sample's pressure. A pen that reads 0 while down has not measured it (WebKit reads 0 on
   * the moves of a pen it gets as mouse events; a pen's pointerup reads 0): the sample keeps
   * the pen's last reading, 0.5 before any, so the stroke does not thin out to nothing.
   */
  pressureOf(event, pointerType) {
    if (pointerType !== 'pen') return event.pressure;
    if (event.pressure > 0) this.penPressure.set(event.pointerId, event.pressure);
    return this.penPressure.get(event.pointerId) ?? 0.5;
  }

  down(e) {
    if (!e.target.closest('.pages')) return;
    if (e.target.closest('.text-editor, .field-editor, .popover')) return;
    if (e.pointerType === 'touch') return this.touchDown(e);
    if (e.pointerType === 'mouse' && e.button === 1) return this.startPan(e);
    if (e.pointerType === 'mouse' && e.button !== 0) return;

    let tool = this.editor.activeTool();
    if (e.pointerType === 'pen') {
      this.pensDown.add(e.pointerId);
      this.cancelTouchStroke(); // the palm that landed first is not a stroke
      const eraserEnd = (e.buttons & 32) !== 0 || e.button === 5;
      const barrel = (e.buttons & 2) !== 0 || e.button === 2;
      if (eraserEnd) tool = this.gestureTool('penEraserEnd') ?? tool;
      else if (barrel) tool = this.gestureTool('penBarrelButton') ?? tool;
    }
    this.begin(e, tool);
  }

  /** Runs a gesture's action; returns the tool to use for this pointer while held, if any. */
  gestureTool(gesture) {
    const name = this.editor.gesture(gesture);
    return name ? this.editor.toolFor(name) : null;
  }

  begin(e, tool) {
    const pageIndex = this.viewer.pageAt(e.clientX, e.clientY);
    if (pageIndex < 0 || !tool?.begin) return;
    const input = this.toInput(e, pageIndex);
    if (tool.begin(input, e) === false) return;
    // A pen's pointerdown keeps its default. WebKit drops every later event of a pen that
    // reaches it as mouse events (a pen driven through WebDriver, any pen a WebKit port reports
    // that way) once its pointerdown was default-prevented, moves and up included, and the
    // stroke stays a dot. The pen's compatibility mousedown is refused instead (constructor),
    // which keeps the focus and the text selection as they were, as preventing the pointerdown
    // did.
    if (e.pointerType !== 'pen') e.preventDefault();
    try { this.viewer.scroller.setPointerCapture(e.pointerId); } catch { /* synthetic or gone */ }
    this.stroke = { pointerId: e.pointerId, tool, pageIndex, pointerType: e.pointerType };
  }

  touchDown(e) {
    if (this.pensDown.size) return; // palm while the pen is down
    this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    e.preventDefault();
    if (this.touches.size >= 2) {
      // A second finger: navigation. A finger stroke in progress is dropped without a trace.
      this.cancelTouchStroke();
      this.startPinch();
      return;
    }
    const toolName = this.editor.activeTool()?.name;
    const mode = settings.inputMode;
    const fingerUsesTool = mode === 'finger' || (mode === 'default' && !MARKING_TOOLS.has(toolName));
    if (fingerUsesTool) this.begin(e, this.editor.activeTool());
    if (!this.stroke) this.startPan(e);
  }

  move(e) {
    if (this.touches.has(e.pointerId)) {
      this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pinch) return this.updatePinch();
      if (this.pan?.pointerId === e.pointerId) return this.updatePan(e);
    } else if (this.pan?.pointerId === e.pointerId) {
      return this.updatePan(e);
    }
    const stroke = this.stroke;
    if (!stroke || stroke.pointerId !== e.pointerId) {
      this.editor.activeTool()?.hover?.(e);
      return;
    }
    e.preventDefault();
    const samples = e.getCoalescedEvents?.() ?? [];
    const committed = (samples.length ? samples : [e]).map((s) => this.toInput(s, stroke.pageIndex, e.pointerType));
    const predicted = (e.getPredictedEvents?.() ?? []).map((s) => this.toInput(s, stroke.pageIndex, e.pointerType));
    stroke.tool.move?.(committed, predicted);
  }

  up(e) {
    this.pensDown.delete(e.pointerId);
    if (this.stroke?.pointerId === e.pointerId) {
      const { tool, pageIndex } = this.stroke;
      this.stroke = null;
      tool.end?.(this.toInput(e, pageIndex));
    }
    this.release(e);
  }

  cancel(e) {
    this.pensDown.delete(e.pointerId);
    if (this.stroke?.pointerId === e.pointerId) {
      this.stroke.tool.cancel?.();
      this.stroke = null;
    }
    this.release(e);
  }

  release(e) {
    this.touches.delete(e.pointerId);
    this.penPressure.delete(e.pointerId);
    if (this.pan?.pointerId === e.pointerId) {
      if (e.type === 'pointerup' && e.timeStamp - this.pan.t < 80) this.glideAfter(this.pan, e.pointerType);
      this.pan = null;
    }
    if (this.pinch && this.touches.size < 2) {
      this.pinch = null;
      const [id, t] = [...this.touches][0] ?? [];
      if (id !== undefined) this.pan = { pointerId: id, x: t.x, y: t.y, vx: 0, vy: 0, t: e.timeStamp };
    }
  }

  cancelTouchStroke() {
    if (this.stroke?.pointerType === 'touch') {
      this.stroke.tool.cancel?.();
      this.stroke = null;
    }
  }

  // MARK: - Navigation

  startPan(e) {
    cancelAnimationFrame(this.glide);
    this.pan = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, vx: 0, vy: 0, t: e.timeStamp };
  }

  updatePan(e) {
    const s = this.viewer.scroller;
    const dx = e.clientX - this.pan.x, dy = e.clientY - this.pan.y;
    s.scrollLeft -= dx;
    s.scrollTop -= dy;
    const dt = Math.max(1, e.timeStamp - this.pan.t);
    // Smoothed velocity in px/ms, for the glide after a finger lifts.
    this.pan.vx = 0.7 * (dx / dt) + 0.3 * this.pan.vx;
    this.pan.vy = 0.7 * (dy / dt) + 0.3 * this.pan.vy;
    Object.assign(this.pan, { x: e.clientX, y: e.clientY, t: e.timeStamp });
  }

  /** Keeps a flicked page moving, slowing down, as native touch scrolling does. */
  glideAfter(pan, pointerType) {
    if (pointerType !== 'touch') return;
    let { vx, vy } = pan;
    let last = performance.now();
    const step = (now) => {
      const dt = now - last;
      last = now;
      const s = this.viewer.scroller;
      s.scrollLeft -= vx * dt;
      s.scrollTop -= vy * dt;
      const decay = Math.pow(0.995, dt);
      vx *= decay;
      vy *= decay;
      if (Math.hypot(vx, vy) > 0.02) this.glide = requestAnimationFrame(step);
    };
    if (Math.hypot(vx, vy) > 0.1) this.glide = requestAnimationFrame(step);
  }

  startPinch() {
    this.pan = null;
    const [a, b] = [...this.touches.values()];
    this.pinch = {
      distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: this.viewer.zoom,
      mid: [(a.x + b.x) / 2, (a.y + b.y) / 2],
    };
  }

  updatePinch() {
    const [a, b] = [...this.touches.values()];
    const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
    const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
    const s = this.viewer.scroller;
    s.scrollLeft -= mid[0] - this.pinch.mid[0];
    s.scrollTop -= mid[1] - this.pinch.mid[1];
    this.pinch.mid = mid;
    this.viewer.setZoom(this.pinch.zoom * (distance / this.pinch.distance), mid);
  }

  wheel(e) {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    this.viewer.zoomBy(Math.exp(-delta * 0.0025), [e.clientX, e.clientY]);
  }
}
