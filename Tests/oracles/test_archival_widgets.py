"""Form fields, signatures and redaction overlays in a document that claims PDF/A (issue 33
item 4, docs/accessibility.md): filling a form (text, comb, combo, list, checkbox), signing
with a visible appearance and applying a redaction with overlay text draw their Helvetica
text in an embedded subset of its URW clone, Nimbus Sans, and a checkbox's mark as a path rather than in ZapfDingbats, so the
claim holds. The input is the PDF/UA reference file of the corpus (PDF/A-2u), given a form
by pikepdf. Judges: pikepdf reads every font of the new drawings (a font program in the
descriptor), pdffonts lists every font of the output as embedded, pdftoppm shows the
drawings' ink, PyMuPDF and pdftotext read back the text, qpdf --check passes. Controls: the
same steps on a document without a claim keep Helvetica and ZapfDingbats, not embedded.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pymupdf
import pytest
from PIL import Image

from oracle_helpers import qpdf_check, run_command
from signing_pki import make_pki

#: A PDF/UA reference file (tagged, PDF/A-2u, an OutputIntent), written by others.
ARCHIVAL = "cwlpdf-pdfua-ref-2-03-academicabstract.pdf"

#: The form's fields: name, rect (page space), keys; the values filled in.
FIELDS = {
    "name": ([72, 700, 320, 724], {"FT": "/Tx", "DA": "/Helv 0 Tf 0 g"}),
    "code": ([72, 660, 222, 684], {"FT": "/Tx", "Ff": 1 << 24, "MaxLen": 6, "DA": "/Helv 12 Tf 0 g"}),
    "city": ([72, 620, 320, 644], {"FT": "/Ch", "Ff": 1 << 17, "Opt": ["Berlin", "Lyon"], "DA": "/Helv 12 Tf 0 g"}),
    "pick": ([72, 540, 320, 600], {"FT": "/Ch", "Opt": ["Red", "Green", "Blue"], "DA": "/Helv 12 Tf 0 g"}),
    "agree": ([72, 500, 94, 522], {"FT": "/Btn", "DA": "/ZaDb 0 Tf 0 g", "MK": {"CA": "4"}}),
}
VALUES = {"name": "Zoë Ångström", "code": "AB12CD", "city": "Lyon", "pick": "Green", "agree": "true"}
SHOWN = {"name": "Zoë Ångström", "code": "AB12CD", "city": "Lyon", "pick": "RedGreenBlue"}


def helvetica_embedded(listed: list[tuple[str, str]]) -> bool:
    """Whether Helvetica's text went to its URW clone, Nimbus Sans, as a subset, and nothing
    to DejaVu Sans (which Helvetica text was embedded in before)."""
    names = [name for name, _ in listed]
    return any(name.endswith("+NimbusSans-Regular") for name in names) and not any("DejaVu" in name for name in names)


def source(request) -> Path:
    path = request.config.marginalia_corpus / ARCHIVAL
    assert path.is_file(), f"{path} is missing from the corpus"
    return path


def blank(path: Path) -> Path:
    with pikepdf.new() as document:
        document.add_blank_page(page_size=(612, 792))
        document.save(path)
    return path


def pikepdf_value(document: pikepdf.Pdf, value):
    if isinstance(value, str) and value.startswith("/"):
        return pikepdf.Name(value)
    if isinstance(value, str):
        return pikepdf.String(value)
    if isinstance(value, list):
        return pikepdf.Array([pikepdf_value(document, item) for item in value])
    if isinstance(value, dict):
        return pikepdf.Dictionary({f"/{key}": pikepdf_value(document, item) for key, item in value.items()})
    return value


def with_form(pdf: Path, out: Path) -> Path:
    """`pdf` with FIELDS on its first page, none drawn yet, and Helvetica and ZapfDingbats in
    the form's resources (as forms made by most tools have)."""
    with pikepdf.open(pdf) as document:
        page = document.pages[0]
        fonts = pikepdf.Dictionary(
            Helv=document.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                           BaseFont=pikepdf.Name.Helvetica,
                                                           Encoding=pikepdf.Name.WinAnsiEncoding)),
            ZaDb=document.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                           BaseFont=pikepdf.Name.ZapfDingbats)))
        fields = pikepdf.Array()
        annots = page.obj.get("/Annots", pikepdf.Array())
        for name, (rect, keys) in FIELDS.items():
            widget = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, T=pikepdf.String(name),
                                        Rect=pikepdf.Array(rect), P=page.obj, F=4)
            for key, value in keys.items():
                widget[f"/{key}"] = pikepdf_value(document, value)
            mk = widget.get("/MK", pikepdf.Dictionary())
            mk.BC = pikepdf.Array([0, 0, 0])
            widget.MK = mk
            reference = document.make_indirect(widget)
            fields.append(reference)
            annots.append(reference)
        page.obj.Annots = annots
        document.Root.AcroForm = pikepdf.Dictionary(Fields=fields, DR=pikepdf.Dictionary(Font=fonts),
                                                    DA=pikepdf.String("/Helv 0 Tf 0 g"))
        document.save(out)
    return out


def fonts_of(stream: pikepdf.Object, seen: set | None = None) -> list[tuple[str, bool]]:
    """Every font a drawing uses, its own and its forms', and whether its program is embedded."""
    seen = set() if seen is None else seen
    if stream.objgen in seen and stream.objgen != (0, 0):
        return []
    seen.add(stream.objgen)
    found = []
    resources = stream.get("/Resources", pikepdf.Dictionary())
    for _, font in resources.get("/Font", pikepdf.Dictionary()).items():
        described = font.DescendantFonts[0] if font.Subtype == "/Type0" else font
        descriptor = described.get("/FontDescriptor")
        embedded = descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        found.append((str(font.BaseFont), embedded))
    for _, inner in resources.get("/XObject", pikepdf.Dictionary()).items():
        if inner.get("/Subtype") == "/Form":
            found += fonts_of(inner, seen)
    return found


def drawings(widget: pikepdf.Dictionary) -> list[pikepdf.Object]:
    normal = widget.AP.N
    return list(normal.values()) if isinstance(normal, pikepdf.Dictionary) and "/Subtype" not in normal else [normal]


def widgets_by_name(document: pikepdf.Pdf) -> dict[str, pikepdf.Dictionary]:
    return {str(field.T): field for field in document.Root.AcroForm.Fields}


def pdffonts(pdf: Path) -> list[tuple[str, str]]:
    """(name, emb) of every font pdffonts lists, annotations' appearances included; columns
    cut where the header's rules say (an inline font dictionary has no object number)."""
    lines = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout.splitlines()
    rules = [(start, start + len(rule)) for start, rule in
             ((lines[1].index(rule, sum(len(r) + 1 for r in lines[1].split()[:i])), rule)
              for i, rule in enumerate(lines[1].split()))]
    return [(line[slice(*rules[0])].strip(), line[slice(*rules[3])].strip()) for line in lines[2:]]


def drawn_in(pdf: Path, rect: list[float], tmp_path: Path) -> int:
    """Pixels of the first page inside `rect` (page space) that pdftoppm (72 dpi) draws
    otherwise with annotations than without (-hide-annotations): what the annotations draw,
    whatever the page shows under them."""
    pages = []
    for hidden in (False, True):
        prefix = tmp_path / f"drawn-{hidden}"
        subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", "-singlefile",
                        *(["-hide-annotations"] if hidden else []), str(pdf), str(prefix)], check=True, timeout=120)
        with Image.open(f"{prefix}.png") as image:
            gray = image.convert("L")
            box = (int(rect[0]) + 2, gray.height - int(rect[3]) + 2, int(rect[2]) - 2, gray.height - int(rect[1]) - 2)
            pages.append(list(gray.crop(box).tobytes()))
    return sum(1 for shown, bare in zip(*pages) if abs(shown - bare) > 64)


def fill(binary: Path, form: Path, out: Path, *extra: str):
    return run_command([str(binary), "fill", str(form), "-o", str(out), *extra,
                        *(f"{name}={value}" for name, value in VALUES.items())], 60)


def test_filled_fields_in_a_pdf_a_document_draw_in_embedded_fonts(request, binary, tmp_path):
    form = with_form(source(request), tmp_path / "form.pdf")
    out = tmp_path / "filled.pdf"
    result = fill(binary, form, out)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    with pikepdf.open(out) as document:
        assert document.open_metadata().get("pdfaid:part") == "2"
        widgets = widgets_by_name(document)
        for name in SHOWN:
            fonts = [font for stream in drawings(widgets[name]) for font in fonts_of(stream)]
            assert fonts, f"{name} draws no text"
            assert all(embedded for _, embedded in fonts), (name, fonts)
            assert all(font.split("+")[0].isupper() and "+" in font for font, _ in fonts), (name, fonts)
        # The checkbox: its mark a path, no font at all (ZapfDingbats is never embedded).
        box = widgets["agree"]
        assert str(box.AS) != "/Off"
        assert all(not fonts_of(stream) for stream in drawings(box))
        assert b" f" in box.AP.N[box.AS].read_bytes() or b"\nf" in box.AP.N[box.AS].read_bytes()
    listed = pdffonts(out)
    assert helvetica_embedded(listed), listed
    assert all(emb == "yes" for _, emb in listed), listed
    for name in FIELDS:
        assert drawn_in(out, FIELDS[name][0], tmp_path) > 20, f"{name}: pdftoppm draws nothing of it"

    flat = tmp_path / "flat.pdf"
    result = fill(binary, form, flat, "--flatten")
    assert result.returncode == 0, result.describe()
    with pymupdf.open(flat) as document:
        page = document[0]
        for name, text in SHOWN.items():
            rect = FIELDS[name][0]
            clip = pymupdf.Rect(rect[0], page.rect.height - rect[3], rect[2], page.rect.height - rect[1])
            # The field's text, among the words of the page under it.
            assert "".join(text.split()) in "".join(page.get_text(clip=clip).split()), name
    assert all(emb == "yes" for _, emb in pdffonts(flat))


def test_outside_pdf_a_filled_fields_keep_the_standard_fonts(binary, tmp_path):
    """The control: without a claim, Helvetica and ZapfDingbats as /DA names them."""
    form = with_form(blank(tmp_path / "blank.pdf"), tmp_path / "form.pdf")
    out = tmp_path / "filled.pdf"
    result = fill(binary, form, out)
    assert result.returncode == 0, result.describe()
    with pikepdf.open(out) as document:
        widgets = widgets_by_name(document)
        assert fonts_of(drawings(widgets["name"])[0]) == [("/Helvetica", False)]
        box = widgets["agree"]
        assert fonts_of(box.AP.N[box.AS]) == [("/ZapfDingbats", False)]
    assert ("ZapfDingbats", "no") in pdffonts(out)


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


SIGNED_AT = [72, 72, 320, 140]


def sign(binary: Path, pki, pdf: Path, out: Path, reason: str = "Archived copy"):
    return run_command([str(binary), "sign", str(pdf), "-o", str(out), "--p12", str(pki.p12), "--password-file",
                        str(pki.password_file), "--page", "1", "--rect", ",".join(map(str, SIGNED_AT)),
                        "--reason", reason], 120)


def signature_widget(document: pikepdf.Pdf) -> pikepdf.Dictionary:
    return next(field for field in document.Root.AcroForm.Fields if field.get("/FT") == "/Sig")


def test_a_signature_in_a_pdf_a_document_draws_in_an_embedded_font(request, binary, pki, tmp_path):
    out = tmp_path / "signed.pdf"
    result = sign(binary, pki, source(request), out)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    with pikepdf.open(out) as document:
        assert document.open_metadata().get("pdfaid:part") == "2"
        fonts = fonts_of(signature_widget(document).AP.N)
        assert fonts and all(embedded for _, embedded in fonts), fonts
    listed = pdffonts(out)
    assert helvetica_embedded(listed) and all(emb == "yes" for _, emb in listed), listed
    assert drawn_in(out, SIGNED_AT, tmp_path) > 50
    with pymupdf.open(out) as document:
        widget = next(document[0].widgets())
        assert widget.field_type == pymupdf.PDF_WIDGET_TYPE_SIGNATURE
    flat = tmp_path / "flat.pdf"
    with pikepdf.open(out) as document:
        # What the appearance reads, through its own ToUnicode map: its stream drawn on a page.
        page = document.add_blank_page(page_size=(612, 792))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Sig=signature_widget(document).AP.N))
        page.obj.Contents = document.make_stream(b"q /Sig Do Q")
        document.save(flat)
    text = subprocess.run(["pdftotext", "-f", "3", "-l", "3", "-enc", "UTF-8", str(flat), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Digitally signed by" in text and "Reason: Archived copy" in text, text


def test_a_signature_reason_in_arabic_is_shaped_in_its_script_font(binary, pki, tmp_path):
    """Typed text of a signature's appearance in another script: its Latin words in Nimbus Sans,
    the Arabic reason in Noto Sans Arabic, both embedded subsets, and it reads back as typed."""
    reason = "موافقة على العقد"
    out = tmp_path / "signed.pdf"
    result = sign(binary, pki, blank(tmp_path / "blank.pdf"), out, reason)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    listed = pdffonts(out)
    names = sorted(name.split("+")[-1] for name, _ in listed)
    assert names == ["NimbusSans-Regular", "NotoSansArabic-Regular"], listed
    assert all(name.split("+")[0].isupper() and emb == "yes" for name, emb in listed), listed
    with pikepdf.open(out) as document:
        page = document.add_blank_page(page_size=(612, 792))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Sig=signature_widget(document).AP.N))
        page.obj.Contents = document.make_stream(b"q /Sig Do Q")
        document.save(tmp_path / "shown.pdf")
    with pymupdf.open(tmp_path / "shown.pdf") as document:
        text = document[-1].get_text()
    assert "Digitally signed by" in text and reason in text, text


def test_outside_pdf_a_a_signature_keeps_helvetica(binary, pki, tmp_path):
    out = tmp_path / "signed.pdf"
    result = sign(binary, pki, blank(tmp_path / "blank.pdf"), out)
    assert result.returncode == 0, result.describe()
    with pikepdf.open(out) as document:
        assert fonts_of(signature_widget(document).AP.N) == [("/Helvetica", False)]


def redact(binary: Path, pdf: Path, out: Path, word: str):
    return run_command([str(binary), "redact", str(pdf), "-o", str(out), "--text", word,
                        "--overlay-text", "REDACTED", "--color", "#000000"], 120)


def overlay_fonts(pdf: Path) -> list[tuple[str, bool]]:
    with pikepdf.open(pdf) as document:
        xobjects = document.pages[0].Resources.XObject
        return [font for name, form in xobjects.items() if name.startswith("/Redaction") for font in fonts_of(form)]


def test_a_redaction_overlay_in_a_pdf_a_document_draws_in_an_embedded_font(request, binary, tmp_path):
    out = tmp_path / "redacted.pdf"
    result = redact(binary, source(request), out, "Posselt")
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    fonts = overlay_fonts(out)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    with pikepdf.open(out) as document:
        assert document.open_metadata().get("pdfaid:part") == "2"
    listed = pdffonts(out)
    assert helvetica_embedded(listed) and all(emb == "yes" for _, emb in listed), listed
    with pymupdf.open(out) as document:
        text = document[0].get_text()
    assert "Posselt" not in text and "REDACTED" in text, text


def test_outside_pdf_a_a_redaction_overlay_keeps_helvetica(binary, tmp_path):
    sample = tmp_path / "sample.pdf"
    assert run_command([str(binary), "sample", "-o", str(sample)], 60).returncode == 0
    out = tmp_path / "redacted.pdf"
    result = redact(binary, sample, out, "shapes")
    assert result.returncode == 0, result.describe()
    assert overlay_fonts(out) == [("/Helvetica", False)]
