"""Text in scripts that need shaping and right-to-left layout (docs/text-layout.md): lines of
Arabic, Hebrew, Devanagari, Thai, Chinese and Japanese written by the engine (free text, a form
field, a combo box's value, a list box's option, a generated document, the comment summary a flattened copy ends with) render in Poppler
(pdftoppm) and
PDFium like HarfBuzz's own hb-view draws them in the same Noto font and size, and extract
(PyMuPDF, pdftotext) as the text typed. The comparison and its tolerance: shaping_oracle.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import unicodedata
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from oracle_helpers import qpdf_check, run_command
from shaping_oracle import INK, NOTO, NOTO_CJK, SAME_GLYPHS, boxes_agree, difference, hb_view, ink, pdfium, pdftoppm

#: Per script: the line, the font the engine must choose for it (file, face in a collection,
#: PostScript name), and whether a control drawn unshaped in typed order must differ (Thai,
#: Chinese and Japanese look alike either way, so their control would prove nothing about
#: shaping; they check the fonts and glyphs).
LINES = {
    "arabic": ("السلام عليكم يا صديقي", NOTO / "NotoSansArabic-Regular.ttf", 0, "NotoSansArabic-Regular", True),
    "hebrew": ("שָׁלוֹם עוֹלָם", NOTO / "NotoSansHebrew-Regular.ttf", 0, "NotoSansHebrew-Regular", True),
    "devanagari": ("नमस्ते दुनिया क्षत्रिय", NOTO / "NotoSansDevanagari-Regular.ttf", 0, "NotoSansDevanagari-Regular", True),
    "thai": ("สวัสดีชาวโลก", NOTO / "NotoSansThai-Regular.ttf", 0, "NotoSansThai-Regular", False),
    "chinese": ("你好，世界。我们一起学习中文", NOTO_CJK, 2, "NotoSansCJKsc-Regular", False),
    "japanese": ("こんにちは世界、日本語のテキスト", NOTO_CJK, 0, "NotoSansCJKjp-Regular", False),
}

PAGE = (612, 792)
RECT = [36, 600, 576, 660]
SIZE = 24
DPI = 144  # 2 pixels per point: 48 pixels per em at 24 pt
HEBREW_POINTS = re.compile("[\u0591-\u05c7]")
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def blank_pdf(path: Path) -> Path:
    document = pymupdf.open()
    document.new_page(width=PAGE[0], height=PAGE[1])
    document.save(path)
    return path


def free_text_pdf(binary: Path, tmp_path: Path, text: str) -> Path:
    spec = {"annotations": [{"type": "freeText", "pageIndex": 0, "rect": RECT, "text": text, "fontSize": SIZE,
                             "width": 0}]}
    source = tmp_path / "free.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "annotated.pdf"
    result = run_command([str(binary), "annotate", str(blank_pdf(tmp_path / "blank.pdf")), "--from", str(source),
                          "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    return out


def field_pdf(binary: Path, tmp_path: Path, text: str, *, flatten: bool = False,
              kind: int = pymupdf.PDF_WIDGET_TYPE_TEXT) -> Path:
    """A form with one field over RECT, borderless, 24 pt, filled with `text` by the CLI: a
    text field, or a combo box (`kind`) whose one option is `text`, or a list box whose first
    option is `text`."""
    document = pymupdf.open()
    page = document.new_page(width=PAGE[0], height=PAGE[1])
    widget = pymupdf.Widget()
    widget.field_type = kind
    widget.field_name = "line"
    widget.rect = pymupdf.Rect(RECT[0], PAGE[1] - RECT[3], RECT[2], PAGE[1] - RECT[1])
    widget.border_width = 0
    widget.text_fontsize = SIZE
    value = text
    if kind == pymupdf.PDF_WIDGET_TYPE_COMBOBOX:
        widget.choice_values = [text]
    elif kind == pymupdf.PDF_WIDGET_TYPE_LISTBOX:
        # A second option, a space, is the one selected: its highlight (lighter than ink, but
        # darkening the edges of glyphs drawn on it) is on the line below the text's.
        widget.choice_values = [text, " "]
        value = " "
    page.add_widget(widget)
    form = tmp_path / "form.pdf"
    document.save(form)
    out = tmp_path / "filled.pdf"
    result = run_command([str(binary), "fill", str(form), "-o", str(out), f"line={value}"] + (["--flatten"] if flatten else []), 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    return out


def generated_pdf(binary: Path, tmp_path: Path, text: str) -> Path:
    """A document `marginalia create` makes from Markdown holding `text` as its one heading
    (a level-1 heading is set bold at 24 pt, SIZE), nothing else on the page."""
    source = tmp_path / "line.md"
    source.write_text(f"# {text}\n", encoding="utf-8")
    out = tmp_path / "generated.pdf"
    result = run_command([str(binary), "create", str(source), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    assert "no glyph" not in result.stderr, result.describe()
    assert qpdf_check(out, None).returncode == 0
    return out


#: The size of a note's text on the summary pages (CommentSummary.document()).
SUMMARY_SIZE = 10


def summary_pdf(binary: Path, tmp_path: Path, text: str) -> Path:
    """The summary page `marginalia flatten --comments summary` adds for a note whose text is
    `text`, taken out of the flattened copy by qpdf as a document of its own (the oracles
    render first pages)."""
    spec = {"annotations": [{"type": "note", "pageIndex": 0, "rect": [72, 700, 92, 720], "contents": text,
                             "author": "Reviewer"}]}
    source = tmp_path / "note.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    annotated, flat, out = tmp_path / "noted.pdf", tmp_path / "flat.pdf", tmp_path / "summary.pdf"
    result = run_command([str(binary), "annotate", str(blank_pdf(tmp_path / "blank.pdf")), "--from", str(source),
                          "-o", str(annotated)], 60)
    assert result.returncode == 0, result.describe()
    result = run_command([str(binary), "flatten", str(annotated), "-o", str(flat), "--comments", "summary"], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(flat, None).returncode == 0
    subprocess.run(["qpdf", "--empty", "--pages", str(flat), "2", "--", str(out)], check=True, capture_output=True)
    return out


def combo_pdf(binary: Path, tmp_path: Path, text: str, *, flatten: bool = False) -> Path:
    return field_pdf(binary, tmp_path, text, flatten=flatten, kind=pymupdf.PDF_WIDGET_TYPE_COMBOBOX)


def list_pdf(binary: Path, tmp_path: Path, text: str, *, flatten: bool = False) -> Path:
    return field_pdf(binary, tmp_path, text, flatten=flatten, kind=pymupdf.PDF_WIDGET_TYPE_LISTBOX)


def bold_of(font: Path, name: str) -> tuple[Path, str]:
    """The bold weight of a line's font and its PostScript name: a generated document's heading
    and a stamp's title are bold, and are drawn in the script's bold Noto font
    (docs/text-layout.md, "Fonts by script")."""
    return font.with_name(font.name.replace("-Regular", "-Bold")), name.replace("-Regular", "-Bold")


WRITERS = {"freeText": free_text_pdf, "field": field_pdf, "combo": combo_pdf, "list": list_pdf,
           "generated": generated_pdf, "summary": summary_pdf}


def dpi_of(surface: str) -> float:
    """The resolution at which the line is drawn 48 pixels per em, as hb-view's reference."""
    return DPI * SIZE / SUMMARY_SIZE if surface == "summary" else DPI


def below_heading(page: Image.Image, pdf: Path, dpi: float) -> tuple[int, int, int, int]:
    """The part of the rendered summary page under the note's heading (kind, author, date):
    from the first row without ink below the heading's middle, where PyMuPDF finds it, to the
    bottom. The note's text is all the page shows there."""
    with pymupdf.open(pdf) as document:
        heading = next(line["bbox"] for block in document[0].get_text("dict")["blocks"]
                       for line in block.get("lines", []) if "Reviewer" in "".join(s["text"] for s in line["spans"]))
    mask = page.point(lambda value: 255 if value < INK else 0)
    row = round((heading[1] + heading[3]) / 2 * dpi / 72)
    while row < page.height and mask.crop((0, row, page.width, row + 1)).getbbox() is not None:
        row += 1
    return (0, row, page.width, page.height)


def region(surface: str) -> tuple[int, int, int, int] | None:
    """Where the line is, in pixels of a page rendered at DPI: the annotation's rect, or for
    a generated document the whole page (its only ink is the line); the summary's is
    below_heading()."""
    if surface == "generated":
        return None
    scale = DPI / 72
    return (round(RECT[0] * scale), round((PAGE[1] - RECT[3]) * scale),
            round(RECT[2] * scale), round((PAGE[1] - RECT[1]) * scale))


def normalised(text: str) -> str:
    """Without the bidi controls pdftotext puts around right-to-left runs, white space as one
    space, and in canonical order (NFC): a letter's points extracted in another order than
    typed are the same text (Unicode canonical equivalence)."""
    return unicodedata.normalize("NFC", " ".join(BIDI_CONTROLS.sub("", text).split()))


@pytest.mark.parametrize("surface", list(WRITERS))
@pytest.mark.parametrize("script", list(LINES))
def test_renders_as_hb_view_shapes_it(binary, tmp_path, script, surface):
    text, font, face, name, has_control = LINES[script]
    if surface == "generated":  # the line is a heading
        font, name = bold_of(font, name)
    assert font.exists(), f"{font} is missing: scripts/install-deps.sh installs fonts-noto-core and fonts-noto-cjk"
    pdf = WRITERS[surface](binary, tmp_path, text)
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    # The script's font: embedded (emb), subset (sub), with a ToUnicode map (uni); the only
    # one but on the summary page, whose headings are in Helvetica.
    shown = [line for line in fonts if "+" in line.split()[0] and line.split()[0].split("+")[1] == name]
    assert len(shown) == 1 and (surface == "summary" or len(fonts) == 1), fonts
    assert shown[0].split()[-5:-2] == ["yes", "yes", "yes"], fonts

    pixels_per_em = SIZE * DPI // 72
    reference = ink(hb_view(font, text, pixels_per_em, tmp_path / "reference.png", face_index=face))
    control = ink(hb_view(font, text, pixels_per_em, tmp_path / "control.png", face_index=face, unshaped=True))
    dpi = dpi_of(surface)
    for engine, page in [("pdftoppm", pdftoppm(pdf, dpi, tmp_path / "page")), ("pdfium", pdfium(pdf, dpi))]:
        ours = ink(page, below_heading(page, pdf, dpi) if surface == "summary" else region(surface))
        ours.save(tmp_path / f"{engine}-{script}.png")
        assert boxes_agree(ours, reference), f"{engine}: ink box {ours.size}, hb-view's {reference.size}"
        measured = difference(ours, reference)
        assert measured < SAME_GLYPHS, f"{engine}: differs from hb-view by {measured:.3f}"
    if has_control:
        unshaped = difference(control, reference)
        assert unshaped > SAME_GLYPHS, f"the control (unshaped, typed order) passes as shaped: {unshaped:.3f}"


@pytest.mark.parametrize("surface", list(WRITERS))
@pytest.mark.parametrize("script", list(LINES))
def test_extracts_as_typed(binary, tmp_path, script, surface):
    text = LINES[script][0]
    if surface in ("field", "combo", "list"):
        flat = WRITERS[surface](binary, tmp_path, text, flatten=True)
    elif surface == "generated":
        flat = generated_pdf(binary, tmp_path, text)
    elif surface == "summary":
        flat = summary_pdf(binary, tmp_path, text)
    else:
        flat = tmp_path / "flat.pdf"
        result = run_command([str(binary), "flatten", str(free_text_pdf(binary, tmp_path, text)), "-o", str(flat)], 60)
        assert result.returncode == 0, result.describe()
    poppler = subprocess.run(["pdftotext", "-enc", "UTF-8", str(flat), "-"], check=True, capture_output=True).stdout.decode()
    document = pymupdf.open(flat)
    extracted = document[0].get_text()
    if surface == "summary":
        # The note's text is what follows its heading (kind, author, date), the page's last line.
        poppler, extracted = after_heading(poppler), after_heading(extracted)
    if script == "hebrew":
        # Poppler (22.12) reads Hebrew points placed by offsets as words of their own after the
        # line, and a point's offset as a gap between words; it extracts the letters in order.
        # MuPDF, below, reads the points and the words exactly.
        def letters(value: str) -> str:
            return "".join(HEBREW_POINTS.sub("", BIDI_CONTROLS.sub("", value)).split())
        assert letters(poppler) == letters(text)
    else:
        assert normalised(poppler) == normalised(text)
    assert normalised(extracted) == normalised(text)


def after_heading(extracted: str) -> str:
    lines = extracted.splitlines()
    heading = next(i for i, line in enumerate(lines) if "Reviewer" in line)
    return "\n".join(lines[heading + 1:])


def test_latin_greek_and_cyrillic_stay_in_nimbus_sans_one_glyph_a_character(binary, tmp_path):
    """Text the default family's font (Nimbus Sans, URW's Helvetica) has needs no other font
    and no marked content: each glyph stands for its character in the ToUnicode map."""
    text = "Ωμέγα και Привет, déjà vu"
    pdf = free_text_pdf(binary, tmp_path, text)
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    assert [line.split()[0].split("+")[1] for line in fonts] == ["NimbusSans-Regular"]
    with pymupdf.open(pdf) as document:
        streams = [document.xref_stream(xref) or b"" for xref in range(1, document.xref_length())
                   if document.xref_is_stream(xref)]
    assert not any(b"BDC" in stream for stream in streams)
    flat = tmp_path / "flat.pdf"
    result = run_command([str(binary), "flatten", str(pdf), "-o", str(flat)], 60)
    assert result.returncode == 0, result.describe()
    with pymupdf.open(flat) as document:
        assert normalised(document[0].get_text()) == normalised(text)


@pytest.mark.parametrize("script", list(LINES))
def test_custom_stamp_draws_in_the_script_font_and_extracts_as_typed(binary, tmp_path, script):
    """A custom stamp's words (its /Name) in another script are shaped in that script's bold
    font, as free text is in the regular one; its size is fitted to the frame, so this checks fonts and extraction."""
    text, font, _, name, _ = LINES[script]
    _, name = bold_of(font, name)  # a stamp's title is bold
    spec = {"annotations": [{"type": "stamp", "pageIndex": 0, "rect": [72, 600, 540, 680], "name": text}]}
    source = tmp_path / "stamp.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    annotated, flat = tmp_path / "annotated.pdf", tmp_path / "flat.pdf"
    result = run_command([str(binary), "annotate", str(blank_pdf(tmp_path / "blank.pdf")), "--from", str(source),
                          "-o", str(annotated)], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(annotated, None).returncode == 0
    fonts = subprocess.run(["pdffonts", str(annotated)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    assert [line.split()[0].split("+")[1] for line in fonts] == [name], fonts
    result = run_command([str(binary), "flatten", str(annotated), "-o", str(flat)], 60)
    assert result.returncode == 0, result.describe()
    with pymupdf.open(flat) as document:
        assert normalised(document[0].get_text()) == normalised(text)
