"""Mixed load with random kills and restarts (issue 8, item 4): client threads draw, delete,
undo, save, read and upload while a killer SIGKILLs the server every 5-20 s and starts it
again on the same data folder. Afterwards every acknowledged change is there, nothing beyond
the acknowledged and in-doubt ones is, every stored file and version passes qpdf --check, and
the saved PDF opens in PyMuPDF with the expected annotations.

It runs over a data folder (SQLite) and over a PostgreSQL database (one replica; the replica
soak, test_replica_soak.py, is the long one there). MARGINALIA_SOAK_SECONDS sets the duration
over SQLite (default 180), MARGINALIA_PG_SOAK_SECONDS over PostgreSQL (default 30);
MARGINALIA_SOAK_REPORT names a JSON file for the figures (the PostgreSQL run's with
"-postgresql" added; docs/server-robustness.md records a 600 s run)."""

from __future__ import annotations

import http.client
import json
import os
import random
import threading
import time
from collections import Counter

import pymupdf
import pytest

from serve_process import Server
from soak_client import DOCS, InDoubt, MixedClient, Refused, annotation_ids, qpdf_ok

CLIENTS = 4


class Figures:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses: Counter = Counter()
        self.acknowledged: Counter = Counter()
        self.in_doubt: Counter = Counter()
        self.refused = 0
        self.latencies: list[float] = []
        self.bad_errors: list[str] = []

    def count(self, table: str, kind: str):
        with self.lock:
            getattr(self, table)[kind] += 1


def call(server: Server, figures: Figures, method: str, path: str, body=None, timeout: float = 60):
    """One request: (status, body bytes). Raises Refused or InDoubt when the server is gone."""
    port = server.port
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.connect()
    except OSError as error:
        connection.close()
        raise Refused() from error
    if isinstance(body, dict):
        body = json.dumps(body).encode()
    started = time.monotonic()
    try:
        connection.request(method, path, body=body)
        response = connection.getresponse()
        data = response.read()
    except (OSError, http.client.HTTPException) as error:
        raise InDoubt() from error
    finally:
        connection.close()
    with figures.lock:
        figures.statuses[response.status] += 1
        figures.latencies.append(time.monotonic() - started)
        if response.status >= 400:
            try:
                error = json.loads(data)["error"]
                assert error["code"] and error["message"]
            except Exception:
                figures.bad_errors.append(f"{method} {path}: {response.status} {data[:200]!r}")
    return response.status, data


class Client(MixedClient):
    """Mixed requests against the one server; records what was acknowledged and in doubt."""

    def __init__(self, number: int, server: Server, doc: str, figures: Figures, stop: threading.Event,
                 upload: bytes, log: dict, uploads: dict):
        super().__init__(number, doc, figures, stop, upload, log, uploads)
        self.server = server

    def reads(self) -> list[str]:
        return super().reads() + [f"{DOCS}/{self.doc}/annotations", f"{DOCS}/{self.doc}/file"]

    def record_save(self, data: bytes):
        version = json.loads(data)["version"]
        with self.figures.lock:
            self.log.setdefault("versions", {})[version["number"]] = version

    def send(self, kind: str, method: str, path: str, body, record=None, allow: tuple[int, ...] = ()):
        """Sends until the server answers or the connection dies mid-request (in doubt)."""
        while not self.stop_.is_set():
            try:
                status, data = call(self.server, self.figures, method, path, body)
            except Refused:
                with self.figures.lock:
                    self.figures.refused += 1
                time.sleep(0.05)
                continue
            except InDoubt:
                if method != "GET":
                    self.figures.count("in_doubt", kind)
                return
            if status < 300:
                if method != "GET":
                    self.figures.count("acknowledged", kind)
                if record:
                    record(data)
            elif status == 409 and kind in ("stroke", "delete", "undo"):
                raise AssertionError(f"409 for an acknowledged base revision: {data[:200]!r}")
            elif status not in allow:
                raise AssertionError(f"{method} {path}: unexpected {status} {data[:300]!r}")
            return


SQLITE_SECONDS = float(os.environ.get("MARGINALIA_SOAK_SECONDS", "180"))
POSTGRES_SECONDS = float(os.environ.get("MARGINALIA_PG_SOAK_SECONDS", "30"))


# The suite's bound (pytest.ini's timeout) counts from the test's start: the soak's own
# duration comes on top of it.
@pytest.mark.timeout(600 + max(SQLITE_SECONDS, POSTGRES_SECONDS))
def test_mixed_load_with_random_kills_loses_nothing_acknowledged(binary, tmp_path, new_store, store_kind):
    duration = SQLITE_SECONDS if store_kind == "sqlite" else POSTGRES_SECONDS
    server = Server(binary, tmp_path / "data", store=new_store()).start()
    figures = Figures()
    log: dict = {}
    uploads: dict = {}
    stop = threading.Event()
    kills = restarts = 0
    report: dict = {"seconds": duration, "clients": CLIENTS, "store": store_kind}
    try:
        doc = server.json("GET", DOCS)["documents"][0]["id"]
        _, _, upload = server.request("GET", f"{DOCS}/{doc}/file")
        initial_documents = {d["id"] for d in server.json("GET", DOCS)["documents"]}
        initial_ids = {a["id"] for a in server.json("GET", f"{DOCS}/{doc}/annotations")["annotations"]}
        clients = [Client(n, server, doc, figures, stop, upload, log, uploads) for n in range(CLIENTS)]
        for client in clients:
            client.start()

        rng = random.Random(8)
        started = time.monotonic()
        while time.monotonic() - started < duration:
            time.sleep(min(rng.uniform(5, 20), max(0.0, duration - (time.monotonic() - started))))
            if time.monotonic() - started >= duration:
                break
            server.kill()
            kills += 1
            server.start()
            restarts += 1
            assert not any(client.failure for client in clients), [c.failure for c in clients if c.failure]
        stop.set()
        for client in clients:
            client.join(timeout=120)
        assert not any(client.is_alive() for client in clients), "a client hung"
        failures = [client.failure for client in clients if client.failure]
        assert not failures, failures
        assert not figures.bad_errors, figures.bad_errors[:5]

        # A clean restart, then the checks.
        server.stop()
        server.start()
        restarts += 1
        entries = server.json("GET", f"{DOCS}/{doc}/operations?after=0")["operations"]
        by_revision = {entry["revision"]: entry for entry in entries}
        acknowledged = {r: e for r, e in log.items() if isinstance(r, int)}
        for revision, entry in acknowledged.items():
            assert revision in by_revision, f"acknowledged revision {revision} lost"
            stored = by_revision[revision]
            assert (stored["kind"], stored["clientId"], stored["operation"]) == \
                   (entry["kind"], entry["clientId"], entry["operation"]), f"revision {revision} differs"
        extra = len(entries) - len(acknowledged)
        in_doubt_edits = sum(figures.in_doubt[k] for k in ("stroke", "delete", "undo"))
        assert 0 <= extra <= 2 * in_doubt_edits, f"{extra} log entries beyond the acknowledged ones"

        expected = set(initial_ids)
        for entry in sorted(entries, key=lambda e: e["revision"]):
            annotation_ids(entry["operation"], expected)
        served = {a["id"] for a in server.json("GET", f"{DOCS}/{doc}/annotations")["annotations"]}
        assert served == expected

        for number, version in log.get("versions", {}).items():
            assert any(v["number"] == number and v["size"] == version["size"]
                       for v in server.json("GET", f"{DOCS}/{doc}/versions")["versions"]), f"version {number} lost"
        documents = {d["id"] for d in server.json("GET", DOCS)["documents"]}
        assert set(uploads) <= documents, "an acknowledged upload was lost"
        assert len(documents - initial_documents - set(uploads)) <= figures.in_doubt["upload"]

        server.json("POST", f"{DOCS}/{doc}/save", b"")
        _, _, saved = server.request("GET", f"{DOCS}/{doc}/file")
        pdf = pymupdf.open(stream=saved, filetype="pdf")
        in_pdf = [a.info["id"] for page in pdf for a in page.annots()]
        widgets = sum(1 for page in pdf for _ in page.widgets())  # PyMuPDF lists form widgets apart
        assert len(in_pdf) + widgets == len(expected), \
            f"the saved PDF holds {len(in_pdf)} annotations and {widgets} widgets, expected {len(expected)}"
        # The sample's own annotations have no /NM (the server derives their ids); every one
        # added under load carries its id.
        assert set(in_pdf) >= expected - initial_ids
        damaged = [p.name for p in server.stored_pdfs() if not qpdf_ok(p)]
        assert not damaged, damaged
        for version in server.json("GET", f"{DOCS}/{doc}/versions")["versions"]:
            status, _, data = server.request("GET", f"{DOCS}/{doc}/versions/{version['number']}/file")
            assert status == 200
            path = tmp_path / f"v{version['number']}.pdf"
            path.write_bytes(data)
            assert qpdf_ok(path), f"version {version['number']} damaged"

        report.update({
            "kills": kills, "restarts": restarts,
            "acknowledged": dict(figures.acknowledged), "inDoubt": dict(figures.in_doubt),
            "refusedConnections": figures.refused, "statuses": {str(k): v for k, v in sorted(figures.statuses.items())},
            "logEntries": len(entries), "acknowledgedEntries": len(acknowledged), "extraEntries": extra,
            "annotations": len(expected), "versions": len(server.json("GET", f"{DOCS}/{doc}/versions")["versions"]),
            "documents": len(documents), "storedFiles": len(server.stored_files()),
            "latencyP50": statistics_percentile(figures.latencies, 0.5),
            "latencyP99": statistics_percentile(figures.latencies, 0.99), "checks": "passed",
        })
    finally:
        stop.set()
        report.setdefault("kills", kills)
        report.setdefault("restarts", restarts)
        report.setdefault("acknowledged", dict(figures.acknowledged))
        report.setdefault("inDoubt", dict(figures.in_doubt))
        report.setdefault("statuses", {str(k): v for k, v in sorted(figures.statuses.items())})
        report.setdefault("checks", "failed")
        print(json.dumps(report, indent=1))
        if os.environ.get("MARGINALIA_SOAK_REPORT"):
            name = os.environ["MARGINALIA_SOAK_REPORT"]
            if store_kind != "sqlite":
                name = name.replace(".json", "") + f"-{store_kind}.json"
            with open(name, "w") as out:
                json.dump(report, out, indent=1)
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=30)


def statistics_percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values) or [0.0]
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 4)
