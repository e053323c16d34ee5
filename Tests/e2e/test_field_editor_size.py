"""The Form tool types a text field's value at the size the field's appearance draws it at
(issue 28: the server's `fontSize` of each widget, times the zoom), not a size of its own; an
auto-sized field's control is refitted as the value is typed (`GET …/fields/sizes`), and a
combo's or list's menu is shown at the size its appearance draws the options at.

The form is written by hand, so each size is known from the rule (docs/api.md, `fontSize`):
no field has a border (`/MK` names no colour), so the text area is the widget less 1 point of
padding above and below; `/DA` size 0 on one line is the area's height over the line height
(1.15 times the size for Helvetica); 0 on several lines is 12 points for text that fits."""

import json
import math
import re
import urllib.parse

import pytest

from editor_harness import api
from test_forms import centre, open_form_tool
from viewer_helpers import handmade_pdf

pymupdf = pytest.importorskip("pymupdf")

ZOOM = 1.5

# name: (rect, /DA, /Ff, the size in points worked out from the rule above)
FIELDS = {
    # 25 points high: (25 - 2) / 1.15 = 20.
    "auto": ((40, 200, 300, 225), b"/Helv 0 Tf 0 g", 0, 20.0),
    # The size /DA names.
    "fixed": ((40, 140, 300, 164), b"/Helv 9 Tf 0 g", 0, 9.0),
    # Multiline (/Ff bit 13), empty: as large as fits, at most 12.
    "notes": ((40, 20, 300, 100), b"/Helv 0 Tf 0 g", 1 << 12, 12.0),
}


def sized_form(fields=None):
    """One 400 x 300 page with the fields of `fields` (FIELDS by default: text fields), each its
    own widget, none filled unless its extra keys say; a value of `fields` starts (rect, /DA,
    /Ff) and may carry the field's type and extra keys after the size."""
    fields = FIELDS if fields is None else fields
    first = 5  # objects 1-4: catalog, pages, page, the font
    refs = b" ".join(b"%d 0 R" % (first + i) for i in range(len(fields)))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [%s] /DR << /Font << /Helv 4 0 R >> >> >> >>" % refs,
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Annots [%s] >>" % refs,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for name, (rect, da, flags, _, *more) in fields.items():
        kind, extra = more if more else (b"Tx", b"")
        objects.append(b"<< /Type /Annot /Subtype /Widget /FT /%s /T (%s) /Rect [%s] /DA (%s) /Ff %d /F 4 /P 3 0 R %s >>"
                       % (kind, name.encode(), " ".join(map(str, rect)).encode(), da, flags, extra))
    return handmade_pdf(objects)


def form_editor(new_editor, web_server, fields=None):
    """An editor on a new upload of `sized_form(fields)`, the Form tool on, page 0 at ZOOM."""
    fields = FIELDS if fields is None else fields
    doc_id = api(web_server, "POST", "/api/v1/documents?name=sizes.pdf", sized_form(fields), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    open_form_tool(editor, 0)
    editor.show_page(0, zoom=ZOOM)
    editor.wait_until(f"marginalia.fields.length === {len(fields)}")
    return editor


def open_control(editor, rect, control, name):
    """Taps the widget at `rect` and waits for its field's `control` (input, textarea, select)."""
    editor.mouse_click(*centre(editor, 0, rect))
    editor.wait_until(f"document.querySelector('{control}.field-editor')?.getAttribute('aria-label') === '{name}'")


def control_size(editor, control):
    return editor.js(f"parseFloat(getComputedStyle(document.querySelector('{control}.field-editor')).fontSize)")


def wait_control_size(editor, control, size):
    """Waits until the open control's font size is `size` points at ZOOM (the size is asked of
    the server as the value is typed)."""
    editor.wait_until(f"Math.abs(parseFloat(getComputedStyle(document.querySelector('{control}.field-editor')).fontSize)"
                      f" - {size * ZOOM}) < 0.01", timeout=10000)


def appearance_size(editor, name):
    """The size the saved file's appearance of field `name` draws its text at (its `Tf`)."""
    with pymupdf.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf") as pdf:
        widget = next(w for w in pdf[0].widgets() if w.field_name == name)
        kind, value = pdf.xref_get_key(widget.xref, "AP/N")
        assert kind == "xref", (kind, value)
        content = pdf.xref_stream(int(value.split()[0])).decode("latin-1")
    sizes = {float(size) for size in re.findall(r"/\S+ ([\d.]+) Tf", content)}
    assert len(sizes) == 1, content
    return sizes.pop()


def test_the_server_answers_the_size_each_text_widget_is_drawn_at(web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=sizes.pdf", sized_form(), "application/pdf")["id"]
    listed = {f["name"]: f for f in api(web_server, "GET", f"/api/v1/documents/{doc_id}/fields")["fields"]}
    for name, (_, _, _, size) in FIELDS.items():
        assert abs(listed[name]["widgets"][0]["fontSize"] - size) < 1e-6, (name, listed[name]["widgets"])


def test_a_text_field_is_typed_at_the_size_its_appearance_draws(new_editor, web_server):
    editor = form_editor(new_editor, web_server)
    for name, (rect, _, flags, size) in FIELDS.items():
        control = "textarea" if flags else "input"
        open_control(editor, rect, control, name)
        shown = control_size(editor, control)
        assert abs(shown - size * ZOOM) < 0.01, (name, shown, size * ZOOM)
        editor.press("Escape")
        editor.wait_until("!document.querySelector('.field-editor')")
    assert not editor.errors


def test_an_auto_sized_field_is_refitted_as_the_value_is_typed(new_editor, web_server):
    editor = form_editor(new_editor, web_server)

    # "auto": 260 points wide less 2 points of padding each side, 256; at its 20 points a W of
    # Helvetica (944 units) is 18.88 wide, so 13 fit: twenty must shrink to 256 / (20 * 0.944)
    # a point of size, in steps of 0.01.
    open_control(editor, FIELDS["auto"][0], "input", "auto")
    editor.type("W" * 20)
    fitted = math.floor(256 / (20 * 0.944) * 100) / 100
    wait_control_size(editor, "input", fitted)
    editor.press("Enter")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'auto')?.value === 'W'.repeat(20)", timeout=10000)
    assert abs(appearance_size(editor, "auto") - fitted) < 1e-6

    # "notes": multiline, at most 12 points: words enough to fill its 78 points of height at
    # 12 make it shrink. The control follows the server's answer for the text typed, and the
    # saved appearance draws the text at that size.
    text = "many words to wrap " * 20
    open_control(editor, FIELDS["notes"][0], "textarea", "notes")
    editor.type(text)
    query = urllib.parse.urlencode({"name": "notes", "value": text})
    answered = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/fields/sizes?{query}")["widgets"][0]["fontSize"]
    assert answered < 12
    wait_control_size(editor, "textarea", answered)
    editor.press("Control+Enter")
    editor.wait_until(f"marginalia.fields.find((f) => f.name === 'notes')?.value === {json.dumps(text)}", timeout=10000)
    assert abs(appearance_size(editor, "notes") - answered) < 1e-6
    assert not editor.errors


# A combo box, auto-sized, and a list box whose /DA names 9 points: name -> (rect, /DA, /Ff,
# the size worked out from the rule, /FT, extra keys).
CHOICES = {
    # Drawn as a text field: 25 points high less 1 point of padding above and below, over 1.15.
    "colour": ((40, 200, 300, 225), b"/Helv 0 Tf 0 g", 1 << 17, 20.0, b"Ch", b"/Opt [(red) (green)] /V (red)"),
    # The size /DA names.
    "pets": ((40, 40, 300, 120), b"/Helv 9 Tf 0 g", 0, 9.0, b"Ch", b"/Opt [(cat) (dog) (fish)]"),
}


def test_a_choice_menu_is_shown_at_the_size_its_appearance_draws(new_editor, web_server):
    editor = form_editor(new_editor, web_server, CHOICES)
    listed = {f["name"]: f for f in api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/fields")["fields"]}
    for name, (_, _, _, size, *_) in CHOICES.items():
        assert abs(listed[name]["widgets"][0]["fontSize"] - size) < 1e-6, (name, listed[name]["widgets"])
    for name, (rect, _, _, size, *_) in CHOICES.items():
        open_control(editor, rect, "select", name)
        shown = control_size(editor, "select")
        assert abs(shown - size * ZOOM) < 0.01, (name, shown, size * ZOOM)
        editor.press("Escape")
        editor.wait_until("!document.querySelector('.field-editor')")
    assert not editor.errors


def test_a_password_is_sized_by_its_stars_and_never_sent_in_a_url(new_editor, web_server):
    # An auto-sized password field (/Ff bit 14) 25 points high, as "auto": 20 points at most.
    fields = {"secret": ((40, 200, 300, 225), b"/Helv 0 Tf 0 g", 1 << 13, 20.0)}
    editor = form_editor(new_editor, web_server, fields)
    open_control(editor, fields["secret"][0], "input", "secret")
    editor.type("W" * 40)
    # The appearance draws 40 stars (Helvetica's * is 389 units): 256 / (40 * 0.389) points,
    # in steps of 0.01 (forty W's shown would be 6.77), asked with stars in place of the value.
    wait_control_size(editor, "input", math.floor(256 / (40 * 0.389) * 100) / 100)
    asked = editor.js("performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/fields/sizes'))")
    assert any("value=" in url for url in asked), asked
    assert not any("W" in url.split("?", 1)[1] for url in asked), asked
    assert not editor.errors
