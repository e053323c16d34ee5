"""The server keeps every acknowledged edit across kills and restarts, and what it saves is a
PDF that other engines read (issue 6: "Restart the server between steps of a test: nothing
acknowledged is lost")."""

import io
import json
import math
import subprocess

import pymupdf

DOCS = "/api/v1/documents"


def stroke(client, revision, y):
    points = [[80 + i * 4, y + 6 * math.sin(i / 3), 0.5] for i in range(30)]
    return {"baseRevision": revision, "clientId": client,
            "action": {"stroke": {"pageIndex": 0, "points": points, "zoom": 1,
                                  "ink": {"color": "#CC2200", "width": 2, "opacity": 1, "usesPressure": False}}}}


def ink_count(pdf: bytes, page: int = 0) -> int:
    document = pymupdf.open(stream=pdf, filetype="pdf")
    return sum(1 for a in document[page].annots() if a.type[1] == "Ink")


def sample_id(server):
    documents = server.json("GET", DOCS)["documents"]
    assert len(documents) == 1, "an empty store opens the built-in sample"
    return documents[0]["id"]


def test_acknowledged_edits_survive_sigkill_and_sigterm(server, tmp_path):
    doc = sample_id(server)
    ops = f"{DOCS}/{doc}/operations"
    revision = 0
    for n in range(12):
        reply = server.json("POST", ops, stroke("tab-a", revision, 100 + 20 * n))
        assert len(reply["applied"]) == 1
        revision = reply["revision"]
    revision = server.json("POST", ops, {"baseRevision": revision, "clientId": "tab-a", "undo": True})["revision"]
    assert revision == 13

    server.restart(kill=True)  # SIGKILL: nothing saved, the log must bring it all back
    annotations = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    assert annotations["revision"] == 13
    assert sum(1 for a in annotations["annotations"] if a["type"] == "ink") == 11
    # The undo history came back too, per client: another tab has nothing to redo,
    # and tab-a's redo restores the twelfth stroke.
    assert server.json("POST", ops, {"baseRevision": 13, "clientId": "tab-b", "redo": True})["revision"] == 13
    assert server.json("POST", ops, {"baseRevision": 13, "clientId": "tab-a", "redo": True})["revision"] == 14

    saved = server.json("POST", f"{DOCS}/{doc}/save", b"")
    assert saved["version"]["number"] >= 1
    for n in range(3):
        server.json("POST", ops, stroke("tab-b", 14 + n, 600 + 20 * n))
    assert server.restart(kill=False).process is not None  # SIGTERM, then start again
    status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200 and pdf.startswith(b"%PDF-")
    assert ink_count(pdf) == 15

    # The saved version on disk passes qpdf --check and holds the 12 strokes of that save.
    status, _, version_pdf = server.request("GET", f"{DOCS}/{doc}/versions/{saved['version']['number']}/file")
    assert status == 200
    path = tmp_path / "version.pdf"
    path.write_bytes(version_pdf)
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert ink_count(version_pdf) == 12


def test_a_client_behind_gets_the_missed_entries(server):
    doc = sample_id(server)
    ops = f"{DOCS}/{doc}/operations"
    server.json("POST", ops, stroke("tab-a", 0, 100))
    server.json("POST", ops, stroke("tab-a", 1, 120))
    reply = server.json("POST", ops, stroke("tab-b", 0, 140))
    assert reply["revision"] == 3
    assert [entry["revision"] for entry in reply["missed"]] == [1, 2]
    assert all(entry["clientId"] == "tab-a" for entry in reply["missed"])


def test_bad_requests_are_clear_4xx_and_change_nothing(server):
    doc = sample_id(server)
    ops = f"{DOCS}/{doc}/operations"
    for body, expected in ((b"{not json", 400), ({"baseRevision": 0, "clientId": "x"}, 400),
                           ({"baseRevision": 0, "clientId": "x", "action": {"stroke": {"pageIndex": 99, "points": [[1, 2]]}}}, 422),
                           ({"baseRevision": 0, "clientId": "x", "operation": {"removeAnnotation": {"_0": {"type": "ink", "id": "nope", "pageIndex": 0, "paths": [[[1, 1]]]}}}}, 422)):
        status, _, data = server.request("POST", ops, body if isinstance(body, dict) else body,
                                         None if isinstance(body, dict) else {"Content-Type": "application/json"})
        assert status == expected, data
        assert "message" in json.loads(data)["error"]
    for path in ("/api/v1/documents/../../etc/passwd", "/api/v1/documents/ZZZ", f"{DOCS}/{'0' * 32}"):
        status, _, _ = server.request("GET", path)
        assert status in (400, 404)
    assert server.json("GET", f"{DOCS}/{doc}")["revision"] == 0


def test_an_uploaded_image_becomes_a_one_page_document_of_its_size(server):
    pixmap = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 320, 200), False)
    pixmap.clear_with(200)
    png = pixmap.tobytes("png")
    status, _, data = server.request("POST", f"{DOCS}?name=photo.png", png, {"Content-Type": "image/png"})
    assert status == 201, data
    summary = json.loads(data)
    assert summary["kind"] == "image" and summary["pageCount"] == 1
    page = server.json("GET", f"{DOCS}/{summary['id']}")["pages"][0]
    assert (page["width"], page["height"]) == (320, 200)
    server.json("POST", f"{DOCS}/{summary['id']}/operations", stroke("tab", 0, 100))
    status, _, flat = server.request("GET", f"{DOCS}/{summary['id']}/export")
    assert status == 200
    document = pymupdf.open(stream=flat, filetype="pdf")
    assert len(list(document[0].annots())) == 0, "flattened: the stroke is in the page content"
    assert document[0].get_drawings(), "the stroke was burned in"
