"""Issue 20 in the browser, the Note tool (seed 003): the icon set chosen in the Note settings,
each shown as the engine draws it (the marks the note's appearance stream paints), new notes
carrying the chosen /Name, and every note on the page drawn with the icon it names. Each runs
in Chromium and in WebKit."""

import io
import re

import pytest

from editor_harness import api, send_command
from viewer_helpers import handmade_pdf

ENGINE_CALL = "async (request) => (await import('/app/js/engine.js')).call(request)"


def drawn_icon(editor, selector):
    """The path data and paints of the note icon under `selector`."""
    return editor.js(f"""[...document.querySelectorAll('{selector} .note-icon path')]
        .map((p) => [p.getAttribute('d'), p.dataset.paint])""")


def engine_icon(editor, name):
    return [[m["d"], m["paint"]] for m in editor.js(ENGINE_CALL, {"call": "noteIcon", "icon": name})["marks"]]


def test_the_note_tool_places_the_chosen_icon(new_editor):
    editor = new_editor()
    # The sample's note names Comment, but another application drew its appearance (a folded
    # yellow note): it is shown as that appearance draws it, not as the engine's Comment.
    editor.wait_until("!!document.querySelector('.annotation.note[data-id=\"sample-note-1\"] image.foreign-appearance')")
    assert drawn_icon(editor, '.annotation.note[data-id="sample-note-1"]') == []

    editor.click("button[data-tool=note]", button="right")
    editor.wait_until("!document.getElementById('popover').hidden")
    icons = editor.js("[...document.querySelectorAll('#popover .note-icon-choice')].map((b) => [b.dataset.icon, b.getAttribute('aria-checked')])")
    assert [i for i, _ in icons] == ["Note", "Comment", "Key", "Help", "NewParagraph", "Paragraph", "Insert"], icons
    assert dict(icons)["Note"] == "true"
    for name, _ in icons:
        assert drawn_icon(editor, f'#popover .note-icon-choice[data-icon="{name}"]') == engine_icon(editor, name), name
    editor.click('#popover .note-icon-choice[data-icon="Key"]')
    assert editor.js(ENGINE_CALL, {"call": "preferences"})["noteIcon"] == "Key"
    assert editor.attribute("#popover .note-icon-choice.on", "data-icon") == "Key"
    editor.screenshot("note-settings-icons")
    editor.press("Escape")

    editor.click("button[data-tool=note]")
    x, y = editor.page_point_to_client(0, 300, 300)
    editor.pen_stroke([(x, y), (x, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.type("A key point")
    editor.js("document.activeElement.blur()")
    editor.wait_until("document.querySelectorAll('.annotation.note').length === 2")
    [note] = [a for a in api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/annotations")["annotations"]
              if a["type"] == "note" and a["id"] != "sample-note-1"]
    assert note["icon"] == "Key" and note["contents"] == "A key point", note
    assert drawn_icon(editor, f'.annotation.note[data-id="{note["id"]}"]') == engine_icon(editor, "Key")
    editor.screenshot("note-icons-on-page")
    assert not editor.errors



def test_a_note_without_a_colour_is_drawn_in_the_colour_its_appearance_paints(new_editor, web_server):
    """A note whose file names no colour (no /C, no appearance) is drawn by the overlay in the
    fill Marginalia's appearance paints once it draws the note (`rg` in its /AP /N stream after
    a move, read with pypdf): the engine's default (the vocabulary's `defaultColor`), not a
    colour of the editor's own (#FFD54F against #FFD933 until 2026-12-07)."""
    pypdf = pytest.importorskip("pypdf")
    pdf = handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Annots [4 0 R] >>",
                        b"<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /Name /Help /NM (bare) /Contents (x) >>"])
    doc = api(web_server, "POST", "/api/v1/documents?name=bare.pdf", pdf, "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    editor.wait_until("!!document.querySelector('.annotation.note[data-id=\"bare\"] .note-icon')")
    [note] = [a for a in editor.annotations() if a["id"] == "bare"]
    assert "color" not in note, note
    body = """[...document.querySelectorAll('.annotation.note[data-id="bare"] .note-icon path')]
        .filter((p) => p.dataset.paint === 'body').map((p) => p.getAttribute('fill'))"""
    fills = editor.js(body)

    send_command(editor, {"type": "change", "annotation": {**note, "rect": [110, 100, 130, 120]}})
    saved = pypdf.PdfReader(io.BytesIO(api(editor.base, "GET", f"/api/v1/documents/{doc}/file")))
    [stream] = [a.get_object()["/AP"]["/N"].get_object().get_data().decode("latin-1")
                for a in saved.pages[0]["/Annots"] if a.get_object().get("/NM") == "bare"]
    r, g, b = (float(v) for v in re.search(r"([\d.]+) ([\d.]+) ([\d.]+) rg", stream).groups())
    painted = "#" + "".join(f"{round(v * 255):02X}" for v in (r, g, b))
    assert fills and set(fills) == {painted}, (fills, painted)
    editor.screenshot("note-without-a-colour")
    assert not editor.errors
