#!/usr/bin/env python3
"""Benchmark "profile": what one ink stroke costs the server, and where the time goes.

One `marginalia serve` on a data folder (SQLite, the README's store) takes strokes from a few
keep-alive clients, each sending its next stroke when the last is answered (a closed loop: the
point is the server's CPU per stroke, not latency under load; run_server.py measures that).
The strokes are the command protocol's (`POST .../commands`, `{"type": "stroke", ...}`), 40
points each, as the editor sends them. While they run, `perf record` samples the server; the
report lists the functions with the most self time, each as a share of the samples and as
microseconds per stroke (its share of the server's CPU time per stroke).

With --subscribers N, N clients read the document's event stream (`GET .../events`) as editor
tabs do, and the server's CPU per stroke includes sending every stroke to each of them: the
phase waits until each has received every stroke before it reads the server's CPU time.

Give one binary, or two with --compare to measure a change against its base in the same run
(alternating phases, so a noisy machine weighs on both alike); the CPU per stroke of each and
their ratio are reported. Writes its section of docs/benchmarks.md unless --no-report.

    python3 Benchmarks/run_profile.py [--marginalia BIN] [--compare BASE_BIN] [--strokes 3000]
                                      [--clients 4] [--subscribers 0] [--rounds 2] [--top 15]
                                      [--no-report]
"""

import argparse
import http.client
import json
import math
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import bench_common as bench
from server_setups import SQLiteSetup, cpu_seconds

REPORT = bench.ROOT / "docs" / "benchmarks.md"


def stroke_command(client: int, n: int, revision: int) -> bytes:
    x0, y0 = 40 + (client % 10) * 50, 60 + (n % 30) * 22
    points = [[round(x0 + i, 2), round(y0 + 8 * math.sin(i / 5), 2), 0.5] for i in range(40)]
    return json.dumps({"protocol": 1, "baseRevision": revision, "clientId": f"profile-{client}",
                       "command": {"type": "stroke", "pageIndex": 0, "points": points, "zoom": 1,
                                   "ink": {"color": "#1040C0", "width": 2, "opacity": 1, "usesPressure": False}}}).encode()


def document_id(port: int) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/api/v1/documents")
    documents = json.loads(connection.getresponse().read())["documents"]
    connection.close()
    return next(d["id"] for d in documents if d["name"] == "Welcome to Marginalia")


def send_strokes(port: int, document: str, clients: int, strokes: int) -> int:
    """Each client sends its share of `strokes`, one at a time; returns the acknowledged count."""
    path = f"/api/v1/documents/{document}/commands"
    acknowledged = [0] * clients
    failures: list[str] = []

    def client(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        revision = 0
        for n in range(strokes // clients):
            connection.request("POST", path, body=stroke_command(index, n, revision),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            body = response.read()
            if response.status >= 400:
                failures.append(f"{response.status}: {body[:200]!r}")
                return
            header = response.getheader("X-Marginalia-Revision")
            revision = int(header) if header else json.loads(body)["revision"]
            acknowledged[index] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"strokes refused: {failures[0]}")
    return sum(acknowledged)


class Subscribers:
    """`count` clients reading document `document`'s event stream, each counting the operation
    events it received."""

    def __init__(self, port: int, document: str, count: int):
        self.received = [0] * count
        self.connections: list[http.client.HTTPConnection] = []
        self.threads: list[threading.Thread] = []
        for index in range(count):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request("GET", f"/api/v1/documents/{document}/events")
            response = connection.getresponse()
            if response.status != 200:
                raise SystemExit(f"subscriber {index}: GET .../events answered {response.status}")
            self.connections.append(connection)
            thread = threading.Thread(target=self._read, args=(index, response), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _read(self, index: int, response: http.client.HTTPResponse) -> None:
        try:
            while line := response.fp.readline():
                if line == b"event: operation\n":
                    self.received[index] += 1
        except (OSError, ValueError):
            pass  # closed by stop()

    def wait_for(self, counts: list[int], deadline_seconds: float = 60) -> None:
        """Waits until subscriber i has received `counts[i]` operation events."""
        deadline = time.monotonic() + deadline_seconds
        while any(got < wanted for got, wanted in zip(self.received, counts)):
            if time.monotonic() > deadline:
                raise SystemExit(f"subscribers received {self.received} operation events, expected {counts}")
            time.sleep(0.01)

    def stop(self) -> None:
        for connection in self.connections:
            if connection.sock is not None:
                try:
                    connection.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            connection.close()
        for thread in self.threads:
            thread.join(timeout=10)


def demangle(names: list[str]) -> list[str]:
    tool = shutil.which("swift-demangle") or str(Path(shutil.which("swift") or "swift").with_name("swift-demangle"))
    try:
        out = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(names), capture_output=True,
                             text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return names
    return out if len(out) == len(names) else names


#: Frames every stroke passes through that say nothing about where its time goes: thread
#: entry points, libmicrohttpd's loop and the request dispatch around the handler.
WRAPPERS = re.compile(r"^(start_thread|clone3?|thread_start|__clone|MHD_|_start|main$|\[unknown\]|0x)")


def top_symbols(perf_data: Path, top: int, inclusive: bool = False) -> list[tuple[float, str]]:
    """(percent of samples, symbol) of the functions with the most self time, or with the
    most time spent in them and what they call (`inclusive`, our own code's frames only)."""
    report = subprocess.run(["perf", "report", "-i", str(perf_data), "--children" if inclusive else "--no-children",
                             "--sort", "symbol", "--stdio", "--percent-limit", "0.3", "-g", "none"],
                            capture_output=True, text=True).stdout
    rows = []
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+(?:[\d.]+%\s+)?\[[.k]\]\s+(.+?)\s*$", line)
        if match:
            rows.append((float(match.group(1)), match.group(2)))
    if inclusive:
        rows = [row for row in rows if not WRAPPERS.match(row[1]) and not row[1].startswith(("swift_", "_swift", "__"))]
    rows = rows[:top]
    names = demangle([name for _, name in rows])
    return [(percent, " ".join(name.split())[:110]) for (percent, _), name in zip(rows, names)]


def profile(binary: Path, args, perf_dir: Path, label: str) -> dict:
    """One phase: a fresh server, a warm-up, then the measured strokes under perf."""
    setup = SQLiteSetup(binary).start()
    subscribers = None
    try:
        server = setup.servers[0].pid
        document = document_id(setup.port)
        if args.subscribers:
            subscribers = Subscribers(setup.port, document, args.subscribers)
        warm_up = send_strokes(setup.port, document, args.clients, 200)  # warm-up: caches, the log's file
        if subscribers:
            subscribers.wait_for([warm_up] * args.subscribers)
        perf_data = perf_dir / f"{label}.data"
        recorder = subprocess.Popen(["perf", "record", "-F", "1999", "-g", "-o", str(perf_data), "-p", str(server)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        cpu_before, began = cpu_seconds(server), time.perf_counter()
        acknowledged = send_strokes(setup.port, document, args.clients, args.strokes)
        if subscribers:
            subscribers.wait_for([warm_up + acknowledged] * args.subscribers)
        cpu_after, elapsed = cpu_seconds(server), time.perf_counter() - began
        recorder.send_signal(2)
        recorder.wait(timeout=120)
        per_stroke_ms = (cpu_after - cpu_before) * 1000 / max(acknowledged, 1)
        return {"strokes": acknowledged, "cpuMs": per_stroke_ms, "perSecond": acknowledged / elapsed,
                "top": top_symbols(perf_data, args.top), "inclusive": top_symbols(perf_data, args.top, inclusive=True)}
    finally:
        if subscribers:
            subscribers.stop()
        setup.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    bench.add_common_arguments(parser)
    parser.add_argument("--compare", type=Path, help="a second binary (the base) measured in the same run")
    parser.add_argument("--strokes", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--subscribers", type=int, default=0,
                        help="clients reading the document's event stream while the strokes run")
    parser.add_argument("--rounds", type=int, default=2, help="phases per binary, alternating")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--no-report", action="store_true")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        raise SystemExit("run_profile.py needs perf (Debian: linux-perf)")
    binaries = {"this build": bench.marginalia_binary(args)}
    if args.compare:
        binaries["base"] = args.compare.resolve()
    perf_dir = Path(tempfile.mkdtemp(prefix="marginalia-profile-"))
    results: dict[str, list[dict]] = {name: [] for name in binaries}
    for round_number in range(args.rounds):
        for name, binary in binaries.items():
            result = profile(binary, args, perf_dir, f"{name.replace(' ', '-')}-{round_number}")
            results[name].append(result)
            print(f"{name}, round {round_number + 1}: {result['strokes']} strokes, "
                  f"{result['cpuMs']:.3f} ms of server CPU a stroke, {result['perSecond']:.0f} a second", flush=True)

    lines = bench.machine_note(python_modules=()).splitlines()
    subscribed = (f", {args.subscribers} clients reading the document's event stream (each receives every stroke)"
                  if args.subscribers else "")
    lines += [f"- {args.strokes} strokes of 40 points (`POST …/commands`) from {args.clients} clients, each "
              f"waiting for its answer{subscribed}; {args.rounds} phases per binary, alternating; fresh SQLite server each phase.", ""]
    lines += ["| binary | server CPU per stroke (median of phases) | strokes a second |", "| --- | --- | --- |"]
    medians = {}
    for name, runs in results.items():
        medians[name] = sorted(r["cpuMs"] for r in runs)[len(runs) // 2]
        rate = sorted(r["perSecond"] for r in runs)[len(runs) // 2]
        lines.append(f"| {name} | {medians[name]:.3f} ms | {rate:.0f} |")
    if "base" in medians:
        lines += ["", f"This build uses {medians['this build'] / medians['base']:.2f}x the base's CPU per stroke."]
    for name, runs in results.items():
        last = runs[-1]
        lines += ["", f"Top functions by self time, {name} (last phase; µs per stroke = share x CPU per stroke):", "",
                  "| share | µs per stroke | function |", "| --- | --- | --- |"]
        for percent, symbol in last["top"]:
            lines.append(f"| {percent:.1f} % | {percent / 100 * last['cpuMs'] * 1000:.0f} | `{symbol.replace('|', '/')}` |")
        lines += ["", f"Top functions with what they call, {name} (last phase):", "",
                  "| share | µs per stroke | function |", "| --- | --- | --- |"]
        for percent, symbol in last["inclusive"]:
            lines.append(f"| {percent:.1f} % | {percent / 100 * last['cpuMs'] * 1000:.0f} | `{symbol.replace('|', '/')}` |")
    text = "\n".join(lines)
    print(text)
    if not args.no_report:
        bench.write_section(REPORT, "profile", "## Workload \"profile\"\n\n"
                            "What one stroke costs the server and where the time goes (perf), written by "
                            "`Benchmarks/run_profile.py`.\n\n### How to reproduce\n\n```\n"
                            "python3 Benchmarks/run_profile.py [--compare BASE_BIN]\n```\n\n### Results\n\n" + text + "\n")
    shutil.rmtree(perf_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
