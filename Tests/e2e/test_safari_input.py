"""What Safari's pointer input does differently, and how the editor copes (issue 19).

Run in both engines. In WebKit, pen and mouse come through W3C WebDriver actions; where the
driver cannot produce a case (Safari's touches, gesture events, a pen without coalesced
samples) the test feeds the editor script-made events shaped like Safari's (script_events.py).
"""

import json
import re

import pytest

from editor_harness import ARTIFACTS, server_revision_after_input

BAND_Y = 300

# Logs every pointer event the window sees (capture phase, before the editor's handlers).
POINTER_LOG = """() => {
    window.__e2ePointerLog = [];
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
        addEventListener(type, (e) => __e2ePointerLog.push({
            type, pointerType: e.pointerType, pointerId: e.pointerId, buttons: e.buttons,
            pressure: Math.round(e.pressure * 1000) / 1000, x: Math.round(e.clientX), y: Math.round(e.clientY),
            coalesced: typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents().length : null }), true);
    }
}"""


def stroke_points(editor, x0=100, x1=300, y=BAND_Y, steps=24):
    return editor.page_points_to_client(0, [(x0 + (x1 - x0) * i / steps, y + 12 * ((i % 4) - 1.5))
                                            for i in range(steps + 1)])


def one_ink(editor):
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 1")
    [ink] = [a for a in editor.annotations() if a["type"] == "ink"]
    return ink


def xs_of(ink):
    return [p[0] for path in ink["paths"] for p in path]


@pytest.mark.parametrize("device", ["pen", "mouse"])
def test_pen_and_mouse_strokes_reach_the_editor_whole(new_editor, device):
    """The pen-dot of issue 19: a pen stroke (down, 24 moves, up) must arrive whole, as a
    mouse drag does. The log of what the page received is kept in artifacts/."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.js(POINTER_LOG)
    points = stroke_points(editor)
    if device == "pen":
        editor.pen_stroke(points)
    else:
        editor.mouse_drag(points)
    ink = one_ink(editor)
    log = editor.js("__e2ePointerLog")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"pointer-events-{device}-{editor.engine}.json").write_text(json.dumps(log, indent=1))
    downs = [e for e in log if e["type"] == "pointerdown"]
    ups = [e for e in log if e["type"] == "pointerup"]
    drags = [e for e in log if e["type"] == "pointermove" and e["buttons"] == 1]
    assert len(downs) == 1 and len(ups) == 1, log
    assert len(drags) >= 24, log
    assert {e["pointerId"] for e in downs + drags + ups} == {downs[0]["pointerId"]}
    assert {e["pointerType"] for e in downs + drags + ups} == {device}
    assert min(xs_of(ink)) < 110 and max(xs_of(ink)) > 290, "the stroke spans the drag, not a dot"


def test_webkit_drops_a_pen_whose_pointerdown_was_prevented(new_editor):
    """Why the editor leaves a pen's pointerdown default alone (input.js, `begin`): on a bare
    element, WebKit delivers nothing more of a pen that comes through its mouse-event path once
    its pointerdown was default-prevented (no moves, no up, and in that page no later pen event
    at all), while a mouse, and a pen in Chromium, carry on. WebKit's Element.cpp
    (dispatchPointerEventIfNeeded) ignores a mouse event of a non-mouse pointerId whose
    pointerdown prevented compatibility mouse events before making the pointer event from it.
    If this starts failing in WebKit, WebKit has fixed that and the workaround can go."""
    editor = new_editor()
    counts = {}
    # The pen's prevented case goes last: it leaves the page's pen state stale.
    for device, prevent in [("mouse", True), ("mouse", False), ("pen", False), ("pen", True), ("pen", False)]:
        editor.js("""(prevent) => {
            document.getElementById('e2e-pad')?.remove();
            const pad = Object.assign(document.createElement('div'), { id: 'e2e-pad' });
            pad.style.cssText = 'position: fixed; left: 0; top: 0; width: 500px; height: 400px; z-index: 1000; touch-action: none; background: rgba(0, 0, 0, 0.05)';
            document.body.append(pad);
            window.__e2ePad = { pointerdown: 0, pointermove: 0, pointerup: 0 };
            for (const type of Object.keys(__e2ePad)) pad.addEventListener(type, (e) => { if (type !== 'pointermove' || e.buttons) __e2ePad[type]++; });
            if (prevent) pad.addEventListener('pointerdown', (e) => e.preventDefault());
        }""", prevent)
        points = [(60 + 12 * i, 200 + (i % 3)) for i in range(25)]
        if device == "pen":
            editor.pen_stroke(points)
        else:
            editor.mouse_drag(points)
        editor.painted()  # pointer moves are delivered with a frame: none is still on its way
        counts.setdefault((device, prevent), []).append(editor.js("__e2ePad"))
    whole = {"pointerdown": 1, "pointermove": 24, "pointerup": 1}
    assert counts[("mouse", True)] == [whole] and counts[("mouse", False)] == [whole], counts
    assert counts[("pen", True)] == [{"pointerdown": 1, "pointermove": 0, "pointerup": 0}] if editor.engine == "webkit" \
        else [whole], counts
    after = counts[("pen", False)][1]
    assert after == ({"pointerdown": 0, "pointermove": 0, "pointerup": 0} if editor.engine == "webkit" else whole), counts
    assert counts[("pen", False)][0] == whole, counts


def test_a_pen_reading_zero_pressure_keeps_its_last_pressure(new_editor):
    """WebKit reports pressure 0 on every move of a pen it gets as mouse events (WebKitGTK's
    driver presses with 1 on down and 0 on moves, whatever it is told). A zero from a pen that
    is down is no reading: the samples keep the pen's last pressure instead of falling to a
    default. (The engine stores pressures only when they vary.)"""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.js(POINTER_LOG)
    points = stroke_points(editor)
    editor.pen_stroke(points, pressure=[0.3, 0.6, 0.9] + [0] * (len(points) - 3))
    ink = one_ink(editor)
    log = editor.js("__e2ePointerLog")
    moves = [e["pressure"] for e in log if e["type"] == "pointermove" and e["buttons"]]
    assert moves[-1] == 0 and moves.count(0) >= len(points) - 3, f"the last moves read pressure 0: {moves}"
    if editor.pen_pressure:
        pressures = [p for path in ink["pressures"] for p in path]
        assert all(min(abs(p - e) for e in (0.3, 0.6, 0.9)) < 0.01 for p in pressures), pressures
        assert pressures[-1] == pytest.approx(0.9, abs=0.01), pressures
    else:
        down = [e["pressure"] for e in log if e["type"] == "pointerdown"]
        assert down == [1], f"WebKitGTK's driver presses with 1: {down}"
        assert ink.get("pressures") is None, f"every sample keeps the pressure of the down: {ink.get('pressures')}"


def test_a_stroke_without_coalesced_or_predicted_samples(new_editor):
    """Safari before 18 has no getCoalescedEvents/getPredictedEvents: each event is a sample."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.synthetic_pen_stroke(stroke_points(editor), pressure=0.5, no_samples=True)
    ink = one_ink(editor)
    assert min(xs_of(ink)) < 110 and max(xs_of(ink)) > 290


def test_a_hovering_pen_neither_draws_nor_erases(new_editor):
    """An Apple Pencil that hovers (iPad Pro) sends pointermove with buttons 0 and pressure 0
    before it touches and after it lifts: only the contact draws; the eraser only shows its
    ring while hovering."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    hover_in = stroke_points(editor, 40, 100, BAND_Y, 6)
    contact = stroke_points(editor, 120, 220, BAND_Y, 10)
    hover_out = stroke_points(editor, 240, 400, BAND_Y, 8)
    hover = lambda points: [["pointermove", 9, "pen", x, y, -1, 0, 0, True] for x, y in points]
    first, last = contact[0], contact[-1]
    editor.pointer_events(hover(hover_in) + [["pointerdown", 9, "pen", first[0], first[1], 0, 1, 0.4, True]] +
                          [["pointermove", 9, "pen", x, y, -1, 1, 0.4, True] for x, y in contact[1:]] +
                          [["pointerup", 9, "pen", last[0], last[1], 0, 0, 0, True]] + hover(hover_out),
                          no_samples=True)
    ink = one_ink(editor)
    assert min(xs_of(ink)) > 110 and max(xs_of(ink)) < 230, xs_of(ink)

    editor.press("e")
    before = server_revision_after_input(editor)
    editor.pointer_events(hover(stroke_points(editor, 100, 300, BAND_Y, 12)), no_samples=True)
    assert editor.count(".eraser-ring") == 1, "the eraser's ring follows the hovering pen"
    assert server_revision_after_input(editor) == before, "hovering erases nothing"
    assert len([a for a in editor.annotations() if a["type"] == "ink"]) == 1, "hovering erases nothing"


def test_a_double_click_on_the_page_neither_zooms_nor_selects(new_editor):
    """Safari zooms on a double tap and selects a word on a double click; on the pages
    neither happens (touch-action, user-select, and the dblclick default prevented)."""
    editor = new_editor()
    editor.js("marginalia.setTool('select')")
    editor.js("""() => { window.__e2eDblclick = [];
        addEventListener('dblclick', (e) => __e2eDblclick.push(e.defaultPrevented)); }""")
    zoom = editor.js("marginalia.viewer.zoom")
    # Off the text: on text the Select tool selects it, as viewers do (docs/editor-web.md).
    x, y = editor.page_point_to_client(0, 300, 120)
    editor.mouse_double_click(x, y)
    editor.wait_until("__e2eDblclick.length > 0")
    assert editor.js("__e2eDblclick") == [True]
    assert editor.js("getSelection().toString()") == ""
    assert editor.js("marginalia.viewer.zoom") == zoom


def test_gesture_zoom_is_the_pages_own(new_editor):
    """Safari's pinch gesture events: on the pages they zoom around the fingers (a Mac's
    trackpad); anywhere else the browser's own zoom is refused (iPadOS ignores
    user-scalable=no)."""
    editor = new_editor()
    zoom = editor.js("marginalia.viewer.zoom")
    x, y = editor.page_point_to_client(0, 300, 400)
    assert editor.trackpad_pinch(x, y, [1.2, 1.5]) == [True, True, True, False]
    assert editor.js("marginalia.viewer.zoom") == pytest.approx(zoom * 1.5)
    after = editor.page_point_to_client(0, 300, 400)
    # Scroll offsets are whole pixels: each of the two zoom steps may round by one or two.
    assert abs(after[0] - x) < 4 and abs(after[1] - y) < 4, (after, x, y)
    x, y, width, height = editor.box("#toolbar")
    prevented = editor.trackpad_pinch(x + width / 2, y + height / 2, [2], selector="#toolbar")
    assert prevented[0], "a pinch on the toolbar does not zoom the editor"
    assert editor.js("marginalia.viewer.zoom") == pytest.approx(zoom * 1.5)


def test_touch_action_selection_and_callout_rules(new_editor):
    """The CSS that keeps iPadOS's own gestures off the editor: no double-tap zoom anywhere,
    no browser panning on the pages, no text selection or long-press callout on the pages and
    the toolbar. Computed styles where the engine knows the property; -webkit-touch-callout is
    iOS only (WebKitGTK and Chromium drop it), so the stylesheet is read for it."""
    editor = new_editor()
    style = lambda selector, prop: editor.js(f"getComputedStyle(document.querySelector({json.dumps(selector)}))"
                                             f".getPropertyValue({json.dumps(prop)})")
    assert style("html", "touch-action") == "manipulation"
    assert style(".pages", "touch-action") == "none"
    assert style(".tool-button", "touch-action") == "manipulation"
    for selector in (".page", ".toolbar"):
        assert "none" in (style(selector, "-webkit-user-select"), style(selector, "user-select")), selector
    css = editor.js("fetch('/app/css/editor.css').then((r) => r.text())")
    # Every rule's selector list and declarations (the stylesheet has no nested blocks).
    rules = [([part.strip() for part in selectors.split(",")], body)
             for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S))]
    for selector in (".toolbar", ".page"):
        assert any(selector in selectors and "-webkit-touch-callout: none" in body for selectors, body in rules), selector
