"""The Form tool types a text field's value at the size the field's appearance draws it at
(issue 28: the server's `fontSize` of each widget, times the zoom), not a size of its own.

The form is written by hand, so each size is known from the rule (docs/api.md, `fontSize`):
no field has a border (`/MK` names no colour), so the text area is the widget less 1 point of
padding above and below; `/DA` size 0 on one line is the area's height over the line height
(1.15 times the size for Helvetica); 0 on several lines is 12 points for text that fits."""

from editor_harness import api
from test_forms import centre, open_form_tool
from viewer_helpers import handmade_pdf

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


def sized_form():
    """One 400 x 300 page with the text fields of FIELDS, each its own widget, none filled."""
    first = 5  # objects 1-4: catalog, pages, page, the font
    refs = b" ".join(b"%d 0 R" % (first + i) for i in range(len(FIELDS)))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [%s] /DR << /Font << /Helv 4 0 R >> >> >> >>" % refs,
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Annots [%s] >>" % refs,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for name, (rect, da, flags, _) in FIELDS.items():
        objects.append(b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (%s) /Rect [%s] /DA (%s) /Ff %d /F 4 /P 3 0 R >>"
                       % (name.encode(), " ".join(map(str, rect)).encode(), da, flags))
    return handmade_pdf(objects)


def test_the_server_answers_the_size_each_text_widget_is_drawn_at(web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=sizes.pdf", sized_form(), "application/pdf")["id"]
    listed = {f["name"]: f for f in api(web_server, "GET", f"/api/v1/documents/{doc_id}/fields")["fields"]}
    for name, (_, _, _, size) in FIELDS.items():
        assert abs(listed[name]["widgets"][0]["fontSize"] - size) < 1e-6, (name, listed[name]["widgets"])


def test_a_text_field_is_typed_at_the_size_its_appearance_draws(new_editor, web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=sizes.pdf", sized_form(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    open_form_tool(editor, 0)
    editor.show_page(0, zoom=ZOOM)
    editor.wait_until(f"marginalia.fields.length === {len(FIELDS)}")
    for name, (rect, _, flags, size) in FIELDS.items():
        control = "textarea" if flags else "input"
        editor.mouse_click(*centre(editor, 0, rect))
        editor.wait_until(f"document.querySelector('{control}.field-editor')?.getAttribute('aria-label') === '{name}'")
        shown = editor.js(f"parseFloat(getComputedStyle(document.querySelector('{control}.field-editor')).fontSize)")
        assert abs(shown - size * ZOOM) < 0.01, (name, shown, size * ZOOM)
        editor.press("Escape")
        editor.wait_until("!document.querySelector('.field-editor')")
    assert not editor.errors
