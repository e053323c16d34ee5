"""Issue 36 (large files, first page first): a long document opens with every page's box laid
out but only the pages near the view made (their canvas and overlays, Web/js/pageview.js), and
no thumbnails until the sidebar shows them; a page scrolled to is made as it comes near, with
what lies on it (an annotation added by someone else while it was not made)."""

import pytest

from editor_harness import api, send_command
from viewer_helpers import numbered_pages_pdf, overlay_ids

PAGES = 300

# The pages whose canvas and overlay are made, and the canvases in the page area.
MADE = "marginalia.viewer.views.filter((v) => v.built).length"
CANVASES = "document.querySelectorAll('#pages .page-canvas').length"


@pytest.fixture(scope="module")
def long_pdf(tmp_path_factory):
    """300 pages, each with its number as a line of text."""
    pdf = numbered_pages_pdf(PAGES)
    path = tmp_path_factory.mktemp("lazy") / "long.pdf"
    pdf.save(path)
    return path


def test_a_long_document_makes_only_the_pages_near_the_view(new_editor, web_server, long_pdf):
    doc = api(web_server, "POST", "/api/v1/documents?name=long.pdf", long_pdf.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    assert editor.js("document.querySelectorAll('#pages .page').length") == PAGES, "every page has its box"
    made, canvases = editor.js(MADE), editor.js(CANVASES)
    print(f"\n{editor.engine}: {made} of {PAGES} pages made after opening, {canvases} canvases")
    assert 0 < made < 20 and canvases == made, f"{made} pages made, {canvases} canvases"
    assert editor.js("document.querySelectorAll('#thumbnails .thumb').length") == 0, "thumbnails made while the sidebar is closed"
    # The last page's box is where the layout puts it, made or not: the scroll range is the document's.
    assert editor.js("marginalia.viewer.scroller.scrollHeight") > PAGES * 700

    # Someone else draws on page 280, not made yet: it stays not made, and shows the stroke once it is.
    last = PAGES - 20
    send_command(editor, {"type": "add", "annotations": [
        {"type": "square", "id": "far-square", "pageIndex": last, "rect": [100, 300, 250, 360], "color": "#FF0000", "width": 2}]},
        "test-lazy")
    editor.wait_until("marginalia.model.hasAnnotation('far-square')")
    assert editor.js(f"marginalia.viewer.views[{last}].built") is False
    editor.show_page(last)
    assert "far-square" in overlay_ids(editor, last), "the page made late shows the annotation added before"

    # Scrolled to the end: the last page is made and drawn; the pages made stay few.
    editor.show_page(PAGES - 1)
    assert editor.js(f"marginalia.viewer.views[{PAGES - 1}].built") is True
    assert editor.js(f"!!document.querySelector('.page[data-page=\"{PAGES - 1}\"] .page-canvas')")
    assert editor.js(MADE) < 60

    # The sidebar opened: its thumbnails are made then, one per page.
    editor.click_toolbar("sidebar")
    editor.wait_until(f"document.querySelectorAll('#thumbnails .thumb').length === {PAGES}")
    editor.screenshot("long-document-last-page-with-sidebar")
