#!/usr/bin/env python3
"""Benchmark "text": extract all the text of the 2,000-page document and of the corpus.

Runs side by side, in one run, on the same inputs, each as whole processes:
    marginalia text FILE
    pdftotext FILE -
    python3 peers/text_pymupdf.py FILE     (page.get_text())
    python3 peers/text_pypdf.py FILE       (page.extract_text())
The corpus part runs each tool once per corpus file that opens without a password, in one
shell loop that is timed whole (pdftotext and marginalia start a process per file; the
Python peers read every file in one process, which saves them the interpreter start-up).
Every output must hold the benchmark document's last line before it is timed.

    python3 Benchmarks/run_text.py [--runs 5] [--no-build | --marginalia BIN] [--corpus DIR]
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

import bench_common as bench

INPUT = bench.WORK / "open-2000.pdf"
PEERS = bench.ROOT / "Benchmarks" / "peers"
TARGET_PDFTOTEXT = 1.5  # issue 18: at most 1.5x pdftotext's time
TARGET_PYPDF = 0.2  # issue 18: 5x faster than pypdf


def corpus_files(corpus: Path):
    import csv
    files = []
    with open(corpus / "manifest.tsv", newline="") as manifest:
        for row in csv.DictReader(manifest, delimiter="\t"):
            if "encrypted" in row.get("features", "") or "password" in row.get("features", ""):
                continue
            path = corpus / row["file"]
            if path.exists():
                files.append(path)
    return files


def commands(marginalia, pdf):
    return {
        "marginalia": ("marginalia text FILE", [str(marginalia), "text", str(pdf)]),
        "pdftotext": ("pdftotext FILE -", ["pdftotext", "-q", str(pdf), "-"]),
        "PyMuPDF": ("python3 peers/text_pymupdf.py FILE", [sys.executable, str(PEERS / "text_pymupdf.py"), str(pdf)]),
        "pypdf": ("python3 peers/text_pypdf.py FILE", [sys.executable, str(PEERS / "text_pypdf.py"), str(pdf)]),
    }


def corpus_commands(marginalia, files):
    quoted = " ".join(shlex.quote(str(f)) for f in files)

    def loop(command):
        return ["sh", "-c", f"for f in {quoted}; do {command} \"$f\" > /dev/null 2>&1; done; true"]

    return {
        "marginalia": ("for f in CORPUS: marginalia text f", loop(shlex.quote(str(marginalia)) + " text")),
        "pdftotext": ("for f in CORPUS: pdftotext f -", ["sh", "-c", f"for f in {quoted}; do pdftotext -q \"$f\" - > /dev/null 2>&1; done; true"]),
        "PyMuPDF": ("python3 peers/text_pymupdf.py CORPUS...", [sys.executable, str(PEERS / "text_pymupdf.py"), *map(str, files)]),
        "pypdf": ("python3 peers/text_pypdf.py CORPUS...", [sys.executable, str(PEERS / "text_pypdf.py"), *map(str, files)]),
    }


def check(name, done):
    text = done.stdout.decode(errors="replace")
    return "" if "46. " in text and "Benchmark page 2000 of 2000" in text.replace("\n", " ") else \
        f"{name}: the last page's text is missing from the output"


def cpu_seconds(argv):
    """User plus system CPU time of a whole process and the processes it waited for: far
    less moved by a loaded machine than wall time."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, process.returncode


def cpu_table(tools, runs, baseline):
    """Median CPU time per tool, round-robin like the wall-time runs, with ratios."""
    times = {name: [] for name in tools}
    for _ in range(runs):
        for name, (_, argv) in tools.items():
            seconds, code = cpu_seconds(argv)
            if code == 0:
                times[name].append(seconds)
    medians = {name: statistics.median(t) for name, t in times.items() if t}
    rows = [f"| tool | median CPU (ms) | ratio to {baseline} |", "| --- | ---: | ---: |"]
    for name in tools:
        if name not in medians:
            rows.append(f"| {name} | failed | |")
            continue
        ratio = medians[name] / medians[baseline] if baseline in medians else float("nan")
        rows.append(f"| {name} | {medians[name] * 1000:.1f} | {ratio:.2f}x |")
    rows.append("")
    rows.append(f"User plus system CPU time of the whole process (children included), median of {runs} runs.")
    return "\n".join(rows), medians


def section(document_table, corpus_table, note, files, input_path):
    size = input_path.stat().st_size // 1024
    return f"""## Workload "text"

Extract all the text, as a whole process (start-up included), of:

1. the 2,000-page benchmark document (`Benchmarks/work/open-2000.pdf`, {size} KiB, the input of
   workload "open": 46 lines of Helvetica per page, object streams), every output checked to
   hold the last page's text;
2. the corpus: the {len(files)} files of `../shared/corpus` that open without a password, one
   process per file for `marginalia` and `pdftotext` (a shell loop timed whole), one process
   for all of them for the Python peers.

Targets (issue 18): `marginalia` at most {TARGET_PDFTOTEXT}x pdftotext's time, and 5x faster
than pypdf; release build (`swift build -c release --static-swift-stdlib`). `marginalia text`
does more than print: it lays out words, lines and blocks in reading order with every
character's box.

### How to reproduce

```
scripts/install-deps.sh --with-test-tools   # poppler-utils, PyMuPDF, pypdf, reportlab, pikepdf
python3 Benchmarks/make_inputs.py --only open
python3 Benchmarks/run_text.py              # builds release, runs, rewrites this section
```

### Results

{note}

The machine is shared with other builds and test runs, so wall times move a lot (see the
noise line under each table); the CPU times beside them are steadier, and the verdicts
below are taken from them.

The 2,000-page document:

{document_table}

The corpus:

{corpus_table}
"""


def verdicts(results, label):
    lines = []
    for peer, target in (("pdftotext", TARGET_PDFTOTEXT), ("pypdf", TARGET_PYPDF)):
        ratio = bench.ratio(results, "marginalia", peer)
        if ratio is not None:
            lines.append(f"{label}: marginalia/{peer} = {ratio:.2f}x "
                         f"({'meets' if ratio <= target else 'misses'} the {target}x target)")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_common_arguments(parser)
    parser.add_argument("--input", type=Path, default=INPUT)
    parser.add_argument("--corpus", type=Path, default=bench.ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    bench.check_runs(parser, args)
    if args.input == INPUT:
        bench.ensure_input(INPUT, "open")
    marginalia = bench.marginalia_binary(args)

    tools = commands(marginalia, args.input)
    results, failures = bench.measure(tools, args.runs, check=check)
    document_table = bench.table(tools, results, failures, args.runs, baseline="pdftotext")
    print(document_table)
    files = corpus_files(args.corpus)
    corpus_tools = corpus_commands(marginalia, files)
    corpus_results, corpus_failures = bench.measure(corpus_tools, args.runs)
    corpus_table = bench.table(corpus_tools, corpus_results, corpus_failures, args.runs, baseline="pdftotext")
    print(corpus_table)
    document_cpu, document_medians = cpu_table(tools, args.runs, "pdftotext")
    corpus_cpu, corpus_medians = cpu_table(corpus_tools, args.runs, "pdftotext")
    print(document_cpu)
    print(corpus_cpu)
    document_table = "Wall time:\n\n" + document_table + "\n\nCPU time:\n\n" + document_cpu
    corpus_table = "Wall time:\n\n" + corpus_table + "\n\nCPU time:\n\n" + corpus_cpu
    lines = verdicts({k: (v, v) for k, v in document_medians.items()}, "2,000 pages, CPU time") + \
        verdicts({k: (v, v) for k, v in corpus_medians.items()}, "corpus, CPU time")
    print("\n".join(lines))
    note = bench.machine_note(("pymupdf", "pypdf")) + "\n" + "\n".join(f"- {line}." for line in lines)
    bench.write_section(args.report, "text", section(document_table, corpus_table, note, files, args.input))
    print(f"wrote {args.report}")
    return 1 if "marginalia" in failures else 0


if __name__ == "__main__":
    sys.exit(main())
