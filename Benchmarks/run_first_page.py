#!/usr/bin/env python3
"""Benchmark "first page" (issue 36): the timeline of the large document's opening, step by
step, in the editor and in a bare pdf.js page, each opened from its navigation in a new
browser context (nothing cached), alternately, in the same Chromium against the same server.

The editor's steps are the marks it puts on its own performance timeline (pdfworker.js,
earlyopen.js, viewer.js: `marginalia:*`); the bare page (the server's smallest answer, with
a script run in it as soon as it is there) imports pdf.js's module, starts its worker, opens
the same file by 64 KiB ranges with the editor's pdf.js options and draws page 1 at 100 %,
marking the same steps (`bare:*`). The document is run_large.py's (made there
once). With `--before DIR`, a second server serves that editor's folder (e.g. main's
`git archive HEAD Web`), opened in turn with this checkout's.

    python3 Benchmarks/run_first_page.py [--marginalia BIN | --no-build] [--runs 7] [--before DIR]
"""

import statistics
import time
from pathlib import Path

import editor_session as session
from run_large import FIRST_PAGE_MARK, request, set_up

# The bare pdf.js page: the server's smallest answer (`GET /api/v1/me`, a few bytes of JSON)
# navigated to, then this run in it at once: pdf.js's module imported, its worker started, the
# same file opened by 64 KiB ranges with the editor's pdf.js options, page 1 drawn at 100 %.
# (An HTML page of its own given to the browser by request routing ran no module script.)
BARE_PAGE = "/api/v1/me"
BARE_SCRIPT = """async (url) => {
    performance.mark('bare:module');
    const pdfjsLib = await import('/vendor/pdfjs/pdf.mjs');
    pdfjsLib.GlobalWorkerOptions.workerSrc = '/vendor/pdfjs/pdf.worker.mjs';
    performance.mark('bare:library');
    const worker = new pdfjsLib.PDFWorker({ name: 'bare' });
    performance.mark('bare:worker-created');
    await worker.promise;
    performance.mark('bare:worker-ready');
    const folder = (name) => new URL(`/vendor/pdfjs/${name}/`, location.href).href;
    const pdf = await pdfjsLib.getDocument({ url, worker, rangeChunkSize: 65536, disableAutoFetch: true,
        disableStream: true, useSystemFonts: false, standardFontDataUrl: folder('standard_fonts'),
        cMapUrl: folder('cmaps'), cMapPacked: true, wasmUrl: folder('wasm'), iccUrl: folder('iccs') }).promise;
    performance.mark('bare:document');
    const page = await pdf.getPage(1);
    performance.mark('bare:page');
    const viewport = page.getViewport({ scale: 1 });
    const canvas = Object.assign(document.createElement('canvas'), { width: viewport.width, height: viewport.height });
    document.body.append(canvas);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    performance.mark('bare:drawn');
}"""

# (label, the editor's mark, the bare page's mark); None: the step has no mark there.
STEPS = [
    ("the HTML in (the navigation's `responseEnd`)", "html", "html"),
    ("the opening's first module runs", "marginalia:early-open", "bare:module"),
    ("pdf.js's worker created", "marginalia:worker-created", "bare:worker-created"),
    ("the worker ready (its first message)", "marginalia:worker-ready", "bare:worker-ready"),
    ("the file's end (and beginning) in (`getFile`)", "marginalia:early-file", None),
    ("`main.js` runs", "marginalia:main", None),
    ("the editor starts (after the early page)", "marginalia:editor-start", None),
    ("`getDocument` resolved", "marginalia:early-document", "bare:document"),
    ("page 1 fetched (`getPage`)", "marginalia:early-page", "bare:page"),
    ("page 1 drawn before the editor has started (earlypage.js)", "marginalia:early-page-drawn", None),
    ("the pages laid out", "marginalia:pages-laid-out", None),
    ("page 1 drawn by the editor", "marginalia:page-drawn", None),
    ("**page 1 shown** (the first of the two drawings)", "shown", "bare:drawn"),
]

# Every mark of the page and when its HTML was in (ms after the navigation began), and the
# page's JavaScript heap (the main thread's; Chromium's `performance.memory`, in bytes).
TIMELINE = """(() => {
    const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
    marks.html = performance.getEntriesByType('navigation')[0].responseEnd;
    if (window.firstPageDrawn) marks.shown = window.firstPageDrawn;  // run_large.py's FIRST_PAGE_MARK
    marks.heap = performance.memory?.usedJSHeapSize ?? 0;
    return marks;
})()"""


# The editor's page 1 drawn (the class an editor before this round's marks sets too).
EDITOR_DREW = "!!document.querySelector('.page.rendered')"


def open_once(browser, url, done, bare_file=None):
    """The timeline of one opening of `url` in a new context, once the expression `done` is
    true; with `bare_file`, BARE_SCRIPT run on that file once the page is there."""
    tab = browser.new_tab({"width": 1280, "height": 900}, False, 1)
    try:
        if not bare_file:
            tab.context.add_init_script(FIRST_PAGE_MARK)
        tab.page.goto(url, wait_until="commit")
        if bare_file:
            tab.evaluate(BARE_SCRIPT, bare_file)
        # Polled from here: Playwright's wait_for_function evaluates with eval, which the editor's CSP forbids.
        deadline = time.time() + 60
        while not tab.evaluate(done):
            if time.time() > deadline:
                raise RuntimeError(f"{url}: not {done} within 60 s")
            tab.wait(10)
        errors = tab.errors()
        if errors:
            raise RuntimeError(f"{url}: {errors}")
        return tab.evaluate(TIMELINE)
    finally:
        tab.close()


def main():
    args, binary, document = set_up(__doc__, lambda parser: parser.add_argument(
        "--before", type=Path, help="an editor's folder to open in turn with this checkout's Web/"))
    timelines = {"editor": [], "before": [], "bare": []}
    with session.served(binary) as (base, _), session.chromium() as browser:
        with (session.served(binary, args.before) if args.before else _nothing()) as other:
            doc = request(base, "POST", "/api/v1/documents?name=large.pdf", document.read_bytes(), "application/pdf")["id"]
            before_doc = (request(other[0], "POST", "/api/v1/documents?name=large.pdf", document.read_bytes(),
                                  "application/pdf")["id"] if other else None)
            for run in range(args.runs):
                # Who goes first alternates: the first opening of a pair meets a quieter machine.
                editors = [("editor", base, doc), ("before", other[0], before_doc)] if other else [("editor", base, doc)]
                for name, server, document_id in (editors if run % 2 == 0 else editors[::-1]):
                    timelines[name].append(open_once(browser, f"{server}/?doc={document_id}", EDITOR_DREW))
                file_url = f"{base}/api/v1/documents/{doc}/file"
                timelines["bare"].append(open_once(browser, f"{base}{BARE_PAGE}",
                                                    "performance.getEntriesByName('bare:drawn').length > 0", file_url))
            version = session.chromium_version(browser)
    print(report(timelines, args.runs, version))


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *_):
        return False


def median(timelines, mark):
    values = [t[mark] for t in timelines if mark in t]
    return f"{statistics.median(values):,.0f}" if values else ""


def report(timelines, runs, version):
    columns = [name for name in ("before", "editor") if timelines[name]]
    heading = " | ".join({"before": "editor before", "editor": "editor (this checkout)"}[name] for name in columns)
    lines = [f"Medians of {runs} openings each, ms after the navigation, Chromium {version}:", "",
             f"| step | {heading} | bare pdf.js |", "| --- |" + " ---: |" * (len(columns) + 1)]
    for label, mark, bare in STEPS:
        cells = [median(timelines[name], mark) for name in columns]
        lines.append(f"| {label} | {' | '.join(cells)} | {median(timelines['bare'], bare) if bare else ''} |")
    drawn = {name: statistics.median(t[mark] for t in timelines[name])
             for name, mark in [*((c, "shown") for c in columns), ("bare", "bare:drawn")]}
    heap = {name: statistics.median(t["heap"] for t in timelines[name]) / 1e6 for name in drawn}
    lines += ["", "page 1 shown, each opening (ms): " + "; ".join(
        f"{name} " + ", ".join(f"{t[m]:.0f}" for t in timelines[name])
        for name, m in [*((c, "shown") for c in columns), ("bare", "bare:drawn")])]
    lines += ["ratio to bare pdf.js (page 1 shown): " + "; ".join(f"{name} {drawn[name] / drawn['bare']:.2f}x" for name in columns)]
    lines += ["the page's JavaScript heap once the editor drew page 1 (bare: once drawn; MB, median): " +
              "; ".join(f"{name} {value:.1f}" for name, value in heap.items())]
    lines += [f"target < 1 s: {'met' if drawn['editor'] < 1000 else 'not met'} ({drawn['editor'] / 1000:.2f} s)"]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
