"""Helpers of the viewer tests (test_display.py, test_text.py, test_long_documents.py): corpus
files uploaded to the server, pixels read from a page's canvas, screenshots of one page.

The corpus is $MARGINALIA_CORPUS, else ../shared/corpus beside the repository (as for the oracle
suite); a test that needs a file that is not there is skipped."""

import collections
import functools
import hashlib
import io
import os
import pathlib
import subprocess

import pytest

from editor_harness import ARTIFACTS, OPENED, ROOT, api, server_test_module

CORPUS = pathlib.Path(os.environ.get("MARGINALIA_CORPUS") or ROOT.parent / "shared" / "corpus")


def corpus_file(name):
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file {path} not found (set MARGINALIA_CORPUS)")
    return path


# A PDF written by hand (Tests/server/handmade_pdf.py, shared with the server suite).
handmade_pdf = server_test_module("handmade_pdf").handmade_pdf


def upload_corpus(base, name):
    """Uploads a corpus file to the server; its document id."""
    return api(base, "POST", f"/api/v1/documents?name={name}", corpus_file(name).read_bytes(), "application/pdf")["id"]


# The colour of the canvas pixel under a page point (page space): the engine's matrix takes the
# point into the page's frame, the canvas's size over the frame's gives its pixels.
CANVAS_PIXEL = """([index, points]) => {
    const view = marginalia.viewer.views[index];
    const canvas = view.canvas, scale = canvas.width / view.frame[2], m = view.matrix;
    const context = canvas.getContext('2d');
    return points.map(([x, y]) => {
        const px = (m[0] * x + m[2] * y + m[4]) * scale, py = (m[1] * x + m[3] * y + m[5]) * scale;
        return [...context.getImageData(Math.floor(px), Math.floor(py), 1, 1).data];
    });
}"""


def canvas_pixels(editor, index, points):
    """The RGBA of the page canvas under each page point."""
    return editor.js(CANVAS_PIXEL, [index, [list(p) for p in points]])


def open_document(editor, doc_id):
    """Opens another document in the editor's tab (as `Editor` does for its first): its page
    drawn and the opening done (`OPENED`), so that no "Opening…" covers the page (a long
    document's opening goes on after its first page is drawn, for the other pages' annotations)."""
    editor.doc_id = doc_id
    editor.goto(f"/?doc={doc_id}")
    editor.wait_until("!!(window.marginalia && marginalia.model.summary && marginalia.model.summary.id === "
                      f"{doc_id!r} && document.querySelector('.page.rendered'))", timeout=15000)
    editor.wait_until(OPENED, timeout=15000)


def wait_rendered(editor, index=0, timeout=10000):
    """Waits until page `index` has a canvas and no render of it is in flight."""
    editor.wait_until(f"(() => {{ const v = marginalia.viewer.views[{index}]; return !!v && v.renderedZoom > 0 && !v.rendering && !v.stale; }})()",
                      timeout=timeout)


def overlay_ids(editor, index=0):
    """The ids of the annotations the page's overlay draws."""
    return editor.js(f"[...marginalia.viewer.views[{index}].element.querySelectorAll('.overlay [data-id]')].map((e) => e.dataset.id)")


def screenshot_with_page_box(editor, name, index=0):
    """A screenshot of the editor (a PIL RGB image at the screen's pixels, saved as
    artifacts/NAME-ENGINE.png), the path it is saved at, and page `index`'s box in it
    (left, top, right, bottom in screen pixels)."""
    image_module = pytest.importorskip("PIL.Image")
    editor.screenshot(name)
    path = ARTIFACTS / f"{name}-{editor.engine}.png"
    image = image_module.open(path).convert("RGB")
    x, y, width, height = editor.js(f"""(() => {{ const r = marginalia.viewer.views[{index}].element.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height]; }})()""")
    ratio = image.width / editor.js("innerWidth")
    return image, path, tuple(round(v * ratio) for v in (x, y, x + width, y + height))


def page_screenshot(editor, name, index=0):
    """A screenshot of page `index` as shown (canvas and overlay), cropped to the page; a PIL
    image at the screen's pixels, saved as artifacts/NAME-ENGINE.png."""
    image, path, box = screenshot_with_page_box(editor, name, index)
    page = image.crop(box)
    page.save(path)
    return page


# The reference renderings (pdftoppm, MuPDF, PDFium) of the session, by the file's bytes, page,
# resolution and options: each engine's run of a test asks for the same ones (a fidelity page
# is shown at the same zoom in both), and pdftoppm alone took 20 to 56 s a run for
# test_corpus_pages_match_poppler's pages (docs/testing.md, "Measured"). Keyed by the bytes'
# digest, not the path: a test may render a file it has just written over. The least recently
# used go beyond RENDERS_KEPT_BYTES of pixels (Benchmarks/run_fidelity.py renders every
# annotated page of the corpus through here).
_renders = collections.OrderedDict()
RENDERS_KEPT_BYTES = 256 * 1024 * 1024


def _rendered_once(render):
    """`render(path, page_number, dpi, ...)` made once per file content and arguments in the
    session; each call gets a copy of the image, which it may change."""
    @functools.wraps(render)
    def cached(path, page_number, dpi, *options, **named):
        digest = hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()
        key = (render.__name__, digest, page_number, dpi, options, tuple(sorted(named.items())))
        if key in _renders:
            _renders.move_to_end(key)
        else:
            _renders[key] = render(path, page_number, dpi, *options, **named)
            while sum(len(i.mode) * i.width * i.height for i in _renders.values()) > RENDERS_KEPT_BYTES and len(_renders) > 1:
                _renders.popitem(last=False)
        return _renders[key].copy()
    return cached


@_rendered_once
def poppler_render(path, page_number, dpi, hide_annotations=False):
    """pdftoppm's rendering of one page (1-based) as a PIL RGB image: its crop box, as viewers
    show a page (pdftoppm's own default is the media box)."""
    image_module = pytest.importorskip("PIL.Image")
    arguments = ["pdftoppm", "-r", str(dpi), "-f", str(page_number), "-l", str(page_number), "-png", "-singlefile",
                 "-cropbox"]
    if hide_annotations:
        arguments.append("-hide-annotations")
    result = subprocess.run(arguments + [str(path)], capture_output=True, check=True)
    return image_module.open(io.BytesIO(result.stdout)).convert("RGB")


@_rendered_once
def mupdf_render(path, page_number, dpi):
    """MuPDF's (PyMuPDF's) rendering of one page (1-based) with its annotations and form
    fields, its crop box, as a PIL RGB image: a second renderer to measure pdftoppm against."""
    pymupdf = pytest.importorskip("pymupdf")
    image_module = pytest.importorskip("PIL.Image")
    with pymupdf.open(str(path)) as document:
        pixmap = document[page_number - 1].get_pixmap(matrix=pymupdf.Matrix(dpi / 72, dpi / 72), annots=True)
        return image_module.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples)


@_rendered_once
def pdfium_render(path, page_number, dpi):
    """PDFium's (pypdfium2's) rendering of one page (1-based) with its annotations and form
    fields, its crop box, as a PIL RGB image: a third renderer to measure pdftoppm against."""
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(path))
    try:
        document.init_forms()
        page = document[page_number - 1]
        return page.render(scale=dpi / 72, draw_annots=True, may_draw_forms=True).to_pil().convert("RGB")
    finally:
        document.close()


def mean_absolute_difference(a, b):
    """The mean absolute difference per colour sample (0-255) over the area both images cover."""
    from PIL import ImageChops, ImageStat
    width, height = min(a.width, b.width), min(a.height, b.height)
    difference = ImageChops.difference(a.crop((0, 0, width, height)), b.crop((0, 0, width, height)))
    means = ImageStat.Stat(difference).mean
    return sum(means) / len(means)


def crop_page_rect(render, rect, dpi):
    """The part of a page rendering at `dpi` (pdftoppm, PDFium) under a page-space rect
    `[x1, y1, x2, y2]` (y up from the page's bottom)."""
    scale = dpi / 72
    x1, y1, x2, y2 = rect
    return render.crop((round(x1 * scale), round(render.height - y2 * scale), round(x2 * scale), round(render.height - y1 * scale)))


def pixel_share(image, test):
    """The share of an image's pixels for which `test(rgb)` holds."""
    pixels = [image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)]
    return sum(1 for p in pixels if test(p)) / len(pixels)


def numbered_pages_pdf(count):
    """A new pikepdf document of `count` letter pages, each with "Page N" as a line of text."""
    import pikepdf
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for index in range(count):
        page = pdf.add_blank_page(page_size=(612, 792))
        page.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        page.Contents = pikepdf.Stream(pdf, f"BT /F1 24 Tf 72 700 Td (Page {index + 1}) Tj ET".encode())
    return pdf
