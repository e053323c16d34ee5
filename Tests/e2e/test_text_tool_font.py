"""The Text tool's bold setting: the typing box of a new box shows the face of the font the
engine answers for it (`textToolFont`, issue 28), and the box is saved in that font."""

import pytest

from test_drawn_once_freetext_typing import blank_document


@pytest.mark.parametrize("bold, font, weight", [(True, "Helvetica-Bold", "700"), (False, "Helvetica", "400")])
def test_a_new_box_is_typed_and_saved_in_the_text_tools_font(new_editor, web_server, bold, font, weight):
    editor = new_editor(doc_id=blank_document(web_server))
    kept = editor.js("""async (bold) => { const s = await import('/app/js/settings.js');
        s.updatePreferences((p) => { p.text.bold = bold; }); return s.settings.prefs.text.bold; }""", bold)
    assert kept is bold
    editor.show_page(0, zoom=1)
    editor.click("button[data-tool=text]")
    a = editor.page_point_to_client(0, 60, 360)
    b = editor.page_point_to_client(0, 235, 320)
    editor.pen_stroke([a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    assert editor.js("getComputedStyle(document.activeElement).fontWeight") == weight
    editor.type("Bold or not")
    editor.js("document.activeElement.blur()")  # as a tap elsewhere: commits
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'freeText' && a.text === 'Bold or not')")
    [box] = [x for x in editor.annotations() if x["type"] == "freeText"]
    assert box["font"] == font
    assert not editor.errors
