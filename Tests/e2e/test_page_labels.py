"""Page labels in the page box and the thumbnails (issue 26, what users reach for): a document
whose /PageLabels number its front matter i, ii and its body from 1 shows those labels, and
the page box goes to a page by its label or by its number (the engine's `pageEntry`). Each
runs in Chromium and in WebKit."""

import io

import pikepdf

from editor_harness import api


def labelled_pdf() -> bytes:
    pdf = pikepdf.new()
    for _ in range(4):
        pdf.add_blank_page(page_size=(612, 792))
    pdf.Root.PageLabels = pikepdf.Dictionary(Nums=[0, pikepdf.Dictionary(S=pikepdf.Name.r),
                                                   2, pikepdf.Dictionary(S=pikepdf.Name.D)])
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_the_page_box_and_thumbnails_show_labels_and_take_them(new_editor, web_server):
    doc_id = api(web_server, "POST", "/api/v1/documents?name=labelled.pdf", labelled_pdf(), "application/pdf")["id"]
    assert [p.get("label") for p in api(web_server, "GET", f"/api/v1/documents/{doc_id}")["pages"]] == ["i", "ii", "1", "2"]
    editor = new_editor(doc_id=doc_id)
    assert editor.value(".page-input") == "i"
    editor.js("marginalia.viewer.goToPage(1)")
    editor.wait_until("document.querySelector('.page-input').value === 'ii'")
    # The thumbnails carry the labels.
    editor.click("button[data-tool=sidebar]")
    editor.wait_until("document.querySelectorAll('.thumb-label').length === 4")
    assert editor.js("[...document.querySelectorAll('.thumb-label')].map((e) => e.textContent)") == ["i", "ii", "1", "2"]
    # "1" is the page labelled 1 (the third), "4" no label: the fourth page by number.
    for typed, page in (("1", 2), ("II", 1), ("4", 3)):
        editor.js("document.querySelector('.page-input').focus()")
        editor.fill(".page-input", typed)
        editor.press("Enter", focus=".page-input")
        editor.wait_until(f"marginalia.viewer.currentPage === {page}", timeout=5000)
    # Something that names no page leaves the view where it was and says so.
    editor.js("document.querySelector('.page-input').focus()")
    editor.fill(".page-input", "xiv")
    editor.press("Enter", focus=".page-input")
    editor.wait_until("document.getElementById('status').textContent.includes('xiv')")
    assert editor.js("marginalia.viewer.currentPage") == 3
    editor.screenshot("page-labels")
    assert not editor.errors
