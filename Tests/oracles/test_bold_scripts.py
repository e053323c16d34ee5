"""Bold text in scripts that need their own font (issue 33, docs/text-layout.md "Fonts by
script"): a bold run of Arabic, Hebrew or Chinese in a generated document, and a free text in
a bold standard font, are drawn in the bold weight of the script's Noto font (Noto Sans
Arabic Bold, Noto Sans CJK Bold...), the regular ones beside them in the regular weight. PyMuPDF
reads which font each span is drawn in; pdffonts lists what is embedded.
"""

from __future__ import annotations

import json
import subprocess

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command

LINES = {
    "arabic": ("هذا نص **عريض** ثم نص عادي", "عريض", "NotoSansArabic-Bold", "NotoSansArabic-Regular"),
    "hebrew": ("זה טקסט **מודגש** וזה רגיל", "מודגש", "NotoSansHebrew-Bold", "NotoSansHebrew-Regular"),
    "chinese": ("普通的字 **粗体字** 普通的字", "粗体字", "NotoSansCJKsc-Bold", "NotoSansCJKsc-Regular"),
}


def spans(path):
    """Each span PyMuPDF reads on page 1: its text and its font (the subset tag dropped)."""
    return [("".join(c["c"] for c in span["chars"]).strip(), span["font"].split("+")[-1])
            for block in pymupdf.open(path)[0].get_text("rawdict")["blocks"]
            for line in block.get("lines", []) for span in line["spans"]]


def checked(path):
    check = qpdf_check(path, None)
    assert check.returncode == 0, check.describe()
    return path


#: A font of the user's (`create --font`), whose bold file (DejaVuSans-Bold.ttf) sets bold runs.
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@pytest.mark.parametrize("options", [[], ["--font", DEJAVU]], ids=["standard-fonts", "own-font"])
@pytest.mark.parametrize("script", sorted(LINES))
def test_a_bold_run_of_a_generated_document_is_drawn_in_the_bold_noto(binary, tmp_path, script, options):
    line, bold_text, bold_font, regular_font = LINES[script]
    source = tmp_path / "bold.md"
    source.write_text(line + "\n", encoding="utf-8")
    out = tmp_path / "bold.pdf"
    result = run_command([str(binary), "create", str(source), "-o", str(out), *options], 120)
    assert result.returncode == 0, result.describe()
    found = [span for span in spans(checked(out)) if span[0]]
    assert (bold_text, bold_font) in found, found
    assert {font for text, font in found if text != bold_text} == {regular_font}, found
    listed = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert f"+{bold_font}" in listed and f"+{regular_font}" in listed, listed


@pytest.mark.parametrize("font, expected", [("Helvetica-Bold", "NotoSansArabic-Bold"), ("Helvetica", "NotoSansArabic-Regular")])
def test_a_free_text_in_a_bold_font_draws_arabic_in_the_bold_noto(binary, tmp_path, font, expected):
    blank = pymupdf.open()
    blank.new_page(width=612, height=792)
    blank.save(tmp_path / "blank.pdf")
    spec = {"annotations": [{"type": "freeText", "pageIndex": 0, "rect": [72, 600, 400, 660], "text": "مرحبا بالعالم",
                             "fontSize": 18, "font": font}]}
    (tmp_path / "a.json").write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    annotated, flat = tmp_path / "annotated.pdf", tmp_path / "flat.pdf"
    for args in (["annotate", str(tmp_path / "blank.pdf"), "--from", str(tmp_path / "a.json"), "-o", str(annotated)],
                 ["flatten", str(annotated), "-o", str(flat)]):
        result = run_command([str(binary), *args], 60)
        assert result.returncode == 0, result.describe()
    found = [span for span in spans(checked(flat)) if span[0]]
    assert found and {font for _, font in found} == {expected}, found
