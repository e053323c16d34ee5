"""Issue 26, what users reach for: a password prompt. An encrypted PDF opened from the
Documents list asks for its password; a wrong one says so and asks again; the right one
opens the document (stored unlocked: the file the editor shows opens without a password in
qpdf); Cancel leaves the open document as it was and stores nothing; the page organiser asks
too for a file to insert pages from. In Chromium and WebKit, with a password outside ASCII."""

import random
import string
import subprocess

from editor_harness import SAMPLE, api

PASSWORD = "Géo-märz 2026"


def locked_copy(tmp_path, name):
    path = tmp_path / name
    subprocess.run(["qpdf", "--encrypt", PASSWORD, "owner-only", "256", "--", str(SAMPLE), str(path)], check=True)
    return path


def open_dialog(editor, path):
    """Chooses `path` in the Documents list's file picker; the prompt opens."""
    editor.click("button[data-tool=open]")
    editor.wait_until("!!document.querySelector('#popover .document-search')")
    editor.set_input_files("#document-picker", path)
    editor.wait_until("document.querySelector('dialog.password-dialog')?.open === true")
    # The field has the focus, so typing goes to it.
    assert editor.js("document.activeElement?.classList.contains('password-input')")


def test_an_encrypted_pdf_opens_once_its_password_is_given(new_editor, tmp_path):
    name = "locked-%s.pdf" % "".join(random.choices(string.ascii_lowercase, k=6))
    path = locked_copy(tmp_path, name)
    editor = new_editor()
    open_dialog(editor, path)
    assert name in editor.text("#password-title")

    editor.type("not it")
    editor.press("Enter")
    editor.wait_until("document.querySelector('dialog.password-dialog .password-message.wrong')?.textContent.includes('does not open')")
    editor.screenshot("password-prompt-wrong")

    editor.fill(".password-input", PASSWORD)
    editor.click(".password-dialog button[type=submit]")
    editor.wait_until(f"marginalia.model.summary?.name === {name!r} && document.querySelectorAll('.page canvas').length > 0", timeout=15000)
    assert editor.count("dialog.password-dialog") == 0
    doc_id = editor.js("marginalia.model.summary.id")
    stored = tmp_path / "stored.pdf"
    stored.write_bytes(api(editor.base, "GET", f"/api/v1/documents/{doc_id}/file"))
    shown = subprocess.run(["qpdf", "--show-encryption", str(stored)], capture_output=True, text=True)
    assert "File is not encrypted" in shown.stdout, shown.stdout + shown.stderr
    editor.screenshot("password-prompt-opened")


def test_cancelling_the_prompt_keeps_the_open_document_and_stores_nothing(new_editor, tmp_path):
    name = "cancelled-%s.pdf" % "".join(random.choices(string.ascii_lowercase, k=6))
    editor = new_editor()
    before = editor.js("marginalia.model.summary.id")
    open_dialog(editor, locked_copy(tmp_path, name))
    editor.click(".password-dialog .password-cancel")
    editor.wait_until(f"document.getElementById('status').textContent.includes('{name} was not opened')")
    assert editor.count("dialog.password-dialog") == 0
    assert editor.js("marginalia.model.summary.id") == before
    names = [d["name"] for d in api(editor.base, "GET", "/api/v1/documents")["documents"]]
    assert name not in names


def test_the_organiser_asks_for_the_password_of_a_file_to_insert_pages_from(new_editor, tmp_path):
    from test_pages_and_versions import open_organizer, pages, wait_pages
    editor = new_editor()
    open_organizer(editor)
    count = len(pages(editor))
    editor.set_input_files(".organizer-file", locked_copy(tmp_path, "insert-me.pdf"))
    editor.wait_until("document.querySelector('dialog.password-dialog')?.open === true")
    editor.type(PASSWORD)
    editor.press("Enter")
    wait_pages(editor, 2 * count)   # the sample's pages again, from the unlocked copy
    assert editor.count("dialog.password-dialog") == 0
