#!/usr/bin/env python3
"""Benchmark "editor": the editor engine's per-operation costs, next to parsing.

Builds the MarginaliaEditorBench executable in release and runs it several times on the
2,000-page benchmark file. In one process it times, as medians:
    parse          opening the 2,000-page file and reading page 1,500 (the yardstick)
    finish         finishing a 2,000-point pen stroke with pressure: smoothing,
                   simplification, clipping, and adding it (which builds its appearance)
    eraser sample  one sample of a 100-sample stroke-eraser sweep over a page holding
                   10,000 ink strokes (geometric hit test, then the removal)
Reports each as time per operation and as a ratio to the same run's parse time, and
rewrites its section of docs/benchmarks.md.

    python3 Benchmarks/run_editor.py [--runs 5] [--no-build] [--scratch-path DIR]
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

import bench_common as bench

INPUT = bench.WORK / "open-2000.pdf"
FINISH_TARGET_MS = 8.0   # one 120 Hz frame
ERASER_TARGET_MS = 1.0


def bench_binary(args) -> Path:
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", *bench.build_flags(args.scratch_path),
                        "--product", "MarginaliaEditorBench"], cwd=bench.ROOT, check=True)
    return bench.release_bin_path(args.scratch_path).parent / "MarginaliaEditorBench"


def section(rows, note, processes):
    return f"""## Workload "editor"

The editor engine's costs per operation (issue 5), measured inside one process in a release
build, each next to the same run's time to parse the 2,000-page benchmark file (open it and
read page 1,500 with its boxes and annotations), so the ratio holds on a faster or slower
machine:

- **finish**: a 2,000-point pen stroke with pressure is smoothed, simplified for zoom 1,
  clipped to the page and added, which builds its filled variable-width appearance stream.
- **eraser sample**: one sample of a 100-sample stroke-eraser sweep across a page holding
  10,000 short ink strokes (the sweep erases about 170 of them): the geometric hit test
  through the page's spatial index, then the removal.

Targets (issue 5): finishing a stroke within one 120 Hz frame ({FINISH_TARGET_MS:g} ms) and
each eraser sample under {ERASER_TARGET_MS:g} ms, on this machine's release build.

### How to reproduce

```
python3 Benchmarks/make_inputs.py --only open   # writes Benchmarks/work/open-2000.pdf
python3 Benchmarks/run_editor.py                # builds release, runs, rewrites this section
```

### Results

{note}
- Medians over {processes} processes (each itself the median of its repeated runs).

| operation | time per operation | ratio to parsing | target | verdict |
| --- | --- | --- | --- | --- |
{rows}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="benchmark processes (at least 5)")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--scratch-path")
    parser.add_argument("--report", type=Path, default=bench.REPORT)
    args = parser.parse_args()
    if args.runs < bench.MIN_RUNS:
        parser.error(f"--runs must be at least {bench.MIN_RUNS}")
    bench.ensure_input(INPUT, "open")
    binary = bench_binary(args)

    results = []
    for run in range(args.runs):
        done = subprocess.run([str(binary), str(INPUT), "--runs", "7"], check=True, capture_output=True, text=True)
        results.append(json.loads(done.stdout))
        print(f"run {run + 1}: {done.stdout.strip()}")
    median = {key: statistics.median(r[key] for r in results)
              for key in ("parseMilliseconds", "finishMilliseconds", "eraserSampleMilliseconds")}
    parse = median["parseMilliseconds"]
    rows = []
    for name, key, target in (("parse the 2,000-page file", "parseMilliseconds", None),
                              ("finish a 2,000-point stroke", "finishMilliseconds", FINISH_TARGET_MS),
                              ("one eraser sample (10,000 strokes)", "eraserSampleMilliseconds", ERASER_TARGET_MS)):
        value = median[key]
        verdict = "" if target is None else ("meets" if value <= target else "MISSES")
        target_cell = "" if target is None else f"{target:g} ms"
        rows.append(f"| {name} | {value:.3f} ms | {value / parse:.2f}x | {target_cell} | {verdict} |")
    table = "\n".join(rows)
    print(table)
    bench.write_section(args.report, "editor", section(table, bench.machine_note(python_modules=()), args.runs))
    print(f"wrote {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
