#!/usr/bin/env python3
"""Benchmark "canvas_memory" (issue 15): the canvas memory of the browser editor while the
largest corpus file is scrolled end to end at iPad size.

Headless Chromium at 1024x1366 CSS pixels, device pixel ratio 2, touch, the page fitted to
the width and the thumbnails sidebar shown (its thumbnails follow the current page). The
file is uploaded to a real `marginalia serve`; the view scrolls down half a screen at a time,
from the first page to the end of the last, waiting at each step until the pages in view are
drawn. A script added before the editor's own (Playwright's init script) records every canvas
the page creates (document.createElement and OffscreenCanvas: the page bitmaps, those being
drawn, thumbnails, pdf.js's scratch canvases and the text layers' measuring canvases) through
weak references, and sums width x height x 4 over the live ones at every animation frame and
at every step: the backing store the tab holds, whether or not a canvas is still in the
document (a canvas not yet collected still holds its pixels, so it counts). Target: under
400 MB at every moment.

Prints and writes to docs/benchmarks.md (section "canvas_memory") the peak (with what made
it up), the figure over the scroll (the largest per tenth of the document) and the pages that
keep a bitmap at the end.

    python3 Benchmarks/run_canvas_memory.py [--marginalia BIN | --no-build] [--file PDF]
                                            [--no-thumbnails]
"""

import argparse
import os
import time
from pathlib import Path

import bench_common as bench
import editor_session as session

TARGET_MB = 400
CORPUS = Path(os.environ.get("MARGINALIA_CORPUS") or bench.ROOT.parent / "shared" / "corpus")
LARGEST = "fmtcorpus-govdocs-027613-broken-429p.pdf"  # the corpus file with the most pages

# Runs before the editor's scripts: every canvas created is kept by a weak reference, and the
# live ones' pixels are summed (by kind: page bitmaps, thumbnails, the rest) at each frame.
TRACKER = """(() => {
  const refs = [];
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name, options) {
    const element = createElement.call(this, name, options);
    if (String(name).toLowerCase() === 'canvas') refs.push(new WeakRef(element));
    return element;
  };
  if (window.OffscreenCanvas) {
    const Base = window.OffscreenCanvas;
    window.OffscreenCanvas = class extends Base { constructor(w, h) { super(w, h); refs.push(new WeakRef(this)); } };
  }
  const kind = (c) => (c.classList?.contains('page-canvas') ? 'page' : c.classList?.contains('thumb-canvas') ? 'thumb' : 'other');
  const measure = () => {
    const sums = { page: 0, thumb: 0, other: 0 }, counts = { page: 0, thumb: 0, other: 0 };
    let alive = 0;
    for (let i = 0; i < refs.length; i++) {
      const canvas = refs[i].deref();
      if (!canvas) continue;
      refs[alive++] = refs[i];
      const pixels = canvas.width * canvas.height;
      if (!pixels) continue;
      const k = kind(canvas);
      sums[k] += 4 * pixels; counts[k] += 1;
    }
    refs.length = alive;
    return { bytes: sums.page + sums.thumb + sums.other, sums, counts };
  };
  let peak = { bytes: 0 };
  const frame = () => { const m = measure(); if (m.bytes > peak.bytes) peak = m; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  window.canvasMemory = () => { const now = measure(); const p = peak.bytes >= now.bytes ? peak : now; peak = { bytes: 0 }; return { now, peak: p }; };
})();"""

SETTLED = """(() => { const v = marginalia.viewer;
  return v.views.filter((view) => view.visible).every((view) => view.renderedZoom === v.zoom && !view.rendering && !view.stale); })()"""


def scroll_through(editor, step_timeout):
    """Scrolls from the top to the bottom half a screen at a time; a sample per step."""
    samples = []
    editor.js("marginalia.viewer.scroller.scrollTop = 0")
    while True:
        at_end = editor.js("""(() => { const s = marginalia.viewer.scroller;
            return s.scrollTop + s.clientHeight >= s.scrollHeight - 1; })()""")
        deadline = time.time() + step_timeout
        while not editor.js(SETTLED) and time.time() < deadline:
            editor.settle(50)
        editor.settle(50)
        memory = editor.js("canvasMemory()")
        page = editor.js("marginalia.viewer.currentPage")
        rendered = editor.js("marginalia.viewer.views.filter((v) => v.renderedZoom > 0).length")
        samples.append({"page": page, "now": memory["now"], "peak": memory["peak"], "rendered": rendered})
        if len(samples) % 20 == 0:
            print(f"  page {page + 1}: now {memory['now']['bytes'] / 1e6:.0f} MB, peak since last "
                  f"{memory['peak']['bytes'] / 1e6:.0f} MB, {rendered} bitmaps", flush=True)
        if at_end:
            return samples
        editor.js("marginalia.viewer.scroller.scrollBy(0, marginalia.viewer.scroller.clientHeight / 2)")


def mb(value):
    return f"{value / 1e6:.0f}"


def section(name, pages, samples, seconds, version, thumbnails, zoom):
    peak = max(samples, key=lambda s: s["peak"]["bytes"])
    top = peak["peak"]
    tenth = max(1, pages // 10)
    rows = []
    for start in range(0, pages, tenth):
        window = [s for s in samples if start <= s["page"] < start + tenth]
        if window:
            worst = max(window, key=lambda s: s["peak"]["bytes"])
            rows.append(f"| {start + 1}–{min(pages, start + tenth)} | {mb(worst['peak']['bytes'])} | "
                        f"{mb(max(s['now']['bytes'] for s in window))} | {max(s['rendered'] for s in window)} |")
    verdict = "meets" if top["bytes"] < TARGET_MB * 1e6 else "misses"
    return f"""## Workload "canvas_memory"

The browser editor's canvas memory while `{name}` ({pages} pages, the corpus file with the most
pages) is scrolled end to end at iPad size: headless {version} at 1024x1366 CSS pixels, device
pixel ratio 2, touch, the page fitted to the width (zoom {zoom:.2f}), thumbnails sidebar
{"shown" if thumbnails else "hidden"}; half a screen per step, each step waiting until the pages in
view are drawn ({len(samples)} steps, {seconds:.0f} s). Every canvas the page creates is tracked
through a weak reference (an init script wraps `document.createElement` and `OffscreenCanvas`)
and width x height x 4 is summed over the live ones at every animation frame: page bitmaps,
bitmaps being drawn, thumbnails, pdf.js's scratch canvases and the text layers' measuring
canvases, in the document or not yet collected. Target (issue 15): under {TARGET_MB} MB at every moment.

**Peak: {mb(top['bytes'])} MB** ({verdict} the target) near page {peak['page'] + 1}: page bitmaps
{mb(top['sums']['page'])} MB ({top['counts']['page']} canvases), thumbnails {mb(top['sums']['thumb'])} MB
({top['counts']['thumb']}), other canvases {mb(top['sums']['other'])} MB ({top['counts']['other']}). At the end
{samples[-1]['rendered']} pages keep a bitmap ({mb(samples[-1]['now']['bytes'])} MB of canvases).

Over the scroll, per tenth of the document (pages by the current page of each step):

| pages | peak (MB, any frame) | largest at a step (MB) | pages with a bitmap |
| --- | ---: | ---: | ---: |
""" + "\n".join(rows) + f"""

`python3 Benchmarks/run_canvas_memory.py` ({time.strftime('%Y-%m-%d', time.gmtime())}). The browser test
`Tests/e2e/test_long_documents.py` asserts the same bound over 60 pages of `pdfjs-freeculture.pdf`
in Chromium and WebKit."""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--file", type=Path, default=CORPUS / LARGEST)
    parser.add_argument("--no-thumbnails", action="store_true", help="keep the thumbnails sidebar hidden")
    parser.add_argument("--step-timeout", type=float, default=20, help="seconds a step waits for its pages")
    args = parser.parse_args()
    binary = bench.marginalia_binary(args)
    started = time.time()
    with session.server(binary) as base, session.chromium() as browser:
        editor = session.open_editor(browser, base, session.upload(base, args.file), {"width": 1024, "height": 1366},
                                     has_touch=True, scale=2, init_script=TRACKER)
        if not args.no_thumbnails:
            editor.click_toolbar("sidebar")
            editor.wait_until("!document.getElementById('thumbnails').hidden")
        editor.js("marginalia.viewer.fitWidth()")
        editor.settle(300)
        zoom = editor.js("marginalia.viewer.zoom")
        pages = editor.js("marginalia.model.pages.length")
        samples = scroll_through(editor, args.step_timeout)
        errors = editor.errors
        version = f"Chromium {session.chromium_version(browser)}"
    seconds = time.time() - started
    text = section(args.file.name, pages, samples, seconds, version, not args.no_thumbnails, zoom)
    print(text)
    if errors:
        print(f"script errors: {errors[:3]}")
    (bench.WORK / "canvas-memory.json").parent.mkdir(parents=True, exist_ok=True)
    (bench.WORK / "canvas-memory.json").write_text(session.as_json(samples))
    bench.write_section(args.report, "canvas_memory", text)


if __name__ == "__main__":
    main()
