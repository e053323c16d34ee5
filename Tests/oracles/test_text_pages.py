"""Text read page after page, judged by pdftotext (issue 36).

`marginalia text` keeps what it learnt from one page for the next: the fonts (read once per
font object) and the buffers a page's glyphs and characters are made in. Neither may carry
anything of one page into another. The document here is written byte by byte so that it
says exactly that: two fonts of one name (`/F1`, BaseFont Helvetica) on different pages,
one with Helvetica's widths and WinAnsi codes, the other with narrow widths and a code
renamed; pages of very different lengths, the longest first.
"""

from __future__ import annotations

import subprocess

import pytest

from hostile_inputs import pdf
from oracle_helpers import run_command

HELVETICA = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>"
#: Also "Helvetica", also `/F1` on its page: every code 100/1000 wide, and C named x.
NARROW = (b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/FirstChar 65/LastChar 68/Widths[100 100 100 100]"
          b"/Encoding<</BaseEncoding/WinAnsiEncoding/Differences[67/x]>>>>")

LONG_LINES = [b"Pack my box with five dozen liquor jugs", b"The quick brown fox jumps over the lazy dog",
              b"Sphinx of black quartz judge my vow"] * 6


def page_content(index: int) -> bytes:
    if index == 1:
        # A and B with narrow widths end at 74 pt; C and D start 3 pt further, a word apart.
        return b"BT /F1 10 Tf 72 700 Td (AB) Tj 5 0 Td (CD) Tj ET"
    lines = LONG_LINES if index == 0 else LONG_LINES[:2]
    return b"BT /F1 10 Tf 14 TL 72 700 Td " + b" ".join(b"(%s) Tj T*" % line for line in lines) + b" ET"


def document() -> bytes:
    fonts = [10, 11, 10]
    objects = [(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[3 0 R 5 0 R 7 0 R]/Count 3>>"),
               (10, HELVETICA), (11, NARROW)]
    for index, font in enumerate(fonts):
        content = page_content(index)
        objects += [(3 + 2 * index, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 %d 0 R>>>>"
                                    b"/Contents %d 0 R>>" % (font, 4 + 2 * index)),
                    (4 + 2 * index, b"<</Length %d>>\nstream\n" % len(content) + content + b"\nendstream")]
    return pdf(sorted(objects))


def pdftotext_page(path, page: int) -> list[str]:
    done = subprocess.run(["pdftotext", "-q", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.split()


@pytest.fixture(scope="module")
def fonts_pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("pages") / "two-fonts-one-name.pdf"
    path.write_bytes(document())
    return path


def test_the_fixture_says_what_it_claims(fonts_pdf):
    # The judge reads the narrow font's page as two words, C as x: the fixture tells the fonts apart.
    assert pdftotext_page(fonts_pdf, 2) == ["AB", "xD"]
    assert len(pdftotext_page(fonts_pdf, 1)) > 2 * len(pdftotext_page(fonts_pdf, 3))


def test_each_page_reads_as_pdftotext_reads_it_whatever_came_before(binary, fonts_pdf):
    whole = run_command([str(binary), "text", str(fonts_pdf)], timeout=120)
    assert whole.returncode == 0, whole.describe()
    pages = whole.stdout.split("\f")
    assert len(pages) == 3
    for number, text in enumerate(pages, start=1):
        assert text.split() == pdftotext_page(fonts_pdf, number), f"page {number}"
    # Pages read in another order, each after a different one, read the same.
    for order in ("3,2,1", "2,3"):
        some = run_command([str(binary), "text", str(fonts_pdf), "--pages", order], timeout=120)
        assert some.returncode == 0, some.describe()
        for number, text in zip(map(int, order.split(",")), some.stdout.split("\f")):
            assert text.split() == pdftotext_page(fonts_pdf, number), f"page {number} in {order}"


def test_the_json_words_are_the_plain_texts_words(binary, fonts_pdf):
    plain = run_command([str(binary), "text", str(fonts_pdf)], timeout=120)
    json_run = run_command([str(binary), "text", str(fonts_pdf), "--json"], timeout=120)
    assert plain.returncode == 0 and json_run.returncode == 0, json_run.describe()
    for page, text in zip(json_run.json()["pages"], plain.stdout.split("\f")):
        words = [word["text"] for block in page["blocks"] for line in block["lines"] for word in line["words"]]
        assert words == text.split()
