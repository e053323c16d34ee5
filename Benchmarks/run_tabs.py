#!/usr/bin/env python3
"""Benchmark "tabs" (issue 29, item 3): ten editor tabs on one 50 MB document, each drawing
strokes in turn; the bytes of the document's file each tab receives, to open it and per edit,
and how long until every tab shows the file of the new state.

One headless Chromium with ten tabs on a real `marginalia serve`. The document is made here:
pages of incompressible images (Benchmarks/work/tabs-50mb.pdf), so that a page's drawing
needs its own bytes. Each tab opens it (at a page of its own), then the tabs take turns: one
draws a stroke, and the clock runs until every tab has fetched and drawn the file of the new
revision (`display.fileRevision === model.revision`: filerefresh.js fetches it 1.5 s after the
edits stop). Bytes are the tabs' resource timing of `…/file` (`encodedBodySize`). Before the
range loading of Web/js/rangefile.js every tab downloaded the whole file to open it and after
every burst of edits, its own or another tab's: the "whole file" column states that figure.

    python3 Benchmarks/run_tabs.py [--marginalia BIN | --no-build] [--tabs 10] [--edits 5] [--megabytes 50]
"""

import argparse
import random
import statistics
import time

import pikepdf

import bench_common as bench
import editor_session as session

SIDE = 300  # an image of 300 x 300 grey samples: 90,000 bytes a page

FILE_BYTES = """performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.endsWith('/file'))
    .reduce((sum, e) => sum + e.encodedBodySize, 0)"""


def noise_image(pdf, side, noise):
    """An uncompressed `side` x `side` image of grey noise: nothing compresses it, and drawing
    it needs its own bytes (shared with run_large.py)."""
    image = pikepdf.Stream(pdf, noise.randbytes(side * side))
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height, image.BitsPerComponent = side, side, 8
    image.ColorSpace = pikepdf.Name.DeviceGray
    return image


def make_document(megabytes):
    path = bench.WORK / f"tabs-{megabytes}mb.pdf"
    if path.exists():
        return path
    pages = max(1, megabytes * 1_000_000 // (SIDE * SIDE))
    noise = random.Random(29)
    pdf = pikepdf.new()
    for index in range(pages):
        image = noise_image(pdf, SIDE, noise)
        page = pdf.add_blank_page(page_size=(612, 792))
        page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary({f"/Im{index}": image}))
        page.Contents = pikepdf.Stream(pdf, f"q 300 0 0 300 150 300 cm /Im{index} Do Q".encode())
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.save(path, compress_streams=False)
    return path


def all_current(editors, revision):
    return all(e.js(f"marginalia.model.revision >= {revision} && marginalia.display.fileRevision === marginalia.model.revision")
               for e in editors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--tabs", type=int, default=10)
    parser.add_argument("--edits", type=int, default=5, help="strokes in all, by the tabs in turn")
    parser.add_argument("--megabytes", type=int, default=50)
    args = parser.parse_args()
    binary = bench.marginalia_binary(args)
    document = make_document(args.megabytes)
    size = document.stat().st_size
    pages = len(pikepdf.open(document).pages)
    with session.server(binary) as base, session.chromium() as browser:
        doc_id = session.upload(base, document)
        editors = []
        opening = []
        for index in range(args.tabs):
            started = time.time()
            editor = session.open_editor(browser, base, doc_id, {"width": 1280, "height": 900})
            opening.append(time.time() - started)
            editor.show_page(index * pages // args.tabs)
            editors.append(editor)
        opened = [e.js(FILE_BYTES) for e in editors]
        settle = []
        for edit in range(args.edits):
            editor = editors[edit % len(editors)]
            page = editor.js("marginalia.viewer.currentPage")
            revision = editor.js("marginalia.model.revision")
            line = editor.page_points_to_client(page, [(100 + 20 * i, 250 + 10 * edit) for i in range(11)])
            started = time.time()
            editor.pen_stroke(line)
            deadline = started + 60
            while not all_current(editors, revision + 1):
                if time.time() > deadline:
                    states = [e.js("[marginalia.model.revision, marginalia.display.fileRevision, document.visibilityState]")
                              for e in editors]
                    raise RuntimeError(f"edit {edit + 1}: the tabs did not all show the new file within 60 s "
                                       f"(model revision, file revision, visibility per tab: {states})")
                time.sleep(0.05)
            settle.append(time.time() - started)
        after = [e.js(FILE_BYTES) for e in editors]
        errors = [error for e in editors for error in e.errors]
        version = f"Chromium {session.chromium_version(browser)}"
    per_edit = [(a - o) / args.edits for a, o in zip(after, opened)]
    text = f"""## Workload "tabs"

{args.tabs} editor tabs ({version}, headless, 1280x900, one browser) on one document of
{size / 1e6:.1f} MB and {pages} pages (each page an uncompressed image of noise: its drawing
needs its own 90 KB), each tab at a page of its own; {args.edits} strokes drawn by the tabs in
turn, each followed by the wait until every tab has fetched and drawn the file of the new
revision (filerefresh.js waits 1.5 s of quiet first). Bytes are what each tab received of the
document's file (resource timing, `encodedBodySize`).

| | per tab, median | per tab, largest | all tabs | the whole file each time (before) |
| --- | ---: | ---: | ---: | ---: |
| to open | {statistics.median(opened) / 1e6:.2f} MB | {max(opened) / 1e6:.2f} MB | {sum(opened) / 1e6:.1f} MB | {args.tabs * size / 1e6:.0f} MB |
| per edit | {statistics.median(per_edit) / 1e6:.2f} MB | {max(per_edit) / 1e6:.2f} MB | {sum(per_edit) / 1e6:.1f} MB | {args.tabs * size / 1e6:.0f} MB |

Opening a tab took {statistics.median(opening):.1f} s (median, to the first page drawn and the
opening done); from a stroke to every tab showing the new file took {statistics.median(settle):.1f} s
(median; largest {max(settle):.1f} s), of which 1.5 s is the editor's pause before it fetches.
{"Script errors: " + str(errors[:3]) if errors else ""}

`python3 Benchmarks/run_tabs.py` ({time.strftime('%Y-%m-%d', time.gmtime())}, server `{binary}`)."""
    print(text)
    bench.write_section(args.report, "tabs", text)


if __name__ == "__main__":
    main()
