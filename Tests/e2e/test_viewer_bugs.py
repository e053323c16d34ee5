"""Bugs a new user met in the viewer (issue 15, items 4 and 6), each with the test that failed
before its fix."""

import pytest

from editor_harness import server_revision_after_input

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
        editor.draw_with_finger()
    editor.js("marginalia.setTool('draw')")
    editor.click("button[data-tool=draw]", button="right")
    assert editor.visible("#popover")
    point = editor.page_point_to_client(0, *POINT)
    tap = (lambda: editor.touch([{0: point}, {}])) if finger else (lambda: editor.mouse_click(*point))
    before = server_revision_after_input(editor)
    tap()
    editor.wait_until("![...document.querySelectorAll('#popover')].some((e) => e.getClientRects().length > 0)")
    assert server_revision_after_input(editor) == before, "and drew nothing"
    assert inks(editor) == [], "and drew nothing"
    tap()
    editor.wait_until("marginalia.model.annotationCount > 2")
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
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'freeText')")
    editor.commands_answered()
    assert not editor.js("!!document.querySelector('.text-editor')"), "the tap elsewhere opened no new box"
    [box] = [a for a in editor.annotations() if a["type"] == "freeText"]
    x1, y1, x2, y2 = box["rect"]
    assert y2 - y1 > 3 * 14, f"the saved box holds every line (height {y2 - y1:.0f})"
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=10000)
    editor.screenshot("text-box-wrapped")


# MARK: Item 6

def reopen(editor):
    """Reloads the editor's tab (its storage kept) and waits for its document, leaving the
    view as the editor chose it (Editor.reload sets zoom 1 on the first page)."""
    editor.tab.reload()
    editor.wait_opened()


def wait_remembered(editor, condition):
    """Waits until the view the tab keeps for the document (viewstate.js, written after a
    pause) meets `condition`, a JS expression of `view`."""
    editor.wait_until(f"""(() => {{ const view = JSON.parse(localStorage.getItem('marginalia.views') ?? '{{}}')
        .documents?.[{editor.doc_id!r}]; return !!view && ({condition}); }})()""")


def test_the_keyboard_scrolls_the_pages_from_the_start(new_editor):
    editor = new_editor()
    reopen(editor)  # as loaded, nothing clicked
    before = editor.js("marginalia.viewer.scroller.scrollTop")
    # Waited for, not slept: WebKit scrolls smoothly, and on a busy machine (the pages' text
    # layers being made meanwhile) its animation may take longer than a fixed pause.
    editor.press("PageDown")
    editor.wait_until(f"marginalia.viewer.scroller.scrollTop > {before} + 100", timeout=3000)
    after = editor.wait_steady("marginalia.viewer.scroller.scrollTop")
    editor.press("Space")
    editor.wait_until(f"marginalia.viewer.scroller.scrollTop > {after} + 100", timeout=3000)


def test_a_reload_keeps_the_page_and_the_zoom(new_editor):
    editor = new_editor()
    editor.js("marginalia.viewer.setZoom(1.5); marginalia.viewer.goToPage(2)")
    wait_remembered(editor, "view.page === 2 && view.zoom === 1.5")
    reopen(editor)
    assert editor.js("marginalia.viewer.currentPage") == 2
    assert abs(editor.js("marginalia.viewer.zoom") - 1.5) < 0.01
    editor.js("marginalia.viewer.fitWidth(); marginalia.viewer.goToPage(1)")
    wait_remembered(editor, "view.page === 1 && view.fit === 'width'")
    reopen(editor)
    assert editor.js("marginalia.viewer.currentPage") == 1
    assert editor.js("marginalia.viewer.isFitWidth()"), "fit width is remembered as such"


def test_the_pages_menu_follows_the_page_and_closes_once_it_acted(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=pages]")
    assert editor.visible("#popover", "Page 1 of 3")
    editor.js("marginalia.viewer.goToPage(1)")
    editor.wait_until("document.querySelector('#popover').textContent.includes('Page 2 of 3')")
    editor.click("#popover button", "Add page after this one")
    editor.wait_until("marginalia.viewer.views.length === 4", timeout=10000)
    assert not editor.visible("#popover"), "the menu closed"


def test_thumbnails_show_annotations_and_follow_the_page(new_editor, web_server):
    from viewer_helpers import upload_corpus
    editor = new_editor()
    editor.click("button[data-tool=sidebar]")
    editor.wait_until("marginalia.viewer.thumbViews[0].canvas.width > 0 && marginalia.viewer.thumbViews[0].rendered")
    editor.screenshot("thumbnails")
    # The sample's red square (page 1; a 1 pt frame, faint at thumbnail size), drawn in the
    # thumbnail from its appearance: pixels clearly redder than grey.
    editor.wait_until("""(() => { const c = marginalia.viewer.thumbViews[0].canvas;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let red = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] - d[i + 1] > 50 && d[i] - d[i + 2] > 50) red++;
        return red > 50; })()""")
    book = new_editor(doc_id=upload_corpus(web_server, "pdfjs-freeculture.pdf"))
    book.click("button[data-tool=sidebar]")
    book.js("marginalia.viewer.goToPage(120)")
    book.wait_until("""(() => { const t = marginalia.viewer.thumbViews[120].button.getBoundingClientRect();
        const s = document.getElementById('thumbnails').getBoundingClientRect();
        return t.top >= s.top - 1 && t.bottom <= s.bottom + 1; })()""")


def test_a_note_near_the_right_edge_opens_its_editor_on_the_page(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('note')")
    editor.mouse_click(*editor.page_point_to_client(0, 600, 100))
    editor.wait_until("!!document.querySelector('.text-editor')")
    inside = editor.js("""(() => { const a = document.querySelector('.text-editor').getBoundingClientRect();
        const p = marginalia.viewer.views[0].element.getBoundingClientRect();
        const s = marginalia.viewer.scroller.getBoundingClientRect();
        return [a.left >= p.left, a.right <= p.right, a.bottom <= p.bottom, a.right <= s.right, a.bottom <= s.bottom]; })()""")
    assert all(inside), inside
    editor.screenshot("note-near-edge")
    editor.press("Escape")
