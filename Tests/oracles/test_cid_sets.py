"""Every CIDFont Marginalia embeds has a /CIDSet of exactly the CIDs its font program holds
(ISO 19005-1 6.3.5, 19005-2 6.2.11.4.2; docs/accessibility.md, "PDF/A"), and `marginalia
create` embeds the fonts annotations' text is drawn in (docs/generation.md, "Fonts").

Judges: pikepdf reads each embedded CIDFont's /CIDSet (a bit per CID, the high-order bit of
the first byte for CID 0) and its font program; fontTools reads the program's glyphs (the
TrueType glyph count, CIDs through /CIDToGIDMap /Identity; a CID-keyed CFF's charset; a
name-keyed CFF's glyph count, its CIDs being glyph IDs); every content stream is parsed by
pikepdf and the two-byte Identity-H codes each Type0 font shows are its CIDs, each of which
must be in the set. The surfaces: a free text, a stamp and a filled text field on a PDF/A-1b
file and on one without a claim, and a document made by `marginalia create`. The text mixes
Latin, Greek, Arabic, Chinese and a letter only DejaVu Sans has, so that Nimbus Sans (name-keyed
CFF), Noto Sans Arabic (TrueType), Noto Sans CJK (CID-keyed CFF) and DejaVu Sans (TrueType,
the engine's own subsetter) are all embedded. qpdf --check is clean, pdftoppm draws the text,
pdftotext and PyMuPDF read it back as typed.
"""

from __future__ import annotations

import io
import json
import subprocess
import unicodedata
from pathlib import Path

import pikepdf
import pymupdf
import pytest
from fontTools.cffLib import CFFFontSet
from fontTools.ttLib import TTFont
from PIL import Image

from oracle_helpers import qpdf_check, run_command

#: One word per font: Nimbus Sans (Latin, Greek), Noto Sans Arabic, Noto Sans CJK, and Ǖ,
#: which only DejaVu Sans has, as a composite glyph (its components in the program, not shown).
MIXED = "Zoë Ωμέγα 東京 x Ǖ y مرحبا"
PAGE = (612, 792)
FIELD_RECT = [72, 600, 540, 640]
FREE_RECT = [72, 500, 540, 560]
STAMP_RECT = [72, 300, 400, 380]


def cid_set(descriptor: pikepdf.Dictionary) -> set[int]:
    data = descriptor.CIDSet.read_bytes()
    return {8 * index + bit for index, byte in enumerate(data) for bit in range(8) if byte & (0x80 >> bit)}


def program_cids(cid_font: pikepdf.Dictionary) -> set[int]:
    """The CIDs the embedded program holds, as fontTools reads it."""
    descriptor = cid_font.FontDescriptor
    if cid_font.Subtype == "/CIDFontType2":
        assert cid_font.get("/CIDToGIDMap") == "/Identity", "only /Identity is written"
        font = TTFont(io.BytesIO(descriptor.FontFile2.read_bytes()))
        return set(range(font["maxp"].numGlyphs))
    assert cid_font.Subtype == "/CIDFontType0" and descriptor.FontFile3.Subtype == "/CIDFontType0C"
    cff = CFFFontSet()
    cff.decompile(io.BytesIO(descriptor.FontFile3.read_bytes()), None)
    top = cff[cff.fontNames[0]]
    if hasattr(top, "ROS"):
        # A CID-keyed font's charset names its glyphs "cidNNNNN" (.notdef for CID 0).
        return {0 if name == ".notdef" else int(name[3:]) for name in top.charset}
    return set(range(len(top.charset)))


def shown_cids(document: pikepdf.Pdf) -> dict[tuple[int, int], set[int]]:
    """The codes each Type0 font (by its CIDFont's object) shows in every content stream the
    file holds: pages, appearance streams and the forms they draw."""
    shown: dict[tuple[int, int], set[int]] = {}
    seen: set[tuple[int, int]] = set()

    def visit(stream: pikepdf.Object, resources: pikepdf.Dictionary):
        if stream.objgen != (0, 0):
            if stream.objgen in seen:
                return
            seen.add(stream.objgen)
        resources = stream.get("/Resources", resources) if isinstance(stream, pikepdf.Stream) else resources
        fonts = resources.get("/Font", pikepdf.Dictionary())
        font = None
        for operands, operator in pikepdf.parse_content_stream(stream):
            op = str(operator)
            if op == "Tf":
                font = fonts.get(str(operands[0]))
            elif op in ("Tj", "'", '"', "TJ") and font is not None and font.Subtype == "/Type0":
                assert font.Encoding == "/Identity-H"
                strings = operands[0] if op == "TJ" else [operands[-1]]
                key = font.DescendantFonts[0].objgen
                for item in strings:
                    if isinstance(item, pikepdf.String):
                        data = bytes(item)
                        shown.setdefault(key, set()).update(data[i] << 8 | data[i + 1] for i in range(0, len(data) - 1, 2))
            elif op == "Do":
                inner = resources.get("/XObject", pikepdf.Dictionary()).get(str(operands[0]))
                if inner is not None and inner.get("/Subtype") == "/Form":
                    visit(inner, resources)

    for page in document.pages:
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        visit(pikepdf.Stream(document, page.obj.Contents.read_bytes()) if isinstance(page.obj.Contents, pikepdf.Array)
              else page.obj.Contents, resources)
        for annotation in page.obj.get("/Annots", []):
            normal = annotation.get("/AP", pikepdf.Dictionary()).get("/N")
            if normal is None:
                continue
            for appearance in (normal.values() if isinstance(normal, pikepdf.Dictionary) else [normal]):
                visit(appearance, pikepdf.Dictionary())
    return shown


def check_cid_sets(pdf: Path) -> list[str]:
    """Checks every CIDFont of `pdf` and returns their base font names."""
    with pikepdf.open(pdf) as document:
        shown = shown_cids(document)
        names = []
        for cid_font in (o for o in document.objects if isinstance(o, pikepdf.Dictionary)
                         and o.get("/Subtype") in ("/CIDFontType0", "/CIDFontType2")):
            name = str(cid_font.BaseFont)
            descriptor = cid_font.FontDescriptor
            assert "/CIDSet" in descriptor, f"{name}: no /CIDSet"
            bits, held = cid_set(descriptor), program_cids(cid_font)
            assert 0 in bits, f"{name}: CID 0 not set"
            assert bits == held, f"{name}: set but not in the program {sorted(bits - held)[:10]}, " \
                                 f"in the program but not set {sorted(held - bits)[:10]}"
            used = shown.get(cid_font.objgen, set())
            assert used, f"{name}: no content stream shows it"
            assert used <= bits, f"{name}: shown but not in /CIDSet {sorted(used - bits)}"
            # No more bytes than the largest CID needs.
            assert len(descriptor.CIDSet.read_bytes()) == max(bits) // 8 + 1, name
            names.append(name.split("+")[-1])
    return sorted(names)


def blank(path: Path, claim: bool) -> Path:
    """A blank page with a text field, "line", not yet drawn; claiming PDF/A-1b when `claim`."""
    with pikepdf.new() as document:
        document.add_blank_page(page_size=PAGE)
        page = document.pages[0]
        helvetica = document.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                              BaseFont=pikepdf.Name.Helvetica,
                                                              Encoding=pikepdf.Name.WinAnsiEncoding))
        widget = document.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, FT=pikepdf.Name.Tx, T=pikepdf.String("line"),
            Rect=pikepdf.Array(FIELD_RECT), P=page.obj, F=4, DA=pikepdf.String("/Helv 14 Tf 0 g")))
        page.obj.Annots = pikepdf.Array([widget])
        document.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array([widget]),
                                                    DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(Helv=helvetica)),
                                                    DA=pikepdf.String("/Helv 0 Tf 0 g"))
        if claim:
            with document.open_metadata(set_pikepdf_as_editor=False) as metadata:
                metadata["pdfaid:part"] = "1"
                metadata["pdfaid:conformance"] = "B"
        document.save(path)
    return path


def annotated_and_filled(binary: Path, tmp_path: Path, claim: bool, stamp: str) -> Path:
    spec = {"annotations": [
        {"type": "freeText", "pageIndex": 0, "rect": FREE_RECT, "text": MIXED, "fontSize": 18, "width": 0},
        {"type": "stamp", "pageIndex": 0, "rect": STAMP_RECT, "name": stamp},
    ]}
    source = tmp_path / "spec.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    annotated, filled = tmp_path / "annotated.pdf", tmp_path / "filled.pdf"
    result = run_command([str(binary), "annotate", str(blank(tmp_path / "blank.pdf", claim)), "--from", str(source),
                          "-o", str(annotated)], 60)
    assert result.returncode == 0, result.describe()
    result = run_command([str(binary), "fill", str(annotated), "-o", str(filled), f"line={MIXED}"], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(filled, None).returncode == 0
    return filled


def ink_in(pdf: Path, rect: list[float], tmp_path: Path) -> int:
    """Dark pixels pdftoppm (72 dpi) draws inside `rect` (page space) of the first page."""
    prefix = tmp_path / "render"
    subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", "-singlefile", str(pdf), str(prefix)],
                   check=True, timeout=120)
    with Image.open(f"{prefix}.png") as image:
        gray = image.convert("L")
        box = (int(rect[0]), gray.height - int(rect[3]), int(rect[2]), gray.height - int(rect[1]))
        return sum(1 for value in gray.crop(box).tobytes() if value < 128)


EVERY_FONT = ["DejaVuSans", "NimbusSans-Regular", "NotoSansArabic-Regular", "NotoSansCJKsc-Regular"]


@pytest.mark.parametrize("claim", [True, False], ids=["pdf-a-1b", "no-claim"])
def test_annotations_and_fields_write_exact_cid_sets(binary, tmp_path, claim):
    """The free text, the stamp (in Greek, so it embeds without a claim too) and the field."""
    out = annotated_and_filled(binary, tmp_path, claim, "Εγκρίθηκε")
    names = check_cid_sets(out)
    # The free text and the field each embed the four fonts, the stamp Nimbus Sans Bold.
    assert sorted(set(names)) == sorted(EVERY_FONT + ["NimbusSans-Bold"]), names
    assert all(names.count(name) >= 2 for name in EVERY_FONT), names
    with pikepdf.open(out) as document:
        assert (document.open_metadata().get("pdfaid:part") == "1") == claim
    for rect in (FREE_RECT, STAMP_RECT, FIELD_RECT):
        assert ink_in(out, rect, tmp_path) > 100, f"pdftoppm draws nothing in {rect}"


def test_a_pdf_a_1b_stamp_in_latin_writes_its_cid_set(binary, tmp_path):
    """Under the claim even a WinAnsi stamp title is embedded (Nimbus Sans Bold): its set too."""
    out = annotated_and_filled(binary, tmp_path, True, "Approved")
    assert "NimbusSans-Bold" in check_cid_sets(out)


def normalised(text: str) -> str:
    controls = dict.fromkeys([0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
    return unicodedata.normalize("NFC", " ".join(text.translate(controls).split()))


def test_create_embeds_the_family_font_and_the_script_fonts(binary, tmp_path):
    """`create` without --font: a Helvetica heading in Greek embeds Nimbus Sans Bold, the
    mixed line Nimbus Sans, Noto Sans Arabic, Noto Sans CJK and DejaVu Sans (never DejaVu
    Sans for Latin or Greek), a WinAnsi paragraph stays in Helvetica; every CIDSet is exact
    and every line reads back as typed."""
    heading, plain = "Ωμέγα report", "Plain Latin, déjà vu."
    source = tmp_path / "mixed.md"
    source.write_text(f"# {heading}\n\n{plain}\n\n{MIXED}\n", encoding="utf-8")
    out = tmp_path / "mixed.pdf"
    result = run_command([str(binary), "create", str(source), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    assert "DejaVu" not in result.stderr and "no glyph" not in result.stderr, result.describe()
    assert qpdf_check(out, None).returncode == 0
    assert check_cid_sets(out) == sorted(EVERY_FONT + ["NimbusSans-Bold"])
    fonts = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    assert any(line.split()[0] == "Helvetica" for line in fonts), fonts
    with pymupdf.open(out) as document:
        spans = [span for block in document[0].get_text("dict")["blocks"] for line in block.get("lines", [])
                 for span in line["spans"] if span["text"].strip()]
        text = document[0].get_text()
    by_text = {span["text"].strip(): span["font"].split("+")[-1] for span in spans}
    assert by_text[heading] == "NimbusSans-Bold", by_text
    assert by_text[plain] == "Helvetica", by_text
    assert by_text["Zoë Ωμέγα"] == "NimbusSans-Regular", by_text
    assert by_text["東京"] == "NotoSansCJKsc-Regular", by_text
    assert by_text["Ǖ"] == "DejaVuSans", by_text
    assert normalised(text) == normalised(f"{heading} {plain} {MIXED}")
    poppler = subprocess.run(["pdftotext", "-enc", "UTF-8", str(out), "-"], check=True, capture_output=True).stdout.decode()
    assert normalised(poppler) == normalised(f"{heading} {plain} {MIXED}")
