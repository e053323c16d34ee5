"""Issue 28, item 4: the page leaves out the very annotation under edit. pdf.js's annotations
are paired with the server's annotation JSON by the object each is in (the listing's `object`,
pdf.js's `id`), not by type and rectangle (appearances.js, `pairAnnotations`).

The file holds two highlights with one /Rect and their own /NM, stacked: the lower one without
an appearance stream (another tool's: pdf.js draws it from its quads, red, and gives it the
rectangle of its quads, 4 pt inside /Rect), the upper one with its own (a blue band along the
top, above the lower one's quads). Paired by rectangle, the lower one took the upper one's
pdf.js annotation (its /Rect) and the upper one the lower one's (by overlap): selecting the
lower one hid the upper one from the page and left the lower one drawn. The page's canvas is
read where only the lower one paints (LOWER_ONLY) and where only the upper one does
(UPPER_ONLY), while the lower one is selected, moved, and drawn again from the file."""

import json

from editor_harness import api
from viewer_helpers import canvas_pixels, handmade_pdf, wait_rendered

RECT = b"[40 100 260 150]"
LOWER_ONLY = (150, 118)   # inside the lower one's quads (44-256 x 104-146), under no band
UPPER_ONLY = (150, 148)   # in the upper one's band (y 135-150), above the lower one's quads
BAND = b"0.1 0.2 0.9 rg 40 135 220 15 re f"


def stacked_document(web_server):
    """The two stacked highlights on a blank 300 x 200 page; the document's id."""
    pdf = handmade_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Annots [4 0 R 5 0 R] >>",
        b"<< /Type /Annot /Subtype /Highlight /NM (lower) /Rect " + RECT
        + b" /QuadPoints [44 146 256 146 44 104 256 104] /C [0.85 0.1 0.1] /F 4 >>",
        b"<< /Type /Annot /Subtype /Highlight /NM (upper) /Rect " + RECT
        + b" /QuadPoints [40 150 260 150 40 100 260 100] /C [0.1 0.2 0.9] /F 4 /AP << /N 6 0 R >> >>",
        b"<< /Type /XObject /Subtype /Form /BBox " + RECT + b" /Length %d >>\nstream\n" % len(BAND) + BAND + b"\nendstream",
    ])
    return api(web_server, "POST", "/api/v1/documents?name=stacked.pdf", pdf, "application/pdf")["id"]


def is_red(p):
    return p[0] > 150 and p[1] < 90 and p[2] < 90


def is_blue(p):
    return p[2] > 150 and p[0] < 90 and p[1] < 120


def is_white(p):
    return min(p[:3]) > 230


def canvas_shows(editor, lower_only=LOWER_ONLY):
    """The canvas's pixels where only the lower one paints and where only the upper one does."""
    wait_rendered(editor)
    return canvas_pixels(editor, 0, [lower_only, UPPER_ONLY])


def wait_canvas_ids(editor, shown, left_out):
    editor.wait_until(f"""(() => {{ const ids = marginalia.viewer.views[0].canvasIds ?? new Set();
        return {json.dumps(shown)}.every((id) => ids.has(id)) && !{json.dumps(left_out)}.some((id) => ids.has(id)); }})()""",
                      timeout=10000)


def test_the_listing_names_each_annotations_object(web_server):
    """The server lists each annotation with its object in the file (what pdf.js's id names),
    in the whole list and in the opening one (`around`)."""
    doc = stacked_document(web_server)
    for query in ("", "?around=0&before=1&after=3"):
        listed = api(web_server, "GET", f"/api/v1/documents/{doc}/annotations{query}")["annotations"]
        assert {a["id"]: a.get("object") for a in listed} == {"lower": "4 0 R", "upper": "5 0 R"}, query


def test_the_lower_of_two_stacked_highlights_is_hidden_while_edited(new_editor, web_server):
    editor = new_editor(doc_id=stacked_document(web_server))
    editor.show_page(0, zoom=2)
    lower, upper = canvas_shows(editor)
    assert is_red(lower) and is_blue(upper), ("both drawn by the page", lower, upper)

    # Selected: the page leaves the lower one out, and only it.
    editor.js("marginalia.setTool('select'); marginalia.select(['lower'])")
    wait_canvas_ids(editor, ["upper"], ["lower"])
    lower, upper = canvas_shows(editor)
    assert is_white(lower), ("the lower one is left out of the page", lower)
    assert is_blue(upper), ("the upper one is still drawn by the page", upper)

    # Moved 5 points right (arrows nudge the selection), and the file fetched again: the moved
    # one is still left out, the other still drawn.
    editor.press("Shift+ArrowRight")
    editor.wait_until("marginalia.model.annotation('lower').rect[0] > 42", timeout=10000)
    editor.wait_file_drawn(0)
    moved_lower = (LOWER_ONLY[0] + 3, LOWER_ONLY[1])
    lower, upper = canvas_shows(editor, moved_lower)
    assert is_white(lower), ("the moved one is left out of the page", lower)
    assert is_blue(upper), ("the upper one is still drawn by the page", upper)

    # Deselected: the page draws both again, the moved one from the server's appearance.
    editor.js("marginalia.select([])")
    wait_canvas_ids(editor, ["upper", "lower"], [])
    lower, upper = canvas_shows(editor, moved_lower)
    assert is_red(lower) and is_blue(upper), ("both drawn by the page again", lower, upper)
    assert not editor.errors
