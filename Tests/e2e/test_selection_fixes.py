"""Issue 26, items 6 and 7 in the browser: a rubber band drawn with the mouse selects what it
encloses (it selected nothing: the engine compared a recomputed union with the band), and a
stroke just drawn, tapped with Select, is boxed where it is (its rect came back from the server
as [0, 0, 0, 0], so the box and its handles reached to the page's corner). Each runs in
Chromium and in WebKit."""

from editor_harness import api, send_command


def command(editor, body):
    return send_command(editor, body, "test-selection")


def test_a_rubber_band_selects_what_it_encloses(new_editor):
    editor = new_editor()
    command(editor, {"type": "add", "annotations": [
        {"type": "square", "id": "left", "pageIndex": 0, "rect": [100, 300, 150, 350], "color": "#FF0000"},
        {"type": "square", "id": "right", "pageIndex": 0, "rect": [200, 300, 250, 350], "color": "#0000FF"},
        {"type": "ink", "id": "outside", "pageIndex": 0, "paths": [[[320, 300], [400, 340]]]}]})
    editor.wait_until("marginalia.model.hasAnnotation('outside')")
    editor.js("marginalia.setTool('select')")
    start, end = editor.page_point_to_client(0, 80, 380), editor.page_point_to_client(0, 270, 280)
    editor.mouse_drag([(start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10) for i in range(11)])
    editor.wait_until("marginalia.selection().ids.length > 0", timeout=3000)
    assert sorted(editor.js("marginalia.selection().ids")) == ["left", "right"]
    assert editor.count(".selection-box") == 1
    editor.screenshot("rubber-band-selected")
    assert not editor.errors


def test_a_stroke_just_drawn_is_boxed_where_it_is(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    points = [(120 + i * 10, 500 + (i % 3) * 6) for i in range(15)]
    client = editor.page_points_to_client(0, points)
    editor.pen_stroke(client)
    editor.wait_until("[...marginalia.model.allAnnotations()].filter((a) => a.type === 'ink').length === 1")
    editor.js("marginalia.setTool('select')")
    editor.mouse_click(*client[7])
    editor.wait_until("marginalia.selection().ids.length === 1")
    x1, y1, x2, y2 = editor.js("marginalia.selection().bounds")
    # The stroke's points grown by its width: nowhere near the page's corner.
    assert 110 < x1 < 120 and 260 < x2 < 275 and 490 < y1 < 500 and 512 < y2 < 522, (x1, y1, x2, y2)
    handles = editor.js("marginalia.selection().handles")
    assert all(110 < hx < 275 and 490 < hy < 522 for hx, hy in handles), handles
    editor.screenshot("new-stroke-selected")
    assert not editor.errors
