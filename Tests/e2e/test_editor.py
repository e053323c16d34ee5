"""End-to-end tests of the browser editor (Web/) against a real server.

Each test uploads a fresh copy of Samples/sample.pdf, opens it in Chromium or WebKit and works
it with synthesized pen, mouse and touch input, then checks what the page shows and what the
server stored (the annotations API, and GET /file read by PyMuPDF).
"""

import io

import pytest

from editor_harness import api, server_revision_after_input

# A blank band of page 1 of the sample (page space, points): below the text.
BAND_Y = 300


def stroke_points(editor, page, x0, x1, y, steps=24):
    return editor.page_points_to_client(page, [(x0 + (x1 - x0) * i / steps, y + 12 * ((i % 4) - 1.5))
                                               for i in range(steps + 1)])


def wait_inks(editor, expected, page=None, timeout=5000):
    """Waits until the tab's open document holds `expected` ink annotations (on `page`, if
    given). What the tab holds, not the overlay's elements: an ink is an element of the overlay
    only until the file the page shows includes it (filerefresh.js fetches it 1.5 s after the
    edits stop); pdf.js draws it from then on, and a wait that counted elements failed whenever
    it began after that refresh (a reload, a slow machine)."""
    on_page = "" if page is None else f" && a.pageIndex === {page}"
    editor.wait_until(f"marginalia.model.allAnnotations().filter((a) => a.type === 'ink'{on_page}).length === {expected}",
                      timeout=timeout)


def inks(editor):
    return [a for a in editor.annotations() if a["type"] == "ink"]


def test_pen_stroke_becomes_an_ink_annotation_in_the_file(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)
    # The live preview is replaced by the applied stroke.
    editor.wait_until("document.querySelectorAll('.preview *').length === 0")
    [ink] = inks(editor)
    assert ink["pageIndex"] == 0
    xs = [p[0] for path in ink["paths"] for p in path]
    ys = [p[1] for path in ink["paths"] for p in path]
    assert 90 <= min(xs) and max(xs) <= 310, xs
    assert BAND_Y - 30 <= min(ys) and max(ys) <= BAND_Y + 30, ys
    editor.screenshot("pen-stroke")

    fitz = pytest.importorskip("fitz")
    pdf = fitz.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")
    kinds = [annot.type[1] for annot in pdf[0].annots()]
    assert "Ink" in kinds, kinds
    assert not editor.errors


def test_a_pressure_stroke_is_drawn_as_wide_as_the_pen_pressed(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    points = [editor.page_point_to_client(0, 100 + i * 8, BAND_Y) for i in range(36)]
    pressures = [0.1 + 0.9 * i / 35 for i in range(36)]
    if editor.pen_pressure:
        editor.pen_stroke(points, pressure=pressures)
    else:  # WebKitGTK's driver presses with 1, then 0: the pressures come from script-made events
        editor.synthetic_pen_stroke(points, pressure=pressures)
    wait_inks(editor, 1)
    [ink] = inks(editor)
    assert ink.get("pressures"), "the engine kept the pressures"
    # The engine's outline (InkOutline, the saved appearance's): filled, width × clamp(pressure,
    # 0.1, 1) × 1.5 at each point: thin where the pen pressed lightly, wide where it pressed hard.
    inside = editor.js(f"""(() => {{
        const path = document.querySelector('.annotations .annotation.ink .ink-stroke');
        const probe = (x, dy) => path.isPointInFill(new DOMPoint(x, {BAND_Y} + dy));
        return [path.getAttribute('fill') !== 'none', probe(110, 0), probe(110, 1.2), probe(360, 1.2), probe(360, 2.5)];
    }})()""")
    assert inside == [True, True, False, True, False], inside
    editor.screenshot("pressure-stroke")
    assert not editor.errors


def test_stroke_lands_under_the_pen_on_a_rotated_cropped_page(new_editor):
    editor = new_editor()
    editor.show_page(2)
    editor.js("marginalia.setTool('draw')")
    box = editor.js("(() => { const r = marginalia.viewer.views[2].element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    start = (box[0] + box[2] * 0.3, box[1] + box[3] * 0.5)
    points = [(start[0] + i * 8, start[1] + (i % 2) * 6) for i in range(20)]
    editor.pen_stroke(points)
    wait_inks(editor, 1, page=2)
    [ink] = [a for a in inks(editor) if a["pageIndex"] == 2]
    first = ink["paths"][0][0]
    client = editor.page_point_to_client(2, first[0], first[1])
    assert abs(client[0] - start[0]) < 6 and abs(client[1] - start[1]) < 6, (client, start)
    editor.screenshot("rotated-page-stroke")


def test_eraser_removes_the_stroke(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)
    editor.press("e")
    sweep = [editor.page_point_to_client(0, 200 + i, BAND_Y - 40 + i * 8) for i in range(11)]
    editor.pen_stroke(sweep)
    wait_inks(editor, 0)
    assert inks(editor) == []


def test_undo_and_redo_with_the_keyboard(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)
    editor.press("Control+z")
    wait_inks(editor, 0)
    editor.press("Control+Shift+z")
    wait_inks(editor, 1)
    assert len(inks(editor)) == 1


def test_text_box_shape_and_note(new_editor):
    editor = new_editor()
    before = len(editor.annotations())

    editor.click("button[data-tool=text]")
    x, y = editor.page_point_to_client(0, 100, 200)
    editor.pen_stroke([(x, y), (x + 1, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.type("Hello from the browser")
    editor.js("document.activeElement.blur()")  # as a tap elsewhere: commits
    editor.wait_until("[...document.querySelectorAll('.annotation.freeText text')].some(t => t.textContent.includes('Hello from the browser'))")

    editor.click("button[data-tool=shape]")
    a = editor.page_point_to_client(0, 350, 150)
    b = editor.page_point_to_client(0, 500, 250)
    editor.pen_stroke([a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.square').length >= 1")

    editor.click("button[data-tool=note]")
    x, y = editor.page_point_to_client(0, 540, 100)
    editor.pen_stroke([(x, y), (x, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.type("A sticky note")
    editor.js("document.activeElement.blur()")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'note' && a.contents === 'A sticky note')")

    added = editor.annotations()[before:]
    kinds = sorted(a["type"] for a in added)
    assert kinds == ["freeText", "note", "square"], kinds
    text = next(a for a in added if a["type"] == "freeText")
    assert text["text"] == "Hello from the browser"
    note = next(a for a in added if a["type"] == "note")
    assert note["contents"] == "A sticky note"
    editor.screenshot("text-shape-note")


def test_pencil_only_mode_ignores_touch_drawing(new_editor):
    editor = new_editor(has_touch=True)
    editor.click("button[data-tool=settings]")
    editor.click("#popover button", "Pencil only")
    editor.press("Escape")
    editor.js("marginalia.setTool('draw')")
    scroll_before = editor.js("marginalia.viewer.scroller.scrollTop")
    before = server_revision_after_input(editor)
    editor.touch_stroke([editor.page_point_to_client(0, 100 + i * 10, BAND_Y + i * 10) for i in range(15)])
    assert server_revision_after_input(editor) == before, "a finger must not draw in pencil-only mode"
    assert inks(editor) == [], "a finger must not draw in pencil-only mode"
    assert editor.js("marginalia.viewer.scroller.scrollTop") != scroll_before, "a finger scrolls instead"
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)


def test_draw_with_finger_mode_draws_with_one_finger(new_editor):
    editor = new_editor(has_touch=True)
    editor.draw_with_finger()
    editor.js("marginalia.setTool('draw')")
    editor.touch_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)


def test_two_tabs_see_each_others_strokes(new_editor):
    first = new_editor()
    second = new_editor()
    first.js("marginalia.setTool('draw')")
    first.pen_stroke(stroke_points(first, 0, 100, 300, BAND_Y))
    wait_inks(first, 1)
    wait_inks(second, 1, timeout=10000)

    second.js("marginalia.setTool('draw')")
    second.pen_stroke(stroke_points(second, 0, 100, 300, BAND_Y - 80))
    wait_inks(second, 2)
    wait_inks(first, 2, timeout=10000)
    second.screenshot("second-tab")
    assert first.js("marginalia.model.revision") == second.js("marginalia.model.revision")


def test_toolbar_long_press_opens_settings_without_changing_tool(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('select')")
    x, y, width, height = editor.box("button[data-tool=draw]")
    editor.mouse_press(x + width / 2, y + height / 2, 700)
    assert editor.visible("#popover")
    assert editor.attribute("button[data-tool=select]", "aria-pressed") == "true"
    editor.screenshot("draw-settings")
    editor.press("Escape")
    editor.click("button[data-tool=draw]")
    assert editor.attribute("button[data-tool=draw]", "aria-pressed") == "true"


def test_gesture_actions_belong_to_one_gesture(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=settings]")
    editor.select_option("select[data-gesture=penBarrelButton]", "toggleEraser")
    assert editor.value("select[data-gesture=doubleTap]") == "none"
    label = editor.text("select[data-gesture=doubleTap] option[value=toggleEraser]")
    assert "(in use)" in label
    # The engine's preferences, kept in its own JSON format.
    saved = editor.js("JSON.parse(localStorage.getItem('marginalia.preferences.v1')).gestures")
    assert saved["penBarrelButton"] == "toggleEraser" and saved["doubleTap"] == "none"


def test_settings_say_double_tap_and_squeeze_need_a_native_app(new_editor):
    """Issue 34, item 8: Apple Pencil's double tap and squeeze never fire in a browser, so
    Settings says so and offers no way to change them; the barrel button and the eraser end,
    which browsers report, keep menus that work."""
    editor = new_editor()
    editor.click("button[data-tool=settings]")
    native = editor.text("[data-hint=native-gestures]")
    assert "double-tap and squeeze need a native app" in native
    assert "in the browser" in editor.text("[data-hint=browser-gestures]").lower()
    assert "barrel button and eraser end" in editor.text("[data-hint=browser-gestures]")
    for gesture in ("doubleTap", "singleSqueeze", "doubleSqueeze"):
        assert editor.js(f"document.querySelector('select[data-gesture={gesture}]').disabled") is True, gesture
    for gesture in ("penEraserEnd", "penBarrelButton"):
        assert editor.js(f"document.querySelector('select[data-gesture={gesture}]').disabled") is False, gesture
    # Nothing in the popover suggests the gestures work "where reported".
    popover = editor.text("#popover")
    assert "where the browser reports" not in popover and "where reported" not in popover
    editor.screenshot("pen-gesture-settings")


def test_save_clears_the_unsaved_mark_and_download_holds_the_ink(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)
    assert "dirty" in editor.attribute("button[data-tool=save]", "class")
    editor.click("button[data-tool=save]")
    editor.wait_until("!document.querySelector('button[data-tool=save]').classList.contains('dirty')")

    name, data = editor.download(lambda: editor.click_toolbar("download"))
    assert name == "sample.pdf"
    fitz = pytest.importorskip("fitz")
    kinds = [annot.type[1] for annot in fitz.open(stream=data, filetype="pdf")[0].annots()]
    assert "Ink" in kinds, kinds


def test_segment_eraser_cuts_a_stroke_and_undo_restores_it(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=erase]", button="right")
    editor.click("#popover button", "Parts of strokes")
    editor.press("Escape")
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke([editor.page_point_to_client(0, 100 + i * 10, BAND_Y) for i in range(21)])
    wait_inks(editor, 1)
    [original] = inks(editor)
    editor.press("e")
    editor.pen_stroke([editor.page_point_to_client(0, 200, BAND_Y - 30 + i * 6) for i in range(11)])
    # The engine keeps the two pieces as one ink annotation with two paths.
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'ink' && a.paths.length === 2)")
    [cut] = inks(editor)
    assert len(cut["paths"]) == 2 and cut["id"] != original["id"]
    assert editor.count(".annotations .annotation.ink .ink-stroke") == 2
    editor.press("Control+z")
    # The cut is one ink annotation too: wait for the original to be back, not for a count.
    editor.wait_until(f"marginalia.model.hasAnnotation('{original['id']}')")
    wait_inks(editor, 1)
    assert [a["id"] for a in inks(editor)] == [original["id"]]


def test_export_flattened_has_no_annotations_left(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    wait_inks(editor, 1)
    editor.press("Control+s")
    editor.wait_until("!document.querySelector('button[data-tool=save]').classList.contains('dirty')")
    editor.click_toolbar("export")
    assert not editor.visible("#popover button", "Export PNG"), "PNG export is for image documents"
    name, data = editor.download(lambda: editor.click("#popover button[data-export=flattened-drop]"))
    assert name == "sample-flattened.pdf"
    fitz = pytest.importorskip("fitz")
    page = fitz.open(stream=data, filetype="pdf")[0]
    assert [a.type[1] for a in page.annots()] == []
    # The stroke is now page content: the band where it was drawn is no longer blank.
    clip = fitz.Rect(90, 792 - BAND_Y - 30, 310, 792 - BAND_Y + 30)
    pixmap = page.get_pixmap(clip=clip)
    assert min(pixmap.samples) < 128


def test_highlight_follows_the_page_text(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=highlight]")
    # The first body line of the sample sits between y = 687 and 702 (page space).
    editor.pen_stroke([editor.page_point_to_client(0, 80 + i * 20, 695) for i in range(12)])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length >= 1")
    [mark] = [a for a in editor.annotations() if a["type"] == "highlight"]
    assert len(mark["quads"]) == 1
    xs, ys = mark["quads"][0][0::2], mark["quads"][0][1::2]
    assert 72 <= min(xs) <= 90 and 280 <= max(xs) <= 320, xs
    assert 680 <= min(ys) and max(ys) <= 710, ys

    # Two lines: one quad each.
    editor.press("Control+z")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length === 0")
    editor.pen_stroke([editor.page_point_to_client(0, 200, 695), editor.page_point_to_client(0, 150, 680)])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length >= 1")
    [mark] = [a for a in editor.annotations() if a["type"] == "highlight"]
    assert len(mark["quads"]) == 2
    editor.screenshot("highlight")


def test_touch_while_the_pen_is_down_is_a_palm(new_editor):
    editor = new_editor(has_touch=True)
    editor.click("button[data-tool=settings]")
    editor.click("#popover button", "Pencil only")
    editor.press("Escape")
    editor.js("marginalia.setTool('draw')")
    points = stroke_points(editor, 0, 100, 300, BAND_Y)
    editor.pen_down(points[0])
    scroll = editor.js("marginalia.viewer.scroller.scrollTop")
    editor.touch_stroke(editor.page_points_to_client(0, [(400, 200 + i * 15) for i in range(10)]))  # the palm
    assert editor.js("marginalia.viewer.scroller.scrollTop") == scroll, "a palm must not scroll"
    editor.pen_moves(points[1:])
    editor.pen_up(points[-1])
    wait_inks(editor, 1)
    [ink] = inks(editor)
    assert all(p[0] < 320 for path in ink["paths"] for p in path), "only the pen's stroke"
    editor.screenshot("palm")


def test_selection_bar_edits_a_text_box(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=text]")
    x, y = editor.page_point_to_client(0, 100, 200)
    editor.pen_stroke([(x, y), (x + 1, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.type("First")
    editor.js("document.activeElement.blur()")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.freeText').length === 1")
    editor.press("v")
    x, y = editor.page_point_to_client(0, 110, 190)
    editor.pen_stroke([(x, y), (x, y)])
    editor.click(".selection-bar button[aria-label='Edit text']")
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.press("End")
    # Another tab moves the box while its text is typed: the move is kept.
    [box] = [a for a in editor.annotations() if a["type"] == "freeText"]
    moved = [box["rect"][0] + 50, box["rect"][1] - 30, box["rect"][2] + 50, box["rect"][3] - 30]
    revision = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
        {"protocol": 1, "baseRevision": revision, "clientId": "other-tab", "command": {"type": "change", "annotation": {**box, "rect": moved}}})
    editor.wait_until(f"marginalia.model.annotation('{box['id']}').rect[0] === {moved[0]}")
    editor.type(" and second")
    editor.js("document.activeElement.blur()")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.text === 'First and second')")
    [edited] = [a for a in editor.annotations() if a["type"] == "freeText"]
    assert edited["rect"] == pytest.approx(moved, abs=0.01), (edited["rect"], moved)


def test_arrow_keys_nudge_the_selection(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=shape]")
    editor.pen_stroke([editor.page_point_to_client(0, 300, 200), editor.page_point_to_client(0, 350, 250),
                       editor.page_point_to_client(0, 400, 300)])
    editor.wait_until("!!marginalia.selected()")
    before = editor.js("marginalia.selected().rect")
    editor.press("v")
    editor.press("ArrowRight")
    editor.press("Shift+ArrowUp")
    editor.wait_until(f"marginalia.selected() && Math.abs(marginalia.selected().rect[1] - {before[1] + 10}) < 0.01")
    after = editor.js("marginalia.selected().rect")
    assert after[0] == pytest.approx(before[0] + 1, abs=0.01)
    editor.press("Escape")
    assert editor.js("marginalia.selected()") is None


def test_each_tab_undoes_only_its_own_strokes(new_editor):
    first = new_editor()
    second = new_editor()
    first.js("marginalia.setTool('draw')")
    first.pen_stroke(stroke_points(first, 0, 100, 300, BAND_Y))
    wait_inks(second, 1, timeout=10000)
    [mine] = [a["id"] for a in first.annotations() if a["type"] == "ink"]
    second.js("marginalia.setTool('draw')")
    second.pen_stroke(stroke_points(second, 0, 100, 300, BAND_Y - 80))
    wait_inks(first, 2, timeout=10000)
    # The first tab's undo takes back its own stroke, not the second tab's later one.
    first.press("Control+z")
    wait_inks(second, 1, timeout=10000)
    left = [a["id"] for a in first.annotations() if a["type"] == "ink"]
    assert len(left) == 1 and mine not in left
    # A reload keeps the tab's history: its redo brings its stroke back.
    first.reload()
    first.press("Control+Shift+z")
    wait_inks(second, 2, timeout=10000)
    assert mine in [a["id"] for a in first.annotations() if a["type"] == "ink"]


def test_undo_of_a_stroke_someone_else_moved_is_refused_and_nothing_is_lost(new_editor):
    first = new_editor()
    second = new_editor()
    first.js("marginalia.setTool('draw')")
    first.pen_stroke(stroke_points(first, 0, 100, 300, BAND_Y))
    wait_inks(second, 1, timeout=10000)
    [stroke] = [a for a in first.annotations() if a["type"] == "ink"]
    second.js("localStorage.setItem('marginalia.userName', 'Ben')")  # the name the Comments panel keeps
    second.js(f"marginalia.command({{type: 'move', ids: ['{stroke['id']}'], dx: 0, dy: -40}})")
    first.wait_until("marginalia.model.revision >= 2", timeout=10000)
    first.press("Control+z")
    first.wait_until("document.querySelector('#status').textContent.includes('Cannot undo')", timeout=10000)
    first.screenshot("undo-refused")
    # Who and what, in words: no annotation id, no tab id.
    message = first.text("#status")
    # The sentence is the catalog's for the server's reason (conflict.undoRefused.annotation).
    assert message.startswith("Cannot undo: Ben has changed this annotation since"), message
    assert stroke["id"] not in message and "tab-" not in message, message
    [after] = [a for a in first.annotations() if a["type"] == "ink"]
    assert after["id"] == stroke["id"] and after["rect"][1] < stroke["rect"][1]  # still there, where the second tab put it
    assert first.count(".annotations .annotation.ink") == 1
