#!/usr/bin/env python3
"""Benchmark "ink": add 200 ink annotations of 300 points to a 2,000-page PDF and save.

Writes Benchmarks/work/ink.json (one red stroke of 300 points, opacity 0.5, width 3, on each
of pages 1-200, in the project's annotation JSON) and runs side by side, in one run, on the
same input and JSON, each as a whole process:
    marginalia annotate IN --from ink.json -o OUT          (incremental update)
    python3 Benchmarks/peers/ink_pymupdf.py IN ink.json OUT   (incremental: saveIncr)
    python3 Benchmarks/peers/ink_pikepdf.py IN ink.json OUT   (full rewrite: qpdf has no
                                                               incremental save)
    python3 Benchmarks/peers/ink_pypdf.py IN ink.json OUT     (incremental update)
Each runs once to warm the file cache, then --runs times round-robin. Afterwards every
output is checked: PyMuPDF must find exactly the 200 ink annotations with their points,
colour, opacity, width and appearance, `qpdf --check` must be clean and poppler must draw
red on page 1. Prints a Markdown table of medians with ratios to pikepdf and writes it into
its section of docs/benchmarks.md.

    python3 Benchmarks/run_ink.py [--runs 7] [--no-build | --marginalia BIN] [--scratch-path DIR]
"""

import argparse
import json
import math
import sys
from pathlib import Path

import bench_common as bench

INPUT = bench.WORK / "open-2000.pdf"
SPEC = bench.WORK / "ink.json"
PEERS = Path(__file__).resolve().parent / "peers"
ANNOTATED_PAGES = 200
POINTS = 300
TARGET_RATIO = 0.25  # issue 13: at most 0.25x pikepdf's wall time, output no larger than pikepdf's
PAGE_HEIGHT = 792  # US Letter, as make_inputs.py writes


def stroke(page_index: int):
    """300 points across the page: a slow wave with a fast ripple, phase-shifted per page,
    so that every annotation differs and the path crosses itself nowhere."""
    points = []
    for i in range(POINTS):
        t = i / (POINTS - 1)
        y = (400 + 120 * math.sin(2 * math.pi * (3 * t + page_index / 50))
             + 40 * math.sin(2 * math.pi * 17 * t))
        points.append([round(72 + 468 * t, 2), round(y, 2)])
    return points


def write_spec(path: Path) -> list:
    annotations = [{"type": "ink", "pageIndex": page, "color": "#FF0000", "opacity": 0.5,
                    "width": 3, "paths": [stroke(page)]} for page in range(ANNOTATED_PAGES)]
    path.write_text(json.dumps({"annotations": annotations}))
    return annotations


def commands(marginalia, pdf, spec, outputs):
    """Tool name -> (command line shown in the report, argv)."""
    def peer(name):
        script = PEERS / f"ink_{name}.py"
        return (f"python3 Benchmarks/peers/{script.name} IN ink.json OUT",
                [sys.executable, str(script), str(pdf), str(spec), str(outputs[name])])
    return {
        "marginalia": ("marginalia annotate IN --from ink.json -o OUT",
                       [str(marginalia), "annotate", str(pdf), "--from", str(spec),
                        "-o", str(outputs["marginalia"])]),
        "pymupdf": peer("pymupdf"),
        "pikepdf": peer("pikepdf"),
        "pypdf": peer("pypdf"),
    }


# MARK: - Verification

def check_annotations(path: Path, annotations) -> list:
    """What PyMuPDF finds wrong with the ink annotations of an output."""
    import pymupdf

    problems = []
    with pymupdf.open(path) as doc:
        if doc.page_count != 2000:
            return [f"{doc.page_count} pages"]
        expected = {a["pageIndex"]: a for a in annotations}
        found = 0
        for page in doc:
            inks = [annot for annot in page.annots() if annot.type[1] == "Ink"]
            found += len(inks)
            want = expected.get(page.number)
            if want is None:
                if inks:
                    problems.append(f"page {page.number + 1}: {len(inks)} unexpected ink")
                continue
            if len(inks) != 1:
                problems.append(f"page {page.number + 1}: {len(inks)} ink annotations")
                continue
            problem = check_ink(doc, inks[0], want)
            if problem:
                problems.append(f"page {page.number + 1}: {problem}")
        if found != len(annotations):
            problems.insert(0, f"{found} ink annotations, expected {len(annotations)}")
    return problems


def check_ink(doc, annot, want) -> str:
    # PyMuPDF reports vertices in top-left coordinates: y' = height - y on these pages.
    strokes = annot.vertices or []
    expected = [[(x, PAGE_HEIGHT - y) for x, y in path] for path in want["paths"]]
    if [len(s) for s in strokes] != [len(s) for s in expected]:
        return f"strokes of {[len(s) for s in strokes]} points, expected {POINTS}"
    if any(abs(a - b) > 0.01 for s, e in zip(strokes, expected)
           for p, q in zip(s, e) for a, b in zip(p, q)):
        return "points moved"
    colour = annot.colors.get("stroke") or []
    if [round(c, 3) for c in colour] != [1, 0, 0]:
        return f"colour {colour}"
    if abs(annot.opacity - 0.5) > 0.01:
        return f"opacity {annot.opacity}"
    if abs(annot.border.get("width", -1) - 3) > 0.01:
        return f"width {annot.border.get('width')}"
    if doc.xref_get_key(annot.xref, "AP/N")[0] != "xref":
        return "no /AP /N stream"
    return ""


def red_pixels(path: Path) -> int:
    """Pixels poppler draws clearly red on page 1 (translucent red over white or text)."""
    _, _, rgb = bench.render_page(path, 1, dpi=30)
    return sum(1 for i in range(0, len(rgb), 3) if rgb[i] - rgb[i + 1] > 60)


def verify(path: Path, annotations) -> str:
    """"ok", or what is wrong: PyMuPDF's reading, qpdf's check and poppler's rendering."""
    if not path.exists():
        return "FAILED: no output"
    problems = check_annotations(path, annotations)
    if len(problems) > 3:
        problems[3:] = [f"and {len(problems) - 3} more"]
    red = red_pixels(path)
    if red <= 100:
        problems.append(f"poppler draws no red on page 1 ({red} px at 30 dpi)")
    qpdf = bench.qpdf_check(path)
    return bench.verdict(failed=bool(problems), qpdf=qpdf) + "; ".join(filter(None, problems + [qpdf]))


def appearance_encoding(path: Path) -> str:
    """How page 1's ink appearance stream is stored: its /Filter, or "uncompressed"."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        for annot in pdf.pages[0].get("/Annots", []):
            if annot.get("/Subtype") == "/Ink" and "/AP" in annot:
                return str(annot.AP.N.get("/Filter", "uncompressed")).lstrip("/")
    return "none"


# MARK: - Report

def section(results_table, note, verdict, encodings, input_path):
    size = input_path.stat().st_size // 1024
    return f"""## Workload "ink"

Add {ANNOTATED_PAGES} ink annotations of {POINTS} points each (one stroke per page on pages
1-{ANNOTATED_PAGES}, red, opacity 0.5, width 3) to the 2,000-page input of "open" and save, as
a whole process. The input is `Benchmarks/work/open-2000.pdf` ({size} KiB, object streams
and a cross-reference stream). Every tool reads the same annotation JSON
(`Benchmarks/work/ink.json`, written by the runner in the format of
[annotations-json.md](annotations-json.md)) and gives each annotation an appearance stream:

| tool | how | save |
| --- | --- | --- |
| marginalia | `annotate`: model, appearance synthesis, writer | incremental update |
| PyMuPDF | `add_ink_annot` (points converted to its top-left coordinates), `set_colors`, `set_opacity`, `set_border`, `update()` | input copied to OUT, then `saveIncr()` (incremental) |
| pikepdf | /Annot dictionaries with /InkList, /C, /CA, /BS and a form XObject stroking the points, appended to /Annots | `save()`: a full rewrite (qpdf has no incremental save) |
| pypdf | the same dictionaries from generic objects, added with `PdfWriter.add_annotation`; appearance Flate-compressed | `PdfWriter(IN, incremental=True)`: incremental |

The peers are small scripts in `Benchmarks/peers/` (`ink_*.py`). The PyMuPDF peer keeps
PyMuPDF 2's optional add-ons (`pymupdf_layout`, `pymupdf4llm`) from loading: `import pymupdf`
imports them whenever they are installed, which costs about 0.8 s of ONNX model loading that
has nothing to do with annotating and that a plain PyMuPDF install does not pay.

After the timing, every output is checked: PyMuPDF must find exactly one ink annotation on
each of pages 1-{ANNOTATED_PAGES} and none elsewhere, each with one stroke of {POINTS} points
equal to the JSON (within 0.01 pt), red, opacity 0.5, width 3 and an /AP /N stream;
`qpdf --check` must be clean; poppler (`pdftoppm`) must draw red on page 1. A failed check
is shown in the table.

Target (issue 13): `marginalia` at most {TARGET_RATIO}x pikepdf's wall time and its output no
larger than pikepdf's, with the release build users get (`swift build -c release --static-swift-stdlib`, the README's).

### How to reproduce

```
scripts/install-deps.sh --with-test-tools   # qpdf, poppler, pikepdf, PyMuPDF, pypdf, reportlab
python3 Benchmarks/make_inputs.py           # writes Benchmarks/work/open-2000.pdf
python3 Benchmarks/run_ink.py               # builds release, runs, checks, rewrites this section
```

### Results

{note}

{results_table}

{verdict}

Output sizes differ mostly by how the appearance streams are stored (page 1's, per tool):
{encodings}.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    args = parser.parse_args()
    bench.check_runs(parser, args)

    bench.ensure_input(INPUT, "open")
    annotations = write_spec(SPEC)
    marginalia = bench.marginalia_binary(args)

    names = ("marginalia", "pymupdf", "pikepdf", "pypdf")
    outputs = {name: bench.WORK / f"ink-out-{name}.pdf" for name in names}
    tools = commands(marginalia, INPUT, SPEC, outputs)
    results, failures = bench.measure(tools, args.runs,
                                      prepare=lambda name: outputs[name].unlink(missing_ok=True))
    verified = {name: verify(outputs[name], annotations) for name in tools if name not in failures}
    results_table = bench.table(tools, results, failures, args.runs, baseline="pikepdf",
                                columns={"output (KiB)": {n: f"{p.stat().st_size // 1024:,}"
                                                          for n, p in outputs.items() if p.exists()},
                                         "verified": verified})
    ratio = bench.ratio(results, "marginalia", "pikepdf")
    if ratio is None:
        verdict = "Target: not measured (see the failures above)."
    else:
        met = "met" if ratio <= TARGET_RATIO else "**missed**"
        verdict = f"Target ({TARGET_RATIO}x pikepdf): {met}, marginalia/pikepdf = {ratio:.2f}x."
    if outputs["marginalia"].exists() and outputs["pikepdf"].exists():
        ours, theirs = (outputs[n].stat().st_size // 1024 for n in ("marginalia", "pikepdf"))
        size_met = "met" if ours <= theirs else "**missed**"
        verdict += f" Output no larger than pikepdf's: {size_met}, {ours:,} KiB against {theirs:,} KiB."
    print(results_table)
    print(f"\n{verdict}")
    note = bench.machine_note(("pikepdf", "pymupdf", "pypdf"))
    encodings = ", ".join(f"{name} {appearance_encoding(path)}"
                          for name, path in outputs.items() if path.exists())
    bench.write_section(args.report, "ink",
                        section(results_table, note, verdict, encodings, INPUT))
    print(f"wrote {args.report}")
    failed = "marginalia" in failures or not verified.get("marginalia", "").startswith("ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
