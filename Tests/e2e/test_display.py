"""Faithful display (issue 15): annotations are drawn from their own appearance streams into the
page canvas, as other viewers draw them; one that is selected, edited, erased or changed is
drawn live by the overlay, and the page is drawn again without it; highlights multiply over
the text; after a pause the canvas shows the server's appearance of what was edited. Pages of
third-party annotated files are compared with pdftoppm's rendering at the same scale."""

import base64
import io
import json

from PIL import Image

from editor_harness import ARTIFACTS, api
from viewer_helpers import (canvas_pixels, corpus_file, mean_absolute_difference, open_document, overlay_ids,
                            page_screenshot, poppler_render, upload_corpus, wait_rendered)


def is_white(rgba):
    return all(c > 240 for c in rgba[:3])


def is_red(rgba):
    return rgba[0] > 150 and rgba[1] < 90 and rgba[2] < 90


def luminance(rgb):
    return 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2]


def command(editor, body):
    revision = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    return api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
               {"protocol": 1, "baseRevision": revision, "clientId": "test", "command": body})


# The sample's red square (Samples/sample.pdf, page 1): its left edge and the page inside it.
SQUARE_EDGE = (64.7, 505)
SQUARE_INSIDE = (300, 505)


def test_a_stamp_and_a_caret_show_their_appearance_streams(new_editor, web_server):
    """pdf.js's corpus stamp is a blue "APPROVED" picture and its caret a red mark: the canvas
    draws both from their appearances, and the overlay draws neither."""
    editor = new_editor(doc_id=upload_corpus(web_server, "pdfjs-annotation-stamp.pdf"))
    wait_rendered(editor)
    [stamp] = [a for a in editor.annotations() if a["type"] == "stamp"]
    x1, y1, x2, y2 = stamp["rect"]
    samples = canvas_pixels(editor, 0, [(x1 + (x2 - x1) * i / 10, (y1 + y2) / 2) for i in range(1, 10)])
    blue = [p for p in samples if p[2] > 120 and p[0] < 120]
    assert len(blue) >= 3, samples  # the stamp's blue (an overlay of our own drew a red DRAFT box)
    assert overlay_ids(editor) == []
    editor.screenshot("appearance-stamp")

    caret_doc = upload_corpus(web_server, "pdfjs-annotation-caret-ink.pdf")
    editor = new_editor(doc_id=caret_doc)
    wait_rendered(editor)
    [caret] = [a for a in editor.annotations() if a["type"] == "caret"]
    x1, y1, x2, y2 = caret["rect"]
    samples = canvas_pixels(editor, 0, [(x1 + (x2 - x1) * i / 8, y1 + (y2 - y1) * j / 8) for i in range(9) for j in range(9)])
    assert any(p[0] > 150 and p[1] < 120 for p in samples), "the caret is drawn"
    editor.screenshot("appearance-caret")


def test_selecting_an_annotation_draws_it_live_and_the_canvas_without_it(new_editor):
    editor = new_editor()
    wait_rendered(editor)
    assert is_red(canvas_pixels(editor, 0, [SQUARE_EDGE])[0]), "the canvas draws the square's appearance"
    assert "sample-square-1" not in overlay_ids(editor)
    editor.press("v")
    editor.mouse_click(*editor.page_point_to_client(0, *SQUARE_EDGE))
    editor.wait_until("marginalia.selection().ids.includes('sample-square-1')")
    wait_rendered(editor)
    assert "sample-square-1" in overlay_ids(editor), "the selection is drawn live"
    assert is_white(canvas_pixels(editor, 0, [SQUARE_EDGE])[0]), "and not by the canvas"
    editor.screenshot("selected-live")
    editor.press("Escape")
    editor.wait_until("marginalia.selection().ids.length === 0")
    wait_rendered(editor)
    assert is_red(canvas_pixels(editor, 0, [SQUARE_EDGE])[0])
    assert "sample-square-1" not in overlay_ids(editor)


def test_a_moved_annotation_is_drawn_once_then_from_the_servers_appearance(new_editor):
    """Dragged 40 points to the right: no copy stays behind in the canvas while it is live, and
    after the pause the canvas draws it at its new place from the file."""
    editor = new_editor()
    wait_rendered(editor)
    editor.press("v")
    start = editor.page_point_to_client(0, *SQUARE_EDGE)
    end = editor.page_point_to_client(0, SQUARE_EDGE[0] + 40, SQUARE_EDGE[1])
    editor.pen_stroke([start, ((start[0] + end[0]) / 2, start[1]), end])
    editor.wait_until("marginalia.model.annotations.get('sample-square-1').rect[0] > 90")
    wait_rendered(editor)
    old_edge, new_edge = canvas_pixels(editor, 0, [SQUARE_EDGE, (SQUARE_EDGE[0] + 40, SQUARE_EDGE[1])])
    assert is_white(old_edge), "nothing left where it was"
    editor.press("Escape")
    # The file is fetched again once the document is quiet: the canvas takes the square over.
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=10000)
    wait_rendered(editor)
    old_edge, new_edge = canvas_pixels(editor, 0, [SQUARE_EDGE, (SQUARE_EDGE[0] + 40, SQUARE_EDGE[1])])
    assert is_white(old_edge) and is_red(new_edge), (old_edge, new_edge)
    assert "sample-square-1" not in overlay_ids(editor)
    editor.screenshot("moved-from-file")


def test_a_pen_stroke_is_drawn_from_its_saved_appearance_after_a_pause(new_editor):
    editor = new_editor()
    wait_rendered(editor)
    editor.press("p")
    points = editor.page_points_to_client(0, [(100 + 10 * i, 300) for i in range(21)])
    editor.pen_stroke(points)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 1")
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=10000)
    wait_rendered(editor)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 0")
    ink_pixels = canvas_pixels(editor, 0, [(150, 300), (200, 300), (250, 300)])
    assert all(luminance(p) < 100 for p in ink_pixels), ink_pixels


def test_a_deleted_annotation_leaves_the_canvas(new_editor):
    editor = new_editor()
    wait_rendered(editor)
    editor.js("marginalia.select('sample-square-1')")
    editor.press("Delete")
    editor.wait_until("!marginalia.model.annotations.has('sample-square-1')")
    wait_rendered(editor)
    assert is_white(canvas_pixels(editor, 0, [SQUARE_EDGE])[0])
    assert "sample-square-1" not in overlay_ids(editor)


def highlight_region(editor, quad, name):
    """The screenshot of the part of page 1 under a quad, and its darkest luminance and commonest colour."""
    page = page_screenshot(editor, name)
    scale = page.width / editor.js("marginalia.viewer.views[0].element.getBoundingClientRect().width")
    corners = [editor.js(f"(() => {{ const m = marginalia.viewer.views[0].matrix; return [m[0]*{x}+m[2]*{y}+m[4], m[1]*{x}+m[3]*{y}+m[5]]; }})()")
               for x, y in ((quad[0], quad[1]), (quad[6], quad[7]))]
    region = page.crop(tuple(round(v * scale) for v in (corners[0][0], corners[0][1], corners[1][0], corners[1][1])))
    darkest = min(luminance(region.getpixel((x, y))) for x in range(region.width) for y in range(region.height))
    _, commonest = max(region.getcolors(region.width * region.height))  # the paper under the highlight
    return darkest, commonest


def test_highlights_multiply_over_the_text(new_editor, web_server):
    """A live highlight of ours in the overlay, the same from the canvas after the pause, and a
    third-party one in the canvas: the text under each stays dark (a highlight laid over the
    text at half opacity turned it olive).

    The live one is checked in Chromium only: WebKitGTK's compositor (TextureMapper) draws no
    blend mode between composited layers, and a page canvas is one, so there it stays olive
    until the canvas takes the highlight over (Safari's Core Animation blends them)."""
    editor = new_editor()
    wait_rendered(editor)
    words = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/pages/0/text")["blocks"][0]["lines"][0]["words"]
    quad = words[0]["quad"]  # "Marginalia", the title
    command(editor, {"type": "add", "annotation": {"type": "highlight", "id": "ours", "pageIndex": 0,
                                                   "color": "#FFEB3B", "opacity": 0.5, "quads": [quad]}})
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length === 1")
    if editor.engine == "chromium":
        darkest, commonest = highlight_region(editor, quad, "highlight-live")
        assert darkest < 60, f"the text under the live highlight stays dark (darkest {darkest:.0f})"
        assert commonest[2] < 200 and commonest[0] > 200, f"the highlight shows ({commonest})"
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=10000)
    wait_rendered(editor)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length === 0")
    darkest, commonest = highlight_region(editor, quad, "highlight-from-file")
    assert darkest < 60, f"the text under the saved highlight stays dark (darkest {darkest:.0f})"
    assert commonest[2] < 200 and commonest[0] > 200, f"the highlight shows ({commonest})"

    editor = new_editor(doc_id=upload_corpus(web_server, "pdfjs-annotation-highlight.pdf"))
    wait_rendered(editor)
    [highlight] = [a for a in editor.annotations() if a["type"] == "highlight"]
    x1, y1, x2, y2 = highlight["rect"]
    samples = canvas_pixels(editor, 0, [(x1 + (x2 - x1) * i / 60, y1 + (y2 - y1) * j / 6) for i in range(1, 60) for j in range(1, 6)])
    assert min(luminance(p) for p in samples) < 80, "the text under the corpus highlight stays dark"
    assert any(p[2] < 100 and p[0] > 200 and p[1] > 200 for p in samples), "the highlight's yellow shows"


# Third-party annotated files, page 1: shown at one CSS pixel per point (device pixel ratio 1)
# and compared with pdftoppm at 72 dpi. `content` is the same comparison of the page drawn
# without annotations by pdf.js and by pdftoppm -hide-annotations: how far the two renderers
# differ on the page itself (text hinting, image scaling), which no annotation display changes.
DISPLAY_FILES = [
    "pdfjs-annotation-stamp.pdf", "pdfjs-annotation-caret-ink.pdf", "pdfjs-annotation-highlight.pdf",
    "pdfjs-annotation-square-circle.pdf", "pdfjs-annotation-freetext.pdf", "pdfjs-annotation-polyline-polygon.pdf",
    "pdfjs-annotation-underline.pdf", "pdfjs-annotation-line.pdf", "pdfjs-bug1538111-annots.pdf",
    "pymupdf-4-annots-rotated.pdf", "pdfminer-issue-1082-annotations.pdf", "cwlpdf-three-page-images-annots.pdf",
    "fmtcorpus-govdocs-195981-stamp-101p.pdf", "pdfjs-issue14438-annots.pdf", "pdflib-with-annots.pdf",
    "pdfjs-comments.pdf",
]


def test_corpus_pages_match_poppler(new_editor, web_server):
    results = {}
    editor = None
    for name in DISPLAY_FILES:
        doc_id = upload_corpus(web_server, name)
        if editor is None:
            editor = new_editor(viewport={"width": 1280, "height": 1000}, doc_id=doc_id)
        else:
            open_document(editor, doc_id)
        # One CSS pixel per point, or less for a page taller than the view.
        height = editor.js("marginalia.model.pages[0].rotation % 180 ? marginalia.model.pages[0].width : marginalia.model.pages[0].height")
        zoom = min(1, 900 / height)
        editor.js(f"marginalia.viewer.setZoom({zoom}); marginalia.viewer.goToPage(0)")
        editor.settle(300)
        wait_rendered(editor)
        shown = page_screenshot(editor, f"display-{name[:-4]}")
        ratio = editor.js("window.devicePixelRatio")
        reference = poppler_render(corpus_file(name), 1, 72 * zoom * ratio)
        content = editor.js("""async (zoom) => {
            const page = await marginalia.pdf.getPage(1);
            const viewport = page.getViewport({ scale: zoom * devicePixelRatio, rotation: marginalia.viewer.views[0].geometry.rotation });
            const canvas = document.createElement('canvas');
            canvas.width = Math.floor(viewport.width); canvas.height = Math.floor(viewport.height);
            await page.render({ canvasContext: canvas.getContext('2d'), viewport, annotationMode: pdfjsLib.AnnotationMode.DISABLE }).promise;
            return canvas.toDataURL('image/png');
        }""", zoom)
        content_image = Image.open(io.BytesIO(base64.b64decode(content.split(",", 1)[1]))).convert("RGB")
        content_reference = poppler_render(corpus_file(name), 1, 72 * zoom * ratio, hide_annotations=True)
        results[name] = {"zoom": round(zoom, 4), "shown": round(mean_absolute_difference(shown, reference), 2),
                         "content": round(mean_absolute_difference(content_image, content_reference), 2)}
    (ARTIFACTS / f"display-vs-poppler-{editor.engine}.json").write_text(json.dumps(results, indent=1))
    for name, result in results.items():
        # Under 3 per colour sample, or (a page whose text the two renderers draw differently)
        # no more than half a level above what the page itself differs by.
        assert result["shown"] < 3 or result["shown"] <= result["content"] + 0.5, (name, result)


# pdfplumber's form demo, page 1: links to other pages of the document and one to the web.
LINKS_FILE = "pdfplumber-pdffill-demo.pdf"

LINKS_OF_PAGE_1 = """marginalia.display.page(0).then((p) => p.annotations.filter((a) => a.subtype === 'Link')
    .map((a) => ({ rect: a.rect, url: a.url ?? null, internal: a.dest !== undefined && a.dest !== null })))"""


def test_links_go_to_their_page_or_open_after_showing_the_address(new_editor, web_server):
    """With Select, a tap on an internal link goes to its page, and one on a web link shows
    the address and opens it only if the user agrees (links could not be followed)."""
    editor = new_editor(doc_id=upload_corpus(web_server, LINKS_FILE))
    wait_rendered(editor)
    links = editor.js(LINKS_OF_PAGE_1)
    internal = next(link for link in links if link["internal"])
    external = next(link for link in links if link["url"])
    center = lambda r: ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)  # noqa: E731
    editor.press("v")
    editor.mouse_click(*editor.page_point_to_client(0, *center(internal["rect"])))
    editor.wait_until("marginalia.viewer.currentPage === 1")
    editor.js("marginalia.viewer.goToPage(0)")
    editor.settle(300)
    editor.js("window.confirm = (message) => { window.linkAsked = message; return false; }")
    editor.mouse_click(*editor.page_point_to_client(0, *center(external["rect"])))
    asked = editor.wait_until("window.linkAsked")
    assert external["url"] in asked, asked
    assert editor.js("marginalia.viewer.currentPage") == 0
