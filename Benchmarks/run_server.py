#!/usr/bin/env python3
"""Benchmark "server": ink strokes from an open-loop load generator, against four setups in one
run: one `marginalia serve` on a data folder (SQLite), one on a PostgreSQL database, and three
replicas on one database behind HAProxy (deploy/haproxy.cfg), round robin (every replica edits
the one document and follows the others' edits) and sticky by document id (one replica edits
it). Release build; PostgreSQL is a private cluster with fsync on.

The load comes from `MarginaliaLoadBench` (Benchmarks/LoadBench, release build), open loop:
request k is due at k / rate seconds and goes out on keep-alive connection k mod
`--connections` as soon as that one is free, and its latency runs from when it was due, so a slow
answer counts against every request queued behind it (a client that waits before it sends
would hide that). For each setup:
    static   GET of a static file (the editor's index.html) at the first rate, 10 s
    ink      POST of a stroke command (40 points) at each rate of `--rates`, `--seconds` each
Afterwards it saves the document, downloads the PDF and counts the Ink annotations with
pikepdf: every acknowledged stroke must be there. During each ink phase it counts the CPU
seconds of the servers, PostgreSQL, HAProxy and the generator, PostgreSQL's commits and
WAL, and the replicas' own count of their log commits (`GET /healthz`, `logAppends`: batches
committed, appends refused, rebases, commits under the row lock); and it measures the memory one more open document costs a replica. Reports throughput,
p50 and p99 for every setup and rate side by side and rewrites its section of
docs/benchmarks.md.

    python3 Benchmarks/run_server.py [--rates 500,2000] [--connections 128] [--seconds 30]
                                     [--no-build] [--setups sqlite,pg1,pg3,pg3sticky]
"""

import argparse
import http.client
import json
import math
import subprocess
import sys
from pathlib import Path

import bench_common as bench
from server_setups import PostgresSetup, SQLiteSetup, rss_bytes

P99_TARGET_MS = 20.0
STROKE_CPU_TARGET_MS = 0.5  # issue 29: server CPU per stroke
STICKY_RATIO_TARGET = 2.0  # issue 29: round robin's p99 within 2x of sticky routing's
STATIC_PATH = "/"  # the editor's index.html


def request(connection, method, path, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def generator_binary(args) -> Path:
    """The load generator, built like the server (release, the README's flags)."""
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", *bench.build_flags(args.scratch_path),
                        "--product", "MarginaliaLoadBench"], cwd=bench.ROOT, check=True)
    return bench.release_bin_path(args.scratch_path).parent / "MarginaliaLoadBench"


def run_phase(generator: Path, port: int, path: str, kind: str, rate: float, seconds: float, connections: int) -> dict:
    """One open-loop phase; the generator's figures (see Benchmarks/LoadBench)."""
    done = subprocess.run([str(generator), "--port", str(port), "--path", path, "--kind", kind,
                           "--rate", str(rate), "--seconds", str(seconds), "--connections", str(connections)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"MarginaliaLoadBench failed ({done.returncode}): {done.stderr.strip()}")
    result = json.loads(done.stdout)
    result["rate"] = rate
    return result


def count_ink(pdf: bytes) -> int:
    """Ink annotations in the PDF, counted with pikepdf: PyMuPDF's page.annots() is
    quadratic in a page's annotations (71 s for 6,000 on one page), which made the count,
    not the server, the slow part of a 30 s run."""
    import io
    import pikepdf
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(1 for page in document.pages for annotation in page.obj.get("/Annots", [])
                   if annotation.get("/Subtype") == pikepdf.Name.Ink)


def measure(setup, args, generator):
    """The static phase and an ink phase per rate against a started setup; returns the
    figures of its rows."""
    port = setup.port
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    status, payload = request(connection, "GET", "/api/v1/documents")
    document = next(d["id"] for d in json.loads(payload)["documents"] if d["name"] == "Welcome to Marginalia")
    commands_path = f"/api/v1/documents/{document}/commands"
    # The sample already holds annotations: count its Ink before the load.
    status, pdf = request(connection, "GET", f"/api/v1/documents/{document}/file")
    ink_before = count_ink(pdf) if status == 200 else -1
    connection.close()

    static = run_phase(generator, port, STATIC_PATH, "get", args.rates[0], min(10, args.seconds), args.connections)
    phases = []
    for rate in args.rates:
        cpu_before, database_before = setup.cpu(), setup.database_counters()
        ink = run_phase(generator, port, commands_path, "stroke", rate, args.seconds, args.connections)
        cpu_after, database_after = setup.cpu(), setup.database_counters()
        operations = max(ink["acknowledged"], 1)
        ink["cpuMsPerOp"] = {part: (cpu_after[part] - cpu_before.get(part, 0)) * 1000 / operations for part in cpu_after}
        ink["cpuMsPerOp"]["generator"] = ink["cpuSeconds"] * 1000 / operations
        ink["databasePerOp"] = {key: (database_after[key] - database_before[key]) / operations for key in database_after}
        phases.append(ink)
    # A fresh connection: the first one sat idle through the phases.
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    status, payload = request(connection, "POST", f"/api/v1/documents/{document}/save", b"")
    saved_ok = status < 400
    status, pdf = request(connection, "GET", f"/api/v1/documents/{document}/file")
    present = count_ink(pdf) if status == 200 else -1
    return {"static": static, "inks": phases, "inkBefore": ink_before, "present": present, "saved": saved_ok}


def memory_per_document(setup, copies=200):
    """RSS a fresh replica gains per extra open document (the sample: 3 pages, a few
    annotations), each opened by reading its pages and annotations."""
    connection = http.client.HTTPConnection("127.0.0.1", setup.port, timeout=60)
    status, payload = request(connection, "GET", "/api/v1/documents")
    first = json.loads(payload)["documents"][0]["id"]
    _, sample = request(connection, "GET", f"/api/v1/documents/{first}/versions/1/file")
    ids = []
    for n in range(copies):
        connection.request("POST", f"/api/v1/documents?name=copy-{n}.pdf", body=sample)
        response = connection.getresponse()
        ids.append(json.loads(response.read())["id"])
    pid = setup.servers[0].pid
    before = rss_bytes(pid)
    for identifier in ids:
        request(connection, "GET", f"/api/v1/documents/{identifier}")
        request(connection, "GET", f"/api/v1/documents/{identifier}/annotations")
    after = rss_bytes(pid)
    connection.close()
    return (after - before) / copies, len(sample)


def ms(value) -> str:
    return "unfinished" if value is None else f"{value:.2f} ms"


def p99(phase) -> float:
    value = phase["percentiles"]["p99"]
    return float("inf") if value is None else value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="500,2000", help="strokes a second offered, one ink phase per rate")
    parser.add_argument("--connections", type=int, default=128, help="the generator's keep-alive connections")
    parser.add_argument("--seconds", type=float, default=30, help="length of each ink phase")
    parser.add_argument("--setups", default="sqlite,pg1,pg3,pg3sticky", help="which setups, in order")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--scratch-path")
    parser.add_argument("--marginalia", type=Path, help="the binary to run (default: the release build)")
    parser.add_argument("--report", type=Path, default=bench.REPORT)
    args = parser.parse_args()
    try:
        args.rates = [float(rate) for rate in args.rates.split(",")]
    except ValueError:
        parser.error(f"--rates {args.rates!r}: expected numbers separated by commas")
    if not args.rates or any(not 1 <= rate <= 100_000 for rate in args.rates):
        parser.error("--rates: each rate from 1 to 100000 a second")
    if not 1 <= args.seconds <= 3_600:
        parser.error("--seconds: from 1 to 3600")

    binary = bench.marginalia_binary(args)  # reads --marginalia, --no-build, --scratch-path
    generator = generator_binary(args)
    makers = {"sqlite": lambda: SQLiteSetup(binary), "pg1": lambda: PostgresSetup(binary, 1),
              "pg3": lambda: PostgresSetup(binary, 3), "pg3sticky": lambda: PostgresSetup(binary, 3, sticky=True)}
    results, memory = {}, None
    for key in args.setups.split(","):
        setup = makers[key]().start()
        try:
            if key == "pg1":
                memory = memory_per_document(setup)
            results[key] = (setup.name, measure(setup, args, generator))
        finally:
            setup.stop()

    rows, verdicts, lines = [], [], []
    for key, (name, result) in results.items():
        for label, phase in ((f"GET {STATIC_PATH} (static file)", result["static"]),
                             *(("POST stroke command", ink) for ink in result["inks"])):
            rows.append(f"| {name} | {label} | {phase['rate']:g}/s | {phase['completed'] / max(phase['seconds'], 1e-9):.0f}/s | "
                        f"{ms(phase['percentiles']['p50'])} | {ms(phase['percentiles']['p99'])} | {phase['errors']} | "
                        f"{phase['unfinished']} | {phase['notFound']} |")
            if phase["firstErrors"]:
                print(f"{name}, {label} at {phase['rate']:g}/s: first errors: {phase['firstErrors'][:3]}")
        acknowledged = sum(ink["acknowledged"] for ink in result["inks"])
        # A request the generator stopped waiting for (unfinished) or whose connection broke
        # may still have been applied: the saved PDF may hold up to that many more strokes.
        unanswered = sum(ink["unfinished"] + ink["broken"] for ink in result["inks"])
        expected = result["inkBefore"] + acknowledged
        extra = result["present"] - expected
        kept = result["saved"] and 0 <= extra <= unanswered
        verdicts.append(kept)
        lines.append(f"- {name}: {acknowledged} strokes acknowledged, {result['present']} Ink annotations in the saved "
                     f"PDF (the sample's {result['inkBefore']} and every acknowledged stroke: {expected}"
                     + (f"; {extra} more, of the {unanswered} requests left unanswered" if extra > 0 else "") + "): "
                     + ("every acknowledged stroke kept" if kept else "STROKES LOST" if extra < 0 else "UNEXPLAINED STROKES") + ".")
        for ink in result["inks"]:
            met = p99(ink) <= P99_TARGET_MS and not ink["errors"] and not ink["unfinished"]
            if key == "sqlite" or ink["rate"] <= 500:
                verdicts.append(met)  # issue 29: SQLite at every rate; issues 6 and 17: every setup at 500/s
            server_ms = ink["cpuMsPerOp"]["replicas"]
            lines.append(f"  - at {ink['rate']:g}/s: p99 {ms(ink['percentiles']['p99'])} from the due time, "
                         f"{'meets' if met else 'MISSES'} the {P99_TARGET_MS:g} ms target; CPU per stroke: "
                         + ", ".join(f"{part} {value:.2f} ms" for part, value in ink["cpuMsPerOp"].items())
                         + f" (server {'within' if server_ms <= STROKE_CPU_TARGET_MS else 'OVER'} the "
                         f"{STROKE_CPU_TARGET_MS:g} ms target)"
                         + ("; per stroke in PostgreSQL: " + ", ".join(
                             f"{counter} {value:.2f}" for counter, value in ink["databasePerOp"].items())
                            if ink["databasePerOp"] else "") + ".")
    if "pg3" in results and "pg3sticky" in results:
        for robin, sticky in zip(results["pg3"][1]["inks"], results["pg3sticky"][1]["inks"]):
            if math.isinf(p99(sticky)):
                # Sticky routing did not keep up either: no ratio to hold round robin to.
                lines.append(f"- Three replicas at {robin['rate']:g}/s: sticky routing left requests unfinished, "
                             f"so the {STICKY_RATIO_TARGET:g}x target has no base at this rate.")
                continue
            ratio = p99(robin) / max(p99(sticky), 1e-9)
            met = ratio <= STICKY_RATIO_TARGET
            verdicts.append(met)
            shown = "unfinished requests" if math.isinf(ratio) else f"{ratio:.1f}x sticky routing's"
            lines.append(f"- Three replicas at {robin['rate']:g}/s: round robin's p99 is {shown}, "
                         f"{'within' if met else 'NOT within'} the {STICKY_RATIO_TARGET:g}x target.")
    if memory:
        lines.append(f"- Memory: one more open document (the {memory[1]:,}-byte sample, three pages) costs a "
                     f"replica {memory[0] / 1024:.0f} KiB of RSS (200 opened in a fresh replica, PostgreSQL store).")
    table = "\n".join(["| setup | requests | offered | answered | p50 | p99 | errors | unfinished | 404s |",
                       "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", *rows])
    summary = "\n".join(lines)
    print(table)
    print(summary)
    rates = " and ".join(f"{rate:g}" for rate in args.rates)
    text = f"""## Workload "server"

An open-loop load generator (`MarginaliaLoadBench`, Benchmarks/LoadBench: one thread polling
{args.connections} keep-alive connections; request k is due at k / rate seconds and goes out on
connection k mod {args.connections} once that one is free; latency runs from when it was due, so a slow answer counts against every
request queued behind it) against four setups in one run: one `marginalia serve` (release
build) on a data folder (SQLite), one on a PostgreSQL database, and three replicas on one
database behind HAProxy (deploy/haproxy.cfg): round robin, so every replica edits the same
document and follows the others' entries, and sticky by document id, so one replica edits it
(the others idle: the workload has one document). PostgreSQL is a private cluster on this
machine (fsync and synchronous_commit on). For each: GETs of a static file for
{min(10, args.seconds):g} s at {args.rates[0]:g} a second, then stroke commands (`POST …/commands`,
40 points each, finished by the engine: smoothed, simplified, clipped, appearance built,
logged durably before the answer) for {args.seconds:g} s at each of {rates} a second. Then the
document is saved and the downloaded PDF's Ink annotations are counted with pikepdf: they must be
the sample's own Ink annotations plus every acknowledged stroke. "unfinished" counts requests
due but not answered within 30 s after the phase; a percentile they reach reads "unfinished".
CPU per stroke is the CPU seconds each part used during the phase divided by the acknowledged
strokes; the generator's own is stated (it shares the 2 cores with the servers).

Targets: p99 under {P99_TARGET_MS:g} ms from the due time, zero errors and every acknowledged
stroke in the saved PDF, for every setup at 500 strokes a second (issues 6 and 17) and for one
SQLite server at 2,000 (issue 29); the server's CPU per stroke at most {STROKE_CPU_TARGET_MS:g} ms
(issue 29); three replicas with round robin within {STICKY_RATIO_TARGET:g}x of sticky routing's
p99 (issue 29). Each line below says whether it was met.

### How to reproduce

```
python3 Benchmarks/run_server.py        # builds release, runs every setup, rewrites this section
```

### Results

{bench.machine_note(python_modules=("pikepdf",))}

{table}

{summary}
"""
    bench.write_section(args.report, "server", text)
    print(f"wrote {args.report}")
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
