"""`marginalia flatten` flattens everything by default (issue 34, item 2), judged by pypdf,
PyMuPDF and Poppler.

`marginalia sample` (a form on page 2; on page 3 a note, a rectangle with text and markup) with its
text field filled: the default flatten leaves no field for pypdf or PyMuPDF and pdftoppm draws
the value where the field was; the note is not drawn (comments are dropped). `--comments
summary` adds a page listing the comments; `--comments icons` draws the note; `--keep-form`
leaves the fields fillable.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from oracle_helpers import run_command

fitz = pytest.importorskip("fitz")
pypdf = pytest.importorskip("pypdf")
Image = pytest.importorskip("PIL.Image")

TIMEOUT = 120
VALUE = "Ada Lovelace"


def marginalia(binary: Path, *args: str):
    result = run_command([str(binary), *args], TIMEOUT)
    assert result.returncode == 0, result.stderr
    return result


def render(path: Path, page: int, name: str) -> Image.Image:
    """Page `page` (0-based) as a 72 dpi greyscale picture drawn by Poppler."""
    out = path.parent / f"{name}-page{page}"
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
                    str(path), str(out)], check=True, capture_output=True, timeout=TIMEOUT)
    return Image.open(f"{out}.pgm").convert("L")


def dark_pixels(image: Image.Image, rect, page_height: float) -> int:
    """Pixels darker than mid-grey inside a page-space rect."""
    x1, y1, x2, y2 = rect
    box = (int(x1) + 2, int(page_height - y2) + 2, int(x2) - 2, int(page_height - y1) - 2)
    return sum(1 for p in image.crop(box).tobytes() if p < 128)


@pytest.fixture
def filled(binary, tmp_path) -> tuple[Path, list, list]:
    """The sample with its text field filled, the field's rect and the note's rect."""
    sample, path = tmp_path / "sample.pdf", tmp_path / "filled.pdf"
    marginalia(binary, "sample", "-o", str(sample))
    marginalia(binary, "fill", str(sample), "-o", str(path), f"name={VALUE}")
    with fitz.open(path) as document:
        # Pages held while their widgets and annotations are read (PyMuPDF's need).
        form_page, markup_page = document[1], document[2]
        [field] = [w.rect for w in form_page.widgets() if w.field_name == "name"]
        [note] = [a.rect for a in markup_page.annots() if a.type[1] == "Text"]
        field_rect = [field.x0, form_page.rect.height - field.y1, field.x1, form_page.rect.height - field.y0]
        note_rect = [note.x0, markup_page.rect.height - note.y1, note.x1, markup_page.rect.height - note.y0]
    return path, field_rect, note_rect


def test_a_flattened_form_has_no_fields_and_shows_its_values(binary, filled, tmp_path):
    path, field_rect, note_rect = filled
    flat = tmp_path / "flat.pdf"
    marginalia(binary, "flatten", str(path), "-o", str(flat))
    reader = pypdf.PdfReader(flat)
    assert not reader.get_fields(), "pypdf finds no field"
    assert "/AcroForm" not in reader.trailer["/Root"]
    with fitz.open(flat) as document:
        assert not document.is_form_pdf
        assert not any(list(page.widgets()) for page in document), "PyMuPDF finds no widget"
        assert [a.type[1] for page in document for a in page.annots()] == [], "every annotation is burned in"
        assert VALUE in document[1].get_text(), "the value is text of the page now"
    # Poppler draws the value where the field was (the empty field drew no ink there).
    page_height = 792
    empty = render(tmp_path / "sample.pdf", 1, "empty")
    drawn = render(flat, 1, "flat")
    assert dark_pixels(drawn, field_rect, page_height) > 40 + dark_pixels(empty, field_rect, page_height)
    # Comments are dropped by default: the note's icon is not drawn on page 3.
    original = render(tmp_path / "sample.pdf", 2, "original")
    page3 = render(flat, 2, "flat")
    assert dark_pixels(original, note_rect, page_height) > 20, "the note shows before flattening"
    assert dark_pixels(page3, note_rect, page_height) == 0, "the dropped note is not drawn"


def test_comments_can_be_kept_as_a_summary_page_or_drawn_as_icons(binary, filled, tmp_path):
    path, _, note_rect = filled
    summary, icons = tmp_path / "summary.pdf", tmp_path / "icons.pdf"
    result = marginalia(binary, "flatten", str(path), "-o", str(summary), "--comments", "summary")
    assert "1 summary page" in result.stderr
    reader = pypdf.PdfReader(summary)
    assert len(reader.pages) == 4 and not reader.get_fields()
    text = reader.pages[3].extract_text()
    assert "Comments" in text and "Page 3" in text
    assert "A sticky note. Its icon keeps the same size at every zoom." in text, "the note's text"
    assert "A rectangle: drag its corners to resize it." in text, "the rectangle's text"
    assert "A text box" not in text, "a text box's text is on its page already"
    marginalia(binary, "flatten", str(path), "-o", str(icons), "--comments", "icons")
    assert len(pypdf.PdfReader(icons).pages) == 3
    assert dark_pixels(render(icons, 2, "icons"), note_rect, 792) > 20, "the note drawn as its icon"


def test_keep_form_leaves_the_fields_and_a_bad_choice_is_refused(binary, filled, tmp_path):
    path, _, _ = filled
    kept = tmp_path / "kept.pdf"
    marginalia(binary, "flatten", str(path), "-o", str(kept), "--keep-form")
    fields = pypdf.PdfReader(kept).get_fields()
    assert fields and fields["name"].get("/V") == VALUE
    refused = run_command([str(binary), "flatten", str(path), "-o", str(tmp_path / "bad.pdf"), "--comments", "keep"], TIMEOUT)
    assert refused.returncode != 0 and "drop, summary, icons" in refused.stderr
    assert not (tmp_path / "bad.pdf").exists()
