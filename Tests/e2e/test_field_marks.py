"""Form fields are marked (a tint and an outline) only when the user fills (issue 15, faithful
display): with Select (or any tool but Form) a page with fields shows what the file draws, as
pdf.js draws it; the Form tool marks the fields the engine's highlight policy picks, and so
does every tool once "Highlight form fields" is on in Settings, remembered across reloads.

The document is `marginalia sample` (test_forms.py's fixture): page 2 holds a text field and
a checkbox."""

from fidelity import PDFJS_RENDER, data_url_image, painted_page, show_page
from test_forms import document  # noqa: F401 (the fixture)
from viewer_helpers import mean_absolute_difference as difference

PAGE = 1

# The boxes of the page's field marks, in device pixels from the page's corner.
MARK_BOXES = """(index) => {
    const page = marginalia.viewer.views[index].element.getBoundingClientRect();
    return [...marginalia.viewer.views[index].element.querySelectorAll('.form-field')].map((mark) => {
        const r = mark.getBoundingClientRect();
        return [r.left - page.left, r.top - page.top, r.right - page.left, r.bottom - page.top]
            .map((v) => Math.round(v * devicePixelRatio));
    });
}"""


def field_areas(editor, name):
    """The screenshot of the page and pdf.js's own rendering of it, each cut to the field
    marks' boxes (pasted side by side), and how the two differ there."""
    from PIL import Image
    zoom = show_page(editor, PAGE)
    editor.wait_until(f"marginalia.viewer.views[{PAGE}].element.querySelectorAll('.form-field').length === 2")
    pdfjs = data_url_image(editor.js(PDFJS_RENDER, [PAGE, zoom, True]))
    shown, _ = painted_page(editor, name, PAGE, pdfjs)
    boxes = editor.js(MARK_BOXES, PAGE)
    assert len(boxes) == 2
    pieces = []
    for image in (shown, pdfjs):
        crops = [image.crop(tuple(box)) for box in boxes]
        strip = Image.new("RGB", (sum(c.width for c in crops), max(c.height for c in crops)), "white")
        x = 0
        for crop in crops:
            strip.paste(crop, (x, 0))
            x += crop.width
        pieces.append(strip)
    return pieces[0], difference(pieces[0], pieces[1])


def bluer(strip):
    """How much bluer than red the pixels are on average (the tint is blue)."""
    from PIL import ImageStat
    red, _, blue = ImageStat.Stat(strip).mean
    return blue - red


def marked(editor):
    return editor.js("document.getElementById('pages').classList.contains('fields-marked')")


def choose_tool(editor, key, tool):
    editor.press(key)
    editor.wait_until(f"document.querySelector('[data-tool={tool}]').getAttribute('aria-pressed') === 'true'")


def test_fields_are_marked_with_the_form_tool_only(new_editor):
    editor = new_editor(viewport={"width": 1280, "height": 1000})
    choose_tool(editor, "v", "select")
    plain, apart = field_areas(editor, "field-marks-select")
    assert not marked(editor)
    assert apart < 1, "with Select the fields show what pdf.js draws"

    choose_tool(editor, "f", "form")
    tinted, apart = field_areas(editor, "field-marks-form")
    assert marked(editor)
    assert apart > 5 and bluer(tinted) > bluer(plain) + 10, "the Form tool marks the fields"

    choose_tool(editor, "p", "draw")
    _, apart = field_areas(editor, "field-marks-draw")
    assert not marked(editor) and apart < 1


def test_highlight_fields_marks_them_with_every_tool_and_is_remembered(new_editor):
    editor = new_editor(viewport={"width": 1280, "height": 1000})
    choose_tool(editor, "v", "select")
    editor.js("document.querySelector('[data-tool=settings]').click()")
    editor.wait_until("[...document.querySelectorAll('#popover [role=switch]')].some((s) => s.textContent === 'Highlight form fields')")
    switch = "[...document.querySelectorAll('#popover [role=switch]')].find((s) => s.textContent === 'Highlight form fields')"
    assert editor.js(f"{switch}.getAttribute('aria-checked')") == "false"
    editor.js(f"{switch}.click()")
    editor.wait_until(f"{switch}.getAttribute('aria-checked') === 'true'")
    editor.press("Escape")
    tinted, apart = field_areas(editor, "field-marks-toggle")
    assert marked(editor) and apart > 5 and bluer(tinted) > 10

    editor.reload()
    choose_tool(editor, "v", "select")
    _, apart = field_areas(editor, "field-marks-toggle-reloaded")
    assert marked(editor) and apart > 5, "the choice is kept with the other preferences"
