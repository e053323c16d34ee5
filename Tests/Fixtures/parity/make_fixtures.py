#!/usr/bin/env python3
"""Writes the inputs of the engine parity fixtures: sequences of EngineBridge calls (docs/engine.md)
that drive the engine as the browser does. `swift test` (EngineParityTests) answers them natively
and, with MARGINALIA_UPDATE_PARITY=1, records the answers as `expect`; the browser suite
(Tests/e2e/test_engine_parity.py) answers the same calls with the WebAssembly build and must give
the same answers. Run this after changing the inputs, then record the answers."""

import json
import math
import pathlib

HERE = pathlib.Path(__file__).parent
PAGE = {"box": [0, 0, 612, 792], "rotation": 0}
INIT = {"call": "init", "pages": [PAGE, {"box": [36, 36, 576, 756], "rotation": 90}], "viewSize": [800, 1000]}


def to_view(x, y):
    """Page point of page 0 → view point for INIT at zoom 1: the page's frame is at (66, 12) in
    the content, centred by an inset of (28, 0) (the engine's answer to INIT)."""
    return [94 + x, 12 + (792 - y)]


def events(kind, points, pointer=1, pressures=None, start=0.0, step=0.008):
    out = []
    for i, (x, y) in enumerate(points):
        phase = "began" if i == 0 else "ended" if i == len(points) - 1 else "moved"
        vx, vy = to_view(x, y)
        event = {"id": pointer, "kind": kind, "phase": phase, "x": vx, "y": vy, "t": round(start + i * step, 4)}
        if pressures:
            event["pressure"] = pressures[i]
        out.append(event)
    return out


def pointer_calls(evs):
    return [{"call": "pointer", "events": [e]} for e in evs]


def ink(id, points, width=2, flags=None):
    a = {"type": "ink", "id": id, "pageIndex": 0, "width": width, "color": "#000000", "paths": [points]}
    if flags:
        a["flags"] = flags
    return a


def fixture(name, calls):
    (HERE / f"{name}.json").write_text(json.dumps({"name": name, "calls": [{"call": c} for c in calls]}, indent=1) + "\n")


stroke = [(100 + i * 6, 400 + 40 * math.sin(i / 5)) for i in range(40)]
fixture("pen-stroke-with-pressure", [INIT, {"call": "setTool", "tool": "draw"},
                                     *pointer_calls(events("pen", stroke, pressures=[0.2 + 0.02 * i for i in range(40)]))])
fixture("mouse-stroke-and-shape-on-hold", [INIT, {"call": "setTool", "tool": "draw"},
                                            *pointer_calls(events("mouse", [(100 + i * 5, 300) for i in range(30)])),
                                            *pointer_calls(events("pen", [(100, 200), (200, 200), (200, 100), (100, 100), (100, 199), (100, 199)],
                                                                  pointer=2, start=1, step=0.6))])
strokes = [ink("a", [[100, 500], [300, 500]]), ink("b", [[100, 520], [300, 520]]), ink("c", [[100, 600], [300, 600]]),
           ink("locked", [[400, 500], [500, 500]], flags=["print", "locked"])]
fixture("stroke-eraser", [INIT, {"call": "setAnnotations", "annotations": strokes}, {"call": "setTool", "tool": "erase"},
                          *pointer_calls(events("pen", [(200, 540), (200, 510), (200, 480), (450, 480), (450, 520)]))])
fixture("segment-eraser", [INIT, {"call": "setAnnotations", "annotations": strokes},
                           {"call": "setPreferences", "preferences": {"eraser": {"mode": "segment", "size": 8}}},
                           {"call": "setTool", "tool": "erase"},
                           *pointer_calls(events("pen", [(200, 540), (200, 510), (200, 490)]))])
fixture("select-lasso-restyle-and-locked", [INIT, {"call": "setAnnotations", "annotations": strokes}, {"call": "setTool", "tool": "select"},
    *pointer_calls(events("pen", [(80, 480), (320, 480), (320, 620), (80, 620), (80, 481)])),
    {"call": "selection"}, {"call": "restyleSelection", "color": "#FF0000", "width": 4},
    *pointer_calls(events("mouse", [(200, 500), (230, 470), (260, 450)], pointer=3, start=2)),
    *pointer_calls(events("mouse", [(450, 500), (450, 500)], pointer=4, start=3)),
    {"call": "selection"}, {"call": "deleteSelection"},
    *pointer_calls(events("mouse", [(450, 500), (480, 520), (500, 540)], pointer=5, start=4)),
    *pointer_calls(events("mouse", [(50, 700), (150, 650), (350, 450)], pointer=6, start=5)), {"call": "selection"}])
image = {"type": "stamp", "id": "img", "pageIndex": 0, "rect": [100, 100, 164, 140], "name": "Image"}
fixture("resize-keeps-proportions-and-page", [INIT, {"call": "setAnnotations", "annotations": [image]}, {"call": "setTool", "tool": "select"},
    *pointer_calls(events("mouse", [(130, 120), (130, 120)])), {"call": "selection"},
    *pointer_calls(events("pen", [(164, 100), (200, 95), (244, 90)], pointer=2, start=1)),
    *pointer_calls(events("pen", [(130, 120), (130, 120)], pointer=3, start=2)),
    *pointer_calls(events("pen", [(130, 120), (-300, 900)], pointer=4, start=3))])
fixture("palm-then-pen", [INIT, {"call": "setViewport", "zoom": 2}, {"call": "setTool", "tool": "draw"},
    {"call": "pointer", "events": [{"id": 10, "kind": "touch", "phase": "began", "x": 300, "y": 500, "t": 0}]},
    {"call": "pointer", "events": [{"id": 10, "kind": "touch", "phase": "moved", "x": 300, "y": 420, "t": 0.05}]},
    {"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "began", "x": 200, "y": 300, "t": 0.1}]},
    {"call": "pointer", "events": [{"id": 10, "kind": "touch", "phase": "moved", "x": 300, "y": 300, "t": 0.12}]},
    {"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "moved", "x": 260, "y": 300, "t": 0.15}]},
    {"call": "pointer", "events": [{"id": 1, "kind": "pen", "phase": "ended", "x": 300, "y": 300, "t": 0.2}]},
    {"call": "pointer", "events": [{"id": 11, "kind": "touch", "phase": "began", "x": 300, "y": 500, "t": 0.5}]},
    {"call": "pointer", "events": [{"id": 11, "kind": "touch", "phase": "moved", "x": 300, "y": 400, "t": 0.6}]}])
fixture("viewport-and-placing", [INIT, {"call": "setViewport", "fitWidth": True}, {"call": "setViewport", "showPage": 1},
    {"call": "setViewport", "zoom": 1.5, "anchor": [400, 500]}, {"call": "setViewport", "layout": "horizontal"},
    {"call": "setViewport", "layout": "twoUpCover"}, {"call": "setViewport", "layout": "singlePage", "turnPage": True},
    {"call": "setViewport", "layout": "continuousVertical", "zoom": 1}, {"call": "setViewport", "offset": [0, 0]},
    {"call": "setTool", "tool": "shape"}, *pointer_calls(events("mouse", [(100, 100), (150, 140), (200, 180)])),
    {"call": "setTool", "tool": "text"}, *pointer_calls(events("pen", [(300, 300), (300, 300)], pointer=2, start=1)),
    {"call": "textCommand", "request": {"pageIndex": 0, "target": {"kind": "newTextBox", "rect": [300, 277.6, 500, 300]}}, "text": "Hello"},
    {"call": "setImageToPlace", "size": [640, 480]}, {"call": "setTool", "tool": "image"},
    *pointer_calls(events("mouse", [(300, 400), (300, 400)], pointer=3, start=2))])
fixed = [{"type": "stamp", "id": "fixed", "pageIndex": 0, "rect": [100, 600, 220, 640], "flags": ["print", "noZoom"]},
         {"type": "stamp", "id": "zooming", "pageIndex": 0, "rect": [100, 300, 220, 340]},
         {"type": "note", "id": "note", "pageIndex": 1, "rect": [100, 600, 120, 620], "flags": ["print", "noZoom", "noRotate"]}]
fixture("fixed-size-stamp-and-note-icon", [INIT, {"call": "setAnnotations", "annotations": fixed},
    {"call": "screenPlacements", "pageIndex": 0}, {"call": "screenPlacements", "pageIndex": 1}, {"call": "setTool", "tool": "select"},
    *pointer_calls(events("mouse", [(210, 605), (210, 605)])), {"call": "selection"},
    {"call": "setViewport", "zoom": 2, "anchor": [0, 0]}, {"call": "screenPlacements", "pageIndex": 0}, {"call": "selection"},
    {"call": "select", "ids": ["note"]}, {"call": "restyleSelection", "icon": "Insert"}])
SIX = {"call": "init", "pages": [PAGE] * 6, "viewSize": [800, 1000]}
GRID = [[20 + (i % 3) * 120, 20 + (i // 3) * 140, 100, 120] for i in range(6)]
fixture("page-organizer", [SIX, {"call": "selectPages", "page": 1, "mode": "replace", "selection": []},
    {"call": "selectPages", "page": 4, "mode": "toggle", "selection": [1], "anchor": 1},
    {"call": "selectPages", "page": 5, "mode": "range", "selection": [1, 4], "anchor": 4},
    {"call": "pageDropSlot", "point": [30, 60], "frames": GRID}, {"call": "pageDropSlot", "point": [500, 200], "frames": GRID},
    {"call": "pageDropSlot", "point": [90, 900], "frames": GRID},
    {"call": "pageCommand", "action": "move", "pages": [1, 4], "slot": 0},
    {"call": "pageCommand", "action": "move", "pages": [2, 3], "slot": 3},
    {"call": "pageCommand", "action": "rotate", "pages": [5, 0], "degrees": -90},
    {"call": "pageCommand", "action": "duplicate", "pages": [2]},
    {"call": "pageCommand", "action": "remove", "pages": [0, 1, 2, 3, 4, 5]},
    {"call": "pageCommand", "action": "insert", "pages": [2], "index": 3, "source": {"document": "0123456789abcdef0123456789abcdef"}, "sourcePages": [0, 1]}])
thread = [{"type": "square", "id": "sq", "pageIndex": 0, "rect": [100, 500, 220, 560], "author": "Ada", "contents": "Check",
           "creationDate": "2026-01-01T10:00:00Z"},
          {"type": "note", "id": "r1", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Grace", "inReplyTo": "sq",
           "contents": "Why?", "creationDate": "2026-01-01T11:00:00Z"},
          {"type": "note", "id": "s1", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Grace", "inReplyTo": "sq",
           "state": "Rejected", "stateModel": "Review", "flags": ["hidden"], "creationDate": "2026-01-01T12:00:00Z"},
          ink("a", [[100, 700], [300, 700]])]
fixture("review-thread-list-and-comments", [INIT, {"call": "setAnnotations", "annotations": thread}, {"call": "setUser", "name": "Ada"},
    {"call": "annotationList"}, {"call": "annotationList", "types": ["square"], "states": ["Rejected"]}, {"call": "thread", "id": "r1"},
    {"call": "hiddenAnnotations", "pageIndex": 0},
    {"call": "comment", "action": "reply", "to": "r1", "text": "Because."}, {"call": "comment", "action": "delete", "id": "r1"},
    {"call": "comment", "action": "setState", "to": "sq", "state": "Accepted"},
    {"call": "applyEntries", "entries": [{"revision": 1, "operation": {"op": "addAnnotation", "annotation": {
        "type": "note", "id": "s2", "pageIndex": 0, "rect": [220, 540, 240, 560], "author": "Ada", "inReplyTo": "sq",
        "state": "Accepted", "creationDate": "2026-01-01T13:00:00Z"}}}]},
    {"call": "annotationList"}, {"call": "setTool", "tool": "select"},
    *pointer_calls(events("mouse", [(230, 550), (230, 550)])), {"call": "selection"}])
# The first view's zoom (issue 15): a wide window caps the width's zoom, a tablet's portrait
# view fits the widest page's width.
fixture("automatic-zoom", [{**INIT, "viewSize": [1265, 800]}, {"call": "setViewport", "fitAutomatic": True},
    {"call": "setViewport", "viewSize": [1024, 1309]}, {"call": "setViewport", "fitAutomatic": True}])
# Keyboard and touch (issue 15): the order Tab reaches a page's annotations with Select (hidden
# ones and replies left out, a locked one in), and a finger held on text: taken when it is
# still, refused once it moved, refused as a palm while a pen is down.
order = [{"type": "square", "id": "low", "pageIndex": 0, "rect": [300, 100, 400, 150], "color": "#FF0000"},
         {"type": "freeText", "id": "right", "pageIndex": 0, "rect": [400, 600, 500, 640], "text": "Hello", "author": "Ada"},
         {"type": "square", "id": "left", "pageIndex": 0, "rect": [50, 595, 150, 645], "flags": ["print", "locked"]},
         {"type": "square", "id": "hidden", "pageIndex": 0, "rect": [50, 700, 80, 730], "flags": ["hidden"]},
         {"type": "note", "id": "reply", "pageIndex": 0, "rect": [60, 700, 80, 720], "inReplyTo": "right", "contents": "Why?"},
         {"type": "circle", "id": "top", "pageIndex": 0, "rect": [250, 700, 350, 750], "color": "#0000FF"}]
fixture("keyboard-order-and-long-press", [INIT, {"call": "setAnnotations", "annotations": order}, {"call": "setTool", "tool": "select"},
    {"call": "keyboardOrder", "pageIndex": 0}, {"call": "keyboardOrder", "pageIndex": 1},
    *pointer_calls(events("touch", [(300, 400), (302, 400), (302, 400)])[:2]), {"call": "longPressSelectsText", "id": 1, "point": to_view(302, 400)},
    *pointer_calls(events("touch", [(300, 400), (300, 300), (300, 300)], pointer=2, start=2)[:2]),
    {"call": "longPressSelectsText", "id": 2, "point": to_view(300, 300)},
    *pointer_calls(events("pen", [(500, 300)], pointer=3, start=4)),
    *pointer_calls(events("touch", [(300, 400)], pointer=4, start=4.1)), {"call": "longPressSelectsText", "id": 4, "point": to_view(300, 400)}])


def page_text(lines):
    """A PAGE TEXT answer (GET …/pages/{n}/text) with one block of `lines`, each a list of
    (text, quad) words."""
    return {"revision": 0, "page": 0, "unmappedGlyphs": 0, "blocks": [{"bounds": [0, 0, 612, 792], "lines": [
        {"quad": words[0][1], "words": [{"text": t, "quad": q, "edges": [0, 1], "font": "Helvetica", "size": 11} for t, q in words]}
        for words in lines]}]}


def flat(x0, x1, y):
    return [x0, y + 11, x1, y + 11, x0, y, x1, y]


def up(y0, y1, x):
    """A word running up the page, its glyph tops towards smaller x."""
    return [x - 11, y0, x - 11, y1, x, y0, x, y1]


proportional = page_text([[("Illuminating", flat(72, 127.627, 700)), ("WWW", flat(130.685, 161.837, 700)),
                           ("minimal", flat(164.895, 202.779, 700)), ("text.", flat(205.837, 226.627, 700))],
                          [("Second", flat(72, 108.7, 686)), ("line", flat(111.8, 130.1, 686))]])
turned = page_text([[("Illuminating", up(100, 155.6, 300)), ("WWW", up(158.7, 189.9, 300)), ("minimal", up(192.9, 231.4, 300))],
                    [("next", up(100, 120, 314))]])
fixture("text-selection", [INIT, {"call": "setTool", "tool": "highlight"},
                           {"call": "selectText", "pageIndex": 0, "from": [140, 705], "to": [180, 704]},
                           {"call": "setPageText", "pageIndex": 0, "text": proportional},
                           {"call": "setPageText", "pageIndex": 1, "text": turned},
                           *pointer_calls(events("pen", [(140, 705), (160, 704), (180, 704)])),
                           {"call": "selectText", "pageIndex": 0, "from": [140, 705], "to": [180, 704]},
                           {"call": "selectText", "pageIndex": 0, "from": [180, 704], "to": [140, 705]},
                           {"call": "selectText", "pageIndex": 0, "from": [170, 703], "to": [75, 690]},
                           {"call": "selectText", "pageIndex": 0, "from": [20, 690], "to": [129.5, 705]},
                           {"call": "selectText", "pageIndex": 0, "from": [100, 760], "to": [140, 705]},
                           {"call": "selectText", "pageIndex": 1, "from": [295, 170], "to": [309, 105]},
                           {"call": "dropPageText", "pageIndex": 1},
                           {"call": "selectText", "pageIndex": 1, "from": [295, 170], "to": [309, 105]}])


def word_at(text, *offsets):
    return [{"call": "wordAt", "text": text, "offset": o} for o in offsets]


# The word a long press selects (WordRule, UAX #29 word boundaries): the grapheme breaking and
# the Unicode properties (general category, Alphabetic, Ideographic, White_Space) of the
# WebAssembly build must be the native ones.
fixture("word-at", [
    *word_at("Marginalia is a PDF", 0, 10, 11, 14, 15, 19, 40, -3),
    *word_at("don't l\u2019homme well-known 3.14 1,000 (see Swift.", 2, 8, 12, 16, 18, 25, 29, 34, 35, 45, 46, 47),
    *word_at("\u201cquoted\u201d, e.g. v2.0 snake_case a - b \u00a7 12 C++", 0, 3, 8, 11, 16, 22, 34, 36, 37, 40, 46),
    *word_at("\u05e6\u05d4\"\u05dc S:t \u00ab\u0395\u03bb\u03bb\u03ac\u03b4\u03b1\u00bb \u0661\u066c\u0662\u0663", 1, 7, 12, 17, 18),
    *word_at("un cafe\u0301 noir \u00c5A\u030a", 7, 8, 16),
    *word_at("日本語のテキスト、漢字。\u3000次 한국어", 3, 12, 13, 16),
    *word_at("\u1100\u1161\u11a8 \u0915\u094d\u0937\u093f \u0e20\u0e32\u0e29\u0e32", 1, 5, 10),
    *word_at("a \U0002000b\U0002000bx \U0001F469\u200d\U0001F469\u200d\U0001F467 b", 3, 8, 12),
    *word_at("left\u00a0right\r\nnext\u2009thin", 2, 5, 11, 12, 17),
    *word_at("one  two", 3, 4, 5),
    *word_at("", 0),
])


# Drawn once (docs/engine.md): text markup, shapes and every line ending as their appearance
# streams paint them; the WebAssembly build must draw them as the native one does.
ENDINGS = ["none", "square", "circle", "diamond", "openArrow", "closedArrow", "butt", "rOpenArrow", "rClosedArrow", "slash"]
QUADS = [[60, 560, 250, 560, 60, 540, 250, 540], [300, 300, 380, 340, 310, 280, 390, 320]]
fixture("annotation-drawing", [{"call": "annotationDrawing", "annotation": a} for a in [
    *[{"type": kind, "quads": QUADS, "color": "#1565C0", "opacity": 0.6} for kind in ("highlight", "underline", "strikeOut", "squiggly")],
    {"type": "square", "rect": [300, 300, 450, 380], "color": "#0000FF", "fill": "#CCE0FF", "width": 3, "borderStyle": "dashed", "dash": [4, 2]},
    {"type": "circle", "rect": [100, 280, 250, 400], "color": "#008000", "width": 4},
    *[{"type": "line", "points": [[40, 700 - 20 * i], [200, 710 - 20 * i]], "color": "#800080", "width": 1.5 + i % 3,
       "lineEndings": [e, e], **({"fill": "#FFFF00"} if i % 2 else {})} for i, e in enumerate(ENDINGS)],
    {"type": "polyline", "points": [[60, 440], [120, 480], [190, 430]], "color": "#FF00FF", "lineEndings": ["rClosedArrow", "openArrow"]},
    {"type": "polygon", "points": [[400, 420], [500, 460], [470, 530]], "color": "#000000", "fill": "#FFA500"},
    {"type": "underline", "quads": QUADS},
    {"type": "redact", "quads": QUADS, "color": "#CC1A1A", "fill": "#000000", "opacity": 0.9},
    {"type": "redact", "rect": [100, 100, 300, 160], "color": "#CC1A1A"},
    {"type": "redact", "rect": [10, 10, 10.6, 40], "color": "#CC1A1A"},
    {"type": "ink", "paths": [[[0, 0], [1, 1]]]},
]])

# A named stamp's frame and title as its appearance lays them out (StampLabel.titleLayout, in
# Helvetica-Bold's widths): the WebAssembly build must measure as the native one does, WinAnsi's
# typographic codes and characters it lacks included.
fixture("stamp-label", [{"call": "stampLabel", "name": name, "rect": rect} for name, rect in [
    ("Approved", [40, 60, 260, 140]), ("NotForPublicRelease", [100, 600, 220, 640]), ("OK", [0, 0, 300, 40]),
    ("WAVY TAVATA AVATAR", [30, 70, 270, 120]), ("Café – “Ω” €", [10, 10, 200, 50]), ("Draft", [0, 0, 1, 1]),
]])

# The document's annotations kept in the engine (issue 28, "Drawn once"): a list at a revision,
# entries out of order, an echo of entries already applied, an arrange, a group (an eraser's
# cut), an annotation moved to another page, a gap, and what a page then holds in drawing order.
def square(id, page=0, x=100):
    return {"type": "square", "id": id, "pageIndex": page, "rect": [x, 300, x + 50, 350], "color": "#FF0000", "fill": "#00FF00"}


def logged(revision, operation):
    return {"revision": revision, "clientId": "tab", "kind": "do", "operation": operation}


fixture("annotation-log", [INIT,
    {"call": "setAnnotations", "annotations": [square("a"), square("b", x=200), square("c", page=1)], "revision": 4},
    {"call": "applyEntries", "entries": [logged(6, {"op": "arrangeAnnotation", "id": "b", "to": 0}),
                                         logged(5, {"op": "addAnnotation", "annotation": square("d", x=300)})]},
    {"call": "applyEntries", "entries": [logged(5, {"op": "addAnnotation", "annotation": square("d", x=300)})]},
    {"call": "annotations", "pageIndex": 0},
    {"call": "applyEntries", "entries": [logged(7, {"op": "group", "name": "erase", "operations": [
        {"op": "removeAnnotation", "annotation": square("a")}, {"op": "addAnnotation", "annotation": ink("a-1", [[10, 10], [40, 40]])}]}),
        logged(8, {"op": "changeAnnotation", "before": square("d", x=300), "after": square("d", page=1, x=60)}),
        logged(10, {"op": "removeAnnotation", "annotation": square("b", x=200)})]},
    {"call": "annotations", "pageIndex": 0}, {"call": "annotations", "pageIndex": 1}, {"call": "annotation", "id": "d"},
    {"call": "annotation", "id": "a"}, {"call": "annotationRevision"}, {"call": "hitTest", "pageIndex": 1, "point": [80, 320]},
    {"call": "applyEntries", "entries": [logged(9, {"op": "rotatePage", "index": 1, "degrees": 90})]},
    # A fill reloads the file (its widgets' appearance) without changing the page list.
    {"call": "applyEntries", "entries": [logged(10, {"op": "group", "name": "fill", "operations": [
        {"op": "fillField", "name": "agree", "before": {"type": "checkbox", "on": False}, "after": {"type": "checkbox", "on": True}}]})]},
    # The annotations entries add, applied or not (what the browser selects after a paste).
    {"call": "addedAnnotations", "entries": [logged(5, {"op": "addAnnotation", "annotation": square("d", x=300)}),
        logged(7, {"op": "group", "name": "erase", "operations": [
            {"op": "removeAnnotation", "annotation": square("a")}, {"op": "addAnnotation", "annotation": ink("a-1", [[10, 10], [40, 40]])}]}),
        logged(11, {"op": "addAnnotation", "annotation": square("e", page=1)})]},
])
