"""Forms (issue 7): `marginalia fields` and `marginalia fill`, checked by outside engines.

- Every form in the corpus lists its fields without error, and names every field PyMuPDF
  finds a widget for.
- Forms written by reportlab and by PyMuPDF are filled, one field of every type; PyMuPDF and
  pypdf read each value back, and poppler's and PDFium's renders change inside every filled
  widget (poppler ignores /NeedAppearances, so what it shows is our appearance streams).
- Read-only fields, missing fields, options not offered and values of the wrong type are
  refused with a message naming the field, and nothing is written.
- Flattening leaves the look (render difference near zero) and no AcroForm or widget.
"""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest

import form_fixtures as forms
from oracle_helpers import password_args, run_command

TIMEOUT = 300


def pytest_generate_tests(metafunc):
    if "form_entry" in metafunc.fixturenames:
        entries = [e for e in metafunc.config.marginalia_entries
                   if (e.has_tag("acroform") or e.has_tag("annot:Widget")) and not e.locked]
        metafunc.parametrize("form_entry", entries, ids=[e.name for e in entries])


def marginalia(binary: Path, *args: str):
    return run_command([str(binary), *args], TIMEOUT)


# MARK: - The corpus


def test_forms_corpus_lists_fields(binary, form_entry):
    import pymupdf

    result = marginalia(binary, "fields", str(form_entry.path), "--json", *password_args(form_entry.password))
    assert result.returncode == 0, result.describe()
    fields = result.json()
    assert isinstance(fields, list)
    for field in fields:
        assert field["type"] in {"text", "checkbox", "radio", "combo", "list", "button", "signature"}
        assert {"name", "value", "readOnly", "required", "pageIndex", "rect"} <= field.keys()
    names = {field["name"] for field in fields}
    with pymupdf.open(form_entry.path) as doc:
        if doc.needs_pass:
            doc.authenticate(form_entry.password or "")
        seen = {widget.field_name for page in doc for widget in page.widgets()}
    assert seen <= names, f"fields PyMuPDF has but marginalia does not list: {sorted(seen - names)[:5]}"


# MARK: - Filling forms written by reportlab and PyMuPDF

MAKERS = {"reportlab": forms.make_reportlab_form, "pymupdf": forms.make_pymupdf_form}


@pytest.fixture(scope="module", params=sorted(MAKERS))
def made_form(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"forms-{request.param}")
    path = folder / "form.pdf"
    MAKERS[request.param](path)
    return request.param, path


def fill_arguments(maker: str) -> list[str]:
    return forms.FILL_ARGUMENTS + ([forms.RADIO_ARGUMENT] if maker == "reportlab" else [])


@pytest.fixture(scope="module")
def filled_form(binary, made_form):
    maker, path = made_form
    out = path.with_name("filled.pdf")
    result = marginalia(binary, "fill", str(path), "-o", str(out), *fill_arguments(maker))
    assert result.returncode == 0, result.describe()
    return maker, path, out


def test_forms_fill_is_an_incremental_update(filled_form):
    _, original, filled = filled_form
    assert filled.read_bytes().startswith(original.read_bytes())


def test_forms_fill_values_read_back_by_pymupdf(filled_form):
    import pymupdf

    maker, _, filled = filled_form
    with pymupdf.open(filled) as doc:
        widgets = [(w.field_name, w.field_value) for w in doc[0].widgets()]
    values = dict(widgets)
    assert values["name"] == "Ada Lovelace"
    assert values["notes"].startswith("The quick brown fox")
    assert values["zip"] == "12345"
    assert values["locked"] == "fixed"
    assert values["agree"] not in (False, "Off", "", None)
    assert values["fruit"] == "banana"
    if maker == "reportlab":
        assert ("colour", "green") in widgets


def test_forms_fill_values_read_back_by_pypdf(filled_form):
    import pypdf

    maker, _, filled = filled_form
    fields = pypdf.PdfReader(filled).get_fields()
    assert fields["name"]["/V"] == "Ada Lovelace"
    assert fields["zip"]["/V"] == "12345"
    assert fields["agree"]["/V"] != "/Off"
    assert fields["fruit"]["/V"] == "banana"
    assert list(fields["pets"]["/V"]) == ["dog", "fish"]
    if maker == "reportlab":
        assert fields["colour"]["/V"] == "/green"


def test_forms_fields_json_after_fill(binary, filled_form):
    maker, _, filled = filled_form
    result = marginalia(binary, "fields", str(filled), "--json")
    assert result.returncode == 0, result.describe()
    fields = {f["name"]: f for f in result.json()}
    assert fields["name"]["value"] == "Ada Lovelace"
    assert fields["agree"]["value"] is True and fields["agree"]["onState"]
    assert fields["pets"]["value"] == ["dog", "fish"]
    assert fields["fruit"]["options"] == ["apple", "banana", "cherry"]
    assert fields["locked"]["readOnly"] is True
    if maker == "reportlab":
        assert fields["colour"]["value"] == "green"
        assert fields["colour"]["states"] == ["red", "green", "blue"]


@pytest.mark.parametrize("renderer", ["poppler", "pdfium"])
def test_forms_fill_shows_in_renders(binary, filled_form, renderer):
    maker, original, filled = filled_form
    render = forms.render_poppler if renderer == "poppler" else forms.render_pdfium
    before, after = render(original), render(filled)
    fields = {f["name"]: f for f in marginalia(binary, "fields", str(filled), "--json").json()}
    filled_names = ["name", "notes", "zip", "agree", "fruit", "pets"] + (["colour"] if maker == "reportlab" else [])
    unchanged = [name for name in filled_names
                 if sum(forms.changed_pixels(before, after, w["rect"], 792) for w in fields[name]["widgets"]) < 8]
    assert not unchanged, f"{renderer} shows no change inside the widgets of {unchanged}"
    # Nothing outside the widgets changes: the locked field and the page text look the same.
    assert forms.changed_pixels(before, after, fields["locked"]["rect"], 792) == 0


def test_forms_fill_passes_qpdf_check(filled_form):
    import subprocess

    _, _, filled = filled_form
    done = subprocess.run(["qpdf", "--check", str(filled)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# MARK: - Refusals


@pytest.mark.parametrize("argument, message", [
    ("locked=changed", "field 'locked' is read-only"),
    ("nosuch=1", "no field named 'nosuch'"),
    ("fruit=kiwi", "field 'fruit' does not offer 'kiwi'"),
    ("zip=1234567", "field 'zip' takes at most 5 characters"),
    ("agree=maybe", "field 'agree' has no state 'maybe'"),
])
def test_forms_bad_values_are_refused(binary, made_form, tmp_path, argument, message):
    _, path = made_form
    out = tmp_path / "out.pdf"
    result = marginalia(binary, "fill", str(path), "-o", str(out), "name=kept", argument)
    assert result.returncode == 1, result.describe()
    assert message in result.stderr
    assert not out.exists()


def test_forms_json_values_of_wrong_type_are_refused(binary, made_form, tmp_path):
    _, path = made_form
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"name": True}))
    result = marginalia(binary, "fill", str(path), "-o", str(tmp_path / "out.pdf"), "--from", str(values))
    assert result.returncode == 1, result.describe()
    assert "field 'name' takes text" in result.stderr


@pytest.mark.parametrize("text, message", [
    ('{"name": null}', "field 'name': expected text, true, false or a list of texts"),
    ('{"name": {"first": "A"}}', "field 'name': expected text, true, false or a list of texts"),
    ('{"name": ["A", 1]}', "field 'name': expected text, true, false or a list of texts"),
    ('["name", "A"]', 'expected a JSON object {"field name": "text"'),
    ('{"name": "A",}', 'expected a JSON object {"field name": "text" | true | false | ["a", "b"]}: invalid JSON at byte 13'),
    ('{"name": "A"', 'expected a JSON object {"field name": "text" | true | false | ["a", "b"]}: invalid JSON at byte 12'),
])
def test_forms_json_values_that_are_not_values_are_refused(binary, made_form, tmp_path, text, message):
    _, path = made_form
    values = tmp_path / "values.json"
    values.write_text(text)
    out = tmp_path / "out.pdf"
    result = marginalia(binary, "fill", str(path), "-o", str(out), "--from", str(values))
    assert result.returncode == 1, result.describe()
    assert f"{values}: {message}" in result.stderr
    assert not out.exists()


def test_forms_json_numbers_are_written_as_doubles_and_the_last_of_a_repeated_name_wins(binary, made_form, tmp_path):
    _, path = made_form
    out = tmp_path / "out.pdf"
    for text, expected in [('{"name": 3}', "3"), ('{"name": 2.5}', "2.5"), ('{"name": 1e20}', "1e+20"),
                           ('{"name": 12345678901234567890}', "1.2345678901234567e+19"),
                           ('{"name": "first", "name": "second"}', "second")]:
        values = tmp_path / "values.json"
        values.write_text(text)
        result = marginalia(binary, "fill", str(path), "-o", str(out), "--from", str(values))
        assert result.returncode == 0, result.describe()
        fields = {f["name"]: f for f in marginalia(binary, "fields", str(out), "--json").json()}
        assert fields["name"]["value"] == expected, text
        out.unlink()


def test_forms_fill_from_json(binary, made_form, tmp_path):
    _, path = made_form
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"name": "From JSON", "agree": True, "pets": ["cat", "bird"]}))
    out = tmp_path / "out.pdf"
    result = marginalia(binary, "fill", str(path), "-o", str(out), "--from", str(values))
    assert result.returncode == 0, result.describe()
    fields = {f["name"]: f for f in marginalia(binary, "fields", str(out), "--json").json()}
    assert fields["name"]["value"] == "From JSON"
    assert fields["agree"]["value"] is True
    assert fields["pets"]["value"] == ["cat", "bird"]


# MARK: - Flattening


def test_forms_flatten_keeps_the_look_and_removes_the_form(binary, filled_form, tmp_path):
    _, _, filled = filled_form
    out = tmp_path / "flat.pdf"
    result = marginalia(binary, "fill", str(filled), "-o", str(out), "--flatten")
    assert result.returncode == 0, result.describe()
    with pikepdf.open(out) as pdf:
        assert "/AcroForm" not in pdf.Root
        assert not [a for a in pdf.pages[0].get("/Annots", []) if a.get("/Subtype") == "/Widget"]
    difference = forms.mean_difference(forms.render_poppler(filled), forms.render_poppler(out))
    assert difference < 0.5, f"flattened page differs from the filled one by {difference:.2f}"


def test_forms_fill_and_flatten_in_one_step(binary, made_form, tmp_path):
    maker, path = made_form
    out = tmp_path / "flat.pdf"
    result = marginalia(binary, "fill", str(path), "-o", str(out), "--flatten", *fill_arguments(maker))
    assert result.returncode == 0, result.describe()
    with pikepdf.open(out) as pdf:
        assert "/AcroForm" not in pdf.Root
    import pymupdf
    with pymupdf.open(out) as doc:
        assert "Ada Lovelace" in doc[0].get_text()


# MARK: - Filling the corpus forms


def corpus_values(fields: list[dict]) -> dict:
    """A value for every field a user may fill: short text (within /MaxLen), checked boxes,
    the last state of each radio group, the last option of each choice field."""
    values = {}
    for field in fields:
        if field["readOnly"] or field["locked"]:
            continue
        kind = field["type"]
        if kind == "text":
            values[field["name"]] = "Test 12"[: field.get("maxLength") or 7]
        elif kind == "checkbox":
            values[field["name"]] = True
        elif kind == "radio" and field["states"]:
            values[field["name"]] = field["states"][-1]
        elif kind in ("combo", "list") and field["options"]:
            values[field["name"]] = field["options"][-1]
    return values


def test_forms_corpus_fill_every_field(binary, form_entry, tmp_path):
    import subprocess

    import pypdf

    password = password_args(form_entry.password)
    fields = marginalia(binary, "fields", str(form_entry.path), "--json", *password).json()
    values = corpus_values(fields)
    if not values:
        pytest.skip("no field a user may fill")
    values_path = tmp_path / "values.json"
    values_path.write_text(json.dumps(values))
    out = tmp_path / "filled.pdf"
    result = marginalia(binary, "fill", str(form_entry.path), "-o", str(out), "--from", str(values_path), *password)
    assert result.returncode == 0, result.describe()
    assert out.read_bytes().startswith(form_entry.path.read_bytes())
    done = subprocess.run(["qpdf", "--check", *(["--password=" + form_entry.password] if form_entry.password else []),
                           str(out)], capture_output=True, text=True)
    assert done.returncode in (0, 3), done.stdout[-400:] + done.stderr[-400:]
    after = {f["name"]: f for f in marginalia(binary, "fields", str(out), "--json", *password).json()}
    wrong = [name for name, value in values.items()
             if not (after[name]["value"] == value or after[name]["value"] == [value]
                     or (value is True and after[name]["value"] is True))]
    assert not wrong, f"values not read back: {wrong[:5]}"
    if form_entry.damaged:
        # The update's /Prev points at the input's broken cross-reference; pypdf then rebuilds
        # by scanning and may pick up the original objects. PyMuPDF and marginalia read it.
        return
    reader = pypdf.PdfReader(out)
    if reader.is_encrypted:
        reader.decrypt(form_entry.password or "")
    read = reader.get_fields() or {}
    texts = {name: value for name, value in values.items()
             if isinstance(value, str) and next(f for f in fields if f["name"] == name)["type"] == "text"}
    unread = [name for name, value in texts.items() if name in read and read[name].get("/V") != value]
    assert not unread, f"pypdf reads other values for {unread[:5]}"


# MARK: - Signatures


@pytest.fixture(scope="module")
def signed_form(tmp_path_factory):
    import form_signing

    folder = tmp_path_factory.mktemp("forms-signed")
    form = folder / "form.pdf"
    forms.make_reportlab_form(form)
    signed = folder / "signed.pdf"
    form_signing.sign(form, signed, folder)
    valid, report = form_signing.signature_is_valid(signed)
    assert valid, report
    return signed


def test_forms_fill_keeps_existing_signatures_valid(binary, signed_form, tmp_path):
    import form_signing

    out = tmp_path / "filled.pdf"
    result = marginalia(binary, "fill", str(signed_form), "-o", str(out), *forms.FILL_ARGUMENTS)
    assert result.returncode == 0, result.describe()
    valid, report = form_signing.signature_is_valid(out)
    assert valid, report
    fields = {f["name"]: f for f in marginalia(binary, "fields", str(out), "--json").json()}
    assert fields["name"]["value"] == "Ada Lovelace"
    assert fields["Signature1"]["type"] == "signature" and fields["Signature1"]["value"] is True


@pytest.mark.parametrize("arguments, message", [
    (["Signature1=x"], "field 'Signature1' is a signature field and is never modified"),
    (["--flatten"], "the form is signed"),
])
def test_forms_signed_fields_are_never_modified(binary, signed_form, tmp_path, arguments, message):
    out = tmp_path / "out.pdf"
    result = marginalia(binary, "fill", str(signed_form), "-o", str(out), *arguments)
    assert result.returncode == 1, result.describe()
    assert message in result.stderr
    assert not out.exists()
