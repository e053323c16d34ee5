"""Issue 33 item 4 in the browser: a stamp's, a signature's or an ink drawing's description
(alt text, docs/accessibility.md) is set from the Alt text button of its selection bar, as one
change, and written as the annotation's /Contents, which another reader (PyMuPDF) reads back.
A text box, which shows its own text, has no such button. A stamp or image just placed asks for
its description in the same popover, which can be skipped (nothing is written) or told not to
ask again (a setting kept across reloads). Runs in Chromium and WebKit."""

import fitz
from PIL import Image

from editor_harness import api, send_command

BUTTON = '.selection-bar button[aria-label="Alt text"]'


def test_the_alt_text_button_sets_a_stamps_description(new_editor):
    editor = new_editor()
    send_command(editor, {"type": "add", "annotations": [
        {"type": "stamp", "id": "approved", "pageIndex": 0, "rect": [100, 300, 250, 360], "name": "Approved"},
        {"type": "freeText", "id": "box", "pageIndex": 0, "rect": [100, 400, 300, 440], "text": "Minutes"}]}, "test-alt")
    editor.wait_until("marginalia.model.hasAnnotation('box')")
    editor.js("marginalia.setTool('select'); marginalia.select(['box'])")
    editor.wait_until("marginalia.selection().ids.join() === 'box' && !!document.querySelector('.selection-bar')")
    assert editor.count(BUTTON) == 0, "a text box shows its own text"

    editor.js("marginalia.select(['approved'])")
    editor.wait_until(f"!!document.querySelector('{BUTTON}')")
    editor.click(BUTTON)
    editor.wait_until("!!document.querySelector('#popover .alt-text-box')")
    editor.fill("#popover .alt-text-box", "Approved by the finance office")
    editor.screenshot("alt-text-popover")
    editor.click("#popover .review-button")
    editor.wait_until("marginalia.model.annotation('approved').contents === 'Approved by the finance office'")
    editor.commands_answered()
    [stamp] = [a for a in editor.annotations() if a["id"] == "approved"]
    assert stamp["contents"] == "Approved by the finance office"
    saved = fitz.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")
    [annot] = [a for a in saved[0].annots() if a.info.get("id") == "approved"]
    assert annot.info["content"] == "Approved by the finance office"

    # Opened again, it shows the description it has; emptied, the description goes.
    editor.click(BUTTON)
    editor.wait_until("document.querySelector('#popover .alt-text-box')?.value === 'Approved by the finance office'")
    # Cleared as a user clearing it would leave it (WebKit's WebDriver cannot type nothing).
    editor.js("document.querySelector('#popover .alt-text-box').value = ''")
    editor.click("#popover .review-button")
    editor.wait_until("!marginalia.model.annotation('approved').contents")
    assert not editor.errors


PROMPT = "#popover .alt-text-box"


def open_picker(editor):
    """The stamp picker: the Image tool's settings, opened with a right-click on its button."""
    editor.click("button[data-tool=image]", button="right")
    editor.wait_until("!document.getElementById('popover').hidden && !!document.querySelector('#popover .stamp-choice')")


def place(editor, choice, page_point, known):
    """Chooses `choice` in the picker, places it with a click at `page_point` of page 1 and
    answers the new stamp (one more than the ids in `known`)."""
    editor.click(choice)
    editor.wait_until("document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
    editor.mouse_click(*editor.page_point_to_client(0, *page_point))
    editor.wait_until(f"[...marginalia.model.allAnnotations()].filter((a) => a.type === 'stamp').length === {len(known) + 1}")
    editor.commands_answered()
    [new] = [a for a in editor.annotations() if a["type"] == "stamp" and a["id"] not in known]
    return new


def asked_for(editor, stamp_id):
    """Waits for the description prompt of `stamp_id`: the popover under its Alt text button."""
    editor.wait_until(f"!!document.querySelector('{PROMPT}')"
                      f" && document.querySelector('.selection-bar')?.dataset.for === '{stamp_id}'"
                      " && document.querySelector('#popover .popover-title')?.textContent === 'Describe what you placed'")


def saved_contents(editor):
    saved = fitz.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")
    return {a.info.get("id"): a.info["content"] for a in saved[0].annots() if a.type[1] == "Stamp"}


def test_placing_an_image_or_a_stamp_asks_for_its_description(new_editor, tmp_path):
    editor = new_editor()
    logo = tmp_path / "logo.png"
    Image.new("RGB", (48, 32), (20, 60, 200)).save(logo)
    open_picker(editor)
    editor.set_input_files("#popover .stamp-image-picker", str(logo))
    editor.wait_until("!!document.querySelector('#popover .stamp-image')")
    image = place(editor, "#popover .stamp-image", (150, 450), set())
    asked_for(editor, image["id"])
    editor.wait_until(f"document.activeElement === document.querySelector('{PROMPT}')")
    editor.fill(PROMPT, "The company logo, a blue rectangle")
    editor.screenshot("alt-text-asked-on-placing")
    editor.click("#popover .review-button")
    editor.wait_until(f"marginalia.model.annotation('{image['id']}').contents === 'The company logo, a blue rectangle'")

    open_picker(editor)
    stamp = place(editor, '#popover .stamp-choice[data-stamp="Approved"]', (300, 650), {image["id"]})
    asked_for(editor, stamp["id"])
    editor.fill(PROMPT, "Approved by the finance office")
    editor.click("#popover .review-button")
    editor.wait_until(f"marginalia.model.annotation('{stamp['id']}').contents === 'Approved by the finance office'")
    editor.commands_answered()
    assert saved_contents(editor) == {image["id"]: "The company logo, a blue rectangle",
                                      stamp["id"]: "Approved by the finance office"}
    assert not editor.errors


def test_skipping_the_prompt_leaves_no_description_and_it_can_stop_asking(new_editor):
    editor = new_editor()
    open_picker(editor)
    first = place(editor, '#popover .stamp-choice[data-stamp="Draft"]', (150, 650), set())
    asked_for(editor, first["id"])
    editor.fill(PROMPT, "typed, then skipped")
    editor.click("#popover .popover-action", "Skip")
    editor.wait_until("document.getElementById('popover').hidden")

    # Asked again, and told not to ask any more: the switch is a setting kept across reloads.
    open_picker(editor)
    second = place(editor, '#popover .stamp-choice[data-stamp="Final"]', (350, 650), {first["id"]})
    asked_for(editor, second["id"])
    editor.click("#popover button[role=switch]", "Ask for a description when placing")
    editor.wait_until("document.querySelector('#popover button[role=switch]')?.getAttribute('aria-checked') === 'false'")
    editor.screenshot("alt-text-ask-switched-off")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    assert editor.js("JSON.parse(localStorage.getItem('marginalia.settings.v2')).askAltText") is False
    # Settings shows the same switch, off, under Accessibility.
    editor.click("button[data-tool=settings]")
    editor.wait_until("[...document.querySelectorAll('#popover button[role=switch]')].some((b) =>"
                      " b.textContent === 'Ask for a description when placing a stamp, image or signature'"
                      " && b.getAttribute('aria-checked') === 'false')")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    open_picker(editor)
    third = place(editor, '#popover .stamp-choice[data-stamp="Expired"]', (150, 550), {first["id"], second["id"]})
    editor.wait_until(f"document.querySelector('.selection-bar')?.dataset.for === '{third['id']}'")
    editor.wait_until("document.getElementById('popover').hidden")  # the placing has settled: nothing asked
    assert editor.count(PROMPT) == 0
    editor.commands_answered()
    assert saved_contents(editor) == {first["id"]: "", second["id"]: "", third["id"]: ""}
    assert not editor.errors
