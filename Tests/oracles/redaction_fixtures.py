"""Documents for the redaction oracles, made with reportlab (and pikepdf for content that
reportlab does not write: kerning in TJ).

Each document holds the secret words listed in SECRETS among ordinary text, in the places
a redaction must reach: proportional fonts, a TJ with kerning, a form XObject drawn on two
pages, a rotated page, with an image and a drawing beside them.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

SECRETS = ["Zanzibar", "Quixotic", "Wolfram"]


def _image(path: Path) -> Path:
    """A small RGB image with a gradient, written as PNG."""
    from PIL import Image
    image = Image.new("RGB", (40, 30))
    for x in range(40):
        for y in range(30):
            image.putpixel((x, y), (x * 6, y * 8, 120))
    image.save(path)
    return path


def make_proportional(folder: Path) -> Path:
    """Two pages: proportional fonts, a form XObject (with a secret) drawn on both pages, an
    image and a drawing inside the secret's neighbourhood, a link annotation over one secret."""
    path = folder / "proportional.pdf"
    image = _image(folder / "gradient.png")
    c = canvas.Canvas(str(path), pagesize=letter)
    c.beginForm("header")
    c.setFont("Times-Roman", 14)
    c.drawString(72, 740, "Header of the file Wolfram kept here")
    c.endForm()
    for page in range(2):
        c.doForm("header")
        c.setFont("Helvetica", 12)
        c.drawString(72, 700, f"Page {page + 1}: the agent Zanzibar met the courier at noon.")
        c.setFont("Times-Roman", 12)
        c.drawString(72, 680, "A Quixotic plan, written in Times, with plain words after it.")
        c.setFont("Helvetica-Bold", 11)
        c.drawString(72, 660, "Nothing secret on this line at all.")
        if page == 0:
            c.drawImage(str(image), 300, 500, width=40, height=30)
            c.drawImage(str(image), 72, 500, width=40, height=30)
            c.setFillColorRGB(0.2, 0.4, 0.8)
            c.rect(400, 500, 30, 20, fill=1, stroke=0)
            c.linkURL("https://example.com/", (150, 695, 230, 712))
        c.showPage()
    c.save()
    return path


def make_rotated(folder: Path) -> Path:
    """A page turned by /Rotate 90 with a secret in its text."""
    path = folder / "rotated.pdf"
    c = canvas.Canvas(str(path), pagesize=letter)
    c.setPageRotation(90)
    c.setFont("Helvetica", 12)
    c.drawString(72, 500, "Turned page where Zanzibar hides among words.")
    c.drawString(72, 480, "The second line stays whole.")
    c.showPage()
    c.save()
    return path


def make_kerned(folder: Path) -> Path:
    """A page whose text is shown with TJ and kerning numbers between the glyphs, and with
    ' and \" operators, written by hand."""
    path = folder / "kerned.pdf"
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica,
                                                Encoding=pikepdf.Name.WinAnsiEncoding))
    content = (b"BT /F1 14 Tf 72 700 Td 16 TL "
               b"[(Ke)30(rned )-20(Za)15(nzibar)-40( text )20(continues)] TJ "
               b"(Apostrophe Quixotic line) ' "
               b"2 0.5 (Quote Wolfram line here) \" "
               b"ET")
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 612, 792],
                              Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)),
                              Contents=pdf.make_stream(content))
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)
    return path


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def make_fonts(folder: Path) -> Path:
    """An embedded TrueType subset (DejaVu Sans) and a CID font with two-byte codes
    (HeiseiMin-W3 through UniJIS-UCS2-H), each with a secret."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    path = folder / "fonts.pdf"
    c = canvas.Canvas(str(path), pagesize=letter)
    c.setFont("DejaVu", 12)
    c.drawString(72, 700, "TrueType text: Zanzibar and ünïcode words stay.")
    c.setFont("HeiseiMin-W3", 12)
    c.drawString(72, 680, "CID text Quixotic in a CID font here.")
    c.showPage()
    c.save()
    return path


# Each drawing of make_drawings and the area mark that crosses it, in page space (x0, y0, x1,
# y1): the mark reaches past one side of the drawing and holds one of its construction points
# (the line's end, a control point of the curve, a corner of the rectangle, the rightmost
# point of the ellipse), so a path kept whole has a point under its mark.
DRAWING_MARKS = {"line": (200, 560, 300, 640), "curve": (190, 340, 280, 470),
                 "rectangle": (180, 280, 260, 340), "ellipse": (520, 340, 580, 400)}


def make_drawings(folder: Path) -> Path:
    """Two pages of 612 by 792 points, the second turned by /Rotate 90 (set with pikepdf:
    reportlab's page rotation also swaps the page's box), each drawing under `cm` (a scale by
    1.5 and 1.25 and a translation by 40, 60) a stroked line, a stroked Bezier curve, a filled
    rectangle and a filled circle (an ellipse on the page), which DRAWING_MARKS cross."""
    drawn = folder / "drawings-upright.pdf"
    c = canvas.Canvas(str(drawn), pagesize=letter)
    for _ in range(2):
        c.saveState()
        c.translate(40, 60)
        c.scale(1.5, 1.25)
        c.setLineWidth(3)
        c.setStrokeColorRGB(0.1, 0.2, 0.8)
        c.line(20, 380, 150, 440)
        c.setLineWidth(2)
        c.setStrokeColorRGB(0.0, 0.5, 0.2)
        c.bezier(20, 300, 80, 360, 120, 240, 200, 300)
        c.setFillColorRGB(0.95, 0.55, 0.1)
        c.rect(20, 150, 100, 60, stroke=0, fill=1)
        c.setFillColorRGB(0.5, 0.2, 0.6)
        c.circle(300, 250, 40, stroke=0, fill=1)
        c.restoreState()
        c.showPage()
    c.save()
    path = folder / "drawings.pdf"
    with pikepdf.open(drawn) as pdf:
        pdf.pages[1].Rotate = 90
        pdf.save(path)
    return path


def make_all(folder) -> list[Path]:
    folder = Path(folder)
    return [make_proportional(folder), make_rotated(folder), make_kerned(folder), make_fonts(folder)]
