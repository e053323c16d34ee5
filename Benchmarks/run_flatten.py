#!/usr/bin/env python3
"""Benchmark "flatten": burn 2,000 annotations into a 50-page PDF's content and save.

Runs side by side, in one run, on Benchmarks/work/flatten-50.pdf (made by make_inputs.py:
40 PyMuPDF annotations a page, ink, square, free text and circle, with appearances), each as
a whole process:
    marginalia flatten IN -o OUT                   (incremental update, the default)
    marginalia flatten IN -o OUT --compact         (full rewrite, as the peers write)
    qpdf --flatten-annotations=all IN OUT
    python3 Benchmarks/peers/flatten_pikepdf.py IN OUT
Each runs once to warm the file cache, then --runs times round-robin. Afterwards every
output is checked: PyMuPDF must find no annotation left, `qpdf --check` must be clean, and
poppler's rendering of pages 1 and 50 (pdftoppm -r 50) must match the input's rendering with
its annotations drawn. Prints a Markdown table of medians with ratios to pikepdf and writes it
into its section of docs/benchmarks.md.

    python3 Benchmarks/run_flatten.py [--runs 7] [--no-build | --marginalia BIN] [--scratch-path DIR]
"""

import argparse
import sys
from pathlib import Path

import bench_common as bench

INPUT = bench.WORK / "flatten-50.pdf"
PEERS = Path(__file__).resolve().parent / "peers"
TARGET_RATIO = 0.35  # issue 13: at most 0.35x pikepdf's wall time
COMPARED_PAGES = (1, 50)
DPI = 50
# Mean absolute difference per colour sample (0-255) that still counts as "looks the same":
# anti-aliasing of edges drawn in another order. Dropping the annotations scores about 22.
MAX_DIFFERENCE = 1.0


def commands(marginalia, pdf, outputs):
    """Tool name -> (command line shown in the report, argv)."""
    return {
        "marginalia": ("marginalia flatten IN -o OUT",
                       [str(marginalia), "flatten", str(pdf), "-o", str(outputs["marginalia"])]),
        "marginalia --compact": ("marginalia flatten IN -o OUT --compact",
                                 [str(marginalia), "flatten", str(pdf),
                                  "-o", str(outputs["marginalia --compact"]), "--compact"]),
        "qpdf": ("qpdf --flatten-annotations=all IN OUT",
                 ["qpdf", "--flatten-annotations=all", str(pdf), str(outputs["qpdf"])]),
        "pikepdf": ("python3 Benchmarks/peers/flatten_pikepdf.py IN OUT",
                    [sys.executable, str(PEERS / "flatten_pikepdf.py"), str(pdf),
                     str(outputs["pikepdf"])]),
    }


# MARK: - Verification

def remaining_annotations(path: Path) -> int:
    import pymupdf

    with pymupdf.open(path) as doc:
        return sum(len(page.annot_xrefs()) for page in doc)  # every /Annots entry, links too


def references(pdf: Path):
    """Renderings of the compared pages with the annotations drawn, and the difference a
    flatten that dropped them would score (the input rendered with annotations hidden)."""
    drawn = {page: bench.render_page(pdf, page, DPI) for page in COMPARED_PAGES}
    dropped = max(bench.mean_abs_difference(drawn[page],
                                            bench.render_page(pdf, page, DPI, hide_annotations=True))
                  for page in COMPARED_PAGES)
    return drawn, dropped


def verify(path: Path, drawn) -> str:
    """"ok" with the rendering differences, or what is wrong."""
    if not path.exists():
        return "FAILED: no output"
    problems = []
    left = remaining_annotations(path)
    if left:
        problems.append(f"{left} annotations left")
    differences = []
    for page in COMPARED_PAGES:
        difference = bench.mean_abs_difference(drawn[page], bench.render_page(path, page, DPI))
        differences.append(f"p{page} {difference:.3f}")
        if difference > MAX_DIFFERENCE:
            problems.append(f"page {page} looks different ({difference:.2f})")
    qpdf = bench.qpdf_check(path)
    head = bench.verdict(failed=bool(problems), qpdf=qpdf)
    return head + "; ".join(filter(None, problems + [qpdf])) + f" (difference {', '.join(differences)})"


# MARK: - Report

def section(results_table, note, verdict, dropped, input_path):
    size = input_path.stat().st_size // 1024
    pages = " and ".join(str(p) for p in COMPARED_PAGES)
    return f"""## Workload "flatten"

Draw every annotation of a 50-page PDF into its page content, remove the annotations and save,
as a whole process. The input (`Benchmarks/work/flatten-50.pdf`, {size} KiB, made by
`make_inputs.py`) is 50 pages of text with 40 annotations each, 2,000 in all, written by
PyMuPDF: 500 each of ink, square, free text and circle, every one with the appearance stream
PyMuPDF's `update()` makes. Tools:

| tool | command | save |
| --- | --- | --- |
| marginalia | `marginalia flatten IN -o OUT` | incremental update (the default) |
| marginalia --compact | the same with `--compact` | full rewrite, as the peers do |
| qpdf | `qpdf --flatten-annotations=all IN OUT` | full rewrite |
| pikepdf | `pdf.flatten_annotations(mode="all")`, `pdf.save(OUT)` (`Benchmarks/peers/flatten_pikepdf.py`) | full rewrite |

After the timing, every output is checked: PyMuPDF must find no annotation (no /Annots
entry) on any page; `qpdf --check` must be clean; poppler's renderings of pages {pages}
(`pdftoppm -r {DPI}`) must match those of the input with its annotations drawn. The table
shows the mean absolute difference per colour sample (0-255), which must stay under
{MAX_DIFFERENCE}; for scale, dropping the annotations instead of flattening them scores
{dropped:.1f}. A failed check is shown in the table.

Target (issue 13): `marginalia flatten` at most {TARGET_RATIO}x pikepdf's wall time, with the
release build users get (`swift build -c release --static-swift-stdlib`, the README's).

### How to reproduce

```
scripts/install-deps.sh --with-test-tools   # qpdf, poppler, pikepdf, PyMuPDF
python3 Benchmarks/make_inputs.py           # writes Benchmarks/work/flatten-50.pdf
python3 Benchmarks/run_flatten.py           # builds release, runs, checks, rewrites this section
```

### Results

{note}

{results_table}

{verdict}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    args = parser.parse_args()
    bench.check_runs(parser, args)

    bench.ensure_input(INPUT, "flatten")
    marginalia = bench.marginalia_binary(args)

    names = ("marginalia", "marginalia --compact", "qpdf", "pikepdf")
    outputs = {name: bench.WORK / f"flatten-out-{name.replace(' --', '-')}.pdf" for name in names}
    tools = commands(marginalia, INPUT, outputs)
    results, failures = bench.measure(tools, args.runs,
                                      prepare=lambda name: outputs[name].unlink(missing_ok=True))
    drawn, dropped = references(INPUT)
    verified = {name: verify(outputs[name], drawn) for name in tools if name not in failures}
    results_table = bench.table(tools, results, failures, args.runs, baseline="pikepdf",
                                columns={"output (KiB)": {n: f"{p.stat().st_size // 1024:,}"
                                                          for n, p in outputs.items() if p.exists()},
                                         "verified": verified})
    ratio = bench.ratio(results, "marginalia", "pikepdf")
    if ratio is None:
        verdict = "Target: not measured (see the failures above)."
    else:
        met = "met" if ratio <= TARGET_RATIO else "**missed**"
        verdict = (f"Target ({TARGET_RATIO}x pikepdf, `marginalia flatten IN -o OUT`): {met}, "
                   f"marginalia/pikepdf = {ratio:.2f}x.")
    print(results_table)
    print(f"\n{verdict}")
    note = bench.machine_note(("pikepdf", "pymupdf"))
    bench.write_section(args.report, "flatten", section(results_table, note, verdict, dropped, INPUT))
    print(f"wrote {args.report}")
    failed = "marginalia" in failures or not verified.get("marginalia", "").startswith("ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
