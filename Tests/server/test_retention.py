"""Issue 27 item 4, retention: a store's and a document's settings over the API and the
command line, versions forgotten with their bytes (what remains is checked by qpdf and pypdf),
the trash emptied after its days, and every change in the audit log."""

from __future__ import annotations

import io
import json
import subprocess
import time
from pathlib import Path

import pypdf

from serve_process import Server

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"


def marginalia(binary, *arguments, timeout=300):
    return subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=timeout)


def command(server, doc, base, body):
    request = {"protocol": 1, "baseRevision": base, "clientId": "retention-test", "command": body}
    return server.json("POST", f"/api/v1/documents/{doc}/commands", request)["revision"]


def square(name, x):
    return {"type": "add", "annotation": {"type": "square", "id": name, "pageIndex": 0,
                                          "rect": [x, 20, x + 40, 60], "color": "#1565C0"}}


def four_versions(server):
    """Versions 1-4: the sample; with the square "gone-marker"; without it (undone); with "kept-marker"."""
    doc = json.loads(server.request("POST", "/api/v1/documents?name=history.pdf", SAMPLE.read_bytes())[2])["id"]
    revision = command(server, doc, 0, square("gone-marker", 20))
    server.json("POST", f"/api/v1/documents/{doc}/save")
    revision = command(server, doc, revision, {"type": "undo"})
    server.json("POST", f"/api/v1/documents/{doc}/save")
    command(server, doc, revision, square("kept-marker", 200))
    server.json("POST", f"/api/v1/documents/{doc}/save")
    return doc


def stored_bytes(data: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted((data / "files").iterdir()))


def annotation_names(pdf: bytes) -> list:
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    return sorted(str(a.get_object().get("/NM")) for a in page.get("/Annots", []) if a.get_object().get("/NM"))


def test_versions_beyond_the_store_setting_are_forgotten_bytes_and_all(binary, tmp_path):
    data = tmp_path / "data"
    server = Server(binary, data, args=["--retention-every", "0"]).start()
    doc = four_versions(server)
    before = {n: server.request("GET", f"/api/v1/documents/{doc}/versions/{n}/file")[2] for n in (3, 4)}
    assert b"gone-marker" in stored_bytes(data)

    settings = server.json("PUT", "/api/v1/retention", {"keepVersions": 2})
    assert settings == {"keepVersions": 2, "keepDays": None, "trashDays": None}
    report = server.json("POST", "/api/v1/retention/apply")
    assert [p["versions"] for p in report["pruned"] if p["document"] == doc] == [[1, 2]]
    assert [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] == [3, 4]

    stored = stored_bytes(data)
    assert b"gone-marker" not in stored and b"kept-marker" in stored
    for n in (3, 4):
        after = server.request("GET", f"/api/v1/documents/{doc}/versions/{n}/file")[2]
        assert annotation_names(after) == annotation_names(before[n])
        kept = tmp_path / f"version-{n}.pdf"
        kept.write_bytes(after)
        checked = subprocess.run(["qpdf", "--check", str(kept)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "kept-marker" in annotation_names(before[4]) and "gone-marker" not in annotation_names(before[4])
    # The forgotten versions are gone from the API too; editing and saving go on.
    assert server.request("GET", f"/api/v1/documents/{doc}/versions/1/file")[0] == 404
    revision = server.json("GET", f"/api/v1/documents/{doc}")["revision"]
    command(server, doc, revision, square("after-prune", 300))
    assert server.json("POST", f"/api/v1/documents/{doc}/save")["version"]["number"] == 5

    audit = server.json("GET", "/api/v1/audit")["entries"]
    assert any(e["action"] == "setRetention" and "keepVersions=2" in e["detail"] for e in audit)
    assert any(e["action"] == "pruneVersions" and e["document"] == doc and e["detail"].startswith("versions 1,2;")
               for e in audit)
    server.stop()


def test_a_documents_own_policy_and_its_errors(binary, tmp_path):
    server = Server(binary, tmp_path / "data", args=["--retention-every", "0"]).start()
    doc = four_versions(server)
    assert server.json("GET", f"/api/v1/documents/{doc}/retention") == {"keepVersions": None, "keepDays": None, "own": False}
    assert server.json("PUT", f"/api/v1/documents/{doc}/retention", {"keepVersions": 1})["own"] is True
    status, _, body = server.request("PUT", f"/api/v1/documents/{doc}/retention", {"keepVersions": 0})
    assert status == 400 and b"keepVersions" in body
    status, _, body = server.request("PUT", "/api/v1/retention", {"keepWeeks": 3})
    assert status == 400 and b"keepWeeks" in body
    for wrong in (False, 2.5, "3"):
        status, _, body = server.request("PUT", "/api/v1/retention", {"trashDays": wrong})
        assert status == 400 and b"trashDays" in body, wrong
    server.json("POST", "/api/v1/retention/apply")
    assert [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] == [4]
    assert server.json("DELETE", f"/api/v1/documents/{doc}/retention")["own"] is False
    server.stop()


def test_the_command_line_sets_retention_and_empties_the_trash(binary, tmp_path):
    data = tmp_path / "data"
    server = Server(binary, data, args=["--retention-every", "0"]).start()
    doc = four_versions(server)
    trashed = json.loads(server.request("POST", "/api/v1/documents?name=old.pdf", SAMPLE.read_bytes())[2])["id"]
    server.json("DELETE", f"/api/v1/documents/{trashed}")
    server.stop()

    shown = marginalia(binary, "store", "retention", "--store", str(data))
    assert shown.returncode == 0 and "every version kept" in shown.stdout and "never" in shown.stdout
    applied = marginalia(binary, "store", "retention", "--store", str(data), "--keep-days", "0", "--trash-days", "0", "--apply")
    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert f"document {doc}: forgot version(s) 1, 2, 3" in applied.stdout
    assert f"document {trashed}: removed from the trash for good" in applied.stdout
    assert not any(name.startswith(trashed) for name in (p.name for p in (data / "files").iterdir()))
    bad = marginalia(binary, "store", "retention", "--store", str(data), "--keep-versions", "0")
    assert bad.returncode == 2 and "--keep-versions" in bad.stderr

    server = Server(binary, data, args=["--retention-every", "0"]).start()
    assert [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] == [4]
    assert server.json("GET", "/api/v1/retention") == {"keepVersions": None, "keepDays": 0, "trashDays": 0}
    server.stop()


def test_the_server_applies_retention_on_its_own(binary, tmp_path):
    server = Server(binary, tmp_path / "data", args=["--retention-every", "1"]).start()
    doc = four_versions(server)
    server.json("PUT", "/api/v1/retention", {"keepVersions": 1})
    # The server's own run, within a few of its one-second intervals: polled, not slept on.
    deadline = time.monotonic() + 30
    while [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] != [4]:
        assert time.monotonic() < deadline, "the server did not apply retention on its own within 30 s"
        time.sleep(0.2)
    audit = server.json("GET", "/api/v1/audit")["entries"]
    assert any(e["action"] == "pruneVersions" and e["actor"] == "retention" and e["document"] == doc for e in audit)
    server.stop()
