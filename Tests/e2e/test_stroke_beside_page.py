"""Issue 34, item 5 in the browser: a stroke begun beside a page, in the gap between two pages
or in the viewer's margin, goes onto the nearest page within 24 view points (the engine's
EditorEngine.strokeReach), clipped to it; one begun farther away draws nothing. Pen, mouse and
touch; each test runs in Chromium and in WebKit. The editor is at zoom 1 (one view point per
page point), so page points beside a page are the view points beside it."""

import json

import pytest

from editor_harness import api, server_revision_after_input

# Page 1 of Samples/sample.pdf is 612 x 792 points, page 2 595.276 x 841.89; page 3 is turned
# (/Rotate 90) and shows its CropBox.
PAGE2_TOP = 841.89
PAGE3_CROP = (36, 36, 576, 756)


def inks(editor):
    return [a for a in editor.annotations() if a["type"] == "ink"]


def wait_inks(editor, count):
    editor.wait_until(f"document.querySelectorAll('.annotations .annotation.ink').length === {count}")


def path(editor, page, start, step, count=20):
    """Client points from page point `start`, `count` steps of `step` (page points)."""
    return editor.page_points_to_client(page, [(start[0] + step[0] * i, start[1] + step[1] * i) for i in range(count + 1)])


def element_at(editor, point):
    """What is under a client point: the page, the pages' gap or the viewer's margin."""
    return editor.js(f"""(() => {{ const e = document.elementFromPoint({point[0]}, {point[1]});
        return e === marginalia.viewer.scroller ? 'margin' : e.closest('.page') ? 'page' : e.closest('.pages') ? 'gap' : e.tagName; }})()""")


def show(editor, page, point):
    """Scrolls page point `point` of page `page` to the middle of the window, and tells the
    engine the new offset at once (the scroll event would, a frame later)."""
    x, y = editor.page_point_to_client(page, *point)
    editor.js(f"marginalia.viewer.scroller.scrollBy({x} - innerWidth / 2, {y} - innerHeight / 2); marginalia.viewer.scrolled()")


def beside(editor, page, dx, fraction=0.5, steps=20, step=10):
    """Client points of a horizontal drag begun `dx` view points left of page `page`'s frame
    (negative: inside), at `fraction` of its height, going right `steps` times `step` points."""
    left, top, _, bottom = editor.js(f"""(() => {{ const b = document.querySelectorAll('.page')[{page}].getBoundingClientRect();
        return [b.left, b.top, b.right, b.bottom]; }})()""")
    y = top + (bottom - top) * fraction
    return [[left - dx + step * i, y + (i % 3)] for i in range(steps + 1)]


def on_edge(point, box):
    x, y = point
    return min(abs(x - box[0]), abs(y - box[1]), abs(x - box[2]), abs(y - box[3])) < 0.01


def points_of(ink):
    return [p for stroke in ink["paths"] for p in stroke]


def test_a_pen_stroke_begun_in_the_gap_goes_to_the_nearest_page(new_editor):
    """Begun 3 points under page 1 (9 above page 2): page 1, cut at its bottom edge; begun 3
    points above page 2: page 2, cut at its top edge. The saved file holds both."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    show(editor, 0, (300, 0))
    first = path(editor, 0, (300, -3), (6, 10))
    assert element_at(editor, first[0]) == "gap"
    editor.pen_stroke(first)
    wait_inks(editor, 1)
    second = path(editor, 1, (280, PAGE2_TOP + 3), (6, -10))
    assert element_at(editor, second[0]) == "gap"
    editor.pen_stroke(second)
    wait_inks(editor, 2)
    by_page = {ink["pageIndex"]: ink for ink in inks(editor)}
    assert sorted(by_page) == [0, 1], by_page
    on_first, on_second = points_of(by_page[0]), points_of(by_page[1])
    assert min(y for _, y in on_first) == pytest.approx(0, abs=0.01), "cut at page 1's bottom edge"
    assert max(y for _, y in on_second) == pytest.approx(PAGE2_TOP, abs=0.01), "cut at page 2's top edge"
    assert all(0 <= x <= 612 and 0 <= y <= 792 for x, y in on_first)
    # The saved file: one ink on each of the first two pages.
    fitz = pytest.importorskip("fitz")
    pdf = fitz.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")
    assert [[a.type[1] for a in pdf[i].annots() if a.type[1] == "Ink"] for i in range(2)] == [["Ink"], ["Ink"]]
    editor.screenshot("stroke-begun-in-the-gap")
    assert not editor.errors


def test_a_mouse_stroke_begun_in_the_viewers_margin_goes_onto_the_page(new_editor):
    """Page 3 is the widest (turned): 18 view points left of it is the viewer's own margin, beyond
    the pages' element. A mouse stroke begun there is on page 3, starting at its edge; one
    begun 18 points left of the narrower page 1 (inside the pages' element) is on page 1."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw'); marginalia.viewer.goToPage(2)")
    editor.wait_until("marginalia.viewer.scroller.scrollTop > 0")
    points = beside(editor, 2, 18)
    assert element_at(editor, points[0]) == "margin"
    editor.mouse_drag(points)
    wait_inks(editor, 1)
    [ink] = inks(editor)
    assert ink["pageIndex"] == 2
    # The turned page shows its CropBox, [36 36 576 756]: the stroke starts on its edge.
    assert on_edge(ink["paths"][0][0], PAGE3_CROP), ink["paths"][0][:2]
    assert all(36 <= x <= 576 and 36 <= y <= 756 for x, y in points_of(ink))

    show(editor, 0, (0, 420))
    points = path(editor, 0, (-18, 420), (12, 3))
    assert element_at(editor, points[0]) in ("gap", "margin")
    editor.mouse_drag(points)
    wait_inks(editor, 2)
    [ink] = [i for i in inks(editor) if i["pageIndex"] == 0]
    assert min(x for x, _ in points_of(ink)) == pytest.approx(0, abs=0.01), "cut at the page's left edge"
    editor.screenshot("stroke-begun-in-the-margin")
    assert not editor.errors


def test_a_finger_stroke_begun_in_the_gap_goes_to_the_nearest_page(new_editor):
    """Draw with finger: a finger set down 4 points above page 2 draws on page 2."""
    editor = new_editor(has_touch=True)
    editor.draw_with_finger()
    editor.js("marginalia.setTool('draw')")
    show(editor, 1, (200, PAGE2_TOP))
    points = path(editor, 1, (200, PAGE2_TOP + 4), (8, -9))
    assert element_at(editor, points[0]) == "gap"
    editor.touch_stroke(points)
    wait_inks(editor, 1)
    [ink] = inks(editor)
    assert ink["pageIndex"] == 1, ink
    assert max(y for _, y in points_of(ink)) <= PAGE2_TOP + 0.01
    assert not editor.errors


def test_a_stroke_begun_farther_away_draws_nothing(new_editor):
    """Begun 40 points left of page 1 (beyond the 24-point reach), pen and mouse: nothing is
    drawn, even though the stroke then crosses the page; once every command has the server's
    answer, the revision is unchanged."""
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    show(editor, 0, (0, 420))
    before = server_revision_after_input(editor)
    points = path(editor, 0, (-40, 420), (12, 3))
    assert element_at(editor, points[0]) in ("gap", "margin")
    editor.pen_stroke(points)
    editor.mouse_drag(path(editor, 0, (-40, 300), (12, -3)))
    # In the viewer's own margin, beside the widest page.
    editor.js("marginalia.viewer.goToPage(2)")
    editor.wait_until("marginalia.viewer.scroller.scrollTop > 0")
    far = beside(editor, 2, 40)
    assert element_at(editor, far[0]) == "margin"
    editor.pen_stroke(far)
    assert server_revision_after_input(editor) == before
    assert inks(editor) == []
    assert editor.count(".annotations .annotation.ink") == 0
    # The same stroke begun within reach draws (the barrier above saw a live editor).
    editor.pen_stroke(beside(editor, 2, 20))
    wait_inks(editor, 1)
    assert not editor.errors
