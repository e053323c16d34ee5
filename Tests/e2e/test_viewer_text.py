"""The viewer's text (issue 15, item 7): a text layer to select and copy from, find in the
document through the server's engine search, the outline panel, and what a screen reader
gets; with the first view's zoom (item 6), the one-row toolbar at iPad width and a quiet
server log when a tab goes away."""

import os
import time

import conftest
from editor_harness import Page, api
from viewer_helpers import handmade_pdf, open_document, upload_corpus, wait_rendered

BOOK_CHAPTER = "cwlpdf-pdfua-ref-2-05-bookchapter-german.pdf"


def wait_text_layer(editor, index=0):
    editor.wait_until(f"(marginalia.viewer.views[{index}].textLayer?.querySelectorAll('span').length ?? 0) > 5", timeout=10000)


def test_the_text_layer_selects_text_with_select_and_is_released_with_the_bitmap(new_editor):
    editor = new_editor()
    wait_text_layer(editor)
    layer_text = editor.js("marginalia.viewer.views[0].textLayer.textContent")
    assert "Marginalia is a PDF and image annotation system" in layer_text
    # A drag along the first body line with Select selects its words, and adds nothing.
    editor.js("marginalia.setTool('select')")
    box = editor.js("""(() => { const s = [...marginalia.viewer.views[0].textLayer.querySelectorAll('span')]
        .find((e) => e.textContent.startsWith('Marginalia is a PDF')); const r = s.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height]; })()""")
    y = box[1] + box[3] / 2
    before = len(editor.annotations())
    editor.mouse_drag([(box[0] + 1, y), (box[0] + box[2] * 0.3, y), (box[0] + box[2] * 0.6, y)])
    selected = editor.js("window.getSelection().toString()")
    assert selected.startswith("Marginalia is a PDF"), f"selected {selected!r}"
    editor.screenshot("text-selected")
    assert len(editor.annotations()) == before, "selecting text made no annotation"
    assert editor.js("marginalia.selection().ids.length") == 0
    # The selection is plain page text, copied by the browser: Ctrl+C leaves it to the browser
    # (keyboard.js), and the copy carries the words.
    editor.js("""window.copiedText = null; document.addEventListener('copy', () => {
        window.copiedText = window.getSelection().toString(); }, { once: true })""")
    editor.press("Control+c")
    copied = editor.wait_until("window.copiedText")
    assert copied and copied.startswith("Marginalia is a PDF")
    # With Draw a drag on the same words draws, the text layer lets it through.
    editor.js("window.getSelection().removeAllRanges(); marginalia.setTool('draw')")
    editor.pen_stroke([(box[0] + 5, y), (box[0] + 60, y + 2), (box[0] + 120, y)])
    editor.wait_until(f"marginalia.model.annotationCount > {before}")
    assert editor.js("window.getSelection().toString()") == ""
    # Released with the bitmap, made again with it.
    editor.js("marginalia.viewer.evict(marginalia.viewer.views[0])")
    assert editor.js("marginalia.viewer.views[0].textLayer") is None
    assert editor.count(".page[data-page='0'] .text-layer") == 0
    editor.js("marginalia.viewer.renderPage(marginalia.viewer.views[0])")
    wait_text_layer(editor)


def test_find_marks_every_match_the_engine_finds_and_steps_through_them(new_editor, web_server):
    editor = new_editor()
    expected = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/search?q=engine")
    total = sum(len(r["matches"]) for r in expected["results"])
    assert total >= 3
    editor.press("Control+f")
    editor.wait_until("!document.querySelector('.find-bar').hidden && document.activeElement?.classList.contains('find-input')")
    editor.type("engine")
    editor.wait_until(f"document.querySelector('.find-count').textContent === '1 of {total}'")
    assert editor.count(".find-hit") == total
    assert editor.count(".find-hit.current") == 1
    editor.screenshot("find-first")
    editor.press("Enter")
    editor.wait_until(f"document.querySelector('.find-count').textContent === '2 of {total}'")
    editor.press("Shift+Enter")
    editor.press("Shift+Enter")
    editor.wait_until(f"document.querySelector('.find-count').textContent === '{total} of {total}'")
    # The current match is in view, on its page.
    state = editor.js("marginalia.find.state()")
    last_page = state["pages"][-1]
    editor.wait_until(f"""(() => {{ const r = document.querySelector('.find-hit.current').getBoundingClientRect();
        const s = marginalia.viewer.scroller.getBoundingClientRect();
        return r.top >= s.top && r.bottom <= s.bottom && !!r.height; }})()""")
    assert editor.js("document.querySelector('.find-hit.current').closest('.page').dataset.page") == str(last_page)
    # The marks are where the engine's quads are: the first one's box over the page.
    quad = expected["results"][0]["matches"][0]["quads"][0]
    corner = editor.page_point_to_client(expected["results"][0]["page"], quad[0], quad[1])
    first = editor.js("(() => { const r = document.querySelectorAll('.find-hit')[0].getBoundingClientRect(); return [r.left, r.top]; })()")
    assert abs(first[0] - corner[0]) < 2 and abs(first[1] - corner[1]) < 2, (first, corner)
    # A word the document lacks; then Escape clears the marks and closes the bar.
    editor.press("Control+a")
    editor.type("zyxwvutsr")
    editor.wait_until("document.querySelector('.find-count').textContent === 'No matches'")
    assert editor.count(".find-hit") == 0
    editor.press("Escape")
    assert not editor.visible(".find-bar")


def test_the_outline_lists_the_bookmarks_and_goes_to_their_pages(new_editor, web_server):
    doc_id = upload_corpus(web_server, BOOK_CHAPTER)
    outline = api(web_server, "GET", f"/api/v1/documents/{doc_id}/outline")
    assert len(outline["items"]) > 3
    target = next(item for item in outline["items"] if item["page"] and item["page"] > 2)
    editor = new_editor(doc_id=doc_id)
    editor.click("button[data-tool=outline]")
    editor.wait_until("document.querySelectorAll('#popover .outline-entry').length > 3")
    titles = editor.js("[...document.querySelectorAll('#popover > .outline-list > li > .outline-entry')].map((b) => b.textContent)")
    assert titles == [item["title"] or "Untitled" for item in outline["items"]]
    editor.screenshot("outline")
    editor.click("#popover .outline-entry", target["title"])
    editor.wait_until(f"marginalia.viewer.currentPage === {target['page']}")
    assert not editor.visible("#popover")


def outlined_pdf():
    """Four pages and an outline: "Part one" (open: /Count 2) holding "Chapter 1" (page 1)
    and "Chapter 2" (page 2, closed: /Count -1) holding "Section 2.1" (page 3)."""
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"
    return handmade_pdf([
        b"<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R /PageMode /UseOutlines >>",
        b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 11 0 R] /Count 4 >>",
        page, page, page,
        b"<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 3 >>",
        b"<< /Title (Part one) /Parent 6 0 R /First 8 0 R /Last 9 0 R /Count 2 /Dest [3 0 R /Fit] >>",
        b"<< /Title (Chapter 1) /Parent 7 0 R /Next 9 0 R /Dest [3 0 R /Fit] >>",
        b"<< /Title (Chapter 2) /Parent 7 0 R /Prev 8 0 R /First 10 0 R /Last 10 0 R /Count -1 /Dest [4 0 R /Fit] >>",
        b"<< /Title (Section 2.1) /Parent 9 0 R /Dest [5 0 R /Fit] >>",
        page,
    ])


def test_outline_entries_fold_as_the_file_says_and_as_the_reader_leaves_them(new_editor, web_server):
    """An entry with entries under it folds (issue 26: collapsible outline entries): open at
    first where its /Count says so, its arrow or the arrow keys show and hide what is under it,
    and the outline opens again as it was left."""
    doc_id = api(web_server, "POST", "/api/v1/documents?name=outlined.pdf", outlined_pdf(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    editor.click("button[data-tool=outline]")
    editor.wait_until("document.querySelectorAll('#popover .outline-entry').length === 4")
    shown = "[...document.querySelectorAll('#popover .outline-entry')].filter((b) => b.offsetParent !== null).map((b) => b.textContent)"
    assert editor.js(shown) == ["Part one", "Chapter 1", "Chapter 2"]
    folds = "[...document.querySelectorAll('#popover .outline-fold')].map((b) => b.getAttribute('aria-expanded'))"
    assert editor.js(folds) == ["true", "false"]
    editor.click('#popover .outline-fold[aria-label="Show the entries under Chapter 2"]')
    editor.wait_until(f"{shown}.includes('Section 2.1')")
    editor.screenshot("outline-folds")
    # The keyboard on an entry: left folds it, right opens it.
    editor.press("ArrowLeft", focus="#popover .outline-branch .outline-entry")
    editor.wait_until(f"JSON.stringify({shown}) === JSON.stringify(['Part one'])")
    editor.press("ArrowRight")
    editor.wait_until(f"{shown}.length === 4")
    # Closed and opened again: as left.
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    editor.click("button[data-tool=outline]")
    editor.wait_until(f"{shown}.length === 4")
    editor.click("#popover .outline-entry", "Section 2.1")
    editor.wait_until("marginalia.viewer.currentPage === 2")


def test_a_screen_reader_gets_labelled_pages_with_their_text_and_named_buttons(new_editor):
    editor = new_editor()
    wait_text_layer(editor)
    page = editor.js("""(() => { const p = document.querySelector('.page[data-page="0"]');
        return [p.getAttribute('role'), p.getAttribute('aria-label'), p.querySelector('.page-canvas').getAttribute('aria-hidden')]; })()""")
    assert page == ["region", "Page 1", "true"]
    assert editor.count(".page[role=img]") == 0
    unnamed = editor.js("[...document.querySelectorAll('#toolbar button')].filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length")
    assert unnamed == 0
    assert editor.js("!!document.querySelector('[data-tool=find]').getAttribute('aria-label')")


def test_the_first_view_fits_a_readable_page(new_tab, web_server, document):
    """At 1280 x 860 the first view was 205 %, half a page: the engine's automatic zoom caps
    it; at iPad portrait every page fits the width."""
    for size, name in (({"width": 1280, "height": 860}, "desktop"), ({"width": 1024, "height": 1366}, "ipad")):
        page = Page(new_tab(size), web_server)
        page.goto(f"/?doc={document}")
        page.wait_opened()
        page.js("localStorage.removeItem('marginalia.views')")
        page.wait_page_drawn(0)
        zoom = page.js("marginalia.viewer.zoom")
        page.painted()
        page.screenshot(f"first-view-{name}")
        if name == "desktop":
            assert abs(zoom - 1.25) < 0.01, zoom
            assert page.js("marginalia.viewer.fitMode()") == "auto"
        else:
            # The widest page (the sample's third, turned) fits the width: fit width's zoom.
            page.js("marginalia.viewer.fitWidth()")
            assert abs(zoom - page.js("marginalia.viewer.zoom")) < 0.001, zoom


TOOLBAR_ROWS = """new Set([...document.querySelectorAll('#toolbar button')].filter((b) => b.getClientRects().length)
    .map((b) => { const r = b.getBoundingClientRect(); return Math.round(r.top + r.height / 2); })).size"""


def test_the_toolbar_is_one_row_at_ipad_width(new_tab, web_server, document):
    # An iPad mini in portrait (768) too: the tools stay, the rest goes into More.
    small = Page(new_tab({"width": 768, "height": 1024}), web_server)
    small.goto(f"/?doc={document}")
    small.wait_opened()
    small.painted()  # the toolbar laid out with its fonts, the overflow measured
    assert small.js(TOOLBAR_ROWS) == 1
    # Every tool stays: the ten of main.js's TOOLS (Redact the tenth).
    assert small.count("#tool-group button:not(.overflowed)") == 10
    small.screenshot("toolbar-768")
    page = Page(new_tab({"width": 1024, "height": 1366}), web_server)
    page.goto(f"/?doc={document}")
    page.wait_opened()
    page.painted()
    rows = page.js(TOOLBAR_ROWS)
    assert rows == 1, f"toolbar buttons on {rows} rows"
    assert page.js("document.getElementById('toolbar').getBoundingClientRect().height") < 70
    page.screenshot("toolbar-ipad")
    # What left the row is in More, and does what its button did.
    assert page.visible("button[data-tool=more]")
    page.click("button[data-tool=more]")
    page.wait_until("document.querySelectorAll('#popover .popover-action').length > 0")
    labels = page.js("[...document.querySelectorAll('#popover .popover-action')].map((b) => b.textContent)")
    assert "Zoom in" in labels, labels
    zoom = page.js("marginalia.viewer.zoom")
    page.click("#popover .popover-action", "Zoom in")
    page.wait_until(f"Math.abs(marginalia.viewer.zoom - {zoom} * 1.25) < 0.001")
    # Wide enough, nothing overflows (with the two tabs above shown as other viewers: their
    # avatars take room; 1600 was enough before the Sign button, 1700 with it, and a desktop's
    # 1920 is with the Redact tool and Apply redactions too).
    wide = Page(new_tab({"width": 1920, "height": 900}), web_server)
    wide.goto(f"/?doc={document}")
    wide.wait_opened()
    wide.painted()
    assert not wide.visible("button[data-tool=more]")
    assert wide.count("#toolbar .overflowed") == 0


def test_a_closed_tab_leaves_no_send_failures_in_the_server_log(new_tab, web_server, document):
    """Closing a tab used to log ~44 'Failed to send the chunked response body' lines (its
    event stream); a client going away is a normal disconnect."""
    log = conftest.SERVER_LOG
    if not log:
        return  # a server the suite did not start (MARGINALIA_URL): its log is elsewhere
    tab = new_tab()
    page = Page(tab, web_server)
    page.goto(f"/?doc={document}")
    page.wait_until("!!(window.marginalia && document.querySelector('.page.rendered'))", timeout=15000)
    start = os.path.getsize(log)
    page.goto("/api/v1/documents")  # the editor goes, and its event stream with it
    # Changes the closed tab's stream is sent.
    for i in range(5):
        summary = api(web_server, "GET", f"/api/v1/documents/{document}")
        api(web_server, "POST", f"/api/v1/documents/{document}/commands", {
            "protocol": 1, "baseRevision": summary["revision"], "clientId": "log-test",
            "command": {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [10 + i, 10, 40, 40], "color": "#FF0000"}},
        })
        time.sleep(0.2)
    time.sleep(1)
    with open(log, encoding="utf-8", errors="replace") as f:
        f.seek(start)
        added = f.read()
    assert "Failed to send" not in added, added[:500]


def test_copied_page_text_keeps_its_line_breaks(new_editor):
    """Issue 26, item 10: text selected across lines and copied ran the lines together
    ("press theHelp function key"); the copy now carries the engine's text of the selection,
    words by a space and lines by a line break."""
    editor = new_editor()
    wait_text_layer(editor)
    editor.js("marginalia.setTool('select')")
    spans = editor.js("""(() => [...marginalia.viewer.views[0].textLayer.querySelectorAll('span')]
        .filter((e) => e.textContent.startsWith('Marginalia is a PDF') || e.textContent.startsWith('writes PDF files'))
        .map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }))()""")
    first, second = spans
    start = (first[0] + 1, first[1] + first[3] / 2)
    end = (second[0] + second[2] * 0.25, second[1] + second[3] / 2)
    editor.mouse_drag([start, ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2), end])
    # A copy event as Ctrl+C sends it, with a clipboard the test can read.
    copy = """(() => { const data = new DataTransfer();
        document.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }));
        return data.getData('text/plain'); })()"""
    copied = editor.wait_until(f"(() => {{ const t = {copy}; return t.includes('\\n') ? t : null; }})()", timeout=10000)
    lines = copied.split("\n")
    assert len(lines) == 2 and lines[0].startswith("Marginalia is a PDF") and lines[0].endswith("It reads and"), lines
    assert lines[1].startswith("writes"), lines
    assert not editor.errors


def test_a_first_visit_starts_with_select(new_tab, web_server, document):
    """Issue 26: Draw was the tool a first-time reader landed on, so a drag meant to select text
    drew. A browser that has chosen no tool opens with Select (the tool chosen is remembered
    as before, with the other settings)."""
    page = Page(new_tab(), web_server)
    ready = "!!(window.marginalia && marginalia.viewer.views.length && document.querySelector('.page.rendered'))"

    def open_again(visit):
        page.js("window.__left = true")
        page.goto(f"/?doc={document}&visit={visit}")  # a new address: a real navigation in both drivers
        page.wait_until(f"!window.__left && {ready}", timeout=15000)

    open_again(1)
    page.js("localStorage.removeItem('marginalia.settings.v2')")  # a first visit: nothing chosen
    open_again(2)
    assert page.js("document.querySelector('[data-tool=select]').getAttribute('aria-pressed')") == "true"
    assert page.js("document.querySelector('.pages').dataset.tool") == "select"


def test_the_toolbar_still_fits_when_another_viewer_arrives(new_editor):
    """Issue 26, item 8: at iPad size a second viewer's avatar pushed More and Save off the
    window (the row was measured only when the toolbar's own width changed), and focusing More
    scrolled the page sideways. Now the avatar's group is measured too."""
    for width in (1024, 768):
        first = new_editor(viewport={"width": width, "height": 1366})
        second = new_editor(viewport={"width": width, "height": 1366}, doc_id=first.doc_id)
        first.wait_until("!document.querySelector('.presence').hidden && document.querySelectorAll('.presence .presence-chip').length > 0",
                         timeout=10000)
        first.painted()  # the row is measured again on the next frame
        fits = """(() => { const t = document.getElementById('toolbar');
            const edge = (name) => document.querySelector(`[data-tool=${name}]`).getBoundingClientRect().right;
            return { overflow: t.scrollWidth - t.clientWidth, more: edge('more'), save: edge('save'), width: innerWidth,
                     pageScroll: document.scrollingElement.scrollWidth - innerWidth }; })()"""
        state = first.js(fits)
        assert state["overflow"] <= 1 and state["more"] <= state["width"] and state["save"] <= state["width"], (width, state)
        first.js("document.querySelector('[data-tool=more]').focus()")
        assert first.js(fits)["pageScroll"] <= 0 and first.js("document.scrollingElement.scrollLeft") == 0
        first.screenshot(f"toolbar-with-viewer-{width}")
        assert not first.errors and not second.errors
