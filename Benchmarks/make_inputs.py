#!/usr/bin/env python3
"""Build the benchmark inputs in Benchmarks/work/ (git-ignored).

Workloads "open" and "ink": open-2000.pdf, a 2,000-page text PDF written by reportlab, then
rewritten by pikepdf with object streams and a cross-reference stream, as modern writers
produce. Every 100th page carries a link annotation, so page 1,500 has one to count.

Workload "flatten": flatten-50.pdf, 50 pages of text, each with 40 annotations written by
PyMuPDF (ink, square, free text and circle, ten of each), every one with an appearance stream
made by PyMuPDF's update().

    python3 Benchmarks/make_inputs.py [--force] [--pages N] [--only open|flatten]

Needs reportlab, pikepdf and PyMuPDF (`scripts/install-deps.sh --with-test-tools`).
"""

import argparse
import sys
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work"
LINES_PER_PAGE = 46
WORDS = ("annotation margin stroke page ink note highlight document reader pencil eraser "
         "shape layer appearance stream object reference trailer catalog outline").split()


def line_text(page: int, line: int) -> str:
    """Deterministic filler text: the same file on every machine."""
    words = [WORDS[(page * 7 + line * 3 + i * 5) % len(WORDS)] for i in range(12)]
    return f"{line + 1:2d}. " + " ".join(words)


def write_reportlab(path: Path, pages: int) -> None:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=letter, pageCompression=1)
    pdf.setTitle(f"Marginalia benchmark: {pages} pages of text")
    pdf.setAuthor("Benchmarks/make_inputs.py")
    width, height = letter
    for page in range(1, pages + 1):
        pdf.setFont("Helvetica-Bold", 16)
        pdf.drawString(72, height - 72, f"Benchmark page {page} of {pages}")
        pdf.setFont("Helvetica", 10)
        for line in range(LINES_PER_PAGE):
            pdf.drawString(72, height - 100 - line * 13.5, line_text(page, line))
        if page % 100 == 0:
            pdf.linkURL(f"https://example.invalid/page/{page}", (72, height - 80, 300, height - 56))
        pdf.showPage()
    pdf.save()


def rewrite_with_object_streams(source: Path, target: Path) -> None:
    import pikepdf

    with pikepdf.open(source) as pdf:
        # generate = object streams, which also makes qpdf write a cross-reference stream.
        pdf.save(target, object_stream_mode=pikepdf.ObjectStreamMode.generate,
                 compress_streams=True)


FLATTEN_PAGES = 50
FLATTEN_COLUMNS, FLATTEN_ROWS = 5, 8  # 40 annotations a page, one per cell of a grid


def add_flatten_annotation(page, kind: int, cell) -> None:
    """One annotation of the given kind (0 ink, 1 square, 2 free text, 3 circle) in the cell
    (a pymupdf.Rect in PyMuPDF's top-left coordinates), with its appearance made by update()."""
    box = cell + (8, 8, -8, -8)
    if kind == 0:
        # A zigzag of 24 points across the cell.
        stroke = [(box.x0 + box.width * i / 23, box.y0 + (box.height if i % 2 else 0))
                  for i in range(24)]
        annot = page.add_ink_annot([stroke])
        annot.set_colors(stroke=(0.1, 0.3, 0.9))
        annot.set_border(width=2)
        annot.set_opacity(0.7)
    elif kind == 1:
        annot = page.add_rect_annot(box)
        annot.set_colors(stroke=(0.8, 0.1, 0.1), fill=(1, 0.9, 0.6))
        annot.set_border(width=1.5)
    elif kind == 2:
        annot = page.add_freetext_annot(box, "Note: flatten me", fontsize=9, fontname="helv",
                                        text_color=(0, 0, 0.5), fill_color=(0.9, 1, 0.9))
    else:
        annot = page.add_circle_annot(box)
        annot.set_colors(stroke=(0, 0.5, 0))
        annot.set_border(width=2.5)
    annot.update()


def write_flatten_input(target: Path, pages: int = FLATTEN_PAGES) -> None:
    import pymupdf

    doc = pymupdf.open()
    for number in range(pages):
        page = doc.new_page(width=612, height=792)
        for line in range(LINES_PER_PAGE):
            page.insert_text((72, 100 + line * 13.5), line_text(number, line),
                             fontname="helv", fontsize=10)
        cell_w = (612 - 2 * 36) / FLATTEN_COLUMNS
        cell_h = (792 - 2 * 36) / FLATTEN_ROWS
        for index in range(FLATTEN_COLUMNS * FLATTEN_ROWS):
            row, column = divmod(index, FLATTEN_COLUMNS)
            x0, y0 = 36 + column * cell_w, 36 + row * cell_h
            cell = pymupdf.Rect(x0, y0, x0 + cell_w, y0 + cell_h)
            add_flatten_annotation(page, index % 4, cell)
    doc.save(target, garbage=3, deflate=True)
    doc.close()


def build_open(pages: int, force: bool) -> None:
    plain = WORK / f"open-{pages}-reportlab.pdf"
    target = WORK / f"open-{pages}.pdf"
    if target.exists() and not force:
        print(f"{target} exists (use --force to rebuild)")
        return
    write_reportlab(plain, pages)
    rewrite_with_object_streams(plain, target)
    data = target.read_bytes()
    assert b"/XRef" in data and b"/ObjStm" in data, "expected object streams and an xref stream"
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB, {pages} pages)")


def build_flatten(force: bool) -> None:
    import pymupdf

    target = WORK / f"flatten-{FLATTEN_PAGES}.pdf"
    if target.exists() and not force:
        print(f"{target} exists (use --force to rebuild)")
        return
    write_flatten_input(target)
    with pymupdf.open(target) as doc:
        kinds = [annot.type[1] for page in doc for annot in page.annots()]
    expected = FLATTEN_PAGES * FLATTEN_COLUMNS * FLATTEN_ROWS
    assert len(kinds) == expected, f"expected {expected} annotations, found {len(kinds)}"
    counts = ", ".join(f"{kinds.count(k)} {k}" for k in sorted(set(kinds)))
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB, {FLATTEN_PAGES} pages, {counts})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if present")
    parser.add_argument("--pages", type=int, default=2000, help="pages of the \"open\" input")
    parser.add_argument("--only", choices=["open", "flatten"], help="build just this input")
    args = parser.parse_args()

    WORK.mkdir(exist_ok=True)
    if args.only in (None, "open"):
        build_open(args.pages, args.force)
    if args.only in (None, "flatten"):
        build_flatten(args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
