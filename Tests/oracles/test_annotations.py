"""Annotations written by `marginalia annotate`, judged by other engines: PyMuPDF and pypdf read
back the type, rectangle, colours, opacity and geometry; qpdf finds nothing wrong; poppler and
PDFium renders show each annotation's colour inside its /Rect and leave the page alone outside;
flattening changes the rendering by no more than anti-aliasing; JSON survives a round trip."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pymupdf
import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops

from annotation_fixtures import PYMUPDF_TYPES, SAMPLE, every_type, hex_to_rgb, points_of
from oracle_helpers import qpdf_check, run_command

EXISTING = 2  # the sample's page 1 already has a note and a square


@pytest.fixture(scope="module")
def annotated(binary, tmp_path_factory) -> tuple[Path, list[dict]]:
    specs = [dict(spec, pageIndex=0) for spec in every_type()]
    folder = tmp_path_factory.mktemp("annotations")
    source = folder / "annotations.json"
    source.write_text(json.dumps({"annotations": specs}))
    out = folder / "annotated.pdf"
    result = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(source), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    return out, specs


def pdf_rect(annot, page) -> tuple[float, float, float, float]:
    """The annotation's rectangle in PDF page space (PyMuPDF reports top-left coordinates)."""
    r = annot.rect * ~page.transformation_matrix
    return (min(r.x0, r.x1), min(r.y0, r.y1), max(r.x0, r.x1), max(r.y0, r.y1))


def test_qpdf_finds_nothing_wrong(annotated):
    out, _ = annotated
    check = qpdf_check(out, None)
    assert check.returncode == 0, check


def test_pymupdf_reads_type_rect_colours_opacity_geometry(annotated):
    out, specs = annotated
    document = pymupdf.open(out)
    page = document[0]
    annots = list(page.annots())[EXISTING:]
    assert len(annots) == len(specs)
    to_pdf = ~page.transformation_matrix
    for annot, spec in zip(annots, specs):
        name = spec["type"]
        assert annot.type[1] == PYMUPDF_TYPES[name], name
        x0, y0, x1, y1 = pdf_rect(annot, page)
        if "rect" in spec:
            for got, want in zip((x0, y0, x1, y1), spec["rect"]):
                assert abs(got - want) <= 0.5, (name, (x0, y0, x1, y1), spec["rect"])
        for (px, py) in points_of(spec):
            assert x0 - 0.5 <= px <= x1 + 0.5 and y0 - 0.5 <= py <= y1 + 0.5, (name, "point outside /Rect")
        colors = annot.colors
        if "color" in spec and name != "freeText":
            assert colors["stroke"] and all(abs(a - b) < 0.01 for a, b in zip(colors["stroke"], hex_to_rgb(spec["color"]))), name
        if "fill" in spec:
            assert colors["fill"] and all(abs(a - b) < 0.01 for a, b in zip(colors["fill"], hex_to_rgb(spec["fill"]))), name
        if "opacity" in spec:
            assert abs(annot.opacity - spec["opacity"]) < 0.01, name
        if "width" in spec and name in ("ink", "square", "circle", "line", "polyline"):
            assert abs(annot.border["width"] - spec["width"]) < 0.01, name
        if name == "ink":
            strokes = [[tuple(pymupdf.Point(p) * to_pdf) for p in stroke] for stroke in annot.vertices]
            assert len(strokes) == len(spec["paths"])
            for got, want in zip(strokes, spec["paths"]):
                assert all(abs(g[0] - w[0]) < 0.01 and abs(g[1] - w[1]) < 0.01 for g, w in zip(got, want)), name
        if name in ("line", "polygon", "polyline"):
            got = [tuple(pymupdf.Point(p) * to_pdf) for p in annot.vertices]
            assert all(abs(g[0] - w[0]) < 0.01 and abs(g[1] - w[1]) < 0.01 for g, w in zip(got, spec["points"])), name
        if name == "freeText":
            assert annot.info["content"] == spec["text"]
        if name == "note":
            assert annot.info["content"] == spec["contents"]


def test_pypdf_reads_subtype_and_rect(annotated):
    out, specs = annotated
    page = pypdf.PdfReader(out).pages[0]
    annots = [a.get_object() for a in page["/Annots"]][EXISTING:]
    for annot, spec in zip(annots, specs):
        assert annot["/Subtype"] == "/" + PYMUPDF_TYPES[spec["type"]]
        rect = [float(v) for v in annot["/Rect"]]
        if "rect" in spec:
            assert all(abs(a - b) <= 0.5 for a, b in zip(rect, spec["rect"])), spec["type"]
        assert "/AP" in annot and "/NM" in annot and "/M" in annot and int(annot["/F"]) & 4


#: Renders are at 144 dpi (2 pixels per point), so thin markup lines are not lost to anti-aliasing.
SCALE = 2


def render_poppler(path: Path, folder: Path, name: str) -> Image.Image:
    prefix = folder / name
    subprocess.run(["pdftoppm", "-r", str(72 * SCALE), "-png", "-f", "1", "-l", "1", "-singlefile", str(path), str(prefix)],
                   check=True, capture_output=True)
    return Image.open(f"{prefix}.png").convert("RGB")


def render_pdfium(path: Path) -> Image.Image:
    document = pypdfium2.PdfDocument(str(path))
    page = document[0]
    image = page.render(scale=SCALE, may_draw_forms=True).to_pil().convert("RGB")
    document.close()
    return image


def pixels(image: Image.Image):
    """Every pixel value (getdata's replacement across Pillow versions)."""
    getter = getattr(image, "get_flattened_data", None) or image.getdata
    return getter()


def expected_colour(spec: dict) -> tuple[int, int, int] | None:
    """The colour a render shows somewhere inside the annotation, blended with white by its
    opacity: the fill for filled shapes, the text colour for free text, else the colour."""
    key = "fill" if "fill" in spec and spec["type"] in ("square", "polygon") else "textColor" if spec["type"] == "freeText" else "color"
    if key not in spec:
        return None
    alpha = spec.get("opacity", 1.0)
    return tuple(round(c * 255 * alpha + 255 * (1 - alpha)) for c in hex_to_rgb(spec[key]))


@pytest.mark.parametrize("renderer", ["poppler", "pdfium"])
def test_renders_show_colour_inside_rect_and_nothing_outside(annotated, tmp_path, renderer):
    out, specs = annotated
    render = (lambda p, n: render_poppler(p, tmp_path, n)) if renderer == "poppler" else (lambda p, n: render_pdfium(p))
    before, after = render(SAMPLE, "before"), render(out, "after")
    assert before.size == after.size
    height = before.size[1]
    document = pymupdf.open(out)
    page = document[0]
    rects = [pdf_rect(a, page) for a in list(page.annots())[EXISTING:]]
    # Outside every new annotation's rect (2 px margin), the page is untouched.
    mask = Image.new("L", before.size, 255)
    for (x0, y0, x1, y1) in rects:
        mask.paste(0, (int(x0 * SCALE) - 2, int(height - y1 * SCALE) - 2, int(x1 * SCALE) + 3, int(height - y0 * SCALE) + 3))
    diff = ImageChops.difference(before, after).convert("L")
    outside = ImageChops.multiply(diff, mask)
    assert outside.getbbox() is None or max(outside.getdata()) < 40, f"{renderer}: page changed outside the annotations"
    # Inside each rect, the annotation's colour shows.
    for spec, (x0, y0, x1, y1) in zip(specs, rects):
        want = expected_colour(spec)
        if want is None or spec["type"] == "stamp" and "image" in spec:
            continue
        box = after.crop((int(x0 * SCALE), int(height - y1 * SCALE), int(x1 * SCALE) + 1, int(height - y0 * SCALE) + 1))
        best = min(sum(abs(a - b) for a, b in zip(pixel, want)) for pixel in pixels(box))
        assert best <= 60, f"{renderer}: {spec['type']} colour {want} not found inside its rect (closest off by {best})"


def test_flatten_looks_the_same(annotated, binary, tmp_path):
    out, _ = annotated
    flat = tmp_path / "flat.pdf"
    result = run_command([str(binary), "flatten", str(out), "-o", str(flat)], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(flat, None).returncode == 0
    assert len(list(pymupdf.open(flat)[0].annots())) == 0
    with_annotations, flattened = render_poppler(out, tmp_path, "on"), render_poppler(flat, tmp_path, "flat")
    diff = ImageChops.difference(with_annotations, flattened).convert("L")
    strong = sum(1 for v in pixels(diff) if v > 64)
    assert strong <= diff.size[0] * diff.size[1] * 0.002, f"{strong} pixels differ by more than anti-aliasing"


def test_json_round_trip_through_pdf(annotated, binary):
    out, specs = annotated
    result = run_command([str(binary), "export", str(out), "--format", "json"], 60)
    assert result.returncode == 0, result.describe()
    exported = json.loads(result.stdout)["annotations"][EXISTING:]
    assert len(exported) == len(specs)
    for got, spec in zip(exported, specs):
        for key, value in spec.items():
            if key in ("rect",) and spec["type"] in ("ink", "line", "polygon", "polyline"):
                continue
            if isinstance(value, float) or key in ("rect", "paths", "points", "quads"):
                flat_got, flat_want = json.dumps(got[key]), json.dumps(value)
                assert _close(got[key], value), (spec["type"], key, flat_got, flat_want)
            else:
                assert got.get(key) == value, (spec["type"], key, got.get(key), value)


def _close(a, b, tolerance=1e-3) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tolerance) for x, y in zip(a, b))
    return abs(float(a) - float(b)) <= tolerance


def test_bad_json_names_the_path_and_writes_nothing(binary, tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"annotations": [
        {"type": "square", "pageIndex": 0, "rect": [0, 0, 10, 10]},
        {"type": "ink", "pageIndex": 0, "paths": [[[1, 2], [3, "x"]]]},
    ]}))
    out = tmp_path / "out.pdf"
    result = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(source), "-o", str(out)], 60)
    assert result.returncode == 1
    assert "annotations[1].paths[0][1]" in result.stderr
    assert not out.exists()


def test_xfdf_round_trip_through_pdf(annotated, binary, tmp_path):
    """JSON-made annotations exported as XFDF, imported into a fresh copy of the sample, and
    exported again: the two XFDF files describe the same annotations."""
    import xml.etree.ElementTree as ET

    out, specs = annotated
    first = tmp_path / "first.xfdf"
    result = run_command([str(binary), "export", str(out), "--format", "xfdf", "-o", str(first)], 60)
    assert result.returncode == 0, result.describe()
    copy = tmp_path / "copy.pdf"
    result = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(first), "-o", str(copy)], 60)
    assert result.returncode == 0, result.describe()
    document = pymupdf.open(copy)
    assert [a.type[1] for a in document[0].annots()][EXISTING * 2:] == [PYMUPDF_TYPES[s["type"]] for s in specs]
    second = tmp_path / "second.xfdf"
    result = run_command([str(binary), "export", str(copy), "--format", "xfdf", "-o", str(second)], 60)
    assert result.returncode == 0, result.describe()

    def annotations(path):
        root = ET.parse(path).getroot()
        namespace = {"x": "http://ns.adobe.com/xfdf/"}
        annots = root.find("x:annots", namespace)
        return {element.get("name"): element for element in annots}

    one, two = annotations(first), annotations(second)
    assert set(one) <= set(two)
    for name, element in one.items():
        other = two[name]
        assert element.tag == other.tag, name
        for attribute in ("page", "color", "interior-color", "opacity", "width", "title", "subject", "flags", "icon"):
            assert element.get(attribute) == other.get(attribute), (element.tag, attribute)
        if element.tag.endswith(("square", "circle", "freetext", "stamp", "text")):
            assert element.get("rect") == other.get("rect"), element.tag
        ink_one, ink_two = element.find("{http://ns.adobe.com/xfdf/}inklist"), other.find("{http://ns.adobe.com/xfdf/}inklist")
        assert (ink_one is None) == (ink_two is None), element.tag
        if ink_one is not None:
            assert ET.tostring(ink_one) == ET.tostring(ink_two), element.tag
