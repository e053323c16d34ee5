"""Bugs a new user met in the viewer (issue 15, items 4 and 6), each with the test that failed
before its fix."""

import pytest

# Low on the page, away from the popover under the toolbar.
POINT = (450, 120)


def inks(editor):
    return [a for a in editor.annotations() if a["type"] == "ink"]


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_a_press_that_closes_a_popover_does_not_draw(new_editor, finger):
    """With Draw active and its settings open, a tap on the page closes the popover and
    nothing else (it used to leave an ink dot); the next tap draws."""
    editor = new_editor(has_touch=finger)
    if finger:
        editor.js("localStorage.clear()")
        editor.click("button[data-tool=settings]")
        editor.click("#popover button", "Draw with finger")
        editor.press("Escape")
    editor.js("marginalia.setTool('draw')")
    editor.click("button[data-tool=draw]", button="right")
    assert editor.visible("#popover")
    point = editor.page_point_to_client(0, *POINT)
    tap = (lambda: editor.touch([{0: point}, {}])) if finger else (lambda: editor.mouse_click(*point))
    tap()
    editor.settle(600)
    assert not editor.visible("#popover"), "the tap closed the popover"
    assert inks(editor) == [], "and drew nothing"
    tap()
    editor.wait_until("marginalia.model.annotations.size > 2")
    assert len(inks(editor)) == 1, "the next tap draws a dot"


def test_a_palm_that_landed_before_the_pen_is_rolled_back(new_editor):
    """A hand lands and drags the page 60 px, then the pen draws a horizontal line while the
    hand drifts 100 px more: the page goes back to where it was when the hand landed and stays
    there, and the line is straight (the page used to scroll under the pen: a staircase)."""
    editor = new_editor(has_touch=True)
    editor.js("marginalia.setTool('draw')")
    scroller = "marginalia.viewer.scroller.scrollTop"
    before = editor.js(scroller)
    palm = [editor.page_point_to_client(0, 450, 250)]
    palm += [(palm[0][0], palm[0][1] - 20 * i) for i in range(1, 4)]
    editor.touch([{1: p} for p in palm])
    assert editor.js(scroller) != before, "the hand alone pans the page"
    line = editor.page_points_to_client(0, [(100 + 10 * i, 400) for i in range(21)])
    editor.pen_down(line[0])
    assert editor.js(scroller) == before, "the pen's landing rolls the hand's pan back"
    for i, point in enumerate(line[1:], start=1):
        editor.touch([{1: (palm[-1][0], palm[-1][1] - 5 * i)}])  # the hand drifts 100 px
        editor.pen_moves([point])
    editor.pen_up(line[-1])
    editor.touch([{}])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 1")
    assert editor.js(scroller) == before, "the page stayed where it was"
    [ink] = inks(editor)
    ys = [p[1] for path in ink["paths"] for p in path]
    assert max(ys) - min(ys) < 2, f"the line is straight (y from {min(ys):.1f} to {max(ys):.1f})"
    editor.screenshot("palm-before-pen")


LONG_TEXT = "A sentence long enough to wrap several times inside a text box that is only two hundred points wide."


def test_a_text_box_grows_with_its_wrapped_text_and_a_tap_elsewhere_only_finishes_it(new_editor, web_server):
    """A tap places a one-line box; typing a long sentence wraps it: the editor grows so its
    first line stays in view, the saved box is tall enough for every line (the flattened PDF
    showed one), and the tap that finishes it opens no second box."""
    editor = new_editor()
    editor.js("marginalia.setTool('text')")
    editor.mouse_click(*editor.page_point_to_client(0, 100, 440))
    editor.wait_until("!!document.querySelector('.text-editor')")
    height = editor.js("document.querySelector('.text-editor').getBoundingClientRect().height")
    editor.type(LONG_TEXT)
    grown = editor.js("(() => { const a = document.querySelector('.text-editor'); "
                      "return [a.getBoundingClientRect().height, a.scrollTop, a.scrollHeight - a.clientHeight]; })()")
    assert grown[0] > 2 * height, f"the editor grew from {height:.0f} to {grown[0]:.0f} px"
    assert grown[1] == 0 and grown[2] <= 1, "every line is in view, the first one included"
    editor.mouse_click(*editor.page_point_to_client(0, 450, 120))
    editor.wait_until("[...marginalia.model.annotations.values()].some((a) => a.type === 'freeText')")
    editor.settle(500)
    assert not editor.js("!!document.querySelector('.text-editor')"), "the tap elsewhere opened no new box"
    [box] = [a for a in editor.annotations() if a["type"] == "freeText"]
    x1, y1, x2, y2 = box["rect"]
    assert y2 - y1 > 3 * 14, f"the saved box holds every line (height {y2 - y1:.0f})"
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=10000)
    editor.screenshot("text-box-wrapped")
