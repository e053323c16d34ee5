"""Bounded memory under hostile files (issue 25, item 4): one `marginalia serve` on SQLite,
its default limits, and eight clients at once uploading the bombs of memory_bombs.py, the
corpus's hostile files and 60 MiB of garbage, then exporting each as PNG and PDF and reading
and searching its text. Every answer must be under 500 (a 503 only with Retry-After), the
server must stay up, and its peak resident memory (VmHWM) must stay under the bound.

The figures of the recorded runs are in docs/server-robustness.md ("Memory"). Set
MARGINALIA_MEMORY_REPORT=FILE to write this run's as JSON."""

from __future__ import annotations

import csv
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from memory_bombs import BOMBS, MIB, garbage
from serve_process import Server

DOCS = "/api/v1/documents"
CLIENTS = 8
#: The peak resident memory the server may reach (issue 25 asks for 1.5 GiB).
PEAK_BOUND = 1536 * MIB
#: What the server may still hold once every request is answered: the documents it keeps
#: open (the 100,000 annotations and pages among them), not what the work freed. Freed but
#: kept by glibc's arenas, it was 580-670 MiB; given back (ProcessMemory), 240-300 MiB.
AFTER_BOUND = 448 * MIB
#: How often a client tries a request answered 503 (waiting as Retry-After says).
ATTEMPTS = 4
#: Seconds a request may take before it counts as unanswered.
REQUEST_TIMEOUT = 60
CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
HOSTILE_TAGS = ("broken-xref", "damaged", "opens:none")
#: Files whose cost is counts of objects, not bytes: their flattened export, page text and
#: find take minutes of CPU in a debug build (100,000 pages flattened, 100,000 annotations
#: read) with little memory, so they are uploaded, rendered and searched only (see
#: docs/server-robustness.md, "Memory": bounding that work is still to do).
COUNT_BOMBS = {"100000-pages", "100000-annotations"}


def corpus_hostile_files() -> list[Path]:
    """The corpus files tagged damaged, with a broken cross-reference, or that need a
    password or certificate we do not give (corpus README, manifest.tsv)."""
    manifest = CORPUS / "manifest.tsv"
    if not manifest.is_file():
        return []
    found = []
    with open(manifest, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            tags = row["features"].split(",")
            locked = "password-needed" in row["opens_with"] or "certificate" in row["opens_with"]
            if (locked or any(tag in tags for tag in HOSTILE_TAGS)) and (CORPUS / row["file"]).is_file():
                found.append(CORPUS / row["file"])
    return found


def vm_field(pid: int, name: str) -> int:
    """A size from /proc/PID/status in bytes (VmHWM: the peak resident set; VmRSS: now)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no {name} in /proc/{pid}/status")


def settled_rss(pid: int, deadline: float = 90) -> int:
    """The server's resident memory once it is at most AFTER_BOUND, or its lowest within
    `deadline` seconds: the background text indexer may still be at work on the last uploads."""
    lowest = vm_field(pid, "VmRSS")
    give_up = time.monotonic() + deadline
    while lowest >= AFTER_BOUND and time.monotonic() < give_up:
        time.sleep(0.5)
        lowest = min(lowest, vm_field(pid, "VmRSS"))
    return lowest


class Client:
    """Sends requests, retrying a 503 as its Retry-After says, and records every answer."""

    def __init__(self, server: Server):
        self.server = server
        self.answers: list[tuple[str, int, str, float]] = []  # (what, status, message, seconds)

    def send(self, what: str, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        for attempt in range(ATTEMPTS):
            sent = time.monotonic()
            try:
                status, headers, data = self.server.request(method, path, body=body, timeout=REQUEST_TIMEOUT)
            except OSError as error:  # no answer in time, or the server went away
                self.answers.append((what, 0, f"no answer: {error!r}", round(time.monotonic() - sent, 1)))
                return 0, b""
            retry = headers.get("Retry-After")
            self.answers.append((what, status, retry if status == 503 else self.message(status, data),
                                 round(time.monotonic() - sent, 1)))
            if status != 503 or retry is None or attempt == ATTEMPTS - 1:
                return status, data
            time.sleep(min(float(retry), 5))  # what the server asked for; the protocol, not a guess
        raise AssertionError("unreachable")

    @staticmethod
    def message(status: int, data: bytes) -> str:
        if status < 400:
            return ""
        try:
            return json.loads(data)["error"]["message"][:200]
        except (ValueError, KeyError, TypeError):
            return data[:200].decode("latin-1")

    def exercise(self, name: str, data: bytes) -> None:
        """Uploads a file, then exports it as PNG and PDF and reads and searches its text."""
        status, body = self.send(f"{name}: upload", "POST", f"{DOCS}?name={name}.pdf", data)
        if status != 201:
            return
        one = f"{DOCS}/{json.loads(body)['id']}"
        self.send(f"{name}: PNG", "GET", f"{one}/export?format=png&page=0")
        if name not in COUNT_BOMBS:
            self.send(f"{name}: PDF", "GET", f"{one}/export")
            self.send(f"{name}: text", "GET", f"{one}/pages/0/text")
            self.send(f"{name}: find", "GET", f"{one}/search?q=memory")
        self.send(f"{name}: search", "GET", "/api/v1/search?q=memory")


def test_hostile_files_eight_at_a_time_stay_under_the_memory_bound(binary, tmp_path):
    started = time.monotonic()
    jobs: list[tuple[str, object]] = [(name, build) for name, build in BOMBS.items()]
    jobs += [(f"garbage-{n}", garbage) for n in range(CLIENTS)]
    jobs += [(path.stem, path.read_bytes) for path in corpus_hostile_files()]
    server = Server(binary, tmp_path / "data", args=[]).start(wait_ready=True)
    pid = server.process.pid
    clients: list[Client] = []

    def run(job: tuple[str, object]) -> None:
        name, build = job
        client = Client(server)
        clients.append(client)
        client.exercise(name, build())

    try:
        with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
            list(pool.map(run, jobs))
        alive = server.process.poll() is None
        peak = vm_field(pid, "VmHWM") if alive else None
        after = settled_rss(pid) if alive else None
        ready = alive and server.ready()
    finally:
        if server.process.poll() is None:
            server.stop()
    answers = [answer for client in clients for answer in client.answers]
    elapsed = time.monotonic() - started
    counts: dict[int, int] = {}
    for _, status, _, _ in answers:
        counts[status] = counts.get(status, 0) + 1
    report = {"peak_rss_mib": peak and round(peak / MIB), "bound_mib": PEAK_BOUND // MIB,
              "rss_after_mib": after and round(after / MIB), "after_bound_mib": AFTER_BOUND // MIB, "seconds": round(elapsed, 1),
              "requests": len(answers), "statuses": counts,
              "slowest": sorted(answers, key=lambda a: -a[3])[:12],
              "failures": [a for a in answers if a[1] >= 400 or a[1] == 0]}
    print(json.dumps(report, indent=1))
    if os.environ.get("MARGINALIA_MEMORY_REPORT"):
        Path(os.environ["MARGINALIA_MEMORY_REPORT"]).write_text(json.dumps(report, indent=1))

    assert alive and ready, f"the server stopped: {server.log.read_text()[-2000:]}"
    bad = [a for a in answers if a[1] == 0 or (a[1] >= 500 and not (a[1] == 503 and a[2]))]
    assert not bad, f"no answer, or answers of 500 or more (503 without Retry-After included): {bad}"
    assert peak < PEAK_BOUND, f"peak resident memory {peak / MIB:.0f} MiB, over {PEAK_BOUND // MIB} MiB"
    assert after < AFTER_BOUND, (f"resident memory once every request was answered {after / MIB:.0f} MiB, over "
                                 f"{AFTER_BOUND // MIB} MiB: memory the work freed was not given back")
    limits = [a for a in answers if a[1] in (413, 422) and "limit" in a[2]]
    assert limits, "no request was refused naming a limit: the bombs did not reach one"
