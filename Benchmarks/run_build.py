#!/usr/bin/env python3
"""Benchmark "build": which release build users should get, measured on the four workloads.

Builds `marginalia` twice, `swift build -c release` (the Swift runtime and Foundation as
shared libraries) and `swift build -c release --static-swift-stdlib` (linked in), each in
its own scratch directory under .build/, then times both binaries side by side, in one run,
on the same jobs as the workload runners, each next to the peer those runners compare with:
    open     marginalia info FILE --json --pages 1500          mutool pages FILE 1500
    ink      marginalia annotate IN --from ink.json -o OUT     Benchmarks/peers/ink_pikepdf.py
    flatten  marginalia flatten IN -o OUT                      Benchmarks/peers/flatten_pikepdf.py
    fill     marginalia fill IN -o OUT --from VALUES.json      Benchmarks/peers/fill_pikepdf.py
plus `marginalia help` alone (start-up). Runs are round-robin over all tools of a workload.
Prints a Markdown table and writes it into its section of docs/benchmarks.md. The runners
of the single workloads then use the build chosen here (bench_common.RELEASE_BUILD).

    python3 Benchmarks/run_build.py [--runs 11] [--dynamic BIN --static BIN]
"""

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

import bench_common as bench
import run_fill
import run_flatten
import run_ink
import run_open

SCRATCH = {"dynamic": bench.ROOT / ".build" / "variant-dynamic", "static": bench.ROOT / ".build" / "variant-static"}
FLAGS = {"dynamic": [], "static": ["--static-swift-stdlib"]}
PEERS = Path(__file__).resolve().parent / "peers"


def build(variant: str) -> Path:
    argv = ["swift", "build", "-c", "release", *FLAGS[variant], "--scratch-path", str(SCRATCH[variant])]
    subprocess.run(argv, cwd=bench.ROOT, check=True)
    path = subprocess.run([*argv, "--show-bin-path"], cwd=bench.ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return Path(path) / "marginalia"


def workloads(binaries):
    """Workload -> (peer name, {tool: (shown, argv)}, prepare); outputs go to Benchmarks/work."""
    out = {name: bench.WORK / f"build-out-{name}.pdf" for name in ("dynamic", "static", "peer")}
    for name in ("open", "ink", "flatten"):
        bench.ensure_input(run_open.INPUT if name != "flatten" else run_flatten.INPUT,
                           "open" if name != "flatten" else "flatten")
    run_ink.write_spec(run_ink.SPEC)
    if not run_fill.INPUT.exists():
        run_fill.make_input(run_fill.INPUT)
    run_fill.make_values(run_fill.VALUES)

    def variants(shown, arguments):
        return {variant: (f"{shown} ({variant})", [str(binary), *arguments(variant)])
                for variant, binary in binaries.items()}

    def clear(_):
        for path in out.values():
            path.unlink(missing_ok=True)

    open_file = str(run_open.INPUT)
    jobs = {
        "start-up": (None, variants("marginalia help", lambda v: ["help"]), None),
        "open": ("mutool", {
            **variants("marginalia info FILE --json --pages 1500",
                       lambda v: ["info", open_file, "--json", "--pages", str(run_open.PAGE)]),
            "mutool": ("mutool pages FILE 1500", ["mutool", "pages", open_file, str(run_open.PAGE)]),
        }, None),
        "ink": ("pikepdf", {
            **variants("marginalia annotate IN --from ink.json -o OUT",
                       lambda v: ["annotate", open_file, "--from", str(run_ink.SPEC), "-o", str(out[v])]),
            "pikepdf": ("ink_pikepdf.py", [sys.executable, str(PEERS / "ink_pikepdf.py"), open_file,
                                           str(run_ink.SPEC), str(out["peer"])]),
        }, clear),
        "flatten": ("pikepdf", {
            **variants("marginalia flatten IN -o OUT",
                       lambda v: ["flatten", str(run_flatten.INPUT), "-o", str(out[v])]),
            "pikepdf": ("flatten_pikepdf.py", [sys.executable, str(PEERS / "flatten_pikepdf.py"),
                                               str(run_flatten.INPUT), str(out["peer"])]),
        }, clear),
        "fill": ("pikepdf", {
            **variants("marginalia fill IN -o OUT --from VALUES.json",
                       lambda v: ["fill", str(run_fill.INPUT), "-o", str(out[v]), "--from", str(run_fill.VALUES)]),
            "pikepdf": ("fill_pikepdf.py", [sys.executable, str(PEERS / "fill_pikepdf.py"), str(run_fill.INPUT),
                                            str(run_fill.VALUES), str(out["peer"])]),
        }, clear),
    }
    return jobs


def row(workload, peer, results, failures):
    def ms(name):
        return f"{results[name][0] * 1000:.1f}" if name in results else f"failed: {failures.get(name, '?')}"

    def ratio(a, b):
        return f"{results[a][0] / results[b][0]:.2f}x" if a in results and b in results else "n/a"

    def minima_ratio(a, b):
        return f"{results[a][1] / results[b][1]:.2f}x" if a in results and b in results else "n/a"

    return (f"| {workload} | {ms('dynamic')} | {ms('static')} | {ms(peer) if peer else ''} "
            f"| {ratio('dynamic', peer) if peer else ''} | {ratio('static', peer) if peer else ''} "
            f"| {ratio('static', 'dynamic')} | {minima_ratio('static', 'dynamic')} |")


def section(table, note, runs, spread):
    return f"""## Workload "build": which release build users get

The same code built two ways, `swift build -c release` (the Swift runtime and Foundation
loaded as shared libraries at start-up) and `swift build -c release --static-swift-stdlib`
(linked into the binary), timed side by side in one run on the jobs of the workloads below,
each next to the peer its workload compares with (whole processes, medians of {runs} runs
after a warm-up, round-robin). "start-up" is `marginalia help` alone.

### How to reproduce

```
python3 Benchmarks/run_build.py     # builds both into .build/variant-*, runs, rewrites this section
```

### Results

{note}

| job | dynamic (ms) | static (ms) | peer (ms) | dynamic/peer | static/peer | static/dynamic | static/dynamic, minima |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{table}

Noise in this run: a median is up to {spread:.0%} above its minimum.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help=f"timed runs per tool (at least {bench.MIN_RUNS})")
    parser.add_argument("--dynamic", type=Path, help="use this `swift build -c release` binary")
    parser.add_argument("--static", type=Path, help="use this `--static-swift-stdlib` binary")
    parser.add_argument("--report", type=Path, default=bench.REPORT, help="Markdown file to update")
    args = parser.parse_args()
    if args.runs < bench.MIN_RUNS:
        parser.error(f"--runs must be at least {bench.MIN_RUNS}")

    binaries = {"dynamic": args.dynamic.resolve() if args.dynamic else build("dynamic"),
                "static": args.static.resolve() if args.static else build("static")}
    rows, spreads = [], []
    for workload, (peer, tools, prepare) in workloads(binaries).items():
        results, failures = bench.measure(tools, args.runs, prepare=prepare)
        rows.append(row(workload, peer, results, failures))
        spreads += [median / minimum - 1 for median, minimum in results.values()]
        print(rows[-1], flush=True)
    note = bench.machine_note(("pikepdf",))
    bench.write_section(args.report, "build", section("\n".join(rows), note, args.runs, max(spreads, default=0)))
    print(f"wrote {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
