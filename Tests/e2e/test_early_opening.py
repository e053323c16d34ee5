"""Issue 36, twelfth round: the document named in the address is opened in pdf.js by
earlyopen.js, an entry point that does not wait for the editor's modules, and the editor takes
that opening over (the same loading task, not a second one); the opening waits a bounded time
for the file's beginning (api.js's `HEAD_WAIT_MS`), and the bytes held for pdf.js are let go
once it has read them (rangefile.js)."""

import io
import json
import random
import sys
import time
from pathlib import Path

import pikepdf
import pytest

from editor_harness import OPENED, PAGE_DRAWN, Page, api, wait_until_held
from test_large_file_ranges import large_pdf  # noqa: F401  (the session's 11 MB file)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import modulepreload  # noqa: E402  (the editor's import graph, as index.html's preloads list it)

# Counts the GetDocRequest messages the page posts to pdf.js's worker (one per opening of a
# document), before any script of the page runs.
COUNT_OPENINGS = """
window.openings = 0;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (data, ...rest) {
    if (data && data.action === 'GetDocRequest') window.openings += 1;
    return post.call(this, data, ...rest);
};
"""
MAIN_RAN = "performance.getEntriesByName('marginalia:main').length > 0"


@pytest.fixture
def large_document(web_server, large_pdf):  # noqa: F811
    return api(web_server, "POST", "/api/v1/documents?name=large.pdf", large_pdf.read_bytes(), "application/pdf")["id"]



@pytest.mark.chromium_only("holds a module of the editor back through Playwright's request routing")
def test_the_document_opens_in_pdfjs_before_the_editors_modules_have_come(new_tab, web_server, large_document):
    tab = new_tab()
    tab.context.add_init_script(COUNT_OPENINGS)
    held = []
    tab.page.route("**/app/js/toolbar.js", lambda route: held.append(route))  # main.js's, not earlyopen.js's
    page = Page(tab, web_server)
    # Not waiting for the page's load event: that waits for main.js, held back.
    tab.page.goto(f"{web_server}/?doc={large_document}", wait_until="commit")
    wait_until_held(tab, held, "toolbar.js")
    # main.js cannot run (one of its modules is held): pdf.js opens the document all the same.
    page.wait_until("window.openings === 1", timeout=20000)
    page.wait_until("performance.getEntriesByName('marginalia:early-getdocument').length === 1", timeout=20000)
    assert not page.js(MAIN_RAN), "opened before main.js ran"
    held[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    print(f"\n{page.engine}: {page.js('window.openings')} opening(s) of the document in pdf.js")
    assert page.js("window.openings") == 1, "the editor took the early opening over, not a second one"
    assert page.js("marginalia.pdf.numPages") == 120


@pytest.mark.chromium_only("holds the file's beginning back through Playwright's request routing")
def test_the_opening_does_not_wait_for_the_files_beginning_without_a_bound(new_tab, web_server, large_document):
    tab = new_tab()
    held = []

    def hold_the_beginning(route):
        if route.request.headers.get("range", "") == f"bytes=0-{(512 << 10) - 1}":  # paths.js's FIRST_HEAD
            held.append(route)
        else:
            route.continue_()

    tab.page.route("**/file", hold_the_beginning)
    page = Page(tab, web_server)
    page.goto(f"/?doc={large_document}")
    wait_until_held(tab, held, "the file's beginning")
    # Its answer never begins: pdf.js reads the pieces it needs itself, and page 1 is drawn.
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    assert len(held) == 1, "only the opening's request for the beginning was held"
    held[0].continue_()


# A transport over a file of three pieces and a half, holding its first three pieces: which of
# the held ranges are left after pdf.js asked for each piece, and the bytes fetched meanwhile.
HELD_AFTER_READS = """async () => {
    const { makeRangeTransport, RANGE_CHUNK_SIZE } = await import('/app/js/rangefile.js');
    const length = 3.5 * RANGE_CHUNK_SIZE;
    const held = [{ begin: 0, bytes: new Uint8Array(3 * RANGE_CHUNK_SIZE) }];
    const transport = await makeRangeTransport({ url: '/nowhere', length, tag: '"x"', held, onStale: () => {} });
    const delivered = [];
    transport.onDataRange = (begin, chunk) => delivered.push([begin, chunk.length]);  // what pdf.js is given
    const left = [];
    for (const piece of [0, 1, 2]) {
        transport.requestDataRange(piece * RANGE_CHUNK_SIZE, (piece + 1) * RANGE_CHUNK_SIZE);
        await new Promise((resolve) => setTimeout(resolve, 0));
        left.push(transport.held.length);
    }
    return { left, delivered: delivered.length, fetched: transport.fetchedBytes };
}"""

DROPPED = """async () => {
    const { makeRangeTransport, RANGE_CHUNK_SIZE } = await import('/app/js/rangefile.js');
    const held = [{ begin: 0, bytes: new Uint8Array(2 * RANGE_CHUNK_SIZE) }];
    const transport = await makeRangeTransport({ url: '/nowhere', length: 4 * RANGE_CHUNK_SIZE, tag: '"x"', held, onStale: () => {} });
    const before = transport.held.length;
    transport.dropHeld();
    return [before, transport.held.length];
}"""


def test_held_bytes_go_once_pdfjs_has_read_them(new_editor, web_server, large_document):
    editor = new_editor(doc_id=large_document)
    seen = editor.js(HELD_AFTER_READS)
    assert seen == {"left": [1, 1, 0], "delivered": 3, "fetched": 0}, f"held until the last piece was read: {seen}"
    assert editor.js(DROPPED) == [1, 0], "what is left goes when the opening is over"



def _small_file(tmp_path):
    """A PDF of about 1 MB (12 pages of uncompressed noise): longer than the first end the
    opening asks for (256 KiB), not read by ranges (8 MiB or less)."""
    noise = random.Random(36)
    pdf = pikepdf.new()
    for index in range(12):
        image = pikepdf.Stream(pdf, bytes(noise.randrange(96, 256) for _ in range(300 * 300)))
        image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        image.Width, image.Height, image.BitsPerComponent = 300, 300, 8
        image.ColorSpace = pikepdf.Name.DeviceGray
        page = pdf.add_blank_page(page_size=(612, 792))
        page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary({"/Im": image}))
        page.Contents = pikepdf.Stream(pdf, b"q 300 0 0 300 150 300 cm /Im Do Q")
    path = tmp_path / "small.pdf"
    pdf.save(path, compress_streams=False)
    return path


@pytest.mark.chromium_only("holds the editor's entry points back through Playwright's request routing")
def test_the_rest_of_a_small_file_is_asked_for_as_soon_as_its_end_answers(new_tab, web_server, tmp_path):
    """A file of 8 MiB or less is not read by ranges: its end (paths.js's FIRST_TAIL), then the
    rest before it. earlyrequests.js asks for that rest as soon as the end's answer begins,
    before any of the editor's code (held here at the network) could; the editor takes it."""
    path = _small_file(tmp_path)
    assert 256 << 10 < path.stat().st_size <= 8 << 20
    doc = api(web_server, "POST", "/api/v1/documents?name=small.pdf", path.read_bytes(), "application/pdf")["id"]
    tab = new_tab()
    held, ranges = [], []
    tab.page.route("**/app/js/earlyopen.js", lambda route: held.append(route))
    tab.page.route("**/app/js/main.js", lambda route: held.append(route))

    def seen(route):
        ranges.append(route.request.headers.get("range"))
        route.continue_()

    tab.page.route("**/file", seen)
    tab.page.goto(f"{web_server}/?doc={doc}", wait_until="commit")
    wait_until_held(tab, held, "the editor's entry points")
    deadline = time.time() + 20
    while len(ranges) < 2 and time.time() < deadline:
        tab.wait(50)
    print(f"\nchromium: the file asked for with {ranges} while the editor's entry points were held")
    assert ranges[:1] == [f"bytes=-{256 << 10}"], f"its end first: {ranges}"
    assert len(ranges) == 2 and ranges[1].startswith("bytes=0-"), f"then the rest, with no editor code run: {ranges}"
    for route in held:
        route.continue_()
    page = Page(tab, web_server)
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    assert len(ranges) == 2, f"the editor took the rest asked for early: {ranges}"
    assert page.js("marginalia.pdf.numPages") == 12


# The early page (earlypage.js): its rect in the scroller's (the toolbar above is filled only
# once the editor starts), and whether its canvas is dark at each page point (the page is
# 612 x 792 points, unrotated: y from the top is 792 - y).
EARLY_PAGE = """(points) => {
    const element = document.querySelector('.early-page.rendered');
    if (!element) return null;
    const s = document.getElementById('scroller').getBoundingClientRect();
    const r = element.getBoundingClientRect(), canvas = element.querySelector('canvas');
    const scale = canvas.width / 612, context = canvas.getContext('2d');
    const dark = points.map(([x, y]) => {
        const pixel = context.getImageData(Math.floor(x * scale), Math.floor((792 - y) * scale), 1, 1).data;
        return pixel[0] + pixel[1] + pixel[2] < 150;
    });
    return { rect: [r.left - s.left, r.top - s.top, r.width, r.height], dark };
}"""


@pytest.mark.chromium_only("holds a module of the editor back through Playwright's request routing")
def test_the_first_page_is_drawn_before_the_editor_has_started(new_tab, web_server, large_document):
    """Issue 36, thirteenth round: earlyopen.js draws the page the document opens at as soon as
    pdf.js has it (earlypage.js), with the editor's modules held back at the network; the
    editor's own page 1 comes where it was, and the early one goes once that is drawn."""
    tab = new_tab()
    held = []
    tab.page.route("**/app/js/toolbar.js", lambda route: held.append(route))  # main.js's, not earlyopen.js's
    page = Page(tab, web_server)
    tab.page.goto(f"{web_server}/?doc={large_document}", wait_until="commit")
    wait_until_held(tab, held, "toolbar.js")
    page.wait_until(f"({EARLY_PAGE})([]) !== null", timeout=20000)
    early = page.js(EARLY_PAGE, [(300, 720), (120, 100)])
    assert not page.js(MAIN_RAN), "drawn before main.js ran"
    assert early["dark"] == [True, False], f"page 1 drawn from the file: the black bar, and white below the image: {early}"
    held[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    assert page.js("document.querySelectorAll('.early-page').length") == 0, "the early page went once the editor's was drawn"
    editors = page.js("""(() => { const r = marginalia.viewer.views[0].element.getBoundingClientRect();
        const s = document.getElementById('scroller').getBoundingClientRect();
        return [r.left - s.left, r.top - s.top, r.width, r.height]; })()""")
    print(f"\nchromium: early page at {early['rect']}, the editor's page 1 at {editors}")
    # Within the scroll bar's half width: the editor's layout adds one beside 120 pages.
    assert all(abs(a - b) <= 8 for a, b in zip(early["rect"], editors)), f"where the editor shows it: {early['rect']} {editors}"
    assert page.errors == []


# When the editor started and what it waited for (ms after the navigation; null: no such mark).
EDITOR_WAITED = """(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { wait: at('marginalia:early-page-wait'), drawn: at('marginalia:early-page-drawn'), start: at('marginalia:editor-start') };
})()"""
EDITOR_WAIT_LIMIT_MS = 2000  # earlypage.js


def test_the_editor_starts_once_the_early_page_is_drawn(new_editor, large_document):
    """Thirteenth round: the editor's start (main.js, after its modules ran) waits for the early
    page, so that its long tasks do not hold pdf.js's messages back; at most for earlypage.js's
    bound, past which a slow opening no longer holds the editor."""
    editor = new_editor(doc_id=large_document)
    marks = editor.js(EDITOR_WAITED)
    print(f"\n{editor.engine}: {marks}")
    if marks["drawn"] is not None:
        assert marks["start"] >= marks["drawn"], f"the editor started after the early page: {marks}"
    else:  # slower than the bound on a busy machine
        assert marks["start"] >= marks["wait"] + EDITOR_WAIT_LIMIT_MS - 5, f"the editor waited for the bound: {marks}"


def hold_the_files_end(tab, held: list) -> None:
    """Holds the tab's first request for the file's end (a suffix range) in `held`, to be
    let go by the test; every other request for the file goes on."""
    def hold(route):
        if route.request.headers.get("range", "").startswith("bytes=-") and not held:
            held.append(route)
        else:
            route.continue_()

    tab.page.route("**/file", hold)


@pytest.mark.chromium_only("holds the file's end back through Playwright's request routing")
def test_the_editor_starts_after_a_bound_without_the_early_page(new_tab, web_server, large_document):
    tab = new_tab()
    held = []
    hold_the_files_end(tab, held)
    page = Page(tab, web_server)
    tab.page.goto(f"{web_server}/?doc={large_document}", wait_until="commit")
    wait_until_held(tab, held, "the file's end")
    # No early page can be drawn: the editor starts all the same, once the bound is past.
    page.wait_until(f"({EDITOR_WAITED}).start !== null", timeout=15000)
    marks = page.js(EDITOR_WAITED)
    assert marks["drawn"] is None and marks["start"] >= marks["wait"] + EDITOR_WAIT_LIMIT_MS - 5, marks
    held[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    assert page.js("document.querySelectorAll('.early-page').length") == 0


# When each of the editor's modules was sent (resource timing's `requestStart`, ms after the
# navigation), by path.
MODULES_SENT = """(() => Object.fromEntries(performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.startsWith('/app/js/'))
    .map((e) => [new URL(e.name).pathname, e.requestStart])))()"""


@pytest.mark.chromium_only("reads when each module was sent from resource timing's requestStart")
def test_the_openings_modules_are_sent_before_those_only_the_editor_needs(new_editor, large_document):
    """Fourteenth round: over the six connections Chromium opens to the server (shared with
    the worker's script, the engine's module and the document's answers), the module
    preloads go out in the order index.html lists them; every module earlyopen.js needs
    (the modules that open the document in pdf.js and draw its first page) is sent before any
    module only main.js needs, so earlyopen.js runs without waiting for the editor's graph."""
    editor = new_editor(doc_id=large_document)
    sent = editor.js(MODULES_SENT)
    js = modulepreload.WEB / "js"
    opening = set(modulepreload.graph([js / "pdfworker.js", js / "earlyrequests.js", js / "earlyopen.js"]))
    needed = {path: at for path, at in sent.items() if path in opening}
    only_editor = {path: at for path, at in sent.items() if path not in opening and path != "/app/js/main.js"}
    assert set(needed) == opening and len(only_editor) > 30, f"every module's timing read: {sorted(sent)}"
    last = max(needed, key=needed.get)
    first = min(only_editor, key=only_editor.get)
    print(f"\nchromium: the opening's last module {last} sent at {needed[last]:.0f} ms, "
          f"the editor's first {first} at {only_editor[first]:.0f} ms")
    # Two connections freed at once give their next requests the same time, give or take the
    # timer's coarsening (well under 1 ms); in the former order the gap was 118-262 ms.
    assert needed[last] <= only_editor[first] + 1, f"{last} sent after {first}: {needed[last]:.1f} > {only_editor[first]:.1f} ms"


@pytest.mark.chromium_only("holds the file's end and a module of the editor back through Playwright's request routing")
def test_pdfjs_is_loaded_while_the_files_first_answers_are_on_their_way(new_tab, web_server, large_document):
    """Fourteenth round: earlyopen.js imports pdf.js's module (and wraps the worker) as soon as
    it runs, not once the file's end is in; here that answer and main.js (which imports pdf.js
    too, through pdfjs.js) are held back at the network, and pdf.js's module runs all the same."""
    tab = new_tab()
    held_end, held_module = [], []
    hold_the_files_end(tab, held_end)
    tab.page.route("**/app/js/toolbar.js", lambda route: held_module.append(route))  # main.js's, not earlyopen.js's
    page = Page(tab, web_server)
    tab.page.goto(f"{web_server}/?doc={large_document}", wait_until="commit")
    wait_until_held(tab, held_end, "the file's end")
    wait_until_held(tab, held_module, "toolbar.js")
    page.wait_until("typeof globalThis.pdfjsLib?.PDFWorker === 'function'", timeout=20000)
    assert not page.js(MAIN_RAN) and not page.js("performance.getEntriesByName('marginalia:early-file').length"), \
        "pdf.js loaded with the file's end and main.js both held"
    held_end[0].continue_()
    held_module[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)


@pytest.mark.chromium_only("holds a module of the editor back through Playwright's request routing")
def test_the_early_page_is_where_the_engine_lays_out_a_kept_zoom(new_tab, web_server):
    """Issue 28: the early page's zoom and place are the engine's (`openingPlace`), not a copy of
    its rules: a one-page document kept at 50 % is centred down the view as the editor's
    layout centres it (a copy that put every page one gap from the top was about 200 px off).
    The editor's page comes within half a pixel of it, across and down: the toolbar, filled
    only once the editor starts, is as tall before (its empty tools' row keeps the buttons'
    height), so the scroller keeps its height. Before, the early page sat higher by half the
    toolbar's height, centred in a taller scroller, and jumped down when the editor started."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(612, 792))
    data = io.BytesIO()
    pdf.save(data)
    doc_id = api(web_server, "POST", "/api/v1/documents?name=one-page.pdf", data.getvalue(), "application/pdf")["id"]
    tab = new_tab()
    views = json.dumps({"documents": {doc_id: {"page": 0, "zoom": 0.5, "fit": False}}})
    tab.page.add_init_script(f"localStorage.setItem('marginalia.views', {json.dumps(views)})")
    held = []
    tab.page.route("**/app/js/toolbar.js", lambda route: held.append(route))
    page = Page(tab, web_server)
    tab.page.goto(f"{web_server}/?doc={doc_id}", wait_until="commit")
    wait_until_held(tab, held, "toolbar.js")
    page.wait_until(f"({EARLY_PAGE})([]) !== null", timeout=20000)
    early = page.js(EARLY_PAGE, [])["rect"]
    scroller = page.js("(() => { const s = document.getElementById('scroller'); return [s.clientWidth, s.clientHeight]; })()")
    assert early[2:] == [306, 396], early
    # Centred both ways in the scroller: no page above or below it to scroll to.
    assert abs(early[0] - (scroller[0] - 306) / 2) <= 0.5 and abs(early[1] - (scroller[1] - 396) / 2) <= 0.5, (early, scroller)
    held[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=30000)
    editors = page.js("""(() => { const r = marginalia.viewer.views[0].element.getBoundingClientRect();
        const s = document.getElementById('scroller').getBoundingClientRect();
        return [r.left - s.left, r.top - s.top, r.width, r.height]; })()""")
    assert page.js("marginalia.viewer.zoom") == 0.5
    height = page.js("document.getElementById('scroller').clientHeight")
    print(f"\nchromium: early page at {early} in a scroller {scroller[1]} px high, the editor's at {editors} in {height} px")
    assert height == scroller[1], f"the scroller {scroller[1]} px high before the toolbar is filled, {height} px after"
    assert abs(early[0] - editors[0]) <= 0.5 and abs(early[1] - editors[1]) <= 0.5 and early[2:] == editors[2:], \
        f"where the editor shows it: {early} {editors}"
    assert page.errors == []
