"""Issue 29 item 3, the first step: a document's file and its versions are served with a
strong ETag and byte ranges, so a tab revalidates instead of downloading again and a reader
fetches only the part it lacks (a version is a prefix of the next)."""

from __future__ import annotations

import json
from pathlib import Path

from serve_process import Server

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"


def add_square(server, doc, base, name):
    body = {"protocol": 1, "baseRevision": base, "clientId": "ranges", "command": {
        "type": "add", "annotation": {"type": "square", "id": name, "pageIndex": 0, "rect": [20, 20, 60, 60]}}}
    return server.json("POST", f"/api/v1/documents/{doc}/commands", body)["revision"]


def test_files_have_strong_etags_and_byte_ranges(binary, tmp_path):
    server = Server(binary, tmp_path / "data").start()
    doc = json.loads(server.request("POST", "/api/v1/documents?name=ranges.pdf", SAMPLE.read_bytes())[2])["id"]
    path = f"/api/v1/documents/{doc}/file"
    status, headers, whole = server.request("GET", path)
    tag = headers["ETag"]
    assert status == 200 and tag.startswith('"') and headers["Accept-Ranges"] == "bytes"
    assert headers["Cache-Control"] == "private, no-cache"
    assert whole == SAMPLE.read_bytes()

    status, headers, body = server.request("GET", path, headers={"If-None-Match": tag})
    assert status == 304 and body == b"" and headers["ETag"] == tag
    status, headers, body = server.request("GET", path, headers={"Range": "bytes=0-99"})
    assert status == 206 and body == whole[:100] and headers["Content-Range"] == f"bytes 0-99/{len(whole)}"
    status, headers, body = server.request("GET", path, headers={"Range": "bytes=-50"})
    assert status == 206 and body == whole[-50:]
    status, headers, body = server.request("GET", path, headers={"Range": f"bytes={len(whole)}-"})
    assert status == 416 and headers["Content-Range"] == f"bytes */{len(whole)}"
    status, _, body = server.request("GET", path, headers={"Range": "bytes=10-19", "If-Range": '"another"'})
    assert status == 200 and body == whole
    status, _, body = server.request("GET", path, headers={"Range": "bytes=0-9, 20-29"})
    assert status == 200 and body == whole

    # Unsaved edits: the file is the stored bytes with an update; served twice, the same bytes
    # under the same tag, so ranges of it agree.
    add_square(server, doc, 0, "unsaved")
    status, headers, edited = server.request("GET", path, headers={"If-None-Match": tag})
    assert status == 200 and headers["ETag"] != tag and edited.startswith(whole)
    assert server.request("GET", path)[1]["ETag"] == headers["ETag"]
    # A reader holding the stored bytes fetches only the tail.
    status, _, tail = server.request("GET", path, headers={"Range": f"bytes={len(whole)}-", "If-Range": headers["ETag"]})
    assert status == 206 and whole + tail == edited

    # A version's file: its own tag, ranges too; the download is audited once, not per range.
    server.json("POST", f"/api/v1/documents/{doc}/save")
    status, headers, saved = server.request("GET", f"/api/v1/documents/{doc}/versions/2/file")
    assert status == 200 and saved == edited and headers["ETag"] == server.request("GET", path)[1]["ETag"]
    downloads = lambda: sum(e["action"] == "download" for e in server.json("GET", "/api/v1/audit?limit=1000")["entries"])
    counted = downloads()
    assert server.request("GET", f"/api/v1/documents/{doc}/versions/2/file", headers={"If-None-Match": headers["ETag"]})[0] == 304
    assert server.request("GET", path, headers={"Range": "bytes=100-199"})[0] == 206
    assert downloads() == counted
    assert server.request("GET", path, headers={"Range": "bytes=0-99"})[0] == 206
    assert downloads() == counted + 1
    server.stop()
