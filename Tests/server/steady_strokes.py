"""Loads of ink strokes on one `marginalia serve` and what the server's process did
meanwhile, read from /proc (issue 29, item 2). Under a steady load 128 keep-alive connections
post strokes in the command protocol at a steady rate (open loop, as Benchmarks/run_server.py
offers them); under a busy load a few clients each post their next stroke as soon as the last
is answered (closed loop, the server never idle). The server's minor page faults, its threads'
voluntary context switches (by thread name) and its resident memory are read before and after
a counted stretch.

The counts depend on what the server does per stroke, not on the machine's load, which is why
the tests on the server's fixed costs (test_stroke_fixed_costs.py, test_stroke_wake_ups.py)
assert on them rather than on times. MARGINALIA_STROKE_LOAD_REPORT=FILE appends each run's
figures to FILE as a JSON line."""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import threading
import time
from pathlib import Path

from serve_process import Server

DOCS = "/api/v1/documents"
CONNECTIONS = 128
# Strokes a second, all connections together: half the benchmark's 500, so that the debug
# build CI tests keeps the pace on a busy machine.
RATE = 250
WARM_UP = 3.0  # seconds before the count starts: arenas, caches and threads set up
MEASURED = 6.0  # seconds counted


def proc_stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (which may hold spaces): index 0 is
    field 3, the state; minor faults (field 10) are at index 7."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2:].split()


def minor_faults(pid: int) -> int:
    return int(proc_stat(pid)[7])


def thread_switches(pid: int) -> dict[str, tuple[str, int]]:
    """Each thread's name and voluntary context switches (its sleeps: on a lock, a condition,
    a system call that waits), by thread id."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            status = (task / "status").read_text()
        except (FileNotFoundError, ProcessLookupError):  # the thread ended
            continue
        for line in status.splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                found[task.name] = (name, int(line.split()[1]))
    return found


def thread_kind(name: str) -> str:
    """A thread's name without the number that tells threads of one pool apart
    (`mg-http-3` is one of `mg-http`)."""
    return re.sub(r"[-_ ]?\d+$", "", name) or name


def resident_bytes(pid: int) -> int:
    return int(proc_stat(pid)[21]) * os.sysconf("SC_PAGE_SIZE")


def stroke_body(connection: int, index: int, revision: int) -> bytes:
    x0, y0 = 40 + (connection % 10) * 50, 60 + (index % 30) * 22
    points = [[x0 + i, round(y0 + 8 * math.sin(i / 5), 2), 0.5] for i in range(40)]
    return json.dumps({"protocol": 1, "baseRevision": revision, "clientId": f"steady-{connection}",
                       "command": {"type": "stroke", "pageIndex": 0, "points": points, "zoom": 1,
                                   "ink": {"color": "#1040C0", "width": 2, "opacity": 1,
                                           "usesPressure": False}}}).encode()


class Poster(threading.Thread):
    """One keep-alive connection sending its share of the strokes at their scheduled times:
    the stroke k of connection c is due at start + (c + k * CONNECTIONS) / RATE. Records when
    each acknowledged stroke was answered."""

    def __init__(self, number: int, port: int, path: str, start: float, until: float):
        super().__init__(daemon=True)
        self.number, self.port, self.path, self.start_at, self.until = number, port, path, start, until
        self.answered: list[float] = []
        self.failures: list[str] = []

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        revision, index = 0, 0
        while True:
            due = self.start_at + (self.number + index * CONNECTIONS) / RATE
            if due >= self.until:
                break
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            connection.request("POST", self.path, body=stroke_body(self.number, index, revision),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            payload = response.read()
            if response.status == 200:
                revision = json.loads(payload)["revision"]
                self.answered.append(time.monotonic())
            else:
                self.failures.append(f"{response.status}: {payload[:200]!r}")
            index += 1
        connection.close()


def switches_by_kind(before: dict[str, tuple[str, int]], after: dict[str, tuple[str, int]]) -> dict[str, int]:
    """Voluntary context switches between two ``thread_switches`` readings, summed by kind of
    thread, over the threads that lived through both."""
    by_kind: dict[str, int] = {}
    for tid, (name, count) in after.items():
        if tid in before:
            kind = thread_kind(name)
            by_kind[kind] = by_kind.get(kind, 0) + count - before[tid][1]
    return by_kind


def under_busy_load(binary, data: Path, clients: int, warm_up: float = 2.0, measured: float = 5.0) -> dict:
    """Runs a fresh server on `data` with `clients` keep-alive connections, each posting its
    next stroke when the last one is answered; its figures over the `measured` seconds after
    `warm_up`: strokes answered, and voluntary context switches a stroke by kind of thread."""
    server = Server(binary, data).start(wait_ready=True)
    stop, counting = threading.Event(), threading.Event()
    answered = [0] * clients
    failures: list[str] = []

    def post(number: int):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        revision, index = 0, 0
        while not stop.is_set():
            connection.request("POST", path, body=stroke_body(number, index, revision),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            payload = response.read()
            if response.status != 200:
                failures.append(f"{response.status}: {payload[:200]!r}")
                return
            revision, index = json.loads(payload)["revision"], index + 1
            if counting.is_set():
                answered[number] += 1
        connection.close()

    try:
        path = f"{DOCS}/{server.json('GET', DOCS)['documents'][0]['id']}/commands"
        pid = server.process.pid
        posters = [threading.Thread(target=post, args=(n,), daemon=True) for n in range(clients)]
        for poster in posters:
            poster.start()
        time.sleep(warm_up)
        before = thread_switches(pid)
        counting.set()
        time.sleep(measured)
        after = thread_switches(pid)
        counting.clear()
        strokes = sum(answered)
        stop.set()
        for poster in posters:
            poster.join(timeout=60)
    finally:
        server.stop()
    assert not failures, failures[:5]
    assert strokes > 0, "no stroke answered"
    figures = {"clients": clients, "strokes": strokes,
               "switchesPerStrokeByThread": {kind: round(count / strokes, 3)
                                             for kind, count in sorted(switches_by_kind(before, after).items())}}
    if os.environ.get("MARGINALIA_STROKE_LOAD_REPORT"):
        with open(os.environ["MARGINALIA_STROKE_LOAD_REPORT"], "a") as report:
            report.write(json.dumps(figures) + "\n")
    return figures


def under_steady_load(binary, data: Path, env: dict | None = None) -> dict:
    """Runs a fresh server on `data` under the steady load above; its figures over the
    MEASURED seconds: strokes acknowledged, minor faults (in all and a stroke), voluntary
    context switches a stroke in all and by kind of thread (``thread_kind``; the threads that
    lived through the count), and resident memory when the load began and when it ended."""
    server = Server(binary, data, env=env).start(wait_ready=True)
    try:
        document = server.json("GET", DOCS)["documents"][0]["id"]
        pid = server.process.pid
        start = time.monotonic() + 0.5
        counted_from, until = start + WARM_UP, start + WARM_UP + MEASURED
        posters = [Poster(n, server.port, f"{DOCS}/{document}/commands", start, until)
                   for n in range(CONNECTIONS)]
        for poster in posters:
            poster.start()
        rss_before = resident_bytes(pid)
        time.sleep(max(0.0, counted_from - time.monotonic()))
        faults_before, switches_before = minor_faults(pid), thread_switches(pid)
        time.sleep(max(0.0, until - time.monotonic()))
        for poster in posters:
            poster.join(timeout=60)
        faults_after, switches_after = minor_faults(pid), thread_switches(pid)
        rss_after = resident_bytes(pid)
    finally:
        server.stop()
    failures = [failure for poster in posters for failure in poster.failures]
    assert not failures, failures[:5]
    counted = sum(1 for poster in posters for at in poster.answered if at >= counted_from)
    # The generator kept the pace: a server that falls behind commits many strokes together,
    # which is not the case measured here.
    assert counted >= 0.8 * RATE * MEASURED, f"{counted} strokes answered in {MEASURED} s"
    by_kind = switches_by_kind(switches_before, switches_after)
    figures = {"strokes": counted, "faults": faults_after - faults_before,
               "faultsPerStroke": (faults_after - faults_before) / counted,
               "switchesPerStroke": sum(by_kind.values()) / counted,
               "switchesPerStrokeByThread": {kind: round(count / counted, 3)
                                             for kind, count in sorted(by_kind.items())},
               "rssBefore": rss_before, "rssAfter": rss_after}
    if os.environ.get("MARGINALIA_STROKE_LOAD_REPORT"):
        with open(os.environ["MARGINALIA_STROKE_LOAD_REPORT"], "a") as report:
            report.write(json.dumps({"env": env or {}, **figures}) + "\n")
    return figures
