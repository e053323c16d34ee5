"""Issue 20 judged by other engines: brushes are ink to PyMuPDF and pypdf (and stay editable),
image frames are borders to them; pdftoppm and PDFium show the brush textures, the frames, the
crops, the turns and every note icon; and `marginalia render` of an image document matches
pdftoppm of the same file within a mean difference of 2 per colour sample."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pymupdf
import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from oracle_helpers import qpdf_check, run_command
from seed_gap_fixtures import BRUSHES, FLAT_GREY, FLAT_SIZE, ICONS, markup, photo, write_json

SCALE = 2  # renders at 144 dpi


def cli(binary: Path, *args: str):
    result = run_command([str(binary), *map(str, args)], 60)
    assert result.returncode == 0, result.describe()
    return result


@pytest.fixture(scope="module")
def flat(binary, tmp_path_factory) -> Path:
    """A flat grey image document with every feature at a known place."""
    folder = tmp_path_factory.mktemp("seedgaps")
    Image.new("RGB", FLAT_SIZE, FLAT_GREY).save(folder / "flat.png")
    cli(binary, "create", folder / "flat.png", "-o", folder / "flat.pdf")
    cli(binary, "annotate", folder / "flat.pdf", "--from", write_json(markup(), folder / "marks.json"),
        "-o", folder / "marked.pdf")
    return folder / "marked.pdf"


def poppler(path: Path, dpi: int = 72 * SCALE) -> Image.Image:
    prefix = path.with_name(f"{path.stem}-poppler-{dpi}")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(path), str(prefix)], check=True, capture_output=True)
    return Image.open(f"{prefix}.png").convert("RGB")


def pdfium(path: Path) -> Image.Image:
    document = pypdfium2.PdfDocument(str(path))
    image = document[0].render(scale=SCALE).to_pil().convert("RGB")
    document.close()
    return image


RENDERERS = {"pdftoppm": poppler, "pdfium": pdfium}


def at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at page point (x, y) of a FLAT_SIZE page rendered at SCALE."""
    return image.getpixel((int(x * SCALE), int((FLAT_SIZE[1] - y) * SCALE)))


def pixels(image: Image.Image):
    """Every pixel value (getdata's replacement across Pillow versions)."""
    getter = getattr(image, "get_flattened_data", None) or image.getdata
    return getter()


def near(pixel, colour, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


# MARK: - Other engines read them


def test_qpdf_finds_nothing_wrong(flat):
    assert qpdf_check(flat, None).returncode == 0


def test_pymupdf_reads_brushes_as_ink_and_frames_as_borders(flat):
    document = pymupdf.open(flat)
    page = document[0]
    annots = list(page.annots())
    specs = markup()
    to_pdf = ~page.transformation_matrix
    for annot, spec in zip(annots, specs):
        if spec["type"] == "ink":
            assert annot.type[1] == "Ink", spec.get("brush")
            assert abs(annot.border["width"] - 12) < 0.01
            line = [tuple(pymupdf.Point(p) * to_pdf) for p in annot.vertices[0]]
            assert len(line) == len(spec["paths"][0]), "the centreline, not the texture"
            assert all(abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01 for a, b in zip(line, spec["paths"][0]))
    frame = annots[len(BRUSHES)]
    assert frame.type[1] == "Stamp"
    # MuPDF's border API covers shapes and ink only; the keys are what it reads for stamps.
    assert document.xref_get_key(frame.xref, "BS/W") == ("int", "6")
    assert frame.colors["stroke"] == pytest.approx([1, 0, 1])
    assert document.xref_get_key(annots[len(BRUSHES) + 1].xref, "BS/W") == ("int", "0"), "no frame unless asked"
    assert [a.info["content"] for a in annots[-len(ICONS):]] == ICONS


def test_pypdf_reads_ink_lists_brush_keys_and_borders(flat):
    annots = [a.get_object() for a in pypdf.PdfReader(flat).pages[0]["/Annots"]]
    for annot, brush in zip(annots, BRUSHES):
        assert annot["/Subtype"] == "/Ink" and len(annot["/InkList"]) == 1
        data = annot.get("/MarginaliaData")
        assert (data.get("/Brush") if data else None) == (None if brush == "pen" else "/" + brush)
        assert "/AP" in annot
    frame = annots[len(BRUSHES)]
    assert float(frame["/BS"]["/W"]) == 6 and [float(c) for c in frame["/C"]] == [1, 0, 1]
    cropped, turned = annots[len(BRUSHES) + 1], annots[len(BRUSHES) + 2]
    assert [float(v) for v in cropped["/MarginaliaData"]["/Crop"]] == [0, 0, 0.5, 1]
    assert int(turned["/MarginaliaData"]["/Rotation"]) == 90
    assert [a["/Name"] for a in annots[-len(ICONS):]] == ["/" + icon for icon in ICONS]


def test_pymupdf_can_still_edit_a_brushed_ink(flat, tmp_path):
    document = pymupdf.open(flat)
    page = document[0]
    annot = list(page.annots())[1]  # the pencil
    annot.set_border(width=3)
    annot.update()
    document.save(tmp_path / "edited.pdf")
    edited = pymupdf.open(tmp_path / "edited.pdf")
    edited_page = edited[0]
    again = list(edited_page.annots())[1]
    assert again.type[1] == "Ink" and abs(again.border["width"] - 3) < 0.01 and len(again.vertices[0]) == 61


# MARK: - Other engines show them


@pytest.mark.parametrize("renderer", RENDERERS)
def test_textures_show(flat, renderer):
    image = RENDERERS[renderer](flat)
    image.save(flat.with_name(f"textures-{renderer}.png"))

    def along(y: float) -> list[int]:
        grey = image.convert("L")
        return [grey.getpixel((x * SCALE, int((FLAT_SIZE[1] - y) * SCALE))) for x in range(60, 320)]

    def spread(values: list[int]) -> float:
        mean = sum(values) / len(values)
        return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5

    pen, pencil, marker, crayon, watercolor, fountain = (300 - 26 * i for i in range(6))
    assert spread(along(pen)) < 2, "a pen line is one even colour"
    assert max(along(pen)) < 80, "and dark"
    # Grain: the pencil and crayon lines vary along their length (dashes and streaks).
    for name, y in (("pencil", pencil), ("crayon", crayon)):
        values = along(y) + along(y + 2) + along(y - 2)
        assert spread(values) > 8, (renderer, name, spread(values))
        assert min(values) < FLAT_GREY[0] - 60, (renderer, name, "it shows at all")
    # The marker pools at its rims: darker near the edge than in the middle.
    assert max(along(marker + 5)) < min(along(marker)) + 3 and sum(along(marker + 5)) < sum(along(marker))
    # The wash is darkest in the middle and fades at its edges.
    middle, edge = sum(along(watercolor)) / 260, sum(along(watercolor + 7.5)) / 260
    assert middle + 15 < edge < FLAT_GREY[0] - 5, (renderer, middle, edge)
    # The nib: a straight horizontal stroke is drawn at 0.25 + 0.95 sin(45°) = 0.92 of its width.
    column = [image.convert("L").getpixel((200 * SCALE, y)) for y in range(int((FLAT_SIZE[1] - fountain - 8) * SCALE),
                                                                          int((FLAT_SIZE[1] - fountain + 8) * SCALE))]
    dark = sum(1 for v in column if v < 128) / SCALE
    assert 9.5 < dark < 12.5, (renderer, dark)


@pytest.mark.parametrize("renderer", RENDERERS)
def test_frames_crops_and_turns_show(flat, renderer):
    image = RENDERERS[renderer](flat)
    # The frame: 6 points of magenta inside the box, the image inside it (red at the top-left).
    assert near(at(image, 42, 80), (255, 0, 255)) and near(at(image, 100, 118), (255, 0, 255))
    assert near(at(image, 60, 100), (255, 0, 0)) and near(at(image, 140, 100), (0, 160, 0))
    assert near(at(image, 60, 60), (0, 0, 255))
    # The crop: the left half only, red over blue, and no green anywhere in the box.
    assert near(at(image, 220, 100), (255, 0, 0)) and near(at(image, 220, 60), (0, 0, 255))
    box = image.crop((190 * SCALE + 2, (FLAT_SIZE[1] - 120) * SCALE + 2, 250 * SCALE - 2, (FLAT_SIZE[1] - 40) * SCALE - 2))
    assert not any(near(p, (0, 160, 0), 60) for p in pixels(box))
    # The quarter turn clockwise: blue top-left, red top-right, green bottom-right.
    assert near(at(image, 290, 120), (0, 0, 255)) and near(at(image, 330, 120), (255, 0, 0))
    assert near(at(image, 330, 50), (0, 160, 0))


@pytest.mark.parametrize("renderer", RENDERERS)
def test_every_note_icon_shows_its_own_drawing(flat, renderer):
    image = RENDERERS[renderer](flat)
    tiles = [image.crop(((40 + 45 * i) * SCALE, (FLAT_SIZE[1] - 155) * SCALE, (60 + 45 * i) * SCALE, (FLAT_SIZE[1] - 135) * SCALE))
             for i in range(len(ICONS))]
    for name, tile in zip(ICONS, tiles):
        assert any(near(p, (255, 216, 48), 30) for p in pixels(tile)), (renderer, name, "the note's colour")
        assert any(max(p) < 100 for p in pixels(tile)), (renderer, name, "the dark symbol")
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            difference = sum(ImageStat.Stat(ImageChops.difference(tiles[i], tiles[j])).mean) / 3
            assert difference > 8, (renderer, ICONS[i], ICONS[j], difference)


# MARK: - marginalia render against pdftoppm


@pytest.fixture(scope="module", params=["png", "jpg"])
def photo_document(binary, tmp_path_factory, request) -> Path:
    folder = tmp_path_factory.mktemp(f"photo-{request.param}")
    source = folder / f"photo.{request.param}"
    photo().save(source, quality=90) if request.param == "jpg" else photo().save(source)
    cli(binary, "create", source, "-o", folder / "photo.pdf")
    marks = markup() + [
        {"type": "freeText", "pageIndex": 0, "rect": [200, 280, 380, 310], "text": "Marked up", "fontSize": 16,
         "textColor": "#202080", "color": "#FFFFFF"},
        {"type": "square", "pageIndex": 0, "rect": [360, 20, 460, 100], "color": "#000000", "fill": "#FFFF80",
         "opacity": 0.6, "width": 2},
        {"type": "highlight", "pageIndex": 0, "quads": [[200, 270, 380, 270, 200, 255, 380, 255]], "color": "#FFFF00"},
    ]
    cli(binary, "annotate", folder / "photo.pdf", "--from", write_json(marks, folder / "marks.json"), "-o", folder / "marked.pdf")
    return folder / "marked.pdf"


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("scale", [None, 2])
def test_render_matches_pdftoppm(binary, photo_document, scale):
    out = photo_document.with_name(f"render-{scale}.png")
    args = ["render", photo_document, "-o", out] + (["--scale", str(scale)] if scale else [])
    cli(binary, *args)
    ours = Image.open(out).convert("RGB")
    if scale is None:
        assert ours.size == (480, 320), "the image's own pixel size"
    theirs = poppler(photo_document, dpi=72 * (scale or 1))
    difference = mean_difference(ours, theirs)
    assert difference < 2, difference


def test_render_draws_one_annotation_alone(binary, flat, tmp_path):
    listed = run_command([str(binary), "annotations", str(flat), "--json"], 60)
    import json
    note = [a for a in json.loads(listed.stdout)["annotations"] if a["type"] == "note"][3]  # Help
    out = tmp_path / "note.png"
    cli(binary, "render", flat, "--annotation", note["id"], "--scale", "4", "-o", out)
    image = Image.open(out).convert("RGBA")
    assert image.size == (80, 80)
    assert image.getpixel((0, 0))[3] == 0, "transparent around the icon"
    assert near(image.getpixel((20, 40))[:3], (255, 216, 48), 10)
