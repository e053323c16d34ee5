"""Issue 33 item 4 in the browser: a stamp's, a signature's or an ink drawing's description
(alt text, docs/accessibility.md) is set from the Alt text button of its selection bar, as one
change, and written as the annotation's /Contents, which another reader (PyMuPDF) reads back.
A text box, which shows its own text, has no such button. Runs in Chromium and WebKit."""

import fitz

from editor_harness import api, send_command

BUTTON = '.selection-bar button[aria-label="Alt text"]'


def test_the_alt_text_button_sets_a_stamps_description(new_editor):
    editor = new_editor()
    send_command(editor, {"type": "add", "annotations": [
        {"type": "stamp", "id": "approved", "pageIndex": 0, "rect": [100, 300, 250, 360], "name": "Approved"},
        {"type": "freeText", "id": "box", "pageIndex": 0, "rect": [100, 400, 300, 440], "text": "Minutes"}]}, "test-alt")
    editor.wait_until("marginalia.model.annotations.has('box')")
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
    editor.wait_until("marginalia.model.annotations.get('approved').contents === 'Approved by the finance office'")
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
    editor.wait_until("!marginalia.model.annotations.get('approved').contents")
    assert not editor.errors
