#!/usr/bin/env python3
"""Faithful display (issue 15): every annotated page of every third-party annotated corpus
file, as the browser editor shows it, against pdftoppm at the same scale.

The files: those of the corpus manifest with an annotation that draws something (any subtype
but Link and Popup); the pages: those holding such an annotation (pikepdf reads /Annots). Each
file is uploaded to a real `marginalia serve` and opened in headless Chromium at 1280x1000,
device pixel ratio 1 (`--scale S`: S, as on a high-density screen, where the editor draws its
page canvases at S device pixels per CSS pixel and pdftoppm renders at 72 S dpi); each page is
shown at one CSS pixel per point (less when it does not fit 1200x900), screenshotted, cropped
to the page and compared (Tests/e2e/fidelity.py says how, and what the columns mean). A file
the editor does not open is listed as such.

Rewrites its section of docs/fidelity.md, one per scale, each between markers of its own (the
table per file, the worst page of each, and the pages at or over the target with where the
difference comes from; the findings above the sections are written by hand), the per-page
figures to Benchmarks/work/fidelity.json (fidelity-x2.json at scale 2; `--from-json` rewrites
the section from them without measuring), and the screenshots (with pdftoppm's rendering and
difference images for pages at or over 2) to Tests/e2e/artifacts/fidelity-*.png (-x2- in the
name at scale 2).

    python3 Benchmarks/run_fidelity.py [--marginalia BIN | --no-build] [--corpus DIR] [--scale S]
                                       [--only NAME ...] [--max-pages N] [--keep-images] [--from-json]
"""

import argparse
import csv
import json
import os
import statistics
import time
from pathlib import Path

import bench_common as bench
import editor_session as session
from fidelity import annotated_pages, measure_page

TARGET = 3.0
# A page at or over the target is "where other renderers are" when its screenshot is no farther
# from pdftoppm than the nearer of MuPDF and PDFium is, give or take this much.
FLOOR_MARGIN = 1.0
KEEP_IMAGES_FROM = 2.0
REPORT = bench.ROOT / "docs" / "fidelity.md"  # the section between its markers; the rest is by hand


def figures_path(scale):
    return bench.WORK / ("fidelity.json" if scale == 1 else f"fidelity-x{scale:g}.json")


def write_report(text, scale):
    """Replaces this scale's section of docs/fidelity.md: scale 1 between the markers every
    benchmark's section has, another scale between markers that name it."""
    if scale == 1:
        bench.write_section(REPORT, "fidelity", text)
        return
    begin = f"<!-- workload fidelity at device pixel ratio {scale:g}: written by Benchmarks/run_fidelity.py --scale {scale:g} -->"
    end = f"<!-- end of workload fidelity at device pixel ratio {scale:g} -->"
    current = REPORT.read_text()
    if begin in current and end in current:
        head, rest = current.split(begin, 1)
        current = head + begin + "\n" + text.strip() + "\n" + end + rest.split(end, 1)[1]
    else:
        current = current.rstrip("\n") + f"\n\n{begin}\n{text.strip()}\n{end}\n"
    REPORT.write_text(current)
DEFAULT_CORPUS = Path(os.environ.get("MARGINALIA_CORPUS") or bench.ROOT.parent / "shared" / "corpus")


def annotated_files(corpus: Path):
    """The manifest's files with an annotation that draws something, in manifest order."""
    files = []
    with open(corpus / "manifest.tsv", newline="") as manifest:
        for row in csv.DictReader(manifest, delimiter="\t"):
            subtypes = {f[len("annot:"):] for f in row["features"].split(",") if f.startswith("annot:")}
            if subtypes - {"Link", "Popup"}:
                files.append((row["file"], sorted(subtypes - {"Link", "Popup"})))
    return files


def measure_file(browser, base, path, max_pages, keep_all, scale=1):
    """The figures of each annotated page of one file, or the reason it was not measured."""
    pages = annotated_pages(path)
    if not pages:
        return {"skipped": "pikepdf finds no drawn annotation on any page"}
    try:
        editor = session.open_editor(browser, base, session.upload(base, path), {"width": 1280, "height": 1000},
                                     scale=scale)
    except Exception as error:  # noqa: BLE001 (reported in the table)
        return {"skipped": f"the editor does not open it ({str(error).splitlines()[0][:120]})"}
    results = []
    try:
        for index in pages[:max_pages]:
            name = f"fidelity-{path.stem}-p{index + 1}" + ("" if scale == 1 else f"-x{scale:g}")
            try:
                figures = measure_page(editor, path, index, name, keep_images=keep_all)
                if figures["shown"] >= KEEP_IMAGES_FROM and not keep_all:
                    figures = measure_page(editor, path, index, name, keep_images=True)
            except Exception as error:  # noqa: BLE001
                figures = {"page": index + 1, "error": str(error).splitlines()[0][:160]}
            print(f"  {path.name} page {index + 1}: {figures}", flush=True)
            results.append(figures)
        errors = editor.errors
    finally:
        editor.tab.close()
    return {"pages": results, "annotatedPages": len(pages), "scriptErrors": errors[:3]}


def others(p):
    """MuPDF's and PDFium's distance from pdftoppm on the page, as a cell."""
    return f"{p['mupdf']:.2f} / {p['pdfium']:.2f}" if "mupdf" in p else ""


def at_floor(p):
    """Whether a page is no farther from pdftoppm than the nearer other renderer (FLOOR_MARGIN)."""
    return "mupdf" in p and p["shown"] <= min(p["mupdf"], p["pdfium"]) + FLOOR_MARGIN


def file_row(name, subtypes, result):
    if "skipped" in result:
        return f"| {name} | {', '.join(subtypes)} | – | – | – | – | – | – | not measured: {result['skipped']} |"
    measured = [p for p in result["pages"] if "shown" in p]
    if not measured:
        return f"| {name} | {', '.join(subtypes)} | 0 | – | – | – | – | – | {result['pages'][0].get('error', '')} |"
    worst = max(measured, key=lambda p: p["shown"])
    mean = statistics.mean(p["shown"] for p in measured)
    count = f"{len(measured)}" + (f" of {result['annotatedPages']}" if result["annotatedPages"] > len(measured) else "")
    over = [p for p in measured if p["shown"] >= TARGET]
    if not over:
        verdict = "under 3"
    elif all(at_floor(p) for p in over):
        verdict = f"{len(over)} page(s) at or over 3, each where MuPDF or PDFium is"
    else:
        verdict = f"{len(over)} page(s) at or over 3; worst: {reasons(worst)}"
    return (f"| {name} | {', '.join(subtypes)} | {count} | {mean:.2f} | {worst['shown']:.2f} (p{worst['page']}) | "
            f"{worst['pdfjs']:.2f} / {worst['ours']:.2f} | {worst['content']:.2f} | {worst['annots']:.2f} | "
            f"{others(worst)} | {verdict} |")


def reasons(p):
    """What the figures say a page's difference comes from (the module fidelity.py's columns)."""
    found = []
    # The screenshot should be pdf.js's own rendering.
    if p["ours"] >= 0.5:
        found.append(f"the editor draws differently from pdf.js ({p['ours']:.1f})")
    if p["content"] >= 2:
        found.append("the renderers differ on the page content")
    if p["pdfjs"] - p["content"] >= 1:
        found.append("the renderers draw the annotations differently")
    if at_floor(p):
        found.append("MuPDF or PDFium is as far from pdftoppm")
    return "; ".join(found) or "–"


def report(results, files, version, seconds, scale=1):
    measured = [p for r in results.values() for p in r.get("pages", []) if "shown" in p]
    over = [(name, p) for name, r in results.items() for p in r.get("pages", []) if p.get("shown", 0) >= TARGET]
    lines = [
        "Every page that holds an",
        "annotation drawing something (any subtype but Link and Popup) of every corpus file with one,",
        f"shown by the browser editor in headless Chromium at device pixel ratio {scale:g} and one CSS pixel per",
        "point (less for a page taller than 900 or wider than 1200 points), cropped to the page and",
        "compared with `pdftoppm` at the same scale" + (":" if scale == 1 else f" ({72 * scale:g} dpi, the screenshot's pixels):"),
        "the mean absolute difference per colour sample (0-255). Target: under 3.",
        "",
        "Columns: **mean** and **worst** `shown` (the screenshot against pdftoppm) over the file's annotated",
        "pages; for the worst page, **pdf.js / ours**: pdf.js drawing every appearance itself against",
        "pdftoppm (the renderers' own difference), and the screenshot against that pdf.js rendering (what",
        "the editor's display adds: its overlay, what it hides or draws live, the page's placement);",
        "**content**: the page without annotations, pdf.js against `pdftoppm -hide-annotations`;",
        "**annots**: what the annotations change on the page, the editor's screenshot (minus pdf.js's page",
        "without annotations) against pdftoppm's (minus its page without them): zero wherever no annotation",
        "draws, whatever the two renderers make of the text there; **MuPDF / PDFium**: for the worst page,",
        "PyMuPDF's and pypdfium2's renderings (annotations and fields drawn) against the same pdftoppm",
        "rendering: how far two other mature renderers are. A page at or over 3 is *where MuPDF or PDFium",
        f"is* when `shown` is at most the nearer of the two plus {FLOOR_MARGIN:g}. The editor is measured as a",
        "reader sees it: with the Draw tool and \"Highlight form fields\" off, form fields carry no marks of",
        "its own.",
        "",
        f"{len(files)} files, {len(measured)} pages measured in {seconds:.0f} s; {version}; "
        f"{time.strftime('%Y-%m-%d', time.gmtime())}.",
        "",
        "| file | annotations | pages | mean | worst (page) | pdf.js / ours | content | annots | MuPDF / PDFium | verdict |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    lines += [file_row(name, subtypes, results[name]) for name, subtypes in files]
    lines += ["", "## Pages at or over 3" + ("" if scale == 1 else f" at device pixel ratio {scale:g}"), ""]
    if over:
        lines += ["| file | page | shown | pdf.js | ours | content | annots | MuPDF / PDFium | where from |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        lines += [f"| {name} | {p['page']} | {p['shown']:.2f} | {p['pdfjs']:.2f} | {p['ours']:.2f} | {p['content']:.2f} | "
                  f"{p['annots']:.2f} | {others(p)} | {reasons(p)} |"
                  for name, p in over]
    else:
        lines.append("None.")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--only", nargs="*", help="measure these files only (the report is not written)")
    parser.add_argument("--max-pages", type=int, default=1000, help="annotated pages measured per file at most")
    parser.add_argument("--keep-images", action="store_true", help="save pdftoppm's rendering and the differences of every page")
    parser.add_argument("--from-json", action="store_true", help="rewrite the report from the last run's figures")
    parser.add_argument("--scale", type=float, default=1, help="the browser's device pixel ratio (default 1)")
    args = parser.parse_args()
    files = [(name, subtypes) for name, subtypes in annotated_files(args.corpus)
             if not args.only or name in args.only]
    if args.from_json:
        saved = json.loads(figures_path(args.scale).read_text())
        write_report(report(saved["results"], files, saved["browser"], saved["seconds"], args.scale), args.scale)
        return
    binary = bench.marginalia_binary(args)
    started = time.time()
    results = {}
    with session.server(binary) as base, session.chromium() as browser:
        for name, _ in files:
            print(name, flush=True)
            results[name] = measure_file(browser, base, args.corpus / name, args.max_pages, args.keep_images,
                                         args.scale)
        version = f"Chromium {session.chromium_version(browser)}"
    seconds = time.time() - started
    bench.WORK.mkdir(parents=True, exist_ok=True)
    text = report(results, files, version, seconds, args.scale)
    print(text)
    if not args.only:
        figures_path(args.scale).write_text(json.dumps({"results": results, "browser": version, "seconds": seconds},
                                                       indent=1))
        write_report(text, args.scale)


if __name__ == "__main__":
    main()
