"""Fonts a file names but does not embed (issue 15, faithful display): the editor draws the
standard 14 fonts (and the names pdf.js takes for them) from the font files that ship with
pdf.js, and decodes CJK text whose font names a predefined CMap with pdf.js's own CMaps
(Web/js/pdfopen.js; the server's /vendor/pdfjs/standard_fonts and /vendor/pdfjs/cmaps).

Before, pdf.js drew a non-embedded Times or Helvetica with whatever the device offers for
"serif" and "sans-serif" (here DejaVu, squeezed into the file's widths: 29 and 21 per colour
sample from pdftoppm's Times and Helvetica on the lines below, against 5 and 7 now), and
without the CMap it read nothing of the Japanese line: no text to select, copy or find."""

import pytest
from pikepdf import Array, Dictionary, Name, Page, Pdf

from editor_harness import ARTIFACTS, api
from fidelity import data_url_image, show_page
from viewer_helpers import mean_absolute_difference, poppler_render, wait_rendered

JAPANESE = "日本語のテキスト"

# Two Latin lines (baselines 60 and 90 points from the top, 18 pt) and a Japanese one.
CONTENT = (b"BT /T 18 Tf 40 740 Td (Sphinx of black quartz, judge my vow.) Tj"
           b" 0 -30 Td /H 18 Tf (Pack my box with five dozen liquor jugs!) Tj"
           b" 0 -30 Td /J 24 Tf <" + JAPANESE.encode("utf-16-be").hex().upper().encode() + b"> Tj ET")

# The bands (left, top, right, bottom, in points from the top left) of the two Latin lines.
LINES = {"Times-Roman": (0, 42, 420, 66), "Helvetica": (0, 72, 420, 96)}


def fonts_pdf():
    """A page with the three lines in fonts it names and does not embed (pikepdf writes it)."""
    pdf = Pdf.new()
    latin = lambda name: Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name(name),  # noqa: E731
                                    Encoding=Name.WinAnsiEncoding)
    descriptor = Dictionary(Type=Name.FontDescriptor, FontName=Name("/KozMinPr6N-Regular"), Flags=6,
                            FontBBox=Array([-200, -200, 1200, 900]), ItalicAngle=0, Ascent=880, Descent=-120,
                            CapHeight=740, StemV=80)
    japanese = Dictionary(Type=Name.Font, Subtype=Name.Type0, BaseFont=Name("/KozMinPr6N-Regular"),
                          Encoding=Name("/UniJIS-UCS2-H"), DescendantFonts=Array([Dictionary(
                              Type=Name.Font, Subtype=Name.CIDFontType0, BaseFont=Name("/KozMinPr6N-Regular"),
                              CIDSystemInfo=Dictionary(Registry="Adobe", Ordering="Japan1", Supplement=6),
                              FontDescriptor=descriptor, DW=1000)]))
    fonts = Dictionary(T=pdf.make_indirect(latin("/Times-Roman")), H=pdf.make_indirect(latin("/Helvetica")),
                       J=pdf.make_indirect(japanese))
    pdf.pages.append(Page(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 420, 800]),
                                     Resources=Dictionary(Font=fonts), Contents=pdf.make_stream(CONTENT))))
    return pdf


@pytest.fixture()
def fonts_document(web_server, tmp_path):
    path = tmp_path / "fonts.pdf"
    fonts_pdf().save(path)
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
