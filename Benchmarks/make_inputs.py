#!/usr/bin/env python3
"""Build the benchmark inputs in Benchmarks/work/ (git-ignored).

Workload "open": a 2,000-page text PDF written by reportlab, then rewritten by pikepdf with
object streams and a cross-reference stream, as modern writers produce. Every 100th page
carries a link annotation, so page 1,500 has one to count.

    python3 Benchmarks/make_inputs.py [--force] [--pages N]

Needs reportlab and pikepdf (`scripts/install-deps.sh --with-test-tools` installs both).
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if present")
    parser.add_argument("--pages", type=int, default=2000)
    args = parser.parse_args()

    WORK.mkdir(exist_ok=True)
    plain = WORK / f"open-{args.pages}-reportlab.pdf"
    target = WORK / f"open-{args.pages}.pdf"
    if target.exists() and not args.force:
        print(f"{target} exists (use --force to rebuild)")
        return 0
    write_reportlab(plain, args.pages)
    rewrite_with_object_streams(plain, target)
    data = target.read_bytes()
    assert b"/XRef" in data and b"/ObjStm" in data, "expected object streams and an xref stream"
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB, {args.pages} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
