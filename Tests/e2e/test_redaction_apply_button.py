"""Issue 32, item 4 in the browser: marks made through the API (not a tool), the Apply
redactions button, its confirmation saying that earlier versions will be cut, the report it
shows, and the file the editor downloads afterwards, judged by PyMuPDF and pdftotext; in
Chromium and WebKit."""

from editor_harness import api, send_command, server_test_module

SECRET = "Xylotrombic"
KEPT = "Quokkafield"


def test_apply_button_confirms_applies_and_reports_and_the_download_lacks_the_words(new_editor, web_server, tmp_path):
    leaks = server_test_module("redaction_leaks")
    source = leaks.text_pdf([f"Public words stay here, {SECRET} goes.", f"{KEPT} remains on the page."])
    doc = api(web_server, "POST", "/api/v1/documents?name=to-redact.pdf", source, "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    square = {"type": "square", "pageIndex": 0, "rect": [400, 100, 440, 140], "color": "#1565C0"}
    send_command(editor, {"type": "add", "annotation": square}, client="tab-other")
    api(web_server, "POST", f"/api/v1/documents/{doc}/save", b"")
    send_command(editor, {"type": "add", "annotations": leaks.redaction_marks(leaks.word_quads(source, SECRET))},
                 client="tab-other")
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'redact')", timeout=10000)

    editor.click_toolbar("redact-apply")
    editor.wait_until("!!document.querySelector('#popover [data-warning=history]')")
    assert "Earlier versions of this document" in editor.text("#popover [data-warning=history]")
    assert "1 mark here" in editor.text("#popover")
    editor.screenshot("redact-apply-confirm")
    # Nothing happens before the user confirms.
    assert len(api(web_server, "GET", f"/api/v1/documents/{doc}/versions")["versions"]) == 2
    editor.click("#popover button", "Apply and cut earlier versions")

    editor.wait_until("!!document.querySelector('#popover .redact-report .redact-page')", timeout=20000)
    line = editor.text('#popover .redact-page[data-page="0"]')
    assert f"{len(SECRET)} characters" in line and "1 mark" in line, line
    assert "3 earlier versions" in editor.text("#popover [data-report=history]")
    # (The third: the unsaved marks, saved first.) The tab reloads on the event stream's news: the mark is gone, the square stays.
    editor.wait_until("![...marginalia.model.allAnnotations()].some((a) => a.type === 'redact')", timeout=10000)
    editor.wait_until("marginalia.model.annotationCount === 1", timeout=10000)
    editor.wait_file_drawn(0)
    editor.screenshot("redact-apply-report")
    versions = api(web_server, "GET", f"/api/v1/documents/{doc}/versions")["versions"]
    assert [(v["number"], v.get("historyRedacted")) for v in versions] == [(4, True)]

    editor.press("Escape")
    name, data = editor.download(lambda: editor.click_toolbar("download"))
    assert data.startswith(b"%PDF"), name
    for text in leaks.extracted(data, tmp_path):
        assert SECRET not in text and KEPT in text and "Public words stay here" in text
    assert not leaks.holds(data, SECRET)
