"""Review of issue 28: the textarea typed into takes the engine's line height for its face and
size (`fontFace` with `fontSize`, TextBoxLayout's line height) where the engine does not lay the
text out under it: a text box on a page turned 90 degrees (its lines would cross the textarea's)
and a note's text. Before, its line height was the browser's default ("normal") there. The
engine's line height is asked of the engine itself (`textBoxLayout` of a box in the same font
and size), at the textarea's own size and zoom."""

import time

import pytest

from editor_harness import api
from viewer_helpers import handmade_pdf

# The textarea's computed line height and font size, and the engine's line height for a box in
# the font the textarea is set in at that size (CSS pixels, at the editor's zoom).
LINE_HEIGHTS = """async (font) => {
    const engine = await import('/app/js/engine.js');
    const area = document.querySelector('textarea.text-editor');
    const style = getComputedStyle(area);
    const zoom = marginalia.viewer.zoom;
    const size = parseFloat(style.fontSize) / zoom;
    const layout = engine.call({ call: 'textBoxLayout', annotation: { type: 'freeText', rect: [0, 0, 200, 200], text: 'x', font, fontSize: size } });
    return { area: style.lineHeight, engine: layout.lineHeight * zoom, size, laidOut: area.classList.contains('laid-out') };
}"""


def turned_document(web_server, rotation):
    pdf = handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Rotate %d >>" % rotation])
    return api(web_server, "POST", "/api/v1/documents?name=turned.pdf", pdf, "application/pdf")["id"]


def assert_engines_line_height(editor, font):
    heights = editor.js(LINE_HEIGHTS, font)
    print(f"[{editor.engine}] {heights}")
    assert heights["area"].endswith("px"), f"the textarea's line height is the browser's: {heights}"
    assert abs(float(heights["area"][:-2]) - heights["engine"]) < 0.01, heights
    return heights


@pytest.mark.parametrize("zoom", [1, 1.5])
def test_a_text_box_on_a_turned_page_is_typed_at_the_engines_line_height(new_editor, web_server, zoom):
    editor = new_editor(doc_id=turned_document(web_server, 90))
    editor.show_page(0, zoom=zoom)
    editor.click("button[data-tool=text]")
    a = editor.page_point_to_client(0, 60, 360)
    b = editor.page_point_to_client(0, 235, 320)
    editor.pen_stroke([a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    heights = assert_engines_line_height(editor, "Helvetica")
    assert not heights["laidOut"], "on a turned page the textarea shows its own text"


def test_a_notes_text_is_typed_at_the_engines_line_height(new_editor, web_server):
    editor = new_editor(doc_id=turned_document(web_server, 0))
    editor.show_page(0, zoom=1.5)
    editor.click("button[data-tool=note]")
    x, y = editor.page_point_to_client(0, 100, 300)
    editor.pen_stroke([(x, y), (x, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    heights = assert_engines_line_height(editor, "Helvetica")
    assert abs(heights["size"] * 1.5 - 13) < 0.01, heights  # a note's text: 13 pixels at any zoom


def large_box_document(web_server):
    """A page holding a file's text box set at 1,500 points (above the 1,000 a new box may have)."""
    pdf = handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 4000 2400] /Annots [4 0 R] >>",
                        b"<< /Type /Annot /Subtype /FreeText /NM (large-box) /Rect [100 100 3900 2300] /Contents (Hi you)"
                        b" /DA (/Helv 1500 Tf 0 g) /F 4 >>"])
    return api(web_server, "POST", "/api/v1/documents?name=large.pdf", pdf, "application/pdf")["id"]


def typing_into_the_large_box(new_editor, web_server):
    """The editor with the Text tool's textarea open on the file's box of 1,500 points."""
    editor = new_editor(doc_id=large_box_document(web_server))
    editor.show_page(0, zoom=0.25)
    editor.click("button[data-tool=text]")
    x, y = editor.page_point_to_client(0, 2000, 1200)
    editor.pen_stroke([(x, y), (x, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    return editor


def test_a_files_box_above_1000_points_is_drawn_while_typed(new_editor, web_server):
    """The engine lays out a file's box at the size the file gives (up to the coordinate limit,
    as its saved appearance draws it): typed into, its lines are drawn at 1,500 points. Before,
    the engine refused the size and the box showed nothing of the engine's while edited."""
    editor = typing_into_the_large_box(new_editor, web_server)
    editor.wait_until("document.querySelectorAll('.typing-layout text.free-text').length > 0")
    shown = editor.js("""() => [...document.querySelectorAll('.typing-layout text.free-text')]
        .map((t) => [t.textContent, +t.getAttribute('font-size')])""")
    # 3,800 points wide less the padding: "Hi you" (4,251 points at 1,500) takes two lines.
    assert shown == [["Hi", 1500], ["you", 1500]], shown
    assert_engines_line_height(editor, "Helvetica")


def test_a_files_box_above_1000_points_keeps_what_is_typed_into_it(new_editor, web_server):
    """Review 9, item 1: typed into, a file's box of 1,500 points is saved with its new text at
    its own size. Before, the server refused the change ("annotation.fontSize: expected a size
    from 0 to 1000 points") and the text typed was lost."""
    editor = typing_into_the_large_box(new_editor, web_server)
    editor.press("End")
    editor.type(" all")
    editor.wait_until("document.activeElement.value === 'Hi you all'")
    editor.js("document.activeElement.blur()")  # as a tap elsewhere: commits
    deadline = time.time() + 10
    while (box := next(a for a in editor.annotations() if a["id"] == "large-box"))["text"] != "Hi you all":
        assert time.time() < deadline, f"the typed text was not saved: {box}"
        editor.tab.wait(50)
    assert box["fontSize"] == 1500, box
