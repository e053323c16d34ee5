"""The Form tool: fields shown per the highlight policy, typing into a text field, toggling a
checkbox with the pen, undo and redo, the values in the file, and a read-only field refused.

The documents come from `marginalia sample` (page 2 holds the text field "name" and the
checkbox "subscribe") and from a small PyMuPDF form with a read-only field."""

import io
import json
import os
import pathlib
import subprocess
import urllib.error
import urllib.request

import pytest

from editor_harness import ROOT, api, server_revision_after_input

pymupdf = pytest.importorskip("pymupdf")


def _binary():
    return pathlib.Path(os.environ.get("MARGINALIA_BIN", ROOT / ".build" / "debug" / "marginalia"))


@pytest.fixture()
def document(web_server, tmp_path):
    """`marginalia sample` (it has a form on page 2) uploaded for one test; its id."""
    path = tmp_path / "sample.pdf"
    subprocess.run([str(_binary()), "sample", "-o", str(path)], check=True, capture_output=True)
    return api(web_server, "POST", "/api/v1/documents?name=sample.pdf", path.read_bytes(), "application/pdf")["id"]


def fields(editor):
    listed = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/fields")
    return {field["name"]: field for field in listed["fields"]}


def current_pdf(editor):
    return pymupdf.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")


def widget_values(editor):
    with current_pdf(editor) as pdf:
        return {w.field_name: w.field_value for page in pdf for w in page.widgets()}


def centre(editor, page, rect):
    x1, y1, x2, y2 = rect
    return editor.page_point_to_client(page, (x1 + x2) / 2, (y1 + y2) / 2)


def open_form_tool(editor, page):
    editor.press("f")
    editor.wait_until("document.querySelector('[data-tool=form]').getAttribute('aria-pressed') === 'true'")
    editor.show_page(page)


def dark_pixels_in(editor, page, rect):
    """Inked pixels of the rendered page canvas inside a page-space rect (the field's text;
    WebKit's anti-aliased small text has fewer near-black pixels than Chromium's)."""
    return editor.js(f"""(() => {{
        const view = marginalia.viewer.views[{page}];
        const canvas = view.element.querySelector('canvas.page-canvas');
        const frame = view.element.getBoundingClientRect();
        const sx = canvas.width / frame.width, sy = canvas.height / frame.height;
        const [x1, y1, x2, y2] = {json.dumps(rect)};
        const a = marginalia.viewer.pageToClient({page}, [x1, y2]), b = marginalia.viewer.pageToClient({page}, [x2, y1]);
        const left = Math.ceil((a[0] - frame.left) * sx) + 3, top = Math.ceil((a[1] - frame.top) * sy) + 3;
        const width = Math.floor((b[0] - a[0]) * sx) - 6, height = Math.floor((b[1] - a[1]) * sy) - 6;
        const data = canvas.getContext('2d').getImageData(left, top, width, height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 450) dark++;
        return dark;
    }})()""")


def test_fill_a_text_field_and_a_checkbox_then_undo_and_redo(new_editor):
    editor = new_editor()
    listed = fields(editor)
    name, box = listed["name"], listed["subscribe"]
    assert name["highlight"] and name["editable"] and box["highlight"]
    page = name["pageIndex"]
    open_form_tool(editor, page)
    editor.wait_until("marginalia.fields.length === 2")
    assert editor.count(f".page[data-page='{page}'] .form-field") == 2
    # The blank field, once the page is drawn (a canvas still being drawn reads transparent).
    editor.wait_until(f"document.querySelector(\".page[data-page='{page}']\").classList.contains('rendered')")
    blank = dark_pixels_in(editor, page, name["rect"])

    # A tap on the text field opens an input exactly over the widget.
    x, y = centre(editor, page, name["rect"])
    editor.mouse_click(x, y)
    editor.wait_until("!!document.querySelector('input.field-editor')")
    placed = editor.js("(() => { const r = document.querySelector('input.field-editor').getBoundingClientRect();"
                       " return [r.left, r.top, r.right, r.bottom]; })()")
    x1, y1, x2, y2 = name["rect"]
    top_left = editor.page_point_to_client(page, x1, y2)
    bottom_right = editor.page_point_to_client(page, x2, y1)
    assert all(abs(a - b) < 1.5 for a, b in zip(placed, top_left + bottom_right)), (placed, top_left, bottom_right)
    editor.type("Ada Lovelace")
    editor.press("Enter")
    editor.wait_until("!document.querySelector('.field-editor')")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'name')?.value === 'Ada Lovelace'", timeout=10000)

    # A pen tap toggles the checkbox.
    x, y = centre(editor, page, box["rect"])
    editor.pen_stroke([(x, y)])
    editor.wait_until("marginalia.fields.find((f) => f.name === 'subscribe')?.value === true", timeout=10000)
    assert widget_values(editor) == {"name": "Ada Lovelace", "subscribe": box["onState"]}

    # Undo takes the tick away again, redo brings it back.
    editor.press("Control+z")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'subscribe')?.value === false", timeout=10000)
    assert widget_values(editor)["subscribe"] in ("Off", "", False)
    assert widget_values(editor)["name"] == "Ada Lovelace"
    editor.press("Control+Shift+z")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'subscribe')?.value === true", timeout=10000)
    assert widget_values(editor) == {"name": "Ada Lovelace", "subscribe": box["onState"]}

    # The re-rendered page shows the new appearances.
    editor.wait_file_drawn(page)
    editor.painted()
    editor.screenshot("form-filled")
    assert dark_pixels_in(editor, page, name["rect"]) > blank + 50
    assert dark_pixels_in(editor, page, box["rect"]) > 10


def test_a_second_tap_before_the_first_is_answered_toggles_the_checkbox_back(new_editor):
    editor = new_editor()
    box = fields(editor)["subscribe"]
    page = box["pageIndex"]
    open_form_tool(editor, page)
    editor.wait_until("marginalia.fields.length === 2")
    # Two taps, the second before the first fill is answered (and the fields read again): on,
    # then off again: two fills (before, both sent "on").
    revision = editor.js("marginalia.model.revision")
    tap = f"marginalia.tools.form.activate('subscribe', {page}, {json.dumps(box['rect'])})"
    editor.js(f"{tap}; {tap}")
    editor.wait_until(f"marginalia.model.revision >= {revision + 2}", timeout=10000)
    editor.wait_until("marginalia.fields.find((f) => f.name === 'subscribe')?.value === false", timeout=10000)
    assert widget_values(editor)["subscribe"] in ("Off", "", False)


def test_escape_cancels_a_text_field_edit(new_editor):
    editor = new_editor()
    name = fields(editor)["name"]
    open_form_tool(editor, name["pageIndex"])
    editor.wait_until("marginalia.fields.length === 2")
    x, y = centre(editor, name["pageIndex"], name["rect"])
    editor.mouse_click(x, y)
    editor.wait_until("!!document.querySelector('input.field-editor')")
    editor.type("never sent")
    editor.press("Escape")
    editor.wait_until("!document.querySelector('.field-editor')")
    assert server_revision_after_input(editor) == 0
    assert fields(editor)["name"]["value"] in ("", None)


def widget_form(widgets, value=None):
    """A PDF of 400 x 300 pages holding `widgets`: (page, name, rect, kind, flags) each, the
    rect top-down as PyMuPDF takes it; text fields show `value`."""
    pdf = pymupdf.open()
    for page_number, name, rect, kind, flags in widgets:
        while len(pdf) <= page_number:
            pdf.new_page(width=400, height=300)
        widget = pymupdf.Widget()
        widget.field_name = name
        widget.field_type = kind
        widget.rect = pymupdf.Rect(*rect)
        if value is not None:
            widget.field_value = value
        widget.field_flags = flags
        pdf[page_number].add_widget(widget)
    data = pdf.tobytes()
    pdf.close()
    return data


def read_only_form():
    return widget_form([(0, "open", (40, 200, 300, 224), pymupdf.PDF_WIDGET_TYPE_TEXT, 0),
                        (0, "fixed", (40, 120, 300, 144), pymupdf.PDF_WIDGET_TYPE_TEXT, pymupdf.PDF_FIELD_IS_READ_ONLY)],
                       value="as printed")


def test_a_read_only_field_refuses_edits(new_editor, web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=readonly.pdf", read_only_form(), "application/pdf")["id"]
    listed = {f["name"]: f for f in api(web_server, "GET", f"/api/v1/documents/{doc_id}/fields")["fields"]}
    assert listed["fixed"]["readOnly"] and not listed["fixed"]["editable"] and not listed["fixed"]["highlight"]
    assert listed["open"]["highlight"] and listed["open"]["editable"]

    # Through the API: 422 and nothing changes.
    body = json.dumps({"baseRevision": 0, "clientId": "tab-test",
                       "operation": {"fillField": {"name": "fixed", "before": "as printed", "after": "changed"}}}).encode()
    request = urllib.request.Request(f"{web_server}/api/v1/documents/{doc_id}/operations", data=body, method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 422
    assert api(web_server, "GET", f"/api/v1/documents/{doc_id}")["revision"] == 0

    # In the editor: a tap says why and opens nothing; only the editable field is tinted.
    editor = new_editor(doc_id=doc_id)
    open_form_tool(editor, 0)
    editor.wait_until("marginalia.fields.length === 2")
    assert editor.count(".form-field") == 1
    x, y = centre(editor, 0, listed["fixed"]["rect"])
    editor.mouse_click(x, y)
    editor.wait_until("document.getElementById('status').textContent.includes('read-only')")
    assert editor.count(".field-editor") == 0
    assert server_revision_after_input(editor) == 0
    with pymupdf.open(stream=api(web_server, "GET", f"/api/v1/documents/{doc_id}/file"), filetype="pdf") as pdf:
        assert {w.field_name: w.field_value for w in pdf[0].widgets()}["fixed"] == "as printed"
    assert not editor.errors


def choice_form():
    """A reportlab form: a combo box, a radio group of two buttons, a multi-select list."""
    canvas_module = pytest.importorskip("reportlab.pdfgen.canvas")
    out = io.BytesIO()
    c = canvas_module.Canvas(out, pagesize=(400, 300))
    form = c.acroForm
    form.choice(name="colour", options=["red", "green", "blue"], value="red", x=40, y=220, width=150, height=22)
    form.radio(name="size", value="small", selected=True, x=40, y=150, size=16)
    form.radio(name="size", value="large", selected=False, x=100, y=150, size=16)
    form.listbox(name="pets", options=["cat", "dog", "fish"], value=["cat"], x=220, y=180, width=120, height=60,
                 fieldFlags="multiSelect")
    c.showPage()
    c.save()
    return out.getvalue()


def test_choices_and_radio_buttons(new_editor, web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=choices.pdf", choice_form(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    listed = fields(editor)
    assert listed["pets"]["multiSelect"] and listed["size"]["states"] == ["small", "large"]
    open_form_tool(editor, 0)
    editor.wait_until("marginalia.fields.length === 3")

    # A tap on a radio button selects that button's state.
    large = next(w for w in listed["size"]["widgets"] if w["onState"] == "large")
    editor.mouse_click(*centre(editor, 0, large["rect"]))
    editor.wait_until("marginalia.fields.find((f) => f.name === 'size')?.value === 'large'", timeout=10000)

    # A combo opens a menu over the field; choosing commits.
    editor.mouse_click(*centre(editor, 0, listed["colour"]["rect"]))
    editor.wait_until("!!document.querySelector('select.field-editor:not([multiple])')")
    editor.select_option("select.field-editor", "blue")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'colour')?.value === 'blue'", timeout=10000)

    # A multi-select list takes several options; a tap elsewhere commits.
    editor.mouse_click(*centre(editor, 0, listed["pets"]["rect"]))
    editor.wait_until("!!document.querySelector('select.field-editor[multiple]')")
    editor.select_option("select.field-editor", ["cat", "dog"])
    editor.js("document.activeElement.blur()")
    editor.wait_until("JSON.stringify(marginalia.fields.find((f) => f.name === 'pets')?.value) === '[\"cat\",\"dog\"]'",
                      timeout=10000)

    assert {k: v["value"] for k, v in fields(editor).items()} == {"colour": "blue", "size": "large", "pets": ["cat", "dog"]}
    editor.press("Control+z")
    editor.wait_until("JSON.stringify(marginalia.fields.find((f) => f.name === 'pets')?.value) === '[\"cat\"]'",
                      timeout=10000)
    assert not editor.errors


RADIO_MERGED = ROOT / "Tests" / "Fixtures" / "forms" / "radio-merged-button.pdf"


def test_a_radio_group_whose_first_button_is_also_a_field_keeps_one_button_on(new_editor, web_server):
    """Issue 26, item 3: button A carries a partial name of its own; choosing C used to leave A
    on, and choosing A again turned two on."""
    doc_id = api(web_server, "POST", "/api/v1/documents?name=radio.pdf", RADIO_MERGED.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    listed = fields(editor)
    assert list(listed) == ["choice"] and listed["choice"]["states"] == ["A", "B", "C"]
    buttons = {w["onState"]: w["rect"] for w in listed["choice"]["widgets"]}
    open_form_tool(editor, 0)
    editor.wait_until("marginalia.fields.length === 1")

    def on_in_file():
        with current_pdf(editor) as pdf:
            return sorted(str(pdf.xref_get_key(w.xref, "AS")[1]) for w in pdf[0].widgets())

    # A pen tap on C, then a click on A (after a pen, fingers are palms): that button alone is on.
    editor.pen_stroke([centre(editor, 0, buttons["C"])])
    editor.wait_until("marginalia.fields.find((f) => f.name === 'choice')?.value === 'C'", timeout=10000)
    assert on_in_file() == ["/C", "/Off", "/Off"]
    editor.mouse_click(*centre(editor, 0, buttons["A"]))
    editor.wait_until("marginalia.fields.find((f) => f.name === 'choice')?.value === 'A'", timeout=10000)
    assert on_in_file() == ["/A", "/Off", "/Off"]
    editor.wait_file_drawn(0)
    editor.painted()
    editor.screenshot("radio-merged-button")
    assert not editor.errors


def tab_form():
    """Two pages of text fields, written out of reading order, with a checkbox and a read-only
    field among them that Tab passes over."""
    # PyMuPDF rects are top-down: y 40 is near the top of the page.
    return widget_form([
        (0, "lower", (40, 200, 180, 222), pymupdf.PDF_WIDGET_TYPE_TEXT, 0),
        (0, "right", (220, 40, 360, 62), pymupdf.PDF_WIDGET_TYPE_TEXT, 0),
        (0, "tick", (40, 120, 56, 136), pymupdf.PDF_WIDGET_TYPE_CHECKBOX, 0),
        (0, "fixed", (220, 120, 360, 142), pymupdf.PDF_WIDGET_TYPE_TEXT, pymupdf.PDF_FIELD_IS_READ_ONLY),
        (0, "left", (40, 44, 180, 66), pymupdf.PDF_WIDGET_TYPE_TEXT, 0),
        (1, "over", (40, 40, 180, 62), pymupdf.PDF_WIDGET_TYPE_TEXT, 0)])


def test_tab_goes_through_the_text_fields_in_reading_order(new_editor, web_server):
    """Issue 26, item 12: Tab in a form field went nowhere. It commits and opens the next
    text field in reading order (rows from the top, each from the left; then the next page),
    passing over the checkbox and the read-only field; shift + Tab goes back."""
    doc_id = api(web_server, "POST", "/api/v1/documents?name=tabs.pdf", tab_form(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    listed = fields(editor)
    open_form_tool(editor, 0)
    editor.wait_until("marginalia.fields.length === 6")
    editor.mouse_click(*centre(editor, 0, listed["left"]["rect"]))
    visited = []
    for value in ["one", "two", "three"]:
        editor.wait_until("document.activeElement?.classList.contains('field-editor')")
        visited.append(editor.js("document.activeElement.getAttribute('aria-label')"))
        editor.type(value)
        editor.press("Tab")
    editor.wait_until("document.activeElement?.classList.contains('field-editor')")
    visited.append(editor.js("document.activeElement.getAttribute('aria-label')"))
    editor.screenshot("form-tab-next-page")
    editor.press("Shift+Tab")
    editor.wait_until("document.activeElement?.getAttribute('aria-label') === 'lower'")
    editor.press("Escape")
    assert visited == ["left", "right", "lower", "over"]
    editor.wait_until("marginalia.fields.find((f) => f.name === 'lower')?.value === 'three'", timeout=10000)
    values = {k: v["value"] for k, v in fields(editor).items()}
    assert values["left"] == "one" and values["right"] == "two" and values["lower"] == "three", values
    assert values["tick"] in (False, None, "Off") and values["over"] in ("", None), values
    assert not editor.errors
