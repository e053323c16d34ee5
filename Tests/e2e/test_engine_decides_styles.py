"""Issue 28: what the editor offers for an annotation follows the engine's vocabulary table,
never a JavaScript copy of it. The Select tool's Style popover offers a fill for every kind
with an interior colour (the table's `interiorColor`: squares, circles, polygons, and also
lines, polylines and redaction marks, whose `/IC` fills their closed endings or overlay), and
the server applies the chosen fill (`restyle`). Runs in Chromium and in WebKit."""

from editor_harness import send_command, server_revision_after_input

FILL_SWATCHES = "#popover .swatches[aria-label=\"Fill colour\"]"


def open_style_of(editor, ids):
    """Selects `ids` with the Select tool and opens the selection bar's Style popover."""
    editor.js("marginalia.setTool('select')")
    editor.js(f"marginalia.select({ids!r})")
    editor.wait_until(f"marginalia.selection().ids.join() === {','.join(ids)!r}")
    editor.wait_until("!!document.querySelector('.selection-bar button[aria-label=\"Style\"]')")
    editor.click('.selection-bar button[aria-label="Style"]')
    editor.wait_until("!document.getElementById('popover').hidden")


def test_a_line_a_polyline_and_a_redaction_mark_are_offered_a_fill(new_editor):
    editor = new_editor()
    send_command(editor, {"type": "add", "annotations": [
        {"type": "line", "id": "arrow", "pageIndex": 0, "points": [[100, 500], [250, 540]], "lineEndings": ["none", "closedArrow"]},
        {"type": "polyline", "id": "zigzag", "pageIndex": 0, "points": [[100, 420], [150, 460], [200, 420]]},
        {"type": "redact", "id": "mark", "pageIndex": 0, "rect": [300, 420, 380, 460]},
        {"type": "ink", "id": "scribble", "pageIndex": 0, "paths": [[[300, 500], [360, 540]]]}]}, "test-styles")
    editor.wait_until("['arrow', 'zigzag', 'mark', 'scribble'].every((id) => marginalia.model.annotation(id))")
    editor.show_page(0)

    # Ink has no interior colour: no fill is offered for it alone.
    open_style_of(editor, ["scribble"])
    assert editor.count(FILL_SWATCHES) == 0
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    for id in ("zigzag", "mark"):
        open_style_of(editor, [id])
        assert editor.count(FILL_SWATCHES) == 1, id
        editor.press("Escape")
        editor.wait_until("document.getElementById('popover').hidden")

    # The line's fill is chosen in the popover and applied by the server: its closed arrow
    # head is filled blue in the saved annotation.
    open_style_of(editor, ["arrow"])
    assert editor.count(FILL_SWATCHES) == 1
    editor.screenshot("line-fill-offered")
    editor.click(f'{FILL_SWATCHES} button[aria-label="Blue"]')
    editor.wait_until("marginalia.model.annotation('arrow').fill === '#0000FF'")
    server_revision_after_input(editor)
    [arrow] = [a for a in editor.annotations() if a["id"] == "arrow"]
    assert arrow["fill"] == "#0000FF", arrow


# Draws annotations that name no colour as the overlay draws them (overlay.js), and answers
# the colours of what it drew, with the engine's vocabulary beside them.
DRAWN_WITHOUT_COLOURS = """async () => {
  const { drawAnnotation } = await import('/app/js/overlay.js');
  const { defaultColorOfType, defaultTextColorOfType } = await import('/app/js/vocabulary.js');
  const paint = (a, selector, attribute) => drawAnnotation({ id: 'probe', pageIndex: 0, ...a }).querySelector(selector)?.getAttribute(attribute);
  return {
    ink: paint({ type: 'ink', paths: [[[100, 100], [140, 130]]], width: 2 }, '.ink-stroke', 'stroke'),
    text: paint({ type: 'freeText', rect: [100, 100, 300, 140], text: 'Hello', fontSize: 12 }, '.free-text', 'fill'),
    frame: paint({ type: 'stamp', rect: [100, 100, 200, 150], image: 'iVBORw0KGgo=', width: 3 }, '.image-frame', 'stroke'),
    blueFrame: paint({ type: 'stamp', rect: [100, 100, 200, 150], image: 'iVBORw0KGgo=', width: 3, color: '#0000FF' }, '.image-frame', 'stroke'),
    vocabulary: { ink: defaultColorOfType('ink'), redact: defaultColorOfType('redact'), text: defaultTextColorOfType('freeText') },
  };
}"""


def test_what_names_no_colour_is_drawn_in_the_engines_colour(new_editor):
    """Ink, a text box's text and an image's frame that name no colour are drawn in the colour
    the engine gives (its vocabulary's `defaultColor` and `defaultTextColor`, `imageLayout`'s
    frame colour): black, as the saved appearance paints them (docs/engine.md); and a redaction
    mark made with the tool is outlined in the engine's red for marks."""
    editor = new_editor()
    drawn = editor.js(DRAWN_WITHOUT_COLOURS)
    assert drawn == {"ink": "#000000", "text": "#000000", "frame": "#000000", "blueFrame": "#0000FF",
                     "vocabulary": {"ink": "#000000", "redact": "#CC1A1A", "text": "#000000"}}, drawn

    editor.js("marginalia.tools.redact.markAll([{ page: 0, quads: [[100, 300, 200, 300, 100, 280, 200, 280]] }])")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'redact')")
    [mark] = [a for a in editor.annotations() if a["type"] == "redact"]
    assert mark["color"] == "#CC1A1A", mark


SLIDER_ENDS = "[...document.querySelectorAll('#popover .slider input')].map((i) => [i.getAttribute('aria-label'), i.min, i.max])"


def test_the_sliders_offer_what_the_engine_says(new_editor):
    """The sliders of the Draw and Shape settings and of the selection's Style take their ends
    from the engine (`settingRanges`, `offered`): a pen 0.5 to 30 pt wide and 10 % to 100 %
    opaque, a shape's stroke 0.5 to 20 pt, and a restyle's width 0.5 to 30 pt and opacity 10 %
    to 100 %, each within what the engine accepts (so one drag cannot make a shape vanish)."""
    editor = new_editor()
    editor.click('[data-tool="draw"]', button="right")
    editor.wait_until("!document.getElementById('popover').hidden")
    assert editor.js(SLIDER_ENDS) == [["Width", "0.5", "30"], ["Opacity", "0.1", "1"]]
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    editor.click('[data-tool="shape"]', button="right")
    editor.wait_until("!document.getElementById('popover').hidden")
    assert editor.js(SLIDER_ENDS) == [["Stroke width", "0.5", "20"]]
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    send_command(editor, {"type": "add", "annotation": {"type": "square", "id": "box", "pageIndex": 0, "rect": [100, 400, 200, 480]}}, "test-styles")
    editor.wait_until("!!marginalia.model.annotation('box')")
    open_style_of(editor, ["box"])
    assert editor.js(SLIDER_ENDS) == [["Width", "0.5", "30"], ["Opacity", "0.1", "1"]]
    # The highest width is applied as it is: the engine accepts it.
    editor.js("""(() => { const input = document.querySelector('#popover .slider input[aria-label="Width"]');
      input.value = input.max; input.dispatchEvent(new Event('input')); })()""")
    editor.wait_until("marginalia.model.annotation('box').width === 30")


FRAME_SWATCH = "#popover .swatches[aria-label=\"Frame colour\"] button[aria-checked=\"true\"]"


def test_an_images_frame_swatch_shows_the_engines_frame_colour(new_editor):
    """The Style popover of an image that names no colour shows the colour the engine draws its
    frame in (`imageLayout`'s `frameColor`: `Annotation.imageFrameColor`, black), framed or
    not; one that names its colour shows that colour."""
    from test_image_frames import picture
    editor = new_editor()
    send_command(editor, {"type": "add", "annotations": [
        {"type": "stamp", "id": "plain", "pageIndex": 0, "rect": [100, 400, 200, 480], "image": picture()},
        {"type": "stamp", "id": "green", "pageIndex": 0, "rect": [300, 400, 400, 480], "image": picture(), "width": 2, "color": "#388E3C"}]},
        "test-styles")
    editor.wait_until("['plain', 'green'].every((id) => marginalia.model.annotation(id))")
    editor.show_page(0)
    engine = editor.js("""(async () => { const { call } = await import('/app/js/engine.js');
        return call({ call: 'imageLayout', annotation: marginalia.model.annotation('plain') }).frameColor; })()""")
    assert engine == "#000000", engine
    open_style_of(editor, ["plain"])
    assert editor.js(f"document.querySelector({FRAME_SWATCH!r})?.style.getPropertyValue('--swatch')") == engine
    assert editor.attribute(FRAME_SWATCH, "aria-label") == "Black"
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    open_style_of(editor, ["green"])
    assert editor.attribute(FRAME_SWATCH, "aria-label") == "Green"
