"""Fonts a file names but does not embed (issue 15, faithful display): the editor draws the
standard 14 fonts (and the names pdf.js takes for them) from the font files that ship with
pdf.js, and decodes CJK text whose font names a predefined CMap with poppler-data's CMaps
(Web/js/pdfopen.js; the server's /vendor/pdfjs/standard_fonts and /vendor/cmaps routes).

Before, pdf.js drew a non-embedded Times or Helvetica with whatever the device offers for
"serif" and "sans-serif" (here DejaVu, squeezed into the file's widths: 29 and 21 per colour
sample from pdftoppm's Times and Helvetica on the lines below, against 5 and 7 now), and
without the CMap it read nothing of the Japanese line: no text to select, copy or find."""

import pytest

from editor_harness import ARTIFACTS, api
from fidelity import data_url_image, show_page
from viewer_helpers import mean_absolute_difference, poppler_render, wait_rendered

JAPANESE = "日本語のテキスト"

# Two Latin lines (baselines 60 and 90 points from the top, 18 pt) and a Japanese one.
CONTENT = (b"BT /T 18 Tf 40 740 Td (Sphinx of black quartz, judge my vow.) Tj"
           b" 0 -30 Td /H 18 Tf (Pack my box with five dozen liquor jugs!) Tj"
           b" 0 -30 Td /J 24 Tf <" + JAPANESE.encode("utf-16-be").hex().upper().encode() + b"> Tj ET")

OBJECTS = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 800] /Contents 4 0 R"
    b" /Resources << /Font << /T 5 0 R /H 6 0 R /J 7 0 R >> >> >>",
    b"<< /Length %d >>\nstream\n" % len(CONTENT) + CONTENT + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    b"<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [8 0 R] >>",
    b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular"
    b" /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor 9 0 R /DW 1000 >>",
    b"<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 6 /FontBBox [-200 -200 1200 900]"
    b" /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 740 /StemV 80 >>",
]

# The bands (left, top, right, bottom, in points from the top left) of the two Latin lines.
LINES = {"Times-Roman": (0, 42, 420, 66), "Helvetica": (0, 72, 420, 96)}


def build_pdf(objects):
    """A PDF of numbered object bodies (object 1 the catalog) with its cross-reference table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(out)


@pytest.fixture()
def fonts_document(web_server, tmp_path):
    path = tmp_path / "fonts.pdf"
    path.write_bytes(build_pdf(OBJECTS))
    doc_id = api(web_server, "POST", "/api/v1/documents?name=fonts.pdf", path.read_bytes(), "application/pdf")["id"]
    return doc_id, path


def test_standard_fonts_are_drawn_as_other_viewers_draw_them(new_editor, fonts_document):
    """A non-embedded Times-Roman and Helvetica look like pdftoppm's (its URW clones of them)
    line by line, whatever fonts the device has."""
    doc_id, path = fonts_document
    editor = new_editor(viewport={"width": 1000, "height": 900}, doc_id=doc_id)
    wait_rendered(editor)
    zoom = show_page(editor, 0)
    assert zoom == 1 and editor.js("window.devicePixelRatio") == 1
    canvas = data_url_image(editor.js("marginalia.viewer.views[0].canvas.toDataURL('image/png')"))
    reference = poppler_render(path, 1, 72)
    canvas.save(ARTIFACTS / f"page-fonts-{editor.engine}.png")
    for font, band in LINES.items():
        difference = mean_absolute_difference(canvas.crop(band), reference.crop(band))
        assert difference < 12, f"{font}: {difference:.2f} per colour sample from pdftoppm's line"


def test_cjk_text_naming_a_predefined_cmap_is_read(new_editor, fonts_document):
    """The Japanese line's font names UniJIS-UCS2-H: with the CMap, pdf.js reads its text, so
    the page's text layer holds it (selection, copy, screen readers)."""
    doc_id, _ = fonts_document
    editor = new_editor(doc_id=doc_id)
    wait_rendered(editor)
    editor.wait_until("(marginalia.viewer.views[0].textLayer?.querySelectorAll('span').length ?? 0) >= 3", timeout=10000)
    text = editor.js("marginalia.viewer.views[0].textLayer.textContent")
    assert JAPANESE in text, text
    assert "Sphinx of black quartz" in text, text
