"""`marginalia redact` cutting the part of a drawing under a mark, judged by other engines.

The document (redaction_fixtures.make_drawings) draws a stroked line, a stroked Bezier curve,
a filled rectangle and a filled circle under a scale and translation (`cm`), on an upright
page and on a page turned by /Rotate 90; an area mark crosses each drawing. After applying:
(i) pdftoppm renders the page as before outside the marks (mean difference under 0.5 per
colour sample, a 1 pixel band at each mark's edge left out), also in the neighbourhood of
each mark alone; (ii) inside each mark only the overlay's colour is seen; (iii) no point of a
path in the content (pikepdf's parse_content_stream, followed through `cm`, `q`, `Q` and the
forms drawn) lies strictly inside a mark on the page, where the original had one under each
mark; and qpdf --check is clean."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pikepdf
import pymupdf
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from oracle_helpers import qpdf_check, run_command
from redaction_fixtures import DRAWING_MARKS, make_drawings

DPI = 144
OVERLAY = (0x20, 0x60, 0x20)
INSIDE = 0.001  # how far inside a mark a point must be to count (numbers are written with 6 decimals)


@pytest.fixture(scope="module")
def drawings(tmp_path_factory, binary):
    """The document, the same with the marks, and the redacted file with the CLI's report."""
    folder = tmp_path_factory.mktemp("redaction-paths")
    source = make_drawings(folder)
    marks = folder / "marks.json"
    marks.write_text(json.dumps({"annotations": [
        {"type": "redact", "pageIndex": page, "rect": list(rect), "fill": "#%02x%02x%02x" % OVERLAY}
        for page in (0, 1) for rect in DRAWING_MARKS.values()]}))
    marked = folder / "marked.pdf"
    result = run_command([str(binary), "annotate", str(source), "--from", str(marks), "-o", str(marked)], 120)
    assert result.returncode == 0, result.describe()
    out = folder / "redacted.pdf"
    result = run_command([str(binary), "redact", str(marked), "-o", str(out), "--marks-only", "--json"], 300)
    assert result.returncode == 0, result.describe()
    return source, out, json.loads(result.stdout), folder


# MARK: - Geometry


def multiply(m, n):
    """m then n, for PDF matrices [a b c d e f]."""
    a, b, c, d, e, f = m
    return [a * n[0] + b * n[2], a * n[1] + b * n[3], c * n[0] + d * n[2], c * n[1] + d * n[3],
            e * n[0] + f * n[2] + n[4], e * n[1] + f * n[3] + n[5]]


def apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def path_points(content_owner, ctm=(1, 0, 0, 1, 0, 0), depth=0):
    """Every point of every path construction operator (control points included) in page
    space, following `cm`, `q` and `Q`, and the form XObjects drawn, through their /Matrix."""
    points = []
    stack = []
    ctm = list(ctm)
    resources = content_owner.get("/Resources", pikepdf.Dictionary())
    for operands, operator in pikepdf.parse_content_stream(content_owner):
        name = str(operator)
        numbers = [float(x) for x in operands] if name in ("m", "l", "c", "v", "y", "re", "cm") else []
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop() if stack else ctm
        elif name == "cm":
            ctm = multiply(numbers, ctm)
        elif name in ("m", "l", "c", "v", "y"):
            points += [apply(ctm, numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]
        elif name == "re":
            x, y, w, h = numbers
            points += [apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        elif name == "Do" and depth < 8:
            xobject = resources.XObject[operands[0]]
            if xobject.Subtype == "/Form":
                matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                points += path_points(xobject, multiply(matrix, ctm), depth + 1)
    return points


def strictly_inside(point, rect) -> bool:
    x, y = point
    x0, y0, x1, y1 = rect
    return x0 + INSIDE < x < x1 - INSIDE and y0 + INSIDE < y < y1 - INSIDE


# MARK: - Rendering


def render(path: Path, folder: Path, name: str) -> list[Image.Image]:
    prefix = folder / name
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), str(path), str(prefix)], check=True, timeout=300)
    return [Image.open(f).convert("RGB") for f in sorted(folder.glob(f"{name}-*.png"))]


def pixel_box(document_path: Path, page_index: int, rect, grow_pixels: float = 0):
    """A mark's rectangle (page space) in the rendered page's pixels, grown by `grow_pixels`."""
    x0, y0, x1, y1 = rect
    with pymupdf.open(document_path) as document:
        page = document[page_index]
        height = page.mediabox.height
        box = pymupdf.Rect(x0, height - y1, x1, height - y0) * page.rotation_matrix * (DPI / 72)
    return (box.x0 - grow_pixels, box.y0 - grow_pixels, box.x1 + grow_pixels, box.y1 + grow_pixels)


def mean_difference(before: Image.Image, after: Image.Image, holes, within=None) -> float:
    """The mean difference per colour sample over the pixels of `within` (the whole page when
    None) outside `holes`."""
    mask = Image.new("L", before.size, 0 if within else 255)
    draw = ImageDraw.Draw(mask)
    if within:
        draw.rectangle(within, fill=255)
    for hole in holes:
        draw.rectangle(hole, fill=0)
    difference = Image.composite(ImageChops.difference(before, after), Image.new("RGB", before.size), mask)
    share = ImageStat.Stat(mask).mean[0] / 255
    return sum(ImageStat.Stat(difference).mean) / 3 / share


# MARK: - Tests


def test_the_report_counts_every_drawing_as_cut(drawings):
    _, _, report, _ = drawings
    assert [(page["pageIndex"], page["marks"], page["pathsCut"], page["paths"]) for page in report["pages"]] == \
        [(0, 4, 4, 0), (1, 4, 4, 0)]


@pytest.mark.parametrize("page_index", [0, 1])
def test_no_path_point_is_left_under_a_mark(drawings, page_index):
    source, out, _, _ = drawings
    with pikepdf.open(source) as pdf:
        before = path_points(pdf.pages[page_index])
    for name, rect in DRAWING_MARKS.items():
        assert any(strictly_inside(p, rect) for p in before), f"the fixture's {name} has a point under its mark"
    with pikepdf.open(out) as pdf:
        after = path_points(pdf.pages[page_index])
    assert len(after) > len(DRAWING_MARKS) * 2
    for name, rect in DRAWING_MARKS.items():
        left = [p for p in after if strictly_inside(p, rect)]
        assert left == [], f"page {page_index + 1}: points of the {name} under its mark: {left[:5]}"


@pytest.mark.parametrize("page_index", [0, 1])
def test_the_page_renders_as_before_outside_the_marks_and_as_the_overlay_inside(drawings, page_index):
    source, out, _, folder = drawings
    before = render(source, folder, "before")[page_index]
    after = render(out, folder, "after")[page_index]
    assert before.size == after.size
    holes = [pixel_box(source, page_index, rect, grow_pixels=1) for rect in DRAWING_MARKS.values()]
    whole = mean_difference(before, after, holes)
    assert whole < 0.5, f"page {page_index + 1} differs outside the marks by {whole:.3f}"
    for name, rect in DRAWING_MARKS.items():
        # The neighbourhood of the mark (40 pt around it), where the rest of the drawing is.
        near = pixel_box(source, page_index, rect, grow_pixels=40 * DPI / 72)
        local = mean_difference(before, after, holes, within=near)
        assert local < 0.5, f"page {page_index + 1}: around the {name}'s mark the page differs by {local:.3f}"
        x0, y0, x1, y1 = pixel_box(source, page_index, rect, grow_pixels=-1)
        inside = after.crop((round(x0), round(y0), round(x1), round(y1)))
        colours = {colour for _, colour in inside.getcolors(maxcolors=1 << 16) or [(0, None)]}
        assert colours == {OVERLAY}, f"page {page_index + 1}: inside the {name}'s mark: {sorted(colours)[:5]}"


def test_the_redacted_file_is_clean_to_qpdf(drawings):
    _, out, _, _ = drawings
    check = qpdf_check(out, None)
    assert check.returncode == 0 and not check.warnings and not check.errors, f"{check}"
