"""A free text in a chosen family (Times, and Helvetica, the default) keeps it for the runs its
font has and falls back per run for the rest (docs/text-layout.md, "A chosen family"):
`Price 12 € — 東京` embeds Nimbus Roman (URW's Times), or Nimbus Sans (URW's Helvetica), and
Noto Sans CJK and nothing else, each run renders in Poppler and
PDFium like HarfBuzz's own hb-view draws it in that font (against a DejaVu Sans control, which
the measure must tell apart), and the text extracts as typed (PyMuPDF, with each span's font,
and pdftotext); a text field in Times filled with it embeds the same two fonts.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command
from shaping_oracle import NOTO_CJK, SAME_GLYPHS, boxes_agree, difference, hb_view, ink, pdfium, pdftoppm

NIMBUS_ROMAN = Path("/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf")
NIMBUS_SANS = Path("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
TEXT = "Price 12 € — 東京"
LATIN, CJK = "Price 12 € —", "東京"
PAGE = (612, 792)
RECT = [36, 600, 576, 660]
SIZE = 24
DPI = 144  # 48 pixels per em at 24 pt, as hb-view's reference


def annotated(binary: Path, tmp_path: Path, font: str) -> Path:
    blank = tmp_path / "blank.pdf"
    document = pymupdf.open()
    document.new_page(width=PAGE[0], height=PAGE[1])
    document.save(blank)
    spec = {"annotations": [{"type": "freeText", "pageIndex": 0, "rect": RECT, "text": TEXT, "font": font,
                             "fontSize": SIZE, "width": 0}]}
    source = tmp_path / "free.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "annotated.pdf"
    result = run_command([str(binary), "annotate", str(blank), "--from", str(source), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    return out


def flattened(binary: Path, pdf: Path) -> Path:
    flat = pdf.with_name("flat.pdf")
    result = run_command([str(binary), "flatten", str(pdf), "-o", str(flat)], 60)
    assert result.returncode == 0, result.describe()
    return flat


@pytest.mark.parametrize("family, font_file", [("Times-Roman", NIMBUS_ROMAN), ("Helvetica", NIMBUS_SANS)])
def test_the_family_keeps_its_urw_font_for_latin_and_noto_cjk_for_the_rest(binary, tmp_path, family, font_file):
    assert font_file.exists(), f"{font_file} is missing: scripts/install-deps.sh installs fonts-urw-base35"
    name = font_file.stem
    pdf = annotated(binary, tmp_path, family)
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    # Each embedded (emb), subset (sub), with a ToUnicode map (uni); no DejaVu Sans.
    assert sorted(line.split()[0].split("+")[1] for line in fonts) == [name, "NotoSansCJKsc-Regular"], fonts
    assert all(line.split()[-5:-2] == ["yes", "yes", "yes"] for line in fonts), fonts

    flat = flattened(binary, pdf)
    with pymupdf.open(flat) as document:
        spans = [span for block in document[0].get_text("dict")["blocks"] for line in block.get("lines", [])
                 for span in line["spans"] if span["text"].strip()]
    by_font = {span["font"].split("+")[-1]: span for span in spans}
    assert set(by_font) == {name, "NotoSansCJKsc-Regular"}, [(s["font"], s["text"]) for s in spans]
    assert by_font[name]["text"].strip() == LATIN
    assert by_font["NotoSansCJKsc-Regular"]["text"].strip() == CJK
    poppler = subprocess.run(["pdftotext", "-enc", "UTF-8", str(flat), "-"], check=True, capture_output=True).stdout.decode()
    assert " ".join(poppler.split()) == TEXT
    with pymupdf.open(flat) as document:
        assert " ".join(document[0].get_text().split()) == TEXT

    # The Latin run left of where the CJK span starts, the CJK run right of it, in pixels.
    scale = DPI / 72
    split = round(by_font["NotoSansCJKsc-Regular"]["bbox"][0] * scale)
    top, bottom = round((PAGE[1] - RECT[3]) * scale), round((PAGE[1] - RECT[1]) * scale)
    latin_region = (round(RECT[0] * scale), top, split, bottom)
    cjk_region = (split, top, round(RECT[2] * scale), bottom)
    pixels_per_em = SIZE * DPI // 72
    latin = ink(hb_view(font_file, LATIN, pixels_per_em, tmp_path / "latin.png"))
    control = ink(hb_view(DEJAVU, LATIN, pixels_per_em, tmp_path / "control.png"))
    cjk = ink(hb_view(NOTO_CJK, CJK, pixels_per_em, tmp_path / "cjk.png", face_index=2))
    for engine, page in [("pdftoppm", pdftoppm(pdf, DPI, tmp_path / "page")), ("pdfium", pdfium(pdf, DPI))]:
        ours = ink(page, latin_region)
        ours.save(tmp_path / f"{engine}-latin.png")
        assert boxes_agree(ours, latin), f"{engine}: Latin ink box {ours.size}, hb-view's {latin.size}"
        assert difference(ours, latin) < SAME_GLYPHS, f"{engine}: differs from {name} by {difference(ours, latin):.3f}"
        assert difference(ours, control) > SAME_GLYPHS or not boxes_agree(ours, control), \
            f"{engine}: the Latin run passes as DejaVu Sans too"
        theirs = ink(page, cjk_region)
        assert boxes_agree(theirs, cjk), f"{engine}: CJK ink box {theirs.size}, hb-view's {cjk.size}"
        assert difference(theirs, cjk) < SAME_GLYPHS, f"{engine}: differs from Noto Sans CJK by {difference(theirs, cjk):.3f}"


@pytest.mark.parametrize("font, expected", [("Helvetica-BoldOblique", "NimbusSans-BoldItalic"),
                                            ("Courier-Bold", "NimbusMonoPS-Bold")])
def test_other_families_keep_their_font_for_latin(binary, tmp_path, font, expected):
    """Helvetica Bold Oblique goes to Nimbus Sans Bold Italic, Courier Bold to Nimbus Mono PS
    Bold: weight and slant kept, and the Chinese beside them bold too."""
    pdf = annotated(binary, tmp_path, font)
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    # The Chinese in the same weight as the Latin: Noto Sans CJK Bold.
    assert sorted(line.split()[0].split("+")[1] for line in fonts) == sorted([expected, "NotoSansCJKsc-Bold"]), fonts
    with pymupdf.open(flattened(binary, pdf)) as document:
        assert " ".join(document[0].get_text().split()) == TEXT


def test_a_times_text_field_keeps_nimbus_roman_for_latin(binary, tmp_path):
    """A text field whose /DA names Times (PyMuPDF's TiRo) filled with the mixed line: the same
    two fonts, and the flattened copy extracts as typed."""
    document = pymupdf.open()
    page = document.new_page(width=PAGE[0], height=PAGE[1])
    widget = pymupdf.Widget()
    widget.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
    widget.field_name = "line"
    widget.rect = pymupdf.Rect(RECT[0], PAGE[1] - RECT[3], RECT[2], PAGE[1] - RECT[1])
    widget.border_width = 0
    widget.text_fontsize = SIZE
    widget.text_font = "TiRo"
    page.add_widget(widget)
    form = tmp_path / "form.pdf"
    document.save(form)
    for flatten in (False, True):
        out = tmp_path / f"filled-{flatten}.pdf"
        result = run_command([str(binary), "fill", str(form), "-o", str(out), f"line={TEXT}"] + (["--flatten"] if flatten else []), 60)
        assert result.returncode == 0, result.describe()
        assert qpdf_check(out, None).returncode == 0
        fonts = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
        assert sorted(line.split()[0].split("+")[1] for line in fonts) == ["NimbusRoman-Regular", "NotoSansCJKsc-Regular"], fonts
    with pymupdf.open(out) as flat:
        assert " ".join(flat[0].get_text().split()) == TEXT
