"""Faithful display (issue 15): one page of a document as the editor shows it, next to
pdftoppm's rendering of the same page at the same scale, and two renderings that say where a
difference comes from. Shared by test_display.py (a fixed subset) and
Benchmarks/run_fidelity.py (every annotated page of the corpus).

The page is shown at one CSS pixel per point (less for a page that does not fit the view) at
the tab's device pixel ratio (1 in test_display.py; run_fidelity.py --scale 2 measures at 2,
where pdftoppm renders at 144 dpi), and cropped from a screenshot to the page element, so it is
what the user sees: the canvas (pdf.js drawing the file's appearance streams) and the overlay (what the
editor draws itself). The figures, each a mean absolute difference per colour sample (0-255):

    shown    the screenshot against pdftoppm (the figure the issue's target is about)
    pdfjs    pdf.js drawing every appearance itself (AnnotationMode.ENABLE, a canvas of its
             own) against pdftoppm: how far the two renderers differ on this page
    ours     the screenshot against that pdf.js rendering: what the editor's display adds
             (the overlay, the annotations it hides or draws live, the page's placement)
    content  pdf.js without annotations against pdftoppm -hide-annotations: the two
             renderers on the page content alone (fonts, hinting, image scaling)
    annots   what the annotations change, the editor's against pdftoppm's: the screenshot
             minus pdf.js's page without annotations, against pdftoppm minus its page
             without them, per sample (zero wherever no annotation draws, whatever the
             renderers make of the text there)

    area     the same as `annots`, over the annotations' own rectangles only (each drawn
             annotation's /Rect as the view places it): on a page an annotation covers a
             sliver of, `annots` is near zero even when the view draws no annotation at all
    change   what pdftoppm's annotations change over those rectangles (its page with them
             against its page without): what a view that drew no annotation would score as
             `area` (issue 30)
    area_pdfjs, change_pdfjs   the same two against pdf.js drawing the page itself: the
             screenshot against pdf.js's page with its annotations, and that page against
             pdf.js's page without them, over the rectangles

    mupdf    MuPDF drawing the page (annotations and fields included) against pdftoppm, and
    pdfium   PDFium the same: how far two other mature renderers are from pdftoppm on this
             page, the floor a third renderer's `shown` can be expected to reach

A `shown` at or over 3 with `ours` small is a renderer difference; with `ours` large it is
the editor's. The page is measured as a reader sees it: with the tool a tab starts with (Draw)
and "Highlight form fields" off, form fields carry no marks of the editor's (docs/forms.md).

The crop is the page element's box, moved by up to a device pixel each way to where the
canvas is painted (the offset that best matches pdf.js's own rendering; `offset` in the
figures when not zero): Chromium at device pixel ratio 2 paints the canvas of a page whose box
starts at half a CSS pixel (a short document, centred) one device pixel right or down of the
box, and the box's crop would then shift every edge of the page by one pixel."""

import base64
import io

import pikepdf
from PIL import Image, ImageChops

from editor_harness import ARTIFACTS
from viewer_helpers import (mean_absolute_difference as difference, mupdf_render, pdfium_render, poppler_render,
                            screenshot_with_page_box)

# Annotations that draw nothing of their own on the page.
NOT_DRAWN = {"/Link", "/Popup"}

# pdf.js's rendering of page `index` into a canvas of its own, with or without annotations.
PDFJS_RENDER = """async ([index, zoom, withAnnotations]) => {
    const { pdfjsLib } = await import('/app/js/pdfjs.js');
    const page = await marginalia.pdf.getPage(index + 1);
    const viewport = page.getViewport({ scale: zoom * devicePixelRatio, rotation: marginalia.viewer.views[index].geometry.rotation });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width); canvas.height = Math.floor(viewport.height);
    const annotationMode = withAnnotations ? pdfjsLib.AnnotationMode.ENABLE : pdfjsLib.AnnotationMode.DISABLE;
    await page.render({ canvasContext: canvas.getContext('2d'), viewport, annotationMode }).promise;
    const url = canvas.toDataURL('image/png');
    canvas.width = canvas.height = 0;
    return url;
}"""



def annotated_pages(path):
    """The 0-based indexes of the pages that hold an annotation that draws something
    (anything but links and popups)."""
    pages = []
    with pikepdf.open(path) as pdf:
        for index, page in enumerate(pdf.pages):
            annots = page.obj.get("/Annots")
            if not isinstance(annots, pikepdf.Array):
                continue
            subtypes = {str(a.get("/Subtype")) for a in annots if isinstance(a, pikepdf.Dictionary)}
            if subtypes - NOT_DRAWN:
                pages.append(index)
    return pages


def annotation_difference(shown, content, reference, content_reference):
    """The mean absolute difference per colour sample between what the annotations change in
    one rendering (shown - content) and in the other (reference - content_reference)."""
    import numpy
    width = min(i.width for i in (shown, content, reference, content_reference))
    height = min(i.height for i in (shown, content, reference, content_reference))
    a, b, c, d = (numpy.asarray(i.crop((0, 0, width, height)), dtype=numpy.int16)
                  for i in (shown, content, reference, content_reference))
    return float(numpy.abs((a - b) - (c - d)).mean())


# Each rectangle of page space [x1, y1, x2, y2] as the view places it: a box in the page's
# screenshot crop, in device pixels (the engine's page matrix, times the device pixel ratio).
VIEW_BOXES = """([index, rects]) => {
    const m = marginalia.viewer.views[index].matrix, r = devicePixelRatio;
    return rects.map(([x1, y1, x2, y2]) => {
        const corners = [[x1, y1], [x2, y1], [x1, y2], [x2, y2]].map(([x, y]) => [(m[0] * x + m[2] * y + m[4]) * r, (m[1] * x + m[3] * y + m[5]) * r]);
        const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    });
}"""


def drawn_annotation_rects(path, index):
    """The /Rect of each annotation on page `index` that draws something: not a link or a
    popup, not hidden (/F bit 2), with a rectangle of some area."""
    rects = []
    with pikepdf.open(path) as pdf:
        annots = pdf.pages[index].obj.get("/Annots")
        for annot in annots if isinstance(annots, pikepdf.Array) else []:
            if not isinstance(annot, pikepdf.Dictionary) or str(annot.get("/Subtype")) in NOT_DRAWN:
                continue
            rect = annot.get("/Rect")
            if int(annot.get("/F", 0)) & 2 or not isinstance(rect, pikepdf.Array) or len(rect) != 4:
                continue
            x1, y1, x2, y2 = (float(v) for v in rect)
            if abs(x2 - x1) > 0.5 and abs(y2 - y1) > 0.5:
                rects.append([min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)])
    return rects


def annotation_area_figures(shown, pdfjs, content, reference, content_reference, boxes):
    """`area`, `change`, `area_pdfjs` and `change_pdfjs` (the module's docstring) over the
    union of `boxes`, or None when the boxes cover no pixel."""
    import numpy
    images = (shown, pdfjs, content, reference, content_reference)
    width, height = min(i.width for i in images), min(i.height for i in images)
    mask = numpy.zeros((height, width), dtype=bool)
    for x0, y0, x1, y1 in boxes:
        mask[max(0, int(y0)):max(0, min(height, int(numpy.ceil(y1)))), max(0, int(x0)):max(0, min(width, int(numpy.ceil(x1))))] = True
    if not mask.any():
        return None
    a, p, b, c, d = (numpy.asarray(i.crop((0, 0, width, height)), dtype=numpy.int16)[mask] for i in images)
    mean = lambda values: round(float(numpy.abs(values).mean()), 2)  # noqa: E731
    return {"area": mean((a - b) - (c - d)), "change": mean(c - d), "area_pdfjs": mean(a - p), "change_pdfjs": mean(p - b)}


def difference_image(a, b):
    """Where two renderings differ, amplified 4x (white: the same), for looking at."""
    width, height = min(a.width, b.width), min(a.height, b.height)
    diff = ImageChops.difference(a.crop((0, 0, width, height)), b.crop((0, 0, width, height)))
    return ImageChops.invert(diff.point(lambda v: min(255, v * 4)))


def data_url_image(url, mode="RGB"):
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert(mode)


def painted_page(editor, name, index, painted):
    """A screenshot of page `index` as shown, cropped to the page element's box moved by the
    offset within one device pixel each way that best matches `painted` (what the canvas
    holds); the crop (saved as ARTIFACTS/NAME-ENGINE.png) and the offset."""
    image, path, box = screenshot_with_page_box(editor, name, index)
    crops = {(dx, dy): image.crop((box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy))
             for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    offset = min(crops, key=lambda o: (difference(crops[o], painted), o != (0, 0)))
    crops[offset].save(path)
    return crops[offset], offset


def show_page(editor, index, width=1200, height=900):
    """Shows page `index` at one CSS pixel per point, or less so that it fits width x height;
    the zoom, once the page is drawn and quiet."""
    w, h = editor.js(f"""(() => {{ const p = marginalia.model.pages[{index}];
        return p.rotation % 180 ? [p.height, p.width] : [p.width, p.height]; }})()""")
    zoom = min(1, height / h, width / w)
    editor.js(f"marginalia.viewer.setZoom({zoom}); marginalia.viewer.goToPage({index})")
    editor.wait_until(f"marginalia.viewer.currentPage === {index}")
    editor.wait_page_drawn(index, timeout=30000)
    editor.painted()
    return zoom


def measure_page(editor, path, index, name, keep_images=False):
    """The figures of page `index` of the open document (the module's docstring says what
    each is). With `keep_images`, the pdftoppm rendering and the differences are saved next
    to the screenshot (ARTIFACTS/NAME-ENGINE.png, and -poppler, -diff and -pdfjs-diff)."""
    zoom = show_page(editor, index)
    ratio = editor.js("window.devicePixelRatio")
    dpi = 72 * zoom * ratio
    pdfjs = data_url_image(editor.js(PDFJS_RENDER, [index, zoom, True]))
    shown, offset = painted_page(editor, name, index, pdfjs)
    reference = poppler_render(path, index + 1, dpi)
    content = data_url_image(editor.js(PDFJS_RENDER, [index, zoom, False]))
    content_reference = poppler_render(path, index + 1, dpi, hide_annotations=True)
    figures = {"page": index + 1, "zoom": round(zoom, 4),
               "shown": round(difference(shown, reference), 2), "pdfjs": round(difference(pdfjs, reference), 2),
               "ours": round(difference(shown, pdfjs), 2), "content": round(difference(content, content_reference), 2),
               "annots": round(annotation_difference(shown, content, reference, content_reference), 2),
               "mupdf": round(difference(mupdf_render(path, index + 1, dpi), reference), 2),
               "pdfium": round(difference(pdfium_render(path, index + 1, dpi), reference), 2)}
    boxes = [[v - o for v, o in zip(box, offset * 2)] for box in editor.js(VIEW_BOXES, [index, drawn_annotation_rects(path, index)])]
    figures.update(annotation_area_figures(shown, pdfjs, content, reference, content_reference, boxes) or {})
    if offset != (0, 0):
        figures["offset"] = list(offset)
    if abs(shown.width - reference.width) > 1 or abs(shown.height - reference.height) > 1:
        figures["sizes"] = [shown.size, reference.size]  # not the same area: the figures mislead
    if keep_images:
        stem = ARTIFACTS / f"{name}-{editor.engine}"
        reference.save(f"{stem}-poppler.png")
        difference_image(shown, reference).save(f"{stem}-diff.png")
        difference_image(shown, pdfjs).save(f"{stem}-pdfjs-diff.png")
    return figures
