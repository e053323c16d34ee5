"""The page organiser (select, rotate, duplicate, drag to reorder, remove, insert from another
document or a file, extract), the version history (preview, restore, download, who made each
version) and the documents list (rename, trash, delete for good), in Chromium and WebKit."""

from editor_harness import SAMPLE, api, server_revision_after_input
from test_editor import stroke_points
from test_navigation_and_pages import tiny_png
from test_review import open_panel


def pages(editor):
    return api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["pages"]


def open_organizer(editor):
    editor.click("button[data-tool=pages]")
    editor.click("#popover button", "Organise pages")
    count = len(pages(editor))
    editor.wait_until(f"document.querySelectorAll('.organizer-page.rendered').length === {count}", timeout=10000)


def wait_pages(editor, count):
    editor.wait_until(f"document.querySelectorAll('.organizer-page.rendered').length === {count}", timeout=10000)
    assert len(pages(editor)) == count


def center(editor, page):
    x, y, w, h = editor.box(f'.organizer-page[data-page="{page}"]')
    return x + w / 2, y + h / 2


def test_organiser_turns_copies_drags_and_removes_pages_each_one_undo(new_editor):
    editor = new_editor()
    rotations = [p["rotation"] for p in pages(editor)]
    open_organizer(editor)
    editor.click('.organizer-page[data-page="1"]')
    assert editor.attribute('.organizer-page[data-page="1"]', "aria-selected") == "true"
    editor.click("button[data-action=rotateRight]")
    editor.wait_until("marginalia.model.pages[1]?.rotation === %d" % ((rotations[1] + 90) % 360))

    editor.click("button[data-action=duplicate]")
    wait_pages(editor, 4)
    # The copy (page 3) is selected now (once the answer is in); the turned page and its copy
    # sit side by side.
    editor.wait_until("document.querySelector('.organizer-page[data-page=\"2\"]')?.getAttribute('aria-selected') === 'true'")
    turned = [p["rotation"] for p in pages(editor)]
    assert turned == [rotations[0], (rotations[1] + 90) % 360, (rotations[1] + 90) % 360, rotations[2]]

    # Drag page 1 past the last page: it moves to the end.
    start = center(editor, 0)
    x, y, w, h = editor.box('.organizer-page[data-page="3"]')
    editor.mouse_drag([start, (start[0] + 20, start[1] + 5), (x + w - 5, y + h / 2), (x + w + 15, y + h / 2)])
    editor.wait_until("marginalia.model.pages[3]?.rotation === %d" % rotations[0])
    assert [p["rotation"] for p in pages(editor)] == turned[1:] + turned[:1]
    editor.screenshot("organiser-after-drag")

    editor.click('.organizer-page[data-page="0"]')
    editor.click("button[data-action=remove]")
    wait_pages(editor, 3)
    # The page clicked went (the move's answer, if it came after the click, kept the click).
    assert [p["rotation"] for p in pages(editor)] == (turned[1:] + turned[:1])[1:]
    # One undo brings the page back, a second puts page 1 back in front.
    editor.press("Control+z", focus="body")
    wait_pages(editor, 4)
    editor.press("Control+z", focus="body")
    editor.wait_until("marginalia.model.pages[0]?.rotation === %d" % rotations[0])
    assert [p["rotation"] for p in pages(editor)] == turned
    editor.click("button[data-action=close]")
    assert editor.count(".organizer") == 0


def test_organiser_inserts_from_another_document_and_a_file_and_extracts(new_editor, web_server, tmp_path):
    other = api(web_server, "POST", "/api/v1/documents?name=other-source.pdf", SAMPLE.read_bytes(), "application/pdf")
    editor = new_editor()
    open_organizer(editor)
    editor.click('.organizer-page[data-page="0"]')
    editor.select_option(".organizer-source", [other["id"]])
    editor.click("button[data-action=insertDocument]")
    wait_pages(editor, 6)
    # The inserted pages follow page 1 and are selected (once the answer is in).
    editor.wait_until("[...document.querySelectorAll('.organizer-page.selected')].map((e) => e.dataset.page).join() === '1,2,3'")
    widths = [round(p["width"]) for p in pages(editor)]
    source = [round(p["width"]) for p in api(web_server, "GET", f"/api/v1/documents/{other['id']}")["pages"]]
    assert widths[1:4] == source

    png = tmp_path / "square.png"
    png.write_bytes(tiny_png(200, 200))
    editor.set_input_files(".organizer-file", png)
    wait_pages(editor, 7)
    assert pages(editor)[4]["width"] == 200   # an image page is the image's size, after the selection

    editor.click('.organizer-page[data-page="4"]')
    known = {d["id"] for d in api(web_server, "GET", "/api/v1/documents")["documents"]}
    editor.click("button[data-action=extract]")
    editor.wait_until("document.getElementById('status').textContent.includes('Extracted')")
    made = [d for d in api(web_server, "GET", "/api/v1/documents")["documents"] if d["id"] not in known]
    assert len(made) == 1 and made[0]["pageCount"] == 1 and made[0]["name"].endswith("(page 5)")
    editor.screenshot("organiser-inserted")


def test_version_history_previews_restores_and_downloads(new_editor):
    editor = new_editor()
    before = len(editor.annotations())
    square = {"type": "square", "pageIndex": 0, "rect": [100, 100, 200, 160], "color": "#D32F2F"}
    api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
        {"protocol": 1, "baseRevision": 0, "clientId": "tab-e2e", "command": {"type": "add", "annotation": square}})
    api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/save", b"")
    editor.click_toolbar("versions")
    editor.wait_until("document.querySelectorAll('.version-item').length === 2")
    # The command was sent without an author: its change is someone unknown's.
    assert "1 change by unknown" in editor.text('.version-item[data-version="2"] .version-meta')
    editor.click('.version-item[data-version="1"] button[data-action=preview]')
    editor.wait_until("!!document.querySelector('.version-item[data-version=\"1\"] .version-preview.rendered')", timeout=10000)
    editor.screenshot("versions-preview")
    name, data = editor.download(lambda: editor.click('.version-item[data-version="1"] button[data-action=download]'))
    assert data.startswith(b"%PDF") and name.startswith("v1-")

    editor.click('.version-item[data-version="1"] button[data-action=restore]')
    editor.wait_until("document.querySelectorAll('.version-item').length === 3")
    assert len(editor.annotations()) == before
    editor.wait_until(f"marginalia.model.annotationCount === {before}")


def test_version_history_names_the_people_who_made_each_version(new_editor):
    """Two people, each in a browser of their own with the name they gave, draw; the saved
    version lists them both by name, in the order of their first change."""
    ana = new_editor()
    before = ana.js("marginalia.model.annotationCount")
    open_panel(ana, "Ana")
    ana.js("marginalia.setTool('draw')")
    ana.pen_stroke(stroke_points(ana, 0, 100, 300, 300))
    ana.wait_until(f"marginalia.model.annotationCount === {before + 1}", timeout=10000)
    ben = new_editor()
    open_panel(ben, "Ben")  # WebKit's windows share localStorage: Ana is done drawing by now
    ben.js("marginalia.setTool('draw')")
    ben.pen_stroke(stroke_points(ben, 0, 100, 300, 360))
    ben.wait_until(f"marginalia.model.annotationCount === {before + 2}", timeout=10000)
    ana.wait_until(f"marginalia.model.annotationCount === {before + 2}", timeout=10000)
    assert [a.get("author") for a in ana.annotations() if a["type"] == "ink"] == ["Ana", "Ben"]
    api(ana.base, "POST", f"/api/v1/documents/{ana.doc_id}/save", b"")

    versions = api(ana.base, "GET", f"/api/v1/documents/{ana.doc_id}/versions")["versions"]
    assert [v["authors"] for v in versions] == [[], ["Ana", "Ben"]]
    changes = versions[1]["changes"]
    ana.click_toolbar("versions")
    ana.wait_until("document.querySelectorAll('.version-item').length === 2")
    meta = ana.text('.version-item[data-version="2"] .version-meta')
    assert meta.endswith(f"· {changes} changes by Ana, Ben"), meta
    assert ana.text('.version-item[data-version="1"] .version-meta').endswith("· as uploaded")
    ana.screenshot("versions-authors")


def click_in_popover(editor, selector):
    """Clicks a control of the popover, scrolled into view first (the list may be long)."""
    editor.js(f"document.querySelector({selector!r}).scrollIntoView({{block: 'center'}})")
    editor.click(selector)


def test_documents_list_renames_trashes_restores_and_deletes_for_good(new_editor, web_server):
    other = api(web_server, "POST", "/api/v1/documents?name=to-rename.pdf", SAMPLE.read_bytes(), "application/pdf")
    editor = new_editor()
    row = f'.document-row[data-id="{other["id"]}"]'
    editor.click("button[data-tool=open]")
    editor.wait_until(f"!!document.querySelector('{row}')")
    click_in_popover(editor, f"{row} button[data-action=rename]")
    editor.fill(".document-rename", "Renamed in the list")
    editor.press("Enter", focus=".document-rename")
    editor.wait_until(f"document.querySelector('{row} .document-name')?.textContent === 'Renamed in the list'")
    assert api(web_server, "GET", f"/api/v1/documents/{other['id']}")["name"] == "Renamed in the list"

    click_in_popover(editor, f"{row} button[data-action=trash]")
    editor.wait_until(f"!!document.querySelector('.trash {row}')")
    assert other["id"] in [d["id"] for d in api(web_server, "GET", "/api/v1/trash")["documents"]]
    click_in_popover(editor, f".trash {row} button[data-action=restore]")
    editor.wait_until(f"!document.querySelector('.trash {row}') && !!document.querySelector('{row}')")

    click_in_popover(editor, f"{row} button[data-action=trash]")
    editor.wait_until(f"!!document.querySelector('.trash {row}')")
    click_in_popover(editor, f".trash {row} button[data-action=purge]")
    assert editor.text(f".trash {row} button[data-action=purge]") == "Really delete?"
    editor.screenshot("documents-trash")
    click_in_popover(editor, f".trash {row} button[data-action=purge]")
    editor.wait_until(f"!document.querySelector('{row}')")
    assert other["id"] not in [d["id"] for d in api(web_server, "GET", "/api/v1/trash")["documents"]]
    try:
        api(web_server, "GET", f"/api/v1/documents/{other['id']}")
        raise AssertionError("the document is still there")
    except Exception as error:  # urllib's HTTPError: 404
        assert "404" in str(error)


def test_pages_organised_in_one_tab_change_in_the_others_organiser(new_editor):
    first = new_editor()
    second = new_editor(doc_id=first.doc_id)
    open_organizer(second)
    open_organizer(first)
    first.click('.organizer-page[data-page="2"]')
    first.click("button[data-action=duplicate]")
    wait_pages(first, 4)
    # The other tab's organiser shows the copy without a reload; its undo has nothing of it.
    wait_pages(second, 4)
    before = server_revision_after_input(second)
    second.press("Control+z", focus="body")
    assert server_revision_after_input(second) == before, "the other tab's step is not this tab's to undo"
    assert len(pages(second)) == 4
    first.press("Control+z", focus="body")
    wait_pages(second, 3)
