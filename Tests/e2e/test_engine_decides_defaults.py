"""Issue 28: what a new annotation is made with, and the names the editor offers, are the
engine's (its `annotationVocabulary` and `stampLabel` answers), not JavaScript copies: a
highlight made with the tool is half opaque in the engine's yellow, a redaction mark's overlay
is the engine's black until the user picks another (a stored choice is kept), a text box that
names no size opens at the engine's 12 points, a stamp's title is shown in the face the engine
writes it in, and the review panel offers the engine's review states in its order. The
expectations are written out here, from docs/engine.md. Runs in Chromium and in WebKit."""

import json

from test_review import open_panel, row_of, square_of

UI_KEY = "marginalia.settings.v2"


def fresh(editor, stored=None):
    """The editor loaded again with no browser settings but `stored` (WebKit reuses its window
    from test to test, and with it the page's storage)."""
    editor.js("localStorage.clear()")
    if stored is not None:
        editor.js(f"localStorage.setItem({UI_KEY!r}, {json.dumps(json.dumps(stored))})")
    editor.reload()


def highlight_first_line(editor, kind):
    """Marks the first body line of the sample (y 687 to 702) with the Highlight tool, as
    `kind`; answers the annotation the server keeps."""
    # (The kind is stored only when it is not the default's; the mark's type, below, shows it took.)
    editor.js(f"import('/app/js/settings.js').then((m) => m.update((s) => {{ s.markup.kind = {kind!r}; }}))")
    editor.js("marginalia.setTool('highlight')")  # (a tap on the tool in use would leave it)
    editor.pen_stroke([editor.page_point_to_client(0, 80 + i * 20, 695) for i in range(12)])
    editor.wait_until(f"[...marginalia.model.allAnnotations()].some((a) => a.type === {kind!r})")
    [mark] = [a for a in editor.annotations() if a["type"] == kind]
    return mark


def test_a_new_highlight_is_half_opaque_in_the_engines_yellow(new_editor):
    """No colour chosen: a highlight is the vocabulary's yellow at its opacity, 0.5; an
    underline the vocabulary's black, opaque."""
    editor = new_editor()
    fresh(editor)
    highlight = highlight_first_line(editor, "highlight")
    assert (highlight["color"], highlight["opacity"]) == ("#FFD933", 0.5), highlight
    underline = highlight_first_line(editor, "underline")
    assert (underline["color"], underline["opacity"]) == ("#000000", 1), underline


def test_a_redaction_marks_overlay_is_the_engines_until_one_is_chosen(new_editor):
    editor = new_editor()
    fresh(editor)
    editor.js("marginalia.tools.redact.markAll([{ page: 0, quads: [[100, 300, 200, 300, 100, 280, 200, 280]] }])")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'redact')")
    [mark] = [a for a in editor.annotations() if a["type"] == "redact"]
    assert mark["fill"] == "#000000", mark


def test_stored_choices_are_kept(new_editor):
    """A markup colour and an overlay colour the user chose (kept in the browser's storage)
    are used, not the engine's defaults."""
    editor = new_editor()
    fresh(editor, {"markup": {"kind": "highlight", "color": "#00AA00"}, "redact": {"overlay": "#FF0000", "overlayText": ""}})
    highlight = highlight_first_line(editor, "highlight")
    assert (highlight["color"], highlight["opacity"]) == ("#00AA00", 0.5), highlight
    editor.js("marginalia.tools.redact.markAll([{ page: 0, quads: [[100, 300, 200, 300, 100, 280, 200, 280]] }])")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'redact')")
    [mark] = [a for a in editor.annotations() if a["type"] == "redact"]
    assert mark["fill"] == "#FF0000", mark


def test_a_text_box_naming_no_size_opens_at_the_engines_size(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('text')")
    # Not awaited: the edit ends when the box is left.
    editor.js("void marginalia.tools.text.editText({ type: 'freeText', id: 'probe', pageIndex: 0, rect: [100, 500, 300, 540], text: 'Hi' })")
    editor.wait_until("!!document.querySelector('.text-editor')")
    # Zoom 1: a point is a CSS pixel.
    assert editor.js("document.querySelector('.text-editor').style.fontSize") == "12px"
    editor.press("Escape", focus=".text-editor")
    editor.wait_until("!document.querySelector('.text-editor')")


def test_a_stamps_title_is_shown_in_the_face_the_engine_writes_it_in(new_editor):
    editor = new_editor()
    title = editor.js("""async () => {
      const { drawAnnotation } = await import('/app/js/overlay.js');
      const text = drawAnnotation({ id: 'probe', pageIndex: 0, type: 'stamp', name: 'Approved', rect: [100, 100, 250, 145] })
        .querySelector('.stamp-title');
      return [text.getAttribute('font-family'), text.getAttribute('font-weight'), text.getAttribute('font-style')];
    }""")
    # Helvetica's families (the bold face of the editor's own copy first, once it is loaded), bold, upright.
    family, weight, style = title
    assert family.endswith("Helvetica, Arial, 'Nimbus Sans', 'Liberation Sans', sans-serif") and (weight, style) == ("bold", None), title


def test_the_review_panel_offers_the_engines_review_states(new_editor):
    editor = new_editor()
    open_panel(editor, "Ada")
    square = square_of(editor)
    editor.click(row_of(editor, square["id"]))
    editor.wait_until("!document.querySelector('.review-thread').hidden")
    states = "[...document.querySelectorAll('.review-state-button')].map((b) => [b.dataset.state, b.textContent, b.getAttribute('aria-pressed')])"
    assert editor.js(states) == [["Accepted", "Accepted", "false"], ["Rejected", "Rejected", "false"],
                                 ["Cancelled", "Cancelled", "false"], ["Completed", "Completed", "false"], ["None", "None", "false"]]
    editor.click('.review-state-button[data-state="Completed"]')
    editor.wait_until("document.querySelector('.review-state-button[data-state=\"Completed\"]')?.getAttribute('aria-pressed') === 'true'",
                      timeout=10000)
    assert [pressed for _, _, pressed in editor.js(states)] == ["false", "false", "false", "true", "false"]
