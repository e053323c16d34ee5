"""Issue 36 (the first page of a large file at once): what the editor does before its first
page is drawn. Every module of Web/js the editor loads before it is preloaded by index.html
(the list scripts/modulepreload.py writes from the import graph; what features.js loads after
page 1 is not), pdf.js runs in the worker pdfworker.js started first of all, and the pages
of a document are laid out while its file is still opening (pdf.js reading its first ranges),
a slice at a time with the main thread free between slices (pdf.js's range reads, which it
relays, go out meanwhile), then drawn as soon as it is open:
every page laid out, the last one reachable and drawn. The opening's first requests for a
document named in the address go out from earlyrequests.js, before the editor's modules have
all come, each once."""

import sys
from pathlib import Path

from editor_harness import PAGE_DRAWN, api
from viewer_helpers import numbered_pages_pdf

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import modulepreload  # noqa: E402

PAGES = 300

MODULES_LOADED = """[...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
    .filter((path) => path.startsWith('/app/js/')))].sort()"""
# The modules of Web/js first fetched before the features page 1 does not need were asked for
# (features.js, the mark `marginalia:features`, once a page is drawn).
MODULES_BEFORE_FEATURES = """(() => {
    const mark = performance.getEntriesByName('marginalia:features')[0]?.startTime ?? Infinity;
    return [...new Set(performance.getEntriesByType('resource').filter((e) => e.startTime < mark)
        .map((e) => new URL(e.name).pathname).filter((path) => path.startsWith('/app/js/')))].sort();
})()"""
PRELOADED = """[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname)
    .filter((path) => path.startsWith('/app/js/'))"""
SAME_WORKER = """async () => (await (await import('/app/js/pdfjs.js')).pdfWorkerReady).port
    === await (await import('/app/js/pdfworker.js')).workerListening"""

# When the request for pdf.js's worker script was made, and the first request for a module that
# index.html holds back until then (its template: pdf.js's module, main.js and the preloads of
# its graph; the modules pdfworker.js and earlyrequests.js load are not held), in the page's clock.
WORKER_FIRST = """(early) => {
    const entries = performance.getEntriesByType('resource');
    const path = (e) => new URL(e.name).pathname;
    const worker = entries.find((e) => path(e) === '/vendor/pdfjs/pdf.worker.mjs');
    const held = entries.filter((e) => (path(e).startsWith('/app/js/') && !early.includes(path(e)))
        || path(e) === '/vendor/pdfjs/pdf.mjs');
    return { worker: worker?.startTime ?? null, held: held.length, firstHeld: Math.min(...held.map((e) => e.startTime)) };
}"""

# Holds back every request for document DOC's file (its tail, pdf.js's ranges) until
# `releaseFile()`: the page's own fetch, wrapped, so that both browsers can do it.
HOLD_FILE = """(doc) => {
    const real = window.fetch;
    window.heldFile = [];
    window.fetch = (input, init) => {
        const url = String(input?.url ?? input);
        if (!url.includes(`/documents/${doc}/file`)) return real(input, init);
        return new Promise((resolve) => window.heldFile.push(() => resolve(real(input, init))));
    };
    window.releaseFile = () => { window.fetch = real; for (const go of window.heldFile.splice(0)) go(); };
    return true;
}"""

LAID_OUT = f"""marginalia.viewer.views.length === {PAGES}
    && performance.getEntriesByName('marginalia:pages-laid-out').length > 0"""
# What the pages look like when the layout hands the main thread back (the mark after
# `Viewer.layOut`), and when a task queued then runs: whether the page opened at and the
# last page are placed (shown, at their frame) at each moment.
WATCH_LAYOUT = f"""() => {{
    const placed = (index) => !marginalia.viewer.views[index].element.hidden;
    const mark = performance.mark.bind(performance);
    performance.mark = (name, ...rest) => {{
        if (name === 'marginalia:pages-laid-out') {{
            window.atMark = {{ first: placed(0), last: placed({PAGES - 1}) }};
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {{ window.inNextTask = {{ last: placed({PAGES - 1}) }}; }};
            channel.port2.postMessage(null);
        }}
        return mark(name, ...rest);
    }};
    return true;
}}"""
# The opening's requests: how many of each went out, and when the summary went out against
# the moment main.js began to run (its mark; it runs only once the editor's modules have come).
OPENING_REQUESTS = """(doc) => {
    const entries = performance.getEntriesByType('resource');
    const path = (e) => new URL(e.name).pathname + new URL(e.name).search;
    const mine = (suffix) => entries.filter((e) => path(e).startsWith(`/api/v1/documents/${doc}${suffix}`));
    const main = performance.getEntriesByName('marginalia:main')[0]?.startTime;
    const summary = entries.filter((e) => path(e) === `/api/v1/documents/${doc}`);
    const engine = entries.filter((e) => new URL(e.name).pathname.endsWith('/marginalia-core.wasm'));
    return { summary: summary.length, annotations: mine('/annotations?around=').length, fields: mine('/fields').length,
             file: mine('/file').length, summaryAt: summary[0]?.startTime, main,
             engine: engine.length, engineAt: engine[0]?.startTime };
}"""
# Where the last page's box is (CSS pixels from the top of the pages): placed, not at 0.
LAST_TOP = f"parseFloat(marginalia.viewer.views[{PAGES - 1}].element.style.top)"


def test_every_module_the_editor_loads_is_preloaded(new_editor):
    editor = new_editor()
    loaded, preloaded = editor.js(MODULES_LOADED), editor.js(PRELOADED)
    before_features = editor.js(MODULES_BEFORE_FEATURES)
    print(f"\n{editor.engine}: {len(loaded)} modules of Web/js loaded, {len(before_features)} before page 1, {len(preloaded)} preloaded")
    html = modulepreload.INDEX.read_text(encoding="utf-8")
    assert preloaded == modulepreload.graph(modulepreload.entries(html)), "index.html preloads the import graph, in its order"
    # What is loaded after page 1 (features.js, by dynamic import) is not preloaded: it would
    # compete with the first page.
    assert set(before_features) <= set(preloaded), f"loaded without a preload: {sorted(set(before_features) - set(preloaded))}"
    assert editor.js("performance.getEntriesByName('marginalia:features').length") == 1, "the features were asked for"
    assert len(loaded) > 50, f"the editor's modules are seen loading: {loaded}"
    assert editor.js(SAME_WORKER), "pdf.js opens documents in the worker pdfworker.js started"


def test_the_worker_script_is_asked_for_before_the_modules(new_editor):
    """Issue 36, eleventh round: the request for pdf.js's worker script (2.4 MB, what page 1
    waits for first) is made before the editor's modules are asked for: made after their 64
    preloads, it waited up to 0.94 s in Chromium for one of the six connections to the server."""
    editor = new_editor()
    index = modulepreload.INDEX
    early = modulepreload.graph([index.parent / "js" / "pdfworker.js", index.parent / "js" / "earlyrequests.js"])
    seen = editor.js(WORKER_FIRST, early)
    print(f"\n{editor.engine}: the worker's script asked for at {seen['worker']:.0f} ms, "
          f"the first of {seen['held']} held-back modules at {seen['firstHeld']:.0f} ms")
    assert seen["held"] > 50, f"the editor's modules were loaded: {seen}"
    assert seen["worker"] is not None and seen["worker"] <= seen["firstHeld"], f"the worker's script first: {seen}"


def test_the_pages_are_laid_out_while_the_file_opens(new_editor, web_server, tmp_path):
    path = tmp_path / "long.pdf"
    numbered_pages_pdf(PAGES).save(path)
    doc = api(web_server, "POST", "/api/v1/documents?name=long.pdf", path.read_bytes(), "application/pdf")["id"]
    editor = new_editor()
    editor.js("performance.clearMarks('marginalia:pages-laid-out')")
    assert editor.js(HOLD_FILE, doc)
    assert editor.js(WATCH_LAYOUT)
    editor.js(f"(window.opened = marginalia.open('{doc}'), true)")  # not awaited: it waits for the file

    # The file held back: every page is laid out already, none drawn, the file not open.
    editor.wait_until(LAID_OUT, 30000)
    # In slices: the page opened at placed at once, the last one in a later slice, after a
    # task queued when the layout handed the main thread back (pdf.js's relays are such tasks).
    editor.wait_until("window.inNextTask !== undefined", 10000)
    assert editor.js("window.atMark") == {"first": True, "last": False}, "the page in view first, the rest later"
    assert editor.js("window.inNextTask") == {"last": False}, "a task queued meanwhile runs before the last slice"
    assert editor.js("marginalia.viewer.placed.then(() => true)"), "the last slice is placed"
    held = editor.js("window.heldFile.length")
    print(f"\n{editor.engine}: {PAGES} pages laid out with {held} request(s) for the file held back; "
          f"the last page's box at {editor.js(LAST_TOP):.0f} px")
    assert held >= 1, "the file was asked for, and is held back"
    assert editor.js("marginalia.viewer.pdf") is None, "the pages wait for the file"
    assert editor.js("document.querySelectorAll('.page.rendered').length") == 0
    assert editor.js(LAST_TOP) > (PAGES - 2) * 300, "the last page is placed below the others"

    # The file comes: the first page is drawn, the opening ends, the last page can be reached.
    editor.js("window.releaseFile()")
    editor.wait_until(f"({PAGE_DRAWN})(0)", 30000)
    assert editor.js("window.opened") is True
    editor.js(f"marginalia.viewer.goToPage({PAGES - 1})")
    editor.wait_until(f"marginalia.viewer.currentPage === {PAGES - 1}", 10000)
    editor.wait_until(f"({PAGE_DRAWN})({PAGES - 1})", 30000)
    assert editor.js("marginalia.viewer.views.length") == PAGES


def test_the_opening_requests_go_out_before_the_editor_runs(new_editor, web_server, tmp_path):
    path = tmp_path / "long.pdf"
    numbered_pages_pdf(20).save(path)
    doc = api(web_server, "POST", "/api/v1/documents?name=long.pdf", path.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    seen = editor.js(OPENING_REQUESTS, doc)
    print(f"\n{editor.engine}: summary asked for at {seen['summaryAt']:.0f} ms, main.js ran at {seen['main']:.0f} ms")
    # Each once: the editor took earlyrequests.js's answers rather than asking again. The
    # file: its last 256 KiB (paths.js's FIRST_TAIL), then (a small file) the rest before
    # them, if any; its beginning is asked for only for a file read by ranges.
    assert (seen["summary"], seen["annotations"], seen["fields"]) == (1, 1, 1), seen
    assert seen["file"] == (2 if path.stat().st_size > 256 << 10 else 1), seen
    assert seen["summaryAt"] < seen["main"], "asked for before the editor's code ran"
    # The engine's module too (earlyrequests.js compiles it from the start), once: engine.js took it.
    assert seen["engine"] == 1 and seen["engineAt"] < seen["main"], f"the engine's module, once, before main.js: {seen}"
