"""Forms for the forms oracle tests, written by reportlab and by PyMuPDF, and the pixel
measures that tell whether a render shows something inside a widget.

Each form has the same fields, one of every fillable kind: a single-line text field, an
auto-sized multiline field, a comb field of 5 cells, a read-only text field, a checkbox, a
list box that allows several choices and a combo box; the reportlab form also has a radio
group (PyMuPDF cannot make radio groups).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

#: The values filled in every form, as NAME=VALUE arguments for `marginalia fill`.
FILL_ARGUMENTS = [
    "name=Ada Lovelace",
    "notes=The quick brown fox jumps over the lazy dog, again and again, until the field is full.",
    "zip=12345",
    "agree=true",
    "fruit=banana",
    "pets=dog",
    "pets=fish",
]
RADIO_ARGUMENT = "colour=green"


def make_reportlab_form(path: Path) -> None:
    from reportlab.lib.colors import black, white
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    form = c.acroForm
    c.drawString(72, 740, "A form written by reportlab")
    box = dict(borderColor=black, fillColor=white, textColor=black, forceBorder=True)
    form.textfield(name="name", value="", x=72, y=690, width=250, height=24, fontSize=12, **box)
    form.textfield(name="notes", value="", x=72, y=560, width=250, height=100, fieldFlags="multiline",
                   fontSize=0, **box)
    form.textfield(name="zip", value="", x=72, y=510, width=150, height=24, maxlen=5, fieldFlags="comb", **box)
    form.textfield(name="locked", value="fixed", x=72, y=470, width=150, height=24, fieldFlags="readOnly", **box)
    form.checkbox(name="agree", checked=False, x=72, y=430, size=20, buttonStyle="check",
                  borderColor=black, fillColor=white, forceBorder=True)
    for i, value in enumerate(["red", "green", "blue"]):
        form.radio(name="colour", value=value, selected=False, x=72 + 40 * i, y=390, size=20,
                   buttonStyle="circle", borderColor=black, fillColor=white, forceBorder=True)
    form.choice(name="fruit", value="apple", options=["apple", "banana", "cherry"], x=72, y=340,
                width=150, height=24, **box)
    form.listbox(name="pets", value="cat", options=["cat", "dog", "fish", "bird"], x=72, y=240,
                 width=150, height=80, fieldFlags="multiSelect", **box)
    c.showPage()
    c.save()


def make_pymupdf_form(path: Path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), "A form written by PyMuPDF")

    def add(kind, name, rect, fontsize=11, **attributes):
        widget = pymupdf.Widget()
        widget.field_type = kind
        widget.field_name = name
        widget.rect = pymupdf.Rect(*rect)
        widget.border_color = (0, 0, 0)
        widget.border_width = 1
        widget.fill_color = (1, 1, 1)
        widget.text_fontsize = fontsize
        for key, value in attributes.items():
            setattr(widget, key, value)
        page.add_widget(widget)

    add(pymupdf.PDF_WIDGET_TYPE_TEXT, "name", (72, 80, 322, 104), field_value="")
    add(pymupdf.PDF_WIDGET_TYPE_TEXT, "notes", (72, 120, 322, 220), fontsize=0,
        field_flags=pymupdf.PDF_TX_FIELD_IS_MULTILINE)
    add(pymupdf.PDF_WIDGET_TYPE_TEXT, "zip", (72, 240, 222, 264), field_flags=pymupdf.PDF_TX_FIELD_IS_COMB,
        text_maxlen=5)
    add(pymupdf.PDF_WIDGET_TYPE_TEXT, "locked", (72, 280, 222, 304), field_value="fixed",
        field_flags=pymupdf.PDF_FIELD_IS_READ_ONLY)
    add(pymupdf.PDF_WIDGET_TYPE_CHECKBOX, "agree", (72, 320, 92, 340), field_value=False)
    add(pymupdf.PDF_WIDGET_TYPE_COMBOBOX, "fruit", (72, 360, 222, 384), choice_values=["apple", "banana", "cherry"],
        field_value="apple")
    add(pymupdf.PDF_WIDGET_TYPE_LISTBOX, "pets", (72, 400, 222, 480), choice_values=["cat", "dog", "fish", "bird"],
        field_flags=pymupdf.PDF_CH_FIELD_IS_MULTI_SELECT)
    doc.save(str(path))


# MARK: - Renders

DPI = 72  # one pixel a point: page space maps straight onto pixels


def render_poppler(path: Path):
    """Page 1 as a greyscale image, by poppler (which ignores /NeedAppearances)."""
    from PIL import Image

    prefix = path.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "1", "-singlefile", str(path),
                    str(prefix) + "-poppler"], check=True, capture_output=True, timeout=120)
    return Image.open(str(prefix) + "-poppler.pgm").convert("L")


def render_pdfium(path: Path):
    """Page 1 as a greyscale image, by PDFium with its form layer drawing the widgets."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    pdf.init_forms()
    image = pdf[0].render(scale=DPI / 72, may_draw_forms=True).to_pil().convert("L")
    pdf.close()
    return image


def changed_pixels(before, after, rect, page_height: float) -> int:
    """How many pixels inside `rect` (page space [x0, y0, x1, y1]) differ by more than 64."""
    x0, y0, x1, y1 = rect
    box = (int(x0 * DPI / 72), int((page_height - y1) * DPI / 72),
           int(x1 * DPI / 72) + 1, int((page_height - y0) * DPI / 72) + 1)
    a = before.crop(box).tobytes()
    b = after.crop(box).tobytes()
    return sum(1 for p, q in zip(a, b) if abs(p - q) > 64)


def mean_difference(a, b) -> float:
    """Mean absolute difference per pixel (0-255) of two same-sized greyscale images."""
    from PIL import ImageChops

    histogram = ImageChops.difference(a, b).histogram()
    return sum(i * count for i, count in enumerate(histogram)) / (a.width * a.height)
