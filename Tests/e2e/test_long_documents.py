"""Long documents (issue 15): only pages near the viewport keep their bitmaps. The largest corpus
book (352 pages) is scrolled page after page at iPad size: the canvas memory (every page canvas,
every canvas being drawn, every thumbnail; 4 bytes a pixel) stays under 400 MB at each step,
pages scrolled past give their bitmaps up, and a page that comes back is drawn again."""

from viewer_helpers import open_document, upload_corpus, wait_rendered

BOOK = "pdfjs-freeculture.pdf"

# The bytes of every canvas the viewer holds (page canvases, those being drawn, thumbnails).
CANVAS_BYTES = """(() => {
    const v = marginalia.viewer, px = (c) => (c ? c.width * c.height : 0);
    let total = 0;
    for (const view of v.views) total += px(view.canvas) + px(view.pending);
    for (const thumb of v.thumbViews ?? []) total += px(thumb.canvas);
    return 4 * total;
})()"""

RENDERED = "marginalia.viewer.views.filter((v) => v.renderedZoom > 0).length"

# The bytes of the page canvases of pages out of view, which the viewer keeps to 160 MB.
KEPT_OUT_OF_VIEW = "4 * marginalia.viewer.views.filter((v) => !v.visible && v.canvas).reduce((sum, v) => sum + v.canvas.width * v.canvas.height, 0)"

# Pages scrolled here: without eviction their bitmaps alone (about a million pixels a page at
# this width and one pixel per CSS pixel) come to more than the 160 MB the viewer keeps.
PAGES = 60


def test_scrolling_a_book_keeps_canvas_memory_bounded(new_editor, web_server):
    editor = new_editor(viewport={"width": 1024, "height": 1366}, doc_id=upload_corpus(web_server, BOOK))
    editor.js("marginalia.viewer.setZoom(marginalia.viewer.scroller.clientWidth / marginalia.model.pages[0].width * 0.95)")
    editor.wait_page_drawn(0)
    most = kept = 0
    for index in range(PAGES):
        editor.js(f"marginalia.viewer.goToPage({index})")
        wait_rendered(editor, index)
        most = max(most, editor.js(CANVAS_BYTES))
        kept = max(kept, editor.js(KEPT_OUT_OF_VIEW))
    rendered = editor.js(RENDERED)
    print(f"\n{editor.engine}: at most {most / 1e6:.0f} MB of canvases over {PAGES} pages, {kept / 1e6:.0f} MB "
          f"out of view; {rendered} pages keep a bitmap")
    assert most < 400e6, f"canvas memory reached {most / 1e6:.0f} MB"
    assert kept <= 160e6, f"pages out of view kept {kept / 1e6:.0f} MB"
    assert rendered < PAGES, f"{rendered} pages keep their bitmaps"
    assert editor.js("marginalia.viewer.views[0].renderedZoom") == 0, "the first page gave its bitmap up"
    # Back at the start: the page is drawn again.
    editor.js("marginalia.viewer.goToPage(0)")
    wait_rendered(editor, 0)
    editor.screenshot("book-back-to-first-page")


# The bytes of the thumbnails' canvases, all of them and those in the sidebar's view.
THUMB_BYTES = """(() => { const px = (t) => 4 * t.canvas.width * t.canvas.height, thumbs = marginalia.viewer.thumbViews;
    return [thumbs.reduce((s, t) => s + px(t), 0), thumbs.filter((t) => t.visible).reduce((s, t) => s + px(t), 0)]; })()"""

THUMBS_DRAWN = """(() => { const shown = marginalia.viewer.thumbViews.filter((t) => t.visible);
    return shown.length > 0 && shown.every((t) => t.canvas.width > 0); })()"""

# How long a screenful of thumbnails may take to draw (WebKit's are slow on a loaded machine).
THUMB_WAIT_MS = 30000

# The thumbnails out of the sidebar's view keep at most this much (bitmaps.js, THUMB_PIXEL_BUDGET).
THUMB_BUDGET = 16e6


def test_scrolling_the_thumbnails_of_a_book_keeps_them_within_their_budget(new_editor, web_server):
    """The sidebar scrolled from the first thumbnail to the last: those scrolled past give
    their bitmaps up beyond the budget (every one was kept, and one not yet drawn held a
    300 x 150 canvas), and the first is drawn again on return."""
    editor = new_editor(doc_id=upload_corpus(web_server, BOOK))
    editor.click_toolbar("sidebar")
    editor.wait_until("!document.getElementById('thumbnails').hidden")
    editor.wait_until(THUMBS_DRAWN, timeout=THUMB_WAIT_MS)
    most = 0
    while True:
        at_end = editor.js("(() => { const t = document.getElementById('thumbnails'); return t.scrollTop + t.clientHeight >= t.scrollHeight - 1; })()")
        editor.wait_until(THUMBS_DRAWN, timeout=THUMB_WAIT_MS)
        total, shown = editor.js(THUMB_BYTES)
        most = max(most, total - shown)
        if at_end:
            break
        editor.js("(() => { const t = document.getElementById('thumbnails'); t.scrollBy(0, t.clientHeight); })()")
        editor.painted()  # the thumbnails' intersection observer has seen the scroll
    print(f"\n{editor.engine}: thumbnails out of view kept at most {most / 1e6:.1f} MB")
    assert most <= THUMB_BUDGET, f"thumbnails out of view kept {most / 1e6:.1f} MB"
    assert editor.js("marginalia.viewer.thumbViews[0].canvas.width") == 0, "the first thumbnail gave its bitmap up"
    editor.js("document.getElementById('thumbnails').scrollTop = 0")
    editor.wait_until("marginalia.viewer.thumbViews[0].canvas.width > 0", timeout=THUMB_WAIT_MS)
    editor.screenshot("book-thumbnails-back-to-first")
