"""Pages organised through the server (inserted from another document and from a file,
duplicated, moved, turned, removed), the server killed and restarted (the log replays the
copies from their uploads), then the saved file and an extracted document judged by qpdf,
pypdf and PyMuPDF."""

import io
import subprocess
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"


def command(server, doc, base, body):
    return server.json("POST", f"/api/v1/documents/{doc}/commands",
                       {"protocol": 1, "baseRevision": base, "clientId": "oracle", "command": body})


def annotation_ids(server, doc):
    return [(a["pageIndex"], a["id"]) for a in server.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]]


def test_organised_pages_survive_a_kill_and_every_engine_reads_them(server, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    fitz = pytest.importorskip("fitz")
    data = SAMPLE.read_bytes()
    _, _, body = server.request("POST", "/api/v1/documents?name=target.pdf", data)
    import json
    target = json.loads(body)["id"]
    source = json.loads(server.request("POST", "/api/v1/documents?name=source.pdf", data)[2])["id"]
    upload = server.json("POST", f"/api/v1/documents/{target}/uploads", data, expect=201)

    revision = command(server, target, 0, {"type": "insertPages", "index": 3, "source": {"document": source}})["revision"]
    revision = command(server, target, revision, {"type": "insertPages", "index": 0, "source": {"upload": upload["upload"]}, "pages": [0]})["revision"]
    revision = command(server, target, revision, {"type": "duplicatePages", "pages": [0, 4]})["revision"]
    revision = command(server, target, revision, {"type": "movePages", "pages": [0, 1], "to": 3})["revision"]
    revision = command(server, target, revision, {"type": "rotatePages", "pages": [2, 5], "degrees": 90})["revision"]
    revision = command(server, target, revision, {"type": "removePages", "pages": [6]})["revision"]
    before = annotation_ids(server, target)
    pages = server.json("GET", f"/api/v1/documents/{target}")["pages"]
    assert len(pages) == 8 and len({i for _, i in before}) == len(before)

    server.restart(kill=True)
    assert annotation_ids(server, target) == before
    assert server.json("GET", f"/api/v1/documents/{target}")["pages"] == pages

    server.json("POST", f"/api/v1/documents/{target}/save")
    saved = tmp_path / "organised.pdf"
    saved.write_bytes(server.request("GET", f"/api/v1/documents/{target}/file")[2])
    extracted_id = server.json("POST", f"/api/v1/documents/{target}/extract", {"pages": [5, 0], "name": "two"}, expect=201)["id"]
    extracted = tmp_path / "extracted.pdf"
    extracted.write_bytes(server.request("GET", f"/api/v1/documents/{extracted_id}/file")[2])

    for path, count, ids in [(saved, 8, before), (extracted, 2, None)]:
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        reader = pypdf.PdfReader(str(path))
        assert len(reader.pages) == count
        names = [(i, str(a.get_object().get("/NM"))) for i, p in enumerate(reader.pages) for a in (p.get("/Annots") or [])]
        with fitz.open(str(path)) as document:
            assert document.page_count == count
            assert sum(len(list(page.annots())) for page in document) == len(names)
            assert [document[i].rotation for i in range(count)] == [int(reader.pages[i].get("/Rotate", 0)) % 360 for i in range(count)]
        if ids is not None:
            assert sorted(names) == sorted(ids)
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(saved), str(tmp_path / "organised")], check=True)
