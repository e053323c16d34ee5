"""Issue 34, item 1 in the browser: the page layouts of Settings' View section (continuous vertical, single
page, two pages side by side with or without a cover page, continuous horizontal), laid out by
the engine. In each layout a pen, a mouse and a finger stroke drawn on a page land on that page
where they were drawn, as the saved file read by pypdf shows; single pages turn by keys and by a
swipe; find, the outline and the thumbnails bring the right page into view. The choice is kept
with the preferences. Each test runs in Chromium and in WebKit."""

import io

import pytest

from editor_harness import ARTIFACTS, api
from viewer_helpers import handmade_pdf

LABELS = {"continuousVertical": "Continuous", "singlePage": "Single page", "twoUp": "Two pages",
          "twoUpCover": "Two pages with cover", "horizontal": "Horizontal"}
LAYOUTS = list(LABELS)

# Page space strokes on each page of Samples/sample.pdf (612 x 792; 595.276 x 841.89; a page
# turned by /Rotate 90 whose CropBox is [36 36 576 756]): from the first point to the last.
STROKES = {0: ((100, 500), (300, 560)), 1: ((150, 600), (400, 650)), 2: ((200, 300), (350, 420))}


def choose_layout(editor, layout, screenshot=None):
    """Picks a layout in Settings' View section, as a user does, and waits for the engine's
    answer; `screenshot` names a picture of the menu taken after the choice."""
    control = "#popover .segmented[aria-label='Page layout']"
    editor.click_toolbar("settings")
    editor.click(f"{control} button", LABELS[layout])
    editor.wait_until(f"document.querySelector(\"{control} [aria-checked=true]\")?.textContent === '{LABELS[layout]}'")
    if screenshot:
        editor.screenshot(screenshot)
    editor.wait_until(f"marginalia.viewer.layout === '{layout}'")
    editor.press("Escape")


def in_view(page):
    """A script: whether page `page` is shown and overlaps the viewer's visible area (by more
    than 20 points each way)."""
    return f"""(() => {{ const view = marginalia.viewer.views[{page}];
        if (!view || view.element.hidden) return false;
        const p = view.element.getBoundingClientRect(), s = marginalia.viewer.scroller.getBoundingClientRect();
        return Math.min(p.right, s.right) - Math.max(p.left, s.left) > 20 && Math.min(p.bottom, s.bottom) - Math.max(p.top, s.top) > 20; }})()"""


def page_boxes(editor):
    """Each page's client rect [left, top, right, bottom], or None where the layout hides it."""
    return editor.js("""marginalia.viewer.views.map((v) => { if (v.element.hidden) return null;
        const r = v.element.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")


def stroke_points(editor, page, count=16):
    (x0, y0), (x1, y1) = STROKES[page]
    return editor.page_points_to_client(page, [(x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count) for i in range(count + 1)])


def page_under(editor, point):
    return editor.js(f"document.elementFromPoint({point[0]}, {point[1]})?.closest('.page')?.dataset.page ?? null")


def ink_lists(editor, keep_as):
    """Each page's /InkList points of the saved file, in page space (pypdf); the file is kept
    in the artifacts as KEEP_AS-ENGINE.pdf (to render and look at)."""
    pypdf = pytest.importorskip("pypdf")
    saved = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{keep_as}-{editor.engine}.pdf").write_bytes(saved)
    reader = pypdf.PdfReader(io.BytesIO(saved))
    result = {}
    for index, page in enumerate(reader.pages):
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            if annot["/Subtype"] == "/Ink":
                result.setdefault(index, []).append([[float(v) for v in stroke] for stroke in annot["/InkList"]])
    return result


@pytest.mark.parametrize("layout", ["singlePage", "twoUp", "twoUpCover", "horizontal"])
def test_strokes_by_pen_mouse_and_finger_land_where_drawn_in_each_layout(new_editor, layout):
    editor = new_editor(has_touch=True)
    editor.draw_with_finger()
    choose_layout(editor, layout)
    editor.js("marginalia.setTool('draw')")
    boxes = page_boxes(editor)
    # The engine's layout, as the pages stand on the screen.
    if layout == "singlePage":
        assert [b is not None for b in boxes] == [True, False, False]
    elif layout == "twoUp":
        assert boxes[1][0] > boxes[0][2] and abs(boxes[1][1] - boxes[0][1]) < 130, boxes  # 1-2 side by side
        assert boxes[2][1] > max(boxes[0][3], boxes[1][3]), boxes
    elif layout == "twoUpCover":
        assert boxes[1][1] > boxes[0][3] and boxes[2][0] > boxes[1][2], boxes  # 1 alone, then 2-3
    else:
        assert boxes[1][0] > boxes[0][2] and boxes[2][0] > boxes[1][2], boxes
    # The finger first: touches within a second of a pen are taken for the hand holding it.
    for kind, page in (("touch", 0), ("pen", 1), ("mouse", 2)):
        editor.js(f"marginalia.viewer.goToPage({page})")
        editor.wait_until(f"(() => {{ const v = marginalia.viewer.views[{page}]; return !v.element.hidden && v.renderedZoom > 0; }})()")
        points = stroke_points(editor, page)
        assert page_under(editor, points[0]) == str(page) and page_under(editor, points[-1]) == str(page), (kind, page)
        {"pen": editor.pen_stroke, "mouse": editor.mouse_drag, "touch": editor.touch_stroke}[kind](points)
        editor.commands_answered()
        assert page in {a["pageIndex"] for a in editor.annotations() if a["type"] == "ink"}, (kind, page)
    editor.screenshot(f"layout-{layout}-strokes")
    saved = ink_lists(editor, f"layout-{layout}-saved")
    assert sorted(saved) == [0, 1, 2], saved
    for page, ((x0, y0), (x1, y1)) in STROKES.items():
        [[stroke]] = saved[page]
        assert stroke[0] == pytest.approx(x0, abs=1.5) and stroke[1] == pytest.approx(y0, abs=1.5), (page, stroke[:2])
        assert stroke[-2] == pytest.approx(x1, abs=1.5) and stroke[-1] == pytest.approx(y1, abs=1.5), (page, stroke[-2:])


def test_single_pages_turn_by_keys_and_by_a_swipe_and_the_choice_is_kept(new_editor):
    editor = new_editor(has_touch=True)
    choose_layout(editor, "singlePage", screenshot="layout-view-menu")
    editor.js("marginalia.viewer.scroller.focus()")
    shown = "marginalia.viewer.views.map((v) => !v.element.hidden).join()"
    for key, page in (("PageDown", 1), ("ArrowRight", 2), ("ArrowRight", 2), ("ArrowLeft", 1), ("PageUp", 0), ("Space", 1)):
        editor.press(key)
        editor.wait_until(f"marginalia.viewer.currentPage === {page} && {shown} === '{','.join('true' if i == page else 'false' for i in range(3))}'")
    editor.screenshot("layout-single-page")
    # A finger swiped to the left shows the next page, to the right the previous one; the draw
    # tool stays with the pen (the finger navigates), so nothing is drawn.
    left, top, right, bottom = editor.js("""(() => { const r = marginalia.viewer.views[1].element.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; })()""")
    middle = (top + bottom) / 2
    swipe = [(left + (right - left) * (0.8 - 0.6 * i / 12), middle + i) for i in range(13)]
    editor.touch_stroke(swipe)
    editor.wait_until("marginalia.viewer.currentPage === 2 && !marginalia.viewer.views[2].element.hidden")
    editor.touch_stroke(list(reversed(swipe)))
    editor.wait_until("marginalia.viewer.currentPage === 1 && !marginalia.viewer.views[1].element.hidden")
    editor.commands_answered()
    assert [a for a in editor.annotations() if a["type"] == "ink"] == []
    # Kept with the preferences: a reload opens in the same layout.
    editor.wait_until("JSON.parse(localStorage.getItem('marginalia.preferences.v1')).pageLayout === 'singlePage'")
    editor.reload()
    editor.wait_until("marginalia.viewer.layout === 'singlePage'")
    assert editor.count(".page:not([hidden])") == 1


# The link on page 1 of outlined_pdf(), in page space.
LINK = (100, 600, 300, 650)


def outlined_pdf():
    """Eight plain pages (objects 3 to 10) and an outline: "Second" goes to page 2, "Seventh"
    to page 7; on page 1 a link (object 14, at LINK) goes to page 6."""
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"
    return handmade_pdf([
        b"<< /Type /Catalog /Pages 2 0 R /Outlines 11 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 10 0 R] /Count 8 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [14 0 R] >>",
        *[page] * 7,
        b"<< /Type /Outlines /First 12 0 R /Last 13 0 R /Count 2 >>",
        b"<< /Title (Seventh) /Parent 11 0 R /Next 13 0 R /Dest [9 0 R /Fit] >>",
        b"<< /Title (Second) /Parent 11 0 R /Prev 12 0 R /Dest [4 0 R /Fit] >>",
        b"<< /Type /Annot /Subtype /Link /Rect [%d %d %d %d] /Border [0 0 0] /Dest [8 0 R /Fit] >>" % LINK,
    ])


@pytest.mark.parametrize("layout", LAYOUTS)
def test_find_outline_and_thumbnails_bring_the_page_into_view(new_editor, web_server, layout):
    # Find: "cropped" is only on the sample's third page.
    editor = new_editor()
    choose_layout(editor, layout)
    editor.js("marginalia.viewer.setZoom(1.5); marginalia.viewer.goToPage(0)")
    assert not editor.js(in_view(2)), page_boxes(editor)
    editor.press("Control+f")
    editor.wait_until("document.activeElement?.classList.contains('find-input')")
    editor.type("cropped")
    editor.wait_until("document.querySelector('.find-hit.current')?.closest('.page')?.dataset.page === '2'", timeout=8000)
    editor.wait_until("""(() => { const h = document.querySelector('.find-hit.current').getBoundingClientRect();
        const s = marginalia.viewer.scroller.getBoundingClientRect();
        return h.width > 0 && h.left >= s.left && h.right <= s.right && h.top >= s.top && h.bottom <= s.bottom; })()""")
    assert editor.js(in_view(2))
    editor.screenshot(f"layout-{layout}-find")
    editor.press("Escape")

    doc_id = api(web_server, "POST", "/api/v1/documents?name=outlined.pdf", outlined_pdf(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    choose_layout(editor, layout)
    editor.js("marginalia.viewer.goToPage(0)")
    editor.wait_page_drawn(0)
    # With Select, a click on the link goes to its page.
    assert not editor.js(in_view(5)), page_boxes(editor)
    editor.js("marginalia.setTool('select')")
    editor.mouse_click(*editor.page_point_to_client(0, (LINK[0] + LINK[2]) / 2, (LINK[1] + LINK[3]) / 2))
    editor.wait_until(in_view(5))
    # Each goes to a page out of view (in two pages side by side, the page beside it may be
    # the current one: the one nearest the view's centre).
    for title, page in (("Second", 1), ("Seventh", 6)):
        assert not editor.js(in_view(page)), (title, page_boxes(editor))
        editor.click_toolbar("outline")
        editor.wait_until("document.querySelectorAll('#popover .outline-entry').length === 2")
        editor.click("#popover .outline-entry", title)
        editor.wait_until(in_view(page))
    editor.click_toolbar("sidebar")
    for page in (3, 7):
        assert not editor.js(in_view(page)), (page, page_boxes(editor))
        editor.click(f'.thumb[data-page="{page}"]')
        editor.wait_until(in_view(page))
    editor.screenshot(f"layout-{layout}-thumbnails")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_pinch_zooms_about_the_fingers_in_each_layout(new_editor, layout):
    """Two fingers spread apart over page 1 (fingers navigate in the default input mode): the
    zoom grows and the page point between them stays between them."""
    editor = new_editor(has_touch=True)
    choose_layout(editor, layout)
    # Zoomed so the content is wider than the view (nothing is centred), and scrolled 40 points
    # from its left edge: a pan clamped at the edge would move the point (seen and left alone:
    # the engine pans, then zooms, and a pan the edge stops is lost in any layout).
    editor.js("marginalia.viewer.setZoom(2.2); marginalia.viewer.goToPage(0)")
    editor.js("marginalia.viewer.scroller.scrollLeft += 40; marginalia.viewer.scrolled()")
    editor.wait_page_drawn(0)
    cx, cy = editor.page_point_to_client(0, 150, 700)
    zoom = editor.js("marginalia.viewer.zoom")
    editor.touch([{1: (cx - 40, cy), 2: (cx + 40, cy)}] +
                 [{1: (cx - 40 - step * 8, cy), 2: (cx + 40 + step * 8, cy)} for step in range(1, 11)] + [{}])
    editor.wait_until(f"marginalia.viewer.zoom > {zoom * 2}")
    x, y = editor.page_point_to_client(0, 150, 700)
    assert abs(x - cx) < 3 and abs(y - cy) < 3, ((x, y), (cx, cy))
    editor.commands_answered()
    assert [a for a in editor.annotations() if a["type"] == "ink"] == []
