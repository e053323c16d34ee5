#!/usr/bin/env python3
"""Write Samples/sample.pdf, the small PDF that `scripts/run.sh` shows with `marginalia info`.

Pure Python, standard library only, so it runs anywhere the repository is checked out.

The file is meant to be read by people as well as programs: no compression, one object per
block, and a classic cross-reference table whose offsets are computed from the bytes actually
written. It exercises what `marginalia info` reports:

- an Info dictionary with Title, Author, Subject, Keywords, Creator, Producer, CreationDate;
- page 1: US Letter, its /MediaBox inherited from the /Pages node, with two annotations
  (a Text note and a Square), each with a normal appearance stream (/AP /N);
- page 2: A4, a different size from the others;
- page 3: US Letter, /Rotate 90, with a /CropBox smaller than its /MediaBox.

Usage: python3 scripts/make_sample.py [OUTPUT]   (default: Samples/sample.pdf)
"""

import hashlib
import sys
import textwrap
from pathlib import Path

LETTER = (612, 792)
A4 = (595.276, 841.89)
CREATION_DATE = "D:20250601120000+00'00'"

INTRO = (
    "Marginalia is a PDF and image annotation system written in Swift. It reads and writes "
    "PDF files with its own engine, with no PDF library underneath, and runs on Linux and "
    "anywhere else Swift runs."
)
LAYERS = (
    "The engine has layers: PDFCore knows the file format (objects, cross-reference tables "
    "and streams, filters, encryption, incremental and full writing); Marginalia is the "
    "document API (pages, annotations, appearances, metadata, forms); a headless editor "
    "engine decides what pens, erasers, shapes and notes do; the marginalia command-line "
    "tool and an HTTP server with a browser editor sit on top."
)
PAGE1_NOTE = (
    "This page carries two annotations: a yellow Text note near the top right corner and a "
    "red Square around this paragraph. Both come with appearance streams, so every viewer "
    "draws them the same way. Its MediaBox is inherited from the page tree."
)
PAGE2 = (
    "This page is A4 (595.276 by 841.89 points), while the other two pages are US Letter "
    "(612 by 792 points). Try: marginalia info Samples/sample.pdf --pages 2"
)
PAGE2_MORE = (
    "Saving is append-only by default: an incremental update writes only the objects that "
    "changed after the original bytes, which stay untouched. A compact save rewrites the whole "
    "file, drops what is no longer used and can pack objects into object streams."
)
PAGE3 = (
    "This page is stored upright as US Letter with /Rotate 90, so viewers show it in landscape; "
    "its text is drawn turned so that it reads normally once rotated. Its CropBox is half an "
    "inch inside its MediaBox: the grey frame near the edge of the MediaBox is cropped away."
)


def pdf_string(text):
    """A literal string; the sample text is ASCII, which WinAnsiEncoding shows as is."""
    text.encode("ascii")
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def number(value):
    """Reals without exponent, at most 3 decimals, trailing zeros dropped."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def box(values):
    return "[" + " ".join(number(v) for v in values) + "]"


def text_block(lines, size, leading):
    """Text-showing operators for lines already broken; the caller sets the position."""
    out = [f"/F1 {number(size)} Tf", f"{number(leading)} TL"]
    for line in lines:
        out.append(f"{pdf_string(line)} Tj T*")
    return out


def wrap(paragraph, width=80):
    return textwrap.wrap(paragraph, width)


HEADING_LEADING = 30
BODY_LEADING = 15


def paragraph_baselines(y, paragraphs):
    """The first and last baseline of each paragraph that `page_text` writes from y down."""
    spans = []
    y -= HEADING_LEADING
    for paragraph in paragraphs:
        count = len(wrap(paragraph))
        spans.append((y, y - (count - 1) * BODY_LEADING))
        y -= (count + 1) * BODY_LEADING
    return spans


def page_text(x, y, heading, paragraphs, matrix=(1, 0, 0, 1)):
    """A heading and paragraphs starting at (x, y), optionally turned by `matrix`."""
    a, b, c, d = matrix
    ops = ["BT", f"{number(a)} {number(b)} {number(c)} {number(d)} {number(x)} {number(y)} Tm"]
    ops += text_block([heading], 20, HEADING_LEADING)
    for paragraph in paragraphs:
        ops += text_block(wrap(paragraph), 11, BODY_LEADING)
        ops.append("T*")
    ops.append("ET")
    return ops


class Writer:
    """Collects numbered objects and serialises them with a classic xref table."""

    def __init__(self):
        self.objects = {}

    def add(self, number_, body):
        self.objects[number_] = body

    def add_stream(self, number_, dictionary, data):
        data = data.encode("latin-1") if isinstance(data, str) else data
        head = f"<< {dictionary} /Length {len(data)} >>\nstream\n".encode("latin-1")
        self.objects[number_] = head + data + b"\nendstream"

    def serialise(self, root, info):
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = {}
        for num in sorted(self.objects):
            body = self.objects[num]
            body = body.encode("latin-1") if isinstance(body, str) else body
            offsets[num] = len(out)
            out += f"{num} 0 obj\n".encode("latin-1") + body + b"\nendobj\n"
        size = max(self.objects) + 1
        xref_offset = len(out)
        out += f"xref\n0 {size}\n".encode("latin-1")
        out += b"0000000000 65535 f \n"
        # Objects are numbered without gaps, so object 0 is the only free entry.
        assert sorted(offsets) == list(range(1, size)), "object numbers must have no gaps"
        for num in range(1, size):
            out += f"{offsets[num]:010d} 00000 n \n".encode("latin-1")
        file_id = hashlib.md5(bytes(out)).hexdigest()
        out += (
            f"trailer\n<< /Size {size} /Root {root} 0 R /Info {info} 0 R "
            f"/ID [<{file_id}> <{file_id}>] >>\n"
            f"startxref\n{xref_offset}\n%%EOF\n"
        ).encode("latin-1")
        return bytes(out)


def text_note_appearance(width, height):
    """A folded yellow note with three lines, drawn inside a width x height box."""
    fold = 6
    return "\n".join([
        "q 1 0.85 0.2 rg 0.45 0.35 0 RG 1 w",
        f"0.5 0.5 m {number(width - fold)} 0.5 l {number(width - 0.5)} {number(fold)} l",
        f"{number(width - 0.5)} {number(height - 0.5)} l 0.5 {number(height - 0.5)} l h B",
        f"{number(width - fold)} 0.5 m {number(width - fold)} {number(fold)} l "
        f"{number(width - 0.5)} {number(fold)} l S",
        "0.45 0.35 0 RG 1 w",
        *[f"4 {number(y)} m {number(width - 4)} {number(y)} l S"
          for y in (height - 6, height - 10, height - 14)],
        "Q",
    ])


def build():
    w = Writer()
    # Objects are numbered 1..14 with no gaps, so the xref table has one free entry (0).
    w.add(1, "<< /Type /Catalog /Pages 2 0 R /PageMode /UseNone >>")
    w.add(2, f"<< /Type /Pages /Kids [5 0 R 11 0 R 13 0 R] /Count 3 /MediaBox {box((0, 0) + LETTER)} >>")
    w.add(3, "<< " + " ".join([
        f"/Title {pdf_string('Marginalia sample')}",
        f"/Author {pdf_string('The Marginalia authors')}",
        f"/Subject {pdf_string('A small PDF to try the marginalia command-line tool on')}",
        f"/Keywords {pdf_string('Marginalia, PDF, annotations, sample')}",
        f"/Creator {pdf_string('scripts/make_sample.py')}",
        f"/Producer {pdf_string('Marginalia sample writer (Python)')}",
        f"/CreationDate {pdf_string(CREATION_DATE)}",
    ]) + " >>")
    w.add(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    resources = "<< /Font << /F1 4 0 R >> >>"

    # Page 1: inherits its MediaBox; a Text note and a Square annotation.
    note_rect = (520, 700, 544, 724)
    paragraphs = [INTRO, LAYERS, PAGE1_NOTE]
    top, bottom = paragraph_baselines(720, paragraphs)[-1]
    square_rect = (64, bottom - 8, 520, top + 14)
    page1 = page_text(72, 720, "Marginalia sample", paragraphs)
    w.add(5, f"<< /Type /Page /Parent 2 0 R /Resources {resources} /Contents 6 0 R "
             "/Annots [7 0 R 9 0 R] >>")
    w.add_stream(6, "", "\n".join(page1) + "\n")
    nw, nh = note_rect[2] - note_rect[0], note_rect[3] - note_rect[1]
    w.add(7, " ".join([
        "<< /Type /Annot /Subtype /Text", f"/Rect {box(note_rect)}", "/P 5 0 R",
        f"/Contents {pdf_string('A Text note: Marginalia keeps every annotation editable.')}",
        f"/T {pdf_string('Marginalia')}", "/NM (sample-note-1)", f"/M {pdf_string(CREATION_DATE)}",
        "/Name /Comment /Open false /F 28 /C [1 0.85 0.2] /AP << /N 8 0 R >> >>",
    ]))
    w.add_stream(8, f"/Type /XObject /Subtype /Form /BBox {box((0, 0, nw, nh))}",
                 text_note_appearance(nw, nh) + "\n")
    sw, sh = square_rect[2] - square_rect[0], square_rect[3] - square_rect[1]
    border = 2
    w.add(9, " ".join([
        "<< /Type /Annot /Subtype /Square", f"/Rect {box(square_rect)}", "/P 5 0 R",
        f"/Contents {pdf_string('A Square annotation around the paragraph about annotations.')}",
        f"/T {pdf_string('Marginalia')}", "/NM (sample-square-1)", f"/M {pdf_string(CREATION_DATE)}",
        f"/F 4 /C [0.85 0.1 0.1] /BS << /W {border} /S /S >> /AP << /N 10 0 R >> >>",
    ]))
    half = border / 2
    w.add_stream(10, f"/Type /XObject /Subtype /Form /BBox {box((0, 0, sw, sh))}",
                 f"q 0.85 0.1 0.1 RG {border} w {number(half)} {number(half)} "
                 f"{number(sw - border)} {number(sh - border)} re S Q\n")

    # Page 2: A4.
    page2 = page_text(72, A4[1] - 72, "A page of another size", [PAGE2, PAGE2_MORE])
    w.add(11, f"<< /Type /Page /Parent 2 0 R /MediaBox {box((0, 0) + A4)} "
              f"/Resources {resources} /Contents 12 0 R >>")
    w.add_stream(12, "", "\n".join(page2) + "\n")

    # Page 3: rotated 90 degrees clockwise for display, with a CropBox. The text matrix turns
    # the text a quarter turn counter-clockwise so it reads upright once the page is rotated.
    crop = (36, 36, LETTER[0] - 36, LETTER[1] - 36)
    frame = ["q 0.6 g 0.6 G 4 w 18 18 576 756 re S Q"]
    page3 = frame + page_text(100, 72, "A rotated, cropped page", [PAGE3], matrix=(0, 1, -1, 0))
    w.add(13, f"<< /Type /Page /Parent 2 0 R /Rotate 90 /CropBox {box(crop)} "
              f"/Resources {resources} /Contents 14 0 R >>")
    w.add_stream(14, "", "\n".join(page3) + "\n")

    return w.serialise(root=1, info=3)


def main():
    root = Path(__file__).resolve().parent.parent
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "Samples" / "sample.pdf"
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(build())
    print(f"wrote {output}")


if __name__ == "__main__":
    main()
