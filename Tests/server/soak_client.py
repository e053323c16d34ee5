"""What the two soaks (test_soak.py: one server; test_replica_soak.py: replicas behind HAProxy)
share: the mixed-load client thread, its stroke, and the checks that replay the log.

A client draws, deletes what it drew, undoes, saves, reads and uploads at random; each soak
gives it its own `send` (how a request reaches a server and which answers are wrong there)
and `record_save`, and the reads it makes."""

from __future__ import annotations

import json
import math
import random
import subprocess
import threading

DOCS = "/api/v1/documents"


class Refused(Exception):
    """The request never reached a server (connection refused): safe to retry."""


class InDoubt(Exception):
    """The connection died after the request was sent: it may or may not have been applied."""


def stroke(client: str, revision: int, tag: str, rng: random.Random, points: int = 40) -> dict:
    y = rng.uniform(60, 700)
    path = [[60 + i * 6, y + 8 * math.sin(i / 3 + rng.random()), 0.5] for i in range(points)]
    return {"baseRevision": revision, "clientId": client,
            "action": {"stroke": {"pageIndex": rng.randrange(3), "points": path, "author": tag}}}


def annotation_ids(operation: dict, ids: set[str]):
    """Replays one logged operation (docs/operations.md) on the set of annotation ids."""
    name = operation["op"]
    if name == "addAnnotation":
        ids.add(operation["annotation"]["id"])
    elif name == "removeAnnotation":
        ids.discard(operation["annotation"]["id"])
    elif name == "group":
        for inner in operation["operations"]:
            annotation_ids(inner, ids)


def qpdf_ok(path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


class MixedClient(threading.Thread):
    """Mixed requests until `stop` is set; records every acknowledged log entry in `log` (by
    revision: one revision acknowledged twice fails the soak) and every upload in `uploads`."""

    POINTS = 40  # points per stroke
    UPLOAD_BELOW = 0.68  # rolls in [0.66, UPLOAD_BELOW) upload a document

    def __init__(self, number: int, doc: str, figures, stop: threading.Event, upload: bytes, log: dict,
                 uploads: dict):
        super().__init__(daemon=True)
        self.name_ = f"soak-{number}"
        self.doc, self.figures, self.stop_ = doc, figures, stop
        self.rng = random.Random(number)
        self.upload, self.log, self.uploads = upload, log, uploads
        self.revision = 0
        self.added: list[dict] = []  # annotations this client added (as applied)
        self.sequence = 0
        self.failure: str | None = None

    def run(self):
        try:
            while not self.stop_.is_set():
                self.step()
        except Exception as error:  # noqa: BLE001 - reported by the test
            self.failure = f"{self.name_}: {error!r}"

    def reads(self) -> list[str]:
        """The paths a read picks from."""
        ops = f"{DOCS}/{self.doc}/operations"
        return [f"{DOCS}/{self.doc}", f"{DOCS}/{self.doc}/annotations?page=0", DOCS,
                f"{ops}?after={max(0, self.revision - 5)}", f"{DOCS}/{self.doc}/versions"]

    def step(self):
        roll = self.rng.random()
        if roll < 0.45:
            self.sequence += 1
            tag = f"{self.name_}-{self.sequence}"
            self.apply("stroke", stroke(self.name_, self.revision, tag, self.rng, self.POINTS))
        elif roll < 0.55 and self.added:
            annotation = self.added.pop(self.rng.randrange(len(self.added)))
            self.apply("delete", {"baseRevision": self.revision, "clientId": self.name_,
                                  "operation": {"removeAnnotation": {"_0": annotation}}}, allow=(422,))
        elif roll < 0.62:
            self.apply("undo", {"baseRevision": self.revision, "clientId": self.name_, "undo": True})
        elif roll < 0.66:
            self.send("save", "POST", f"{DOCS}/{self.doc}/save", b"", record=self.record_save)
        elif roll < self.UPLOAD_BELOW:
            self.send("upload", "POST", f"{DOCS}?name={self.name_}-{self.sequence}.pdf", self.upload,
                      record=self.record_upload)
        else:
            self.send("read", "GET", self.rng.choice(self.reads()), None)

    def apply(self, kind: str, body: dict, allow: tuple[int, ...] = ()):
        def record(data: bytes):
            reply = json.loads(data)
            self.revision = max(self.revision, reply["revision"])
            with self.figures.lock:
                for entry in reply["applied"]:
                    assert entry["revision"] not in self.log, f"revision {entry['revision']} acknowledged twice"
                    self.log[entry["revision"]] = entry
            for entry in reply["applied"]:
                operation = entry["operation"]
                if operation["op"] == "addAnnotation" and entry["kind"] == "do":
                    self.added.append(operation["annotation"])
        self.send(kind, "POST", f"{DOCS}/{self.doc}/operations", body, record=record, allow=allow)

    def record_upload(self, data: bytes):
        summary = json.loads(data)
        with self.figures.lock:
            self.uploads[summary["id"]] = summary

    def record_save(self, data: bytes):
        raise NotImplementedError

    def send(self, kind: str, method: str, path: str, body, record=None, allow: tuple[int, ...] = ()):
        raise NotImplementedError
