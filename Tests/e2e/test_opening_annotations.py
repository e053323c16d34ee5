"""Issue 36 (large files, annotations by page): a document of many pages opens with the
annotations of the pages it opens at only (`GET …/annotations?around=0&before=1&after=3`,
asked for beside the summary, not after its answer), page 1 is drawn, and every page's
annotations are taken once it is: a far page's annotation, in the file from the start, is in
the model and the engine, drawn on its page and selectable when scrolled to."""

import time

import pikepdf
import pytest

from editor_harness import OPENED, PAGE_DRAWN, Page, api
from viewer_helpers import canvas_pixels, numbered_pages_pdf

PAGES = 40
FAR = 35
OPENING_QUERY = "/annotations?around=0&before=1&after=3"

ENGINE_CALL = "async (request) => (await import('/app/js/engine.js')).call(request)"
ANNOTATION_REQUESTS = ("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname + new URL(e.name).search)"
                       ".filter((path) => path.endsWith('/annotations') || path.includes('/annotations?'))")


def square(pdf, name, rect):
    """A filled red square annotation named `name`, with its appearance stream."""
    width, height = rect[2] - rect[0], rect[3] - rect[1]
    appearance = pikepdf.Stream(pdf, f"1 0 0 rg 0 0 {width} {height} re f".encode())
    appearance.Type, appearance.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    appearance.BBox = [0, 0, width, height]
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name("/Square"), Rect=rect, NM=pikepdf.String(name),
        C=[1, 0, 0], IC=[1, 0, 0], F=4, AP=pikepdf.Dictionary(N=appearance)))


@pytest.fixture(scope="module")
def annotated_pdf(tmp_path_factory):
    """40 pages, each with its number as text; a square on page 1 and one on page 36."""
    pdf = numbered_pages_pdf(PAGES)
    pdf.pages[0].Annots = pdf.make_indirect([square(pdf, "near-square", [100, 300, 250, 400])])
    pdf.pages[FAR].Annots = pdf.make_indirect([square(pdf, "far-square", [200, 300, 350, 400])])
    path = tmp_path_factory.mktemp("opening") / "annotated.pdf"
    pdf.save(path)
    return path


def test_a_long_document_takes_its_far_pages_annotations_after_the_first_page(new_editor, web_server, annotated_pdf):
    doc = api(web_server, "POST", "/api/v1/documents?name=annotated.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    asked = editor.js(ANNOTATION_REQUESTS)
    print(f"\n{editor.engine}: annotation requests {asked}")
    assert asked[0].endswith(OPENING_QUERY), f"the opening pages' annotations first: {asked}"
    assert any(path.endswith("/annotations") for path in asked[1:]), f"then every page's: {asked}"
    assert editor.js("!!document.querySelector('.page[data-page=\"0\"].rendered')"), "page 1 is drawn"

    # Opened: the model and the engine hold every page's annotations, the far page's too.
    assert editor.js("marginalia.model.allAnnotations().map((a) => a.id).sort()") == ["far-square", "near-square"]
    hit = editor.js(ENGINE_CALL, {"call": "hitTest", "pageIndex": FAR, "point": [275, 350]})
    assert hit.get("id") == "far-square", f"the engine finds the far square: {hit}"

    # Scrolled to: the far page is drawn with the square, which a tap of Select picks up.
    editor.show_page(FAR)
    assert editor.js(f"marginalia.viewer.views[{FAR}].built") is True
    red = canvas_pixels(editor, FAR, [(275, 350)])[0]
    assert red[0] > 200 and red[1] < 80 and red[2] < 80, f"the far square is drawn: {red}"
    editor.js("marginalia.setTool('select')")
    x, y = editor.page_point_to_client(FAR, 275, 350)
    editor.mouse_click(x, y)
    editor.wait_until("marginalia.selection().ids.includes('far-square')")
    editor.screenshot("opening-annotations-far-page")
    assert editor.js("marginalia.selection().ids") == ["far-square"]


def test_the_whole_list_taken_by_the_model(blank_page):
    """The engine taking every page's list in place of the opening pages', at the older
    revision, naming the pages whose annotations it had or has now. (Which pages come first is
    the server's: APIOpeningAnnotationsTests.)"""
    result = blank_page.js("""async () => {
        const { OpenDocument } = await import('/app/js/opendocument.js');
        const engine = await import('/app/js/engine.js');
        await engine.loadEngine();
        const pages = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((index) => ({index, box: [0, 0, 612, 792], rotation: 0}));
        engine.call({call: 'init', pages, viewSize: [800, 1000]});
        const note = (id, pageIndex) => ({id, type: 'square', pageIndex, rect: [0, 0, 10, 10]});
        const model = new OpenDocument();
        model.load({id: 'x', pages}, [note('a', 1), note('b', 2)], 3);
        let heard = 0;
        model.onChange(() => { heard += 1; });
        const touched = model.replaceAnnotations([note('a', 1), note('b', 2), note('far', 9)], Math.min(model.revision, 5));
        return [[...touched].sort(), model.allAnnotations().map((a) => a.id), model.revision, model.annotationsOnPage(9).map((a) => a.id), heard];
    }""")
    assert result == [[1, 2, 9], ["a", "b", "far"], 3, ["far"], 0]


# Every `fetch` of the page, in order, as "sent PATH" and "answered PATH"; the summary's answer
# (`GET …/documents/{id}`) is held back until an opening annotations request (`?around=`) has
# been sent, so an opening whose annotations wait for the summary never ends.
HOLD_THE_SUMMARY = r"""() => {
    const real = window.fetch;
    const log = window.fetchLog = [];
    let sent;
    const annotationsSent = new Promise((resolve) => { sent = resolve; });
    window.fetch = (input, init) => {
        const url = new URL(typeof input === 'string' ? input : input.url, location.href);
        const path = url.pathname + url.search;
        log.push('sent ' + path);
        if (url.pathname.endsWith('/annotations') && url.searchParams.has('around')) sent();
        const answer = real(input, init);
        if (!/\/documents\/[0-9a-f]{32}$/.test(url.pathname)) return answer;
        return annotationsSent.then(() => answer).then((response) => { log.push('answered ' + path); return response; });
    };
    return true;
}"""


def test_the_opening_annotations_go_out_before_the_summary_answers(new_tab, web_server, annotated_pdf):
    """The first annotations request does not wait for the document's summary (whose page
    count it used to need): with the summary's answer held back until an annotations request
    is sent, the editor still opens, and the request went out before that answer came; page
    1's annotation is shown."""
    doc = api(web_server, "POST", "/api/v1/documents?name=annotated.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    page = Page(new_tab(), web_server)
    page.goto("/")
    # Without ?doc= the editor opens the first document listed: that opening ends first.
    page.wait_until(f"!!(window.marginalia && marginalia.review && marginalia.model.summary) && ({OPENED})", timeout=15000)
    page.js(HOLD_THE_SUMMARY)
    page.js("(id) => { marginalia.open(id); return true; }", doc)
    page.wait_until(f"marginalia.model.summary?.id === '{doc}' && ({OPENED}) && ({PAGE_DRAWN})(0)", timeout=20000)
    log = page.js("window.fetchLog")
    print(f"\n{page.engine}: {log}")
    summary = f"/api/v1/documents/{doc}"
    opening = log.index(f"sent {summary}{OPENING_QUERY}")
    assert log.index(f"sent {summary}") < log.index(f"answered {summary}")
    assert opening < log.index(f"answered {summary}"), f"the annotations went out before the summary answered: {log}"
    assert f"sent {summary}/annotations" in log[opening:], f"then every page's: {log}"
    assert "near-square" in page.js("marginalia.model.allAnnotations().map((a) => a.id)")
    red = canvas_pixels(page, 0, [(175, 350)])[0]
    assert red[0] > 200 and red[1] < 80 and red[2] < 80, f"page 1's square is drawn: {red}"
    page.screenshot("opening-annotations-beside-summary")


@pytest.mark.chromium_only("holds the summary's answer back through Playwright's request routing")
def test_the_editor_asks_for_the_opening_annotations_while_the_summary_is_held(new_tab, web_server, annotated_pdf):
    """The editor's own opening (the address names the document: fetched while the engine
    loads), observed by Playwright: the summary's answer is held at the network until the
    annotations request has been seen, then let go; the editor opens with page 1's square."""
    doc = api(web_server, "POST", "/api/v1/documents?name=annotated.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    tab = new_tab()
    held, seen = [], []
    tab.page.on("request", lambda request: seen.append(request.url))
    tab.page.route(f"**/api/v1/documents/{doc}", lambda route: held.append(route))
    page = Page(tab, web_server)
    tab.page.goto(web_server + f"/?doc={doc}", wait_until="commit")
    deadline = time.time() + 15
    while not (held and any(url.endswith(OPENING_QUERY) for url in seen)):
        assert time.time() < deadline, f"the annotations were not asked for while the summary was held: {seen}"
        tab.wait(50)
    assert len(held) == 1, "the summary is still unanswered"
    held[0].continue_()
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=20000)
    assert page.js("marginalia.model.allAnnotations().map((a) => a.id).sort()") == ["far-square", "near-square"]
    red = canvas_pixels(page, 0, [(175, 350)])[0]
    assert red[0] > 200 and red[1] < 80 and red[2] < 80, f"page 1's square is drawn: {red}"


# Before the page's own scripts: each Worker made and each fetch of a file, in order.
WORKERS_AND_FILES = r"""(() => {
    const log = window.startLog = [];
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
        constructor(url, options) {
            super(url, options);
            log.push('worker ' + (String(url).startsWith('blob:') ? 'blob' : new URL(String(url), location.href).pathname));
        }
    };
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
        const path = new URL(typeof input === 'string' ? input : input.url, location.href).pathname;
        if (path.endsWith('/file')) log.push('file');
        if (path.endsWith('/pdf.worker.mjs')) log.push('script ' + path);
        return realFetch(input, init);
    };
})();"""


@pytest.mark.chromium_only("counts the page's workers from an init script (Playwright's add_init_script)")
def test_pdfjs_worker_starts_before_the_file_is_asked_for_and_serves_every_document(new_tab, web_server, annotated_pdf):
    """pdf.js's worker is started first of all (pdfworker.js fetches its script, then runs it
    from a Blob URL): its script is asked for before the file's first bytes (not once they
    came), and the next document opens in the same worker."""
    first = api(web_server, "POST", "/api/v1/documents?name=one.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    second = api(web_server, "POST", "/api/v1/documents?name=two.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    tab = new_tab()
    tab.context.add_init_script(WORKERS_AND_FILES)
    page = Page(tab, web_server)
    page.goto(f"/?doc={first}")
    # OPENED first: it checks that the editor's global is set before the rest reads it.
    page.wait_until(f"({OPENED}) && marginalia.model.summary?.id === '{first}' && ({PAGE_DRAWN})(0)", timeout=20000)
    page.js("(id) => { marginalia.open(id); return true; }", second)
    page.wait_until(f"marginalia.model.summary?.id === '{second}' && ({OPENED}) && ({PAGE_DRAWN})(0)", timeout=20000)
    log = page.js("window.startLog")
    workers = [entry for entry in log if entry.startswith("worker ")]
    assert workers == ["worker blob"], f"one worker, run from the fetched script, for both documents: {log}"
    assert log.count("script /vendor/pdfjs/pdf.worker.mjs") == 1, f"the script fetched once: {log}"
    # The worker itself is made once its script has come, which may be after the file's tail
    # was asked for (earlyrequests.js): what must come first is the script's request.
    script = log.index("script /vendor/pdfjs/pdf.worker.mjs")
    assert script < log.index(workers[0]) and script < log.index("file"), f"the worker's script before the file: {log}"
