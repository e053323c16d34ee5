#!/usr/bin/env python3
"""Benchmark "open": open a 2,000-page PDF and report page 1,500, as a whole process.

Runs side by side, in one run, on the same input:
    marginalia info FILE --json --pages 1500
    mutool pages FILE 1500
    qpdf --show-npages FILE
    python3 -c <pikepdf: page count, page 1500's boxes and annotation count> FILE 1500
Each command runs once to warm the file cache, then --runs times, round-robin so that a
noisy neighbour slows every tool alike. Prints a Markdown table of medians with ratios to
mutool and writes it into its section of docs/benchmarks.md.

    python3 Benchmarks/run_open.py [--runs 7] [--no-build | --marginalia BIN] [--scratch-path DIR]
"""

import argparse
import json
import sys
from pathlib import Path

import bench_common as bench

INPUT = bench.WORK / "open-2000.pdf"
PAGE = 1500
TARGET_RATIO = 1.0  # issue 13: at most mutool's wall time (stretch: qpdf's)

PIKEPDF_ONE_LINER = (
    "import sys, pikepdf\n"
    "pdf = pikepdf.open(sys.argv[1]); page = pdf.pages[int(sys.argv[2]) - 1]\n"
    "print(len(pdf.pages), list(page.mediabox), list(page.cropbox), "
    "len(page.obj.get('/Annots', [])))"
)


def commands(marginalia, pdf):
    """Tool name -> (command line shown in the report, argv)."""
    return {
        "marginalia": (f"marginalia info FILE --json --pages {PAGE}",
                       [str(marginalia), "info", str(pdf), "--json", "--pages", str(PAGE)]),
        "mutool": (f"mutool pages FILE {PAGE}", ["mutool", "pages", str(pdf), str(PAGE)]),
        "qpdf": ("qpdf --show-npages FILE", ["qpdf", "--show-npages", str(pdf)]),
        "pikepdf": (f"python3 -c '<pikepdf: count, page {PAGE} boxes, annots>' FILE {PAGE}",
                    [sys.executable, "-c", PIKEPDF_ONE_LINER, str(pdf), str(PAGE)]),
    }


def verify_marginalia(output: bytes) -> str:
    """A fast wrong answer is no result: check what marginalia printed."""
    try:
        info = json.loads(output)
        pages = info["pages"]
        ok = info["pageCount"] == 2000 and len(pages) == 1 and pages[0]["number"] == PAGE
        return "" if ok else f"unexpected output: pageCount {info['pageCount']}, pages {pages}"
    except (ValueError, KeyError, TypeError) as error:
        return f"unreadable output ({error})"


def check(name, done):
    return verify_marginalia(done.stdout) if name == "marginalia" else ""


def section(results_table, note, verdict, input_path):
    size = input_path.stat().st_size // 1024
    return f"""## Workload "open"

Open a 2,000-page PDF, print its page count and page {PAGE}'s boxes and annotation count, as
a whole process (start-up included). The input (`Benchmarks/work/open-2000.pdf`, {size} KiB)
is 2,000 pages of text written by reportlab and rewritten by pikepdf with object streams and a
cross-reference stream; every 100th page has a link annotation. A reader that is lazy (reads
the trailer and cross-reference stream, then descends the page tree by /Count to page {PAGE})
does work independent of the page count; one that loads every object does not.

Target (issue 13): `marginalia` at most {TARGET_RATIO}x mutool's wall time (stretch: qpdf's), with the
release build users get (`swift build -c release --static-swift-stdlib`, the README's).

### How to reproduce

```
scripts/install-deps.sh --with-test-tools   # qpdf, mutool, pikepdf, reportlab
python3 Benchmarks/make_inputs.py           # writes Benchmarks/work/open-2000.pdf
python3 Benchmarks/run_open.py              # builds release, runs, rewrites this section
```

### Results

{note}

{results_table}

{verdict}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--input", type=Path, default=INPUT)
    args = parser.parse_args()
    bench.check_runs(parser, args)

    if args.input == INPUT:
        bench.ensure_input(INPUT, "open")
    marginalia = bench.marginalia_binary(args)

    tools = commands(marginalia, args.input)
    results, failures = bench.measure(tools, args.runs, check=check)
    results_table = bench.table(tools, results, failures, args.runs, baseline="mutool")
    print(results_table)
    ratio = bench.ratio(results, "marginalia", "mutool")
    stretch = bench.ratio(results, "marginalia", "qpdf")
    if ratio is None:
        verdict = "Target: not measured (see the failures above)."
    else:
        met = "met" if ratio <= TARGET_RATIO else "**missed**"
        reached = "reached" if stretch is not None and stretch <= 1 else "not reached"
        stretch_text = f"{stretch:.2f}x" if stretch is not None else "n/a"
        verdict = (f"Target ({TARGET_RATIO}x mutool): {met}, marginalia/mutool = {ratio:.2f}x; "
                   f"stretch (qpdf's time): {reached}, marginalia/qpdf = {stretch_text}.")
    print(f"\n{verdict}")
    bench.write_section(args.report, "open", section(results_table, bench.machine_note(), verdict, args.input))
    print(f"wrote {args.report}")
    return 1 if "marginalia" in failures else 0


if __name__ == "__main__":
    sys.exit(main())
