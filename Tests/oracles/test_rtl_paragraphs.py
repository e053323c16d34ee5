"""Right-to-left paragraphs in a generated document (issue 33, docs/text-layout.md "Direction of
a paragraph"): `marginalia create` starts an Arabic or Hebrew paragraph, heading or list item
at the right margin, places a bold word, a list's bullet or number where a reader of the
language expects them (rule L2 of UAX #9), and leaves left-to-right paragraphs as they were.
PyMuPDF reads where each glyph went; pdftotext reads the text back with its spaces.
"""

from __future__ import annotations

import json
import re
import subprocess

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command

LEFT, RIGHT = 72.0, 540.0  # the margins of a Letter page made by `create`
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")

SOURCE = """# عنوان المستند

مرحبا بكم

هذا نص **عريض** ثم نص عادي.

- البند الأول
- البند الثاني

1. أولا
2. ثانيا

שלום עולם, זה טקסט בעברית שנמשך מספיק זמן כדי להישבר לשתי שורות לפחות בעמוד הזה, אולי אפילו לשלוש שורות אם נמשיך.

Hello مرحبا world, a left-to-right paragraph.
"""


@pytest.fixture(scope="module")
def made(binary, tmp_path_factory):
    folder = tmp_path_factory.mktemp("rtl")
    source = folder / "rtl.md"
    source.write_text(SOURCE, encoding="utf-8")
    out = folder / "rtl.pdf"
    result = run_command([str(binary), "create", str(source), "-o", str(out)], 120)
    assert result.returncode == 0, result.describe()
    check = qpdf_check(out, None)
    assert check.returncode == 0, check.describe()
    return out


def lines(path):
    """Each line PyMuPDF reads on page 1, top down: its spans as (text, x0, x1), left to right
    (the pieces of one line, which PyMuPDF may read as lines of their own, joined by baseline)."""
    merged = {}
    for block in pymupdf.open(path)[0].get_text("rawdict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                text = "".join(c["c"] for c in span["chars"])
                inked = [c["bbox"] for c in span["chars"] if not c["c"].isspace()]
                if inked:
                    merged.setdefault(round(span["origin"][1]), []).append(
                        (text.strip(), min(b[0] for b in inked), max(b[2] for b in inked)))
    return [sorted(spans, key=lambda s: s[1]) for _, spans in sorted(merged.items())]


def line_with(path, text):
    for spans in lines(path):
        if any(text in span[0] for span in spans):
            return spans
    raise AssertionError(f"no line holds {text!r}: {lines(path)}")


def test_right_to_left_paragraphs_and_headings_end_at_the_right_margin(made):
    for text in ["المستند", "مرحبا بكم", "נמשיך"]:
        spans = line_with(made, text)
        assert abs(spans[-1][2] - RIGHT) < 1.5, (text, spans)
        assert spans[0][1] > LEFT + 100, (text, spans)
    # A wrapped Hebrew line is full: it reaches both margins.
    spans = line_with(made, "שלום")
    assert abs(spans[-1][2] - RIGHT) < 1.5 and spans[0][1] < LEFT + 40, spans


def test_a_left_to_right_paragraph_still_starts_at_the_left_margin(made):
    spans = line_with(made, "Hello")
    assert abs(spans[0][1] - LEFT) < 1.5 and spans[0][0] == "Hello", spans
    assert spans[-1][2] < RIGHT - 100


def test_a_bold_word_sits_between_the_words_before_and_after_it_right_to_left(made):
    # The three runs of "هذا نص **عريض** ثم نص عادي.", each drawn as a piece of its own.
    spans = line_with(made, "عريض")
    assert [span[0] for span in spans] == ["ثم نص عادي.", "عريض", "هذا نص"], spans
    after, bold, before = spans
    # A space's width on each side of the bold word.
    assert before[1] - bold[2] > 2 and bold[1] - after[2] > 2, spans
    assert abs(before[2] - RIGHT) < 1.5


def test_a_list_items_bullet_and_number_stand_at_its_right(made):
    items = [line for line in lines(made) if line[-1][0] in ("•", ".1", ".2")]
    # "1." read right to left: the number, then its full stop to its left.
    assert [line[-1][0] for line in items] == ["•", "•", ".1", ".2"], lines(made)
    for spans in items:
        # The marker on the right, a space's width from the item's text.
        assert len(spans) == 2 and spans[1][1] - spans[0][2] > 2, spans
        # Indented from the right as a left-to-right list is from the left: the list's 18 pt
        # less the marker's hanging 12 pt.
        assert abs(spans[1][2] - (RIGHT - 6)) < 1.5, spans


def test_the_text_extracts_as_typed_with_its_spaces(made):
    text = subprocess.run(["pdftotext", str(made), "-"], capture_output=True, text=True, check=True).stdout
    text = BIDI_CONTROLS.sub("", text)
    assert "هذا نص عريض ثم نص عادي" in text
    assert "مرحبا بكم" in text


def test_a_notes_text_on_the_comment_summary_takes_its_direction(binary, tmp_path):
    """`flatten --comments summary`: an Arabic note's text ends at the summary page's right
    margin (54 pt), an English one starts at its left."""
    blank = pymupdf.open()
    blank.new_page(width=612, height=792)
    blank.save(tmp_path / "blank.pdf")
    notes = [{"type": "note", "pageIndex": 0, "rect": [72, 700 - 40 * i, 92, 720 - 40 * i], "contents": text,
              "author": "Reviewer"} for i, text in enumerate(["ملاحظة باللغة العربية", "A note in English"])]
    (tmp_path / "notes.json").write_text(json.dumps({"annotations": notes}, ensure_ascii=False), encoding="utf-8")
    annotated, flat = tmp_path / "noted.pdf", tmp_path / "flat.pdf"
    for args in (["annotate", str(tmp_path / "blank.pdf"), "--from", str(tmp_path / "notes.json"), "-o", str(annotated)],
                 ["flatten", str(annotated), "-o", str(flat), "--comments", "summary"]):
        result = run_command([str(binary), *args], 60)
        assert result.returncode == 0, result.describe()
    summary = tmp_path / "summary.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(flat), "2", "--", str(summary)], check=True, capture_output=True)
    arabic = line_with(summary, "العربية")
    assert abs(arabic[-1][2] - (612 - 54)) < 1.5 and arabic[0][1] > 300, arabic
    english = line_with(summary, "English")
    assert abs(english[0][1] - 54) < 1.5, english
