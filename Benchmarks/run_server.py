#!/usr/bin/env python3
"""Benchmark "server": ink operations from 50 concurrent clients against one server.

Starts `marginalia serve` (release build) on a free loopback port with a fresh data folder,
then, with 50 client threads each on its own keep-alive connection:
    static   GET of a static file (the editor's index.html) at the target rate, 10 s
    ink      POST of an ink stroke action (40 points) at the target rate, 30 s
Each client sends at its share of the target rate (500 requests a second in all by
default) and records every request's latency. Afterwards it saves the document, downloads
the PDF and counts the Ink annotations with pikepdf: every acknowledged stroke must be there.
Reports throughput, p50 and p99 for both phases side by side and rewrites its section of
docs/benchmarks.md.

    python3 Benchmarks/run_server.py [--rate 500] [--clients 50] [--seconds 30] [--no-build]
"""

import argparse
import http.client
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import bench_common as bench

P99_TARGET_MS = 20.0
STATIC_PATH = "/"  # the editor's index.html


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary: Path, data: Path, port: int):
    process = subprocess.Popen([str(binary), "serve", "--port", str(port), "--data", str(data)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"marginalia serve did not start: {process.stdout.read()}")


def request(connection, method, path, body=None, with_revision=False):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    if with_revision:
        return response.status, response.read(), response.getheader("X-Marginalia-Revision")
    return response.status, response.read()


def stroke_body(client: int, n: int, revision: int) -> bytes:
    x0, y0 = 40 + (client % 10) * 50, 60 + (n % 30) * 22
    points = [[x0 + i, y0 + 8 * math.sin(i / 5), 0.5] for i in range(40)]
    return json.dumps({"baseRevision": revision, "clientId": f"load-{client}",
                       "action": {"stroke": {"pageIndex": 0, "points": points, "zoom": 1,
                                             "ink": {"color": "#1040C0", "width": 2, "opacity": 1,
                                                     "usesPressure": False}}}}).encode()


def run_phase(port, clients, rate, seconds, make_request):
    """Every client sends at rate/clients per second for `seconds`; returns (latencies in
    ms, errors, acknowledged count, elapsed seconds, 404s of GETs)."""
    interval = clients / rate
    latencies, errors, acknowledged, not_found = [], [], [0], [0]
    lock = threading.Lock()
    start = time.perf_counter() + 0.2

    def client(index):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        state = {"revision": 0}
        n = 0
        next_at = start + interval * index / clients
        while next_at < start + seconds:
            delay = next_at - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            method, path, body = make_request(index, n, state)
            began = time.perf_counter()
            try:
                status, payload, revision = request(connection, method, path, body, with_revision=True)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    errors.append(str(error))
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            else:
                elapsed = (time.perf_counter() - began) * 1000
                with lock:
                    latencies.append(elapsed)
                    if status == 404 and body is None:
                        not_found[0] += 1  # a static file not there (yet): counted apart, not hidden
                    elif status >= 400:
                        errors.append(f"{status}: {payload[:200]!r}")
                    elif body is not None:
                        acknowledged[0] += 1
                if body is not None and status < 400:
                    # The revision header saves parsing the body (every missed entry) on the
                    # client, whose threads share the server's two cores.
                    state["revision"] = int(revision) if revision else json.loads(payload)["revision"]
            n += 1
            next_at += interval

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, acknowledged[0], time.perf_counter() - start, not_found[0]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def count_ink(pdf: bytes) -> int:
    """Ink annotations in the PDF, counted with pikepdf: PyMuPDF's page.annots() is
    quadratic in a page's annotations (71 s for 6,000 on one page), which made the count,
    not the server, the slow part of a 30 s run."""
    import io
    import pikepdf
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(1 for page in document.pages for annotation in page.obj.get("/Annots", [])
                   if annotation.get("/Subtype") == pikepdf.Name.Ink)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=500, help="requests a second, all clients together")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30, help="length of the ink phase")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--scratch-path")
    parser.add_argument("--marginalia", type=Path, help="the binary to run (default: the release build)")
    parser.add_argument("--report", type=Path, default=bench.REPORT)
    args = parser.parse_args()

    binary = bench.marginalia_binary(args)  # reads --marginalia, --no-build, --scratch-path
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = start_server(binary, Path(data), port)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status, payload = request(connection, "GET", "/api/v1/documents")
            document = json.loads(payload)["documents"][0]["id"]
            ops_path = f"/api/v1/documents/{document}/operations"
            # The sample already holds annotations: count its Ink before the load.
            status, pdf = request(connection, "GET", f"/api/v1/documents/{document}/file")
            ink_before = count_ink(pdf) if status == 200 else -1
            connection.close()

            static = run_phase(port, args.clients, args.rate, min(10, args.seconds),
                               lambda i, n, s: ("GET", STATIC_PATH, None))
            ink = run_phase(port, args.clients, args.rate, args.seconds,
                            lambda i, n, s: ("POST", ops_path, stroke_body(i, n, s["revision"])))
            # A fresh connection: the first one sat idle through both phases.
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            status, payload = request(connection, "POST", f"/api/v1/documents/{document}/save", b"")
            saved_ok = status < 400
            status, pdf = request(connection, "GET", f"/api/v1/documents/{document}/file")
            present = count_ink(pdf) if status == 200 else -1
        finally:
            server.terminate()
            server.wait(timeout=30)

    rows = []
    for name, (latencies, errors, acknowledged, elapsed, not_found) in (
            (f"GET {STATIC_PATH} (static file)", static), ("POST ink stroke action", ink)):
        rows.append(f"| {name} | {len(latencies) / elapsed:.0f}/s | {percentile(latencies, 0.5):.2f} ms | "
                    f"{percentile(latencies, 0.99):.2f} ms | {len(errors)} | {not_found} |")
        if errors:
            print(f"{name}: first errors: {errors[:3]}")
    p99 = percentile(ink[0], 0.99)
    acknowledged = ink[2]
    expected = ink_before + acknowledged
    verdict = ("meets" if p99 <= P99_TARGET_MS and not ink[1] and present == expected and saved_ok
               else "MISSES")
    table = "\n".join(["| requests | throughput | p50 | p99 | errors | 404s |",
                       "| --- | --- | --- | --- | --- | --- |", *rows])
    summary = (f"Ink annotations before the load: {ink_before}; acknowledged strokes: {acknowledged}; "
               f"Ink annotations in the saved PDF (pikepdf): {present} (expected {expected}). "
               f"Ink p99 {p99:.2f} ms against the {P99_TARGET_MS:g} ms target: {verdict}; "
               f"p99 ratio ink/static: {p99 / max(percentile(static[0], 0.99), 1e-9):.1f}x.")
    print(table)
    print(summary)
    text = f"""## Workload "server"

{args.clients} concurrent clients, each on its own keep-alive connection, against one
`marginalia serve` (release build) on loopback with a fresh data folder: first GETs of a
static file for {min(10, args.seconds):g} s, then POSTs of ink stroke actions (40 points each, finished by the
engine: smoothed, simplified, clipped, appearance built, logged durably before the answer)
for {args.seconds:g} s, both at {args.rate:g} requests a second in all. Then the document is saved
and the downloaded PDF's Ink annotations are counted with pikepdf: they must be the sample's
own Ink annotations (counted before the load) plus every acknowledged stroke. A 404 of the
static GET (no editor files installed) is counted in its own column, not as an error.

Targets (issue 6): p99 under {P99_TARGET_MS:g} ms at 500 operations a second on this 2-core
machine, zero errors, every acknowledged stroke in the saved PDF. The client is Python
threads on the same 2 cores, so its own scheduling delays are part of every latency.

### How to reproduce

```
python3 Benchmarks/run_server.py        # builds release, runs both phases, rewrites this section
```

### Results

{bench.machine_note(python_modules=("pikepdf",))}

{table}

{summary}
"""
    bench.write_section(args.report, "server", text)
    print(f"wrote {args.report}")
    return 0 if verdict == "meets" else 1


if __name__ == "__main__":
    sys.exit(main())
