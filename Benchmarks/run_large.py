#!/usr/bin/env python3
"""Benchmark "large" (issue 36, "Large files"): a 300 MB, 2,000-page document uploaded to a real
`marginalia serve`, opened in the editor (range requests), searched and saved after an edit,
with the server's memory; and the peers doing the same jobs on the same file in the same run:
PyMuPDF (open and draw page 1, search every page, add an annotation and save incrementally)
and a bare pdf.js in the same Chromium (open the same URL by ranges and draw page 1).

The document is made here (Benchmarks/work/large-300mb.pdf): each page a line of text (the
word searched for on one page only) and an uncompressed image of noise, so that a page's
drawing needs its own 150 KB and nothing compresses.

    python3 Benchmarks/run_large.py [--marginalia BIN | --no-build] [--runs 5] [--megabytes 300]
"""

import argparse
import json
import random
import statistics
import threading
import time
import urllib.request
from pathlib import Path

import pikepdf

import bench_common as bench
import editor_session as session
from run_tabs import noise_image

PAGES = 2000
NEEDLE = "quillwort"
NEEDLE_PAGE = 1500

BARE_PDFJS = """async (url) => {
    const { pdfjsLib } = await import('/app/js/pdfjs.js');
    const { PDFJS_OPTIONS } = await import('/app/js/pdfopen.js');
    const started = performance.now();
    const task = pdfjsLib.getDocument({url, rangeChunkSize: 65536, disableAutoFetch: true, disableStream: true,
                                       ...PDFJS_OPTIONS});
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({scale: 1});
    const canvas = document.createElement('canvas');
    canvas.width = viewport.width; canvas.height = viewport.height;
    await page.render({canvasContext: canvas.getContext('2d'), viewport}).promise;
    const elapsed = performance.now() - started;
    await task.destroy();
    return elapsed;
}"""

# When the editor's first page is drawn (ms since the navigation began): a mark of the page's
# own clock, before the harness's waits for the rest of the opening and for zoom 100 %. The
# page earlyopen.js draws before the editor has started (earlypage.js) counts: it is the
# page, drawn from the file where the editor shows it.
FIRST_PAGE_MARK = """new MutationObserver(() => {
    if (!window.firstPageDrawn && document.querySelector('.page.rendered, .early-page.rendered')) window.firstPageDrawn = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});"""

PYMUPDF_FIRST_PAGE = """import sys, time, fitz
t = time.perf_counter(); doc = fitz.open(sys.argv[1]); doc[0].get_pixmap(); print(time.perf_counter() - t)"""

PYMUPDF_FIND = """import sys, time, fitz
t = time.perf_counter(); doc = fitz.open(sys.argv[1])
hits = [i for i, page in enumerate(doc) if page.search_for(sys.argv[2])]
print(time.perf_counter() - t, hits)"""

PYMUPDF_SAVE = """import sys, time, fitz
t = time.perf_counter(); doc = fitz.open(sys.argv[1])
doc[0].add_ink_annot([[(100 + 20 * i, 250) for i in range(11)]]); doc.save(sys.argv[1], incremental=True,
encryption=fitz.PDF_ENCRYPT_KEEP); print(time.perf_counter() - t)"""


def make_document(megabytes):
    path = bench.WORK / f"large-{megabytes}mb.pdf"
    if path.exists():
        return path
    side = int((megabytes * 1_000_000 / PAGES) ** 0.5)
    noise = random.Random(36)
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for index in range(PAGES):
        image = noise_image(pdf, side, noise)
        page = pdf.add_blank_page(page_size=(612, 792))
        page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary({"/Im": image}),
                                            Font=pikepdf.Dictionary(F1=font))
        word = NEEDLE if index + 1 == NEEDLE_PAGE else "page"
        page.Contents = pikepdf.Stream(pdf, (f"q 300 0 0 300 150 300 cm /Im Do Q "
                                             f"BT /F1 14 Tf 72 720 Td (Large file, {word} {index + 1}) Tj ET").encode())
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.save(path, compress_streams=False)
    return path


class PeakMemory:
    """The largest anonymous memory (RssAnon) and resident set (VmRSS) of a process while the
    block runs, sampled every 10 ms."""

    def __init__(self, pid):
        self.pid, self.anon, self.rss, self.done = pid, 0, 0, threading.Event()

    def read(self):
        fields = {}
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                fields[name] = int(value.split()[0]) * 1024 if value.strip().endswith("kB") else 0
        return fields.get("RssAnon", 0), fields.get("VmRSS", 0)

    def __enter__(self):
        def run():
            while not self.done.is_set():
                anon, rss = self.read()
                self.anon, self.rss = max(self.anon, anon), max(self.rss, rss)
                time.sleep(0.01)
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.done.set()
        self.thread.join()


def request(base, method, path, body=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    headers = {"Content-Type": content_type} if data is not None else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method=method, headers=headers),
                                timeout=600) as response:
        return json.loads(response.read() or b"null")


def timed(call):
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def python(script, *arguments):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", script, *map(str, arguments)], capture_output=True, text=True, check=True)
    return done.stdout.split()


def set_up(doc, add_arguments):
    """The command line of a large-document benchmark (this one, run_first_page.py) read, with
    the arguments `add_arguments(parser)` adds: (arguments, marginalia binary, document)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--megabytes", type=int, default=300)
    add_arguments(parser)
    args = parser.parse_args()
    bench.check_runs(parser, args)
    return args, bench.marginalia_binary(args), make_document(args.megabytes)


def main():
    args, binary, document = set_up(__doc__, lambda parser: parser.add_argument(
        "--web", type=Path, help="the editor's folder to serve (default: this checkout's Web/)"))
    size = document.stat().st_size
    rows = {name: [] for name in ("upload", "first page", "first page drawn", "find", "edit and save")}
    peers = {name: [] for name in ("first page, pdf.js", "first page, PyMuPDF", "find, PyMuPDF", "edit and save, PyMuPDF")}
    memory = []
    with session.served(binary, args.web) as (base, process), session.chromium() as browser:
        version = f"Chromium {session.chromium_version(browser)}"
        blank = browser.new_tab({"width": 1280, "height": 900}, False, 1)
        blank.goto(base + "/")
        for run in range(args.runs):
            with PeakMemory(process.pid) as peak:
                seconds, made = timed(lambda: request(base, "POST", f"/api/v1/documents?name=large-{run}",
                                                      document.read_bytes(), "application/pdf"))
                rows["upload"].append(seconds)
                doc = made["id"]
                seconds, editor = timed(lambda: session.open_editor(browser, base, doc, {"width": 1280, "height": 900},
                                                                    init_script=FIRST_PAGE_MARK))
                rows["first page"].append(seconds)
                rows["first page drawn"].append(editor.js("window.firstPageDrawn") / 1000)
                seconds, found = timed(lambda: request(base, "GET", f"/api/v1/documents/{doc}/search?q={NEEDLE}"))
                rows["find"].append(seconds)
                pages = sorted({hit["page"] for hit in found["results"]})
                if pages != [NEEDLE_PAGE - 1]:
                    raise RuntimeError(f"the find reported {pages}, not page {NEEDLE_PAGE - 1} (0-based)")
                line = editor.page_points_to_client(0, [(100 + 20 * i, 250) for i in range(11)])
                started = time.perf_counter()
                editor.pen_stroke(line)
                editor.wait_until("marginalia.model.revision >= 1", 60000)
                request(base, "POST", f"/api/v1/documents/{doc}/save")
                rows["edit and save"].append(time.perf_counter() - started)
                editor.tab.close()
            memory.append((peak.anon, peak.rss))
            peers["first page, pdf.js"].append(blank.evaluate(BARE_PDFJS, f"{base}/api/v1/documents/{doc}/file") / 1000)
            peers["first page, PyMuPDF"].append(float(python(PYMUPDF_FIRST_PAGE, document)[0]))
            seconds, *_ = python(PYMUPDF_FIND, document, NEEDLE)
            peers["find, PyMuPDF"].append(float(seconds))
            copy = bench.WORK / "large-pymupdf-copy.pdf"
            copy.write_bytes(document.read_bytes())
            peers["edit and save, PyMuPDF"].append(float(python(PYMUPDF_SAVE, copy)[0]))
            copy.unlink()
    median = {name: statistics.median(values) for name, values in {**rows, **peers}.items()}
    anon = max(m[0] for m in memory)
    rss = max(m[1] for m in memory)
    text = f"""## Workload "large"

One document of {size / 1e6:.0f} MB and {PAGES} pages (each page a line of text and an
uncompressed image of noise; the word searched for on page {NEEDLE_PAGE} only), {args.runs} runs,
medians. Marginalia: `marginalia serve` over a data folder, the editor in {version} (headless,
1280x900) on the loopback. Peers on the same file in the same runs: PyMuPDF in a process of its
own, and a bare pdf.js (the editor's own build, from the same server URL, by 64 KiB ranges) in
the same Chromium.

| job | Marginalia | peer | ratio |
| --- | ---: | ---: | ---: |
| upload (`POST /documents`, {size / 1e6:.0f} MB) | {median['upload']:.2f} s | | |
| first page shown (editor opened on the document) | {median['first page']:.2f} s | pdf.js {median['first page, pdf.js']:.2f} s; PyMuPDF {median['first page, PyMuPDF']:.2f} s | {median['first page'] / median['first page, pdf.js']:.2f}x pdf.js |
| first page drawn (the page's clock, from the navigation) | {median['first page drawn']:.2f} s | pdf.js {median['first page, pdf.js']:.2f} s | {median['first page drawn'] / median['first page, pdf.js']:.2f}x pdf.js |
| find a word in every page (first search: reads all {PAGES} pages) | {median['find']:.2f} s | PyMuPDF {median['find, PyMuPDF']:.2f} s | {median['find'] / median['find, PyMuPDF']:.2f}x PyMuPDF |
| a stroke, then save (incremental) | {median['edit and save']:.2f} s | PyMuPDF {median['edit and save, PyMuPDF']:.2f} s | {median['edit and save'] / median['edit and save, PyMuPDF']:.2f}x PyMuPDF |

The server's memory over each run (upload, open, find, edit, save), largest of the runs:
{anon / 1e6:.0f} MB anonymous (the heap; the file itself is read through mappings, in the
kernel's page cache), {rss / 1e6:.0f} MB resident in all. Target (issue 36): the first page in
under 1 s on the loopback: {"met" if median['first page drawn'] < 1 else "**not met**"} (drawn after {median['first page drawn']:.2f} s;
"shown" also waits for the rest of the opening and a second drawing at 100 %).

{bench.machine_note(("pikepdf", "pymupdf"))}

`python3 Benchmarks/run_large.py` ({time.strftime('%Y-%m-%d', time.gmtime())}, server `{binary}`)."""
    print(text)
    bench.write_section(args.report, "large", text)


if __name__ == "__main__":
    main()
