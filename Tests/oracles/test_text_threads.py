"""Plain `marginalia text` read on several threads, judged by pdftotext (issue 36).

From 128 selected pages on, `marginalia text` reads runs of 64 consecutive pages on up to
`--threads` threads, each with a reader of its own, and prints them in page order. The
document here has 300 pages, each saying which it is and in a font of its own among three
(so a thread's fonts are not another's), two of them with a line that pdftotext joins to
the one before. Whatever the threads, every page must come out where it belongs.
"""

from __future__ import annotations

import subprocess

import pytest

from hostile_inputs import pdf
from oracle_helpers import run_command

PAGES = 300
FONTS = [b"<</Type/Font/Subtype/Type1/BaseFont/%s/Encoding/WinAnsiEncoding>>" % name
         for name in (b"Helvetica", b"Times-Roman", b"Courier")]


def page_content(index: int) -> bytes:
    lines = [b"Page %d of %d" % (index + 1, PAGES), b"line two of page %d" % (index + 1)]
    if index % 50 == 7:
        lines.append(b"an extra line on page %d" % (index + 1))
    return b"BT /F1 11 Tf 14 TL 72 700 Td " + b" ".join(b"(%s) Tj T*" % line for line in lines) + b" ET"


def document() -> bytes:
    kids = b" ".join(b"%d 0 R" % (10 + 2 * index) for index in range(PAGES))
    objects = [(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[%s]/Count %d>>" % (kids, PAGES))]
    objects += [(3 + number, font) for number, font in enumerate(FONTS)]
    for index in range(PAGES):
        content = page_content(index)
        objects += [(10 + 2 * index, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 %d 0 R>>>>"
                                     b"/Contents %d 0 R>>" % (3 + index % 3, 11 + 2 * index)),
                    (11 + 2 * index, b"<</Length %d>>\nstream\n" % len(content) + content + b"\nendstream")]
    return pdf(sorted(objects))


@pytest.fixture(scope="module")
def pages_pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("threads") / "three-hundred-pages.pdf"
    path.write_bytes(document())
    return path


def pdftotext_pages(path) -> list[list[str]]:
    done = subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True, text=True, timeout=120, check=True)
    return [page.split() for page in done.stdout.split("\f")[:PAGES]]


def text(binary, path, *options) -> str:
    done = run_command([str(binary), "text", str(path), *options], timeout=300)
    assert done.returncode == 0, done.describe()
    return done.stdout


@pytest.mark.parametrize("threads", ["2", "3", "8"])
def test_pages_read_on_threads_come_out_in_page_order(binary, pages_pdf, threads):
    judged = pdftotext_pages(pages_pdf)
    assert judged[41] == "Page 42 of 300 line two of page 42".split()
    alone = text(binary, pages_pdf, "--threads", "1")
    assert [page.split() for page in alone.split("\f")] == judged
    assert text(binary, pages_pdf, "--threads", threads) == alone


def test_a_selection_in_any_order_reads_as_one_thread_reads_it(binary, pages_pdf):
    # Backwards from page 300 to 101, then page 5 twice: as asked, page by page.
    selection = "300,299-101,5,5".replace("299-101", ",".join(str(n) for n in range(299, 100, -1)))
    judged = pdftotext_pages(pages_pdf)
    threaded = text(binary, pages_pdf, "--pages", selection, "--threads", "4")
    numbers = [int(n) for n in selection.split(",")]
    assert [page.split() for page in threaded.split("\f")] == [judged[n - 1] for n in numbers]
    assert threaded == text(binary, pages_pdf, "--pages", selection, "--threads", "1")


@pytest.mark.parametrize("value", ["0", "65", "two", "-1"])
def test_threads_outside_one_to_sixty_four_are_refused(binary, pages_pdf, value):
    done = run_command([str(binary), "text", str(pages_pdf), "--threads", value], timeout=60)
    assert done.returncode == 2, done.describe()
    assert "--threads" in done.stderr and "64" in done.stderr
    assert done.stdout == ""
