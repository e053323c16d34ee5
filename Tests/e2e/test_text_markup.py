"""Text markup on a proportional font (issue 18): the Highlight tool marks whole words with the
engine's glyph edges (`selectText` over the server's page text), not pdf.js's text items
spread evenly over their characters. A line in Helvetica whose words have very different
widths ("Illuminating WWW minimal") is made with `marginalia create`; a drag from inside
"WWW" to inside "minimal" must paint exactly those two words' glyph boxes, as PyMuPDF reports
them, within 1 pt, and nothing of the words beside them; the file's /QuadPoints say the same.
Then the page is turned a quarter and the same holds along the text."""

import base64
import os
import pathlib
import subprocess

import pytest

from editor_harness import ROOT, api
from viewer_helpers import page_screenshot, wait_rendered

pymupdf = pytest.importorskip("pymupdf")

LINE = "Illuminating WWW minimal text, iiii MMMM lilt."
ZOOM = 2  # canvas pixels per point (device pixel ratio 1): 1 pt is 2 pixels


@pytest.fixture()
def document(web_server, tmp_path):
    """Two lines of Helvetica from `marginalia create`; the document's id."""
    source = tmp_path / "line.md"
    source.write_text(f"{LINE}\n\nA second paragraph follows it.\n")
    path = tmp_path / "line.pdf"
    binary = pathlib.Path(os.environ.get("MARGINALIA_BIN", ROOT / ".build" / "debug" / "marginalia"))
    subprocess.run([str(binary), "create", str(source), "-o", str(path)], check=True, capture_output=True)
    return api(web_server, "POST", "/api/v1/documents?name=line.pdf", path.read_bytes(), "application/pdf")["id"]


def current_pdf(editor):
    return pymupdf.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")


def word_boxes(editor):
    """PyMuPDF's word boxes on page 1 of the current file, in page space (y up), by word."""
    with current_pdf(editor) as pdf:
        page = pdf[0]
        height = page.mediabox.height
        # PyMuPDF gives words in the unrotated page's frame, y down, whatever /Rotate says.
        return {text: (x0, height - y1, x1, height - y0) for x0, y0, x1, y1, text, *_ in page.get_text("words")}


# The page canvas's pixels over a page-space rectangle (a base64 RGBA block), and where the
# block lies: the engine's matrix takes page points to the page's frame, the canvas's size over
# the frame's gives its pixels.
CANVAS_BLOCK = """([index, [x0, y0, x1, y1]]) => {
    const view = marginalia.viewer.views[index];
    const canvas = view.canvas, scale = canvas.width / view.frame[2], m = view.matrix;
    const corners = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].map(([x, y]) =>
        [(m[0] * x + m[2] * y + m[4]) * scale, (m[1] * x + m[3] * y + m[5]) * scale]);
    const left = Math.floor(Math.min(...corners.map((c) => c[0]))), top = Math.floor(Math.min(...corners.map((c) => c[1])));
    const width = Math.ceil(Math.max(...corners.map((c) => c[0]))) - left, height = Math.ceil(Math.max(...corners.map((c) => c[1]))) - top;
    const data = canvas.getContext('2d').getImageData(left, top, width, height).data;
    let text = '';
    for (let i = 0; i < data.length; i += 8192) text += String.fromCharCode(...data.subarray(i, i + 8192));
    return { left, top, width, height, scale, matrix: m, data: btoa(text) };
}"""


def canvas_block(editor, rect):
    block = editor.js(CANVAS_BLOCK, [0, list(rect)])
    block["data"] = base64.b64decode(block["data"])
    return block


def painted_points(before, after):
    """The page points of the pixels that changed between two blocks of the same place."""
    m, scale = after["matrix"], after["scale"]
    det = m[0] * m[3] - m[1] * m[2]
    points = []
    data_a, data_b = before["data"], after["data"]
    for row in range(after["height"]):
        for column in range(after["width"]):
            i = (row * after["width"] + column) * 4
            if sum(abs(data_a[i + k] - data_b[i + k]) for k in range(3)) > 45:
                # The pixel's centre, back to page space through the inverse of the matrix.
                fx, fy = (after["left"] + column + 0.5) / scale - m[4], (after["top"] + row + 0.5) / scale - m[5]
                points.append(((m[3] * fx - m[2] * fy) / det, (-m[1] * fx + m[0] * fy) / det))
    return points


def highlight_words(editor, first, last, band, name):
    """Drags the Highlight tool from inside `first` to inside `last` (page-space boxes), waits
    for the canvas to draw the saved highlight, and returns (the annotation, the page points
    the highlight painted within `band`)."""
    inside = lambda box, f: ((box[0] + (box[2] - box[0]) * f), (box[1] + box[3]) / 2)
    start, end = inside(first, 0.4), inside(last, 0.6)
    editor.show_page(0, zoom=ZOOM)
    # The band in the middle of the window (a turned page is wider than the window at this zoom).
    x, y = editor.page_point_to_client(0, (start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    editor.js(f"marginalia.viewer.scroller.scrollBy({x} - innerWidth / 2, {y} - innerHeight / 2)")
    editor.painted()  # the scroll event: the engine learns the new offset, which input is read through
    wait_rendered(editor)
    before = canvas_block(editor, band)
    editor.click("button[data-tool=highlight]")
    editor.pen_stroke(editor.page_points_to_client(0, [start, ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), end]))
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'highlight')", timeout=10000)
    [mark] = [a for a in editor.annotations() if a["type"] == "highlight"]
    # The canvas takes the highlight over from the file once the document is quiet.
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=15000)
    wait_rendered(editor)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.highlight').length === 0")
    after = canvas_block(editor, band)
    assert [after[k] for k in ("left", "top", "width", "height")] == [before[k] for k in ("left", "top", "width", "height")]
    page_screenshot(editor, name)
    return mark, painted_points(before, after)


def assert_covers_exactly(points, expected, neighbours):
    """The painted points span `expected` ([x0, y0, x1, y1]) within 1 pt on every side, and
    none lies in a neighbouring word's box (shrunk by 1 pt)."""
    assert points, "the highlight painted nothing"
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    painted = (min(xs), min(ys), max(xs), max(ys))
    assert all(abs(a - b) <= 1 for a, b in zip(painted, expected)), f"painted {painted}, glyph boxes {expected}"
    for name, (x0, y0, x1, y1) in neighbours.items():
        inside = [p for p in points if x0 + 1 < p[0] < x1 - 1 and y0 + 1 < p[1] < y1 - 1]
        assert not inside, f"the highlight covers {name} at {inside[:3]}"


def quad_box(quad):
    return (min(quad[0::2]), min(quad[1::2]), max(quad[0::2]), max(quad[1::2]))


def test_a_highlight_covers_exactly_the_words_dragged_over(new_editor):
    editor = new_editor()
    wait_rendered(editor)
    boxes = word_boxes(editor)
    www, minimal = boxes["WWW"], boxes["minimal"]
    expected = (www[0], min(www[1], minimal[1]), minimal[2], max(www[3], minimal[3]))
    band = (50, www[1] - 12, 420, www[3] + 12)
    mark, points = highlight_words(editor, www, minimal, band, "text-markup-proportional")

    # The command's quads: one line run, the two words' glyph boxes (PyMuPDF's) within 1 pt.
    assert len(mark["quads"]) == 1
    assert all(abs(a - b) <= 1 for a, b in zip(quad_box(mark["quads"][0]), expected)), (mark["quads"], expected)
    # The canvas (the file's appearance drawn by pdf.js) paints that and nothing beside it.
    assert_covers_exactly(points, expected, {"Illuminating": boxes["Illuminating"], "text,": boxes["text,"]})
    # The file: PyMuPDF reads the highlight's vertices at the words' corners.
    with current_pdf(editor) as pdf:
        page = pdf[0]
        [annot] = [a for a in page.annots() if a.type[1] == "Highlight"]
        height = page.mediabox.height
        vertices = [(x, height - y) for x, y in annot.vertices]
    assert len(vertices) == 4
    got = (min(v[0] for v in vertices), min(v[1] for v in vertices), max(v[0] for v in vertices), max(v[1] for v in vertices))
    assert all(abs(a - b) <= 1 for a, b in zip(got, expected)), (vertices, expected)


def test_a_highlight_on_a_turned_page_follows_the_text(new_editor, web_server):
    editor = new_editor()
    wait_rendered(editor)
    revision = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    api(web_server, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
        {"protocol": 1, "baseRevision": revision, "clientId": "test", "command": {"type": "rotatePages", "pages": [0], "degrees": 90}})
    editor.reload()
    wait_rendered(editor)
    boxes = word_boxes(editor)  # unrotated page space: the words run along x as before
    iiii, mmmm = boxes["iiii"], boxes["MMMM"]
    expected = (iiii[0], min(iiii[1], mmmm[1]), mmmm[2], max(iiii[3], mmmm[3]))
    band = (150, iiii[1] - 12, 420, iiii[3] + 12)
    mark, points = highlight_words(editor, iiii, mmmm, band, "text-markup-turned")
    assert len(mark["quads"]) == 1
    assert all(abs(a - b) <= 1 for a, b in zip(quad_box(mark["quads"][0]), expected)), (mark["quads"], expected)
    assert_covers_exactly(points, expected, {"text,": boxes["text,"], "lilt.": boxes["lilt."]})
