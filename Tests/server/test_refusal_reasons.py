"""The refusals of reasons versions 2 and 3 over HTTP (docs/api.md "Reasons", docs/i18n.md "Refusals"):
a server started with small per-request limits and a small reading limit answers each 413 with
its own `reason` and the `args` its sentence names (the count, the limit, the option), and the
revision and trash conflicts say which they are; nothing refused changes the document."""
from __future__ import annotations

import json
import struct
import zlib

import pymupdf

from serve_process import Server

DOCS = "/api/v1/documents"


def refusal(answer, status: int) -> dict:
    code, _, data = answer
    assert code == status, data[:300]
    return json.loads(data)["error"]


def square(n: int, page: int = 0) -> dict:
    return {"addAnnotation": {"_0": {"type": "square", "id": f"reason-{page}-{n}", "pageIndex": page,
                                     "rect": [100 + 10 * n, 100, 140 + 10 * n, 140]}}}


def pages_pdf(count: int) -> bytes:
    document = pymupdf.open()
    for _ in range(count):
        document.new_page()
    return document.tobytes()


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares `width` × `height` pixels of grey and holds one row of them."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1))) + chunk(b"IEND", b"")


def test_limits_and_conflicts_answer_their_reason_and_args(binary, tmp_path, new_store):
    server = Server(binary, tmp_path / "data", args=["--max-annotations", "2", "--max-pages", "1", "--max-points", "50"],
                    env={"MARGINALIA_LIMITS": "maxPageCount=5"}, store=new_store()).start()
    try:
        doc = server.json("GET", DOCS)["documents"][0]["id"]
        ops = f"{DOCS}/{doc}/operations"

        def post(operation, base=0):
            return server.request("POST", ops, {"baseRevision": base, "clientId": "t", "operation": operation})

        annotations = refusal(post({"group": {"name": "paste", "_1": [square(n) for n in range(3)]}}), 413)
        assert (annotations["code"], annotations["reason"]) == ("tooLarge", "limit.annotations")
        assert annotations["args"] == {"count": 3, "max": 2, "option": "--max-annotations"}

        pages = refusal(post({"group": {"name": "paste", "_1": [square(0, page=0), square(0, page=1)]}}), 413)
        assert pages["reason"] == "limit.pages" and pages["args"] == {"count": 2, "max": 1, "option": "--max-pages"}

        stroke = {"baseRevision": 0, "clientId": "t",
                  "action": {"stroke": {"pageIndex": 0, "points": [[100 + i, 100] for i in range(51)]}}}
        points = refusal(server.request("POST", ops, stroke), 413)
        assert points["reason"] == "limit.points" and points["args"] == {"count": 51, "max": 50, "option": "--max-points"}

        # A PDF of six pages is past MARGINALIA_LIMITS=maxPageCount=5: the reason names the
        # limit (reasons version 3), its value and the setting, as the message does.
        reading = refusal(server.request("POST", f"{DOCS}?name=six.pdf", pages_pdf(6),
                                         {"Content-Type": "application/pdf"}), 413)
        assert reading["reason"] == "limit.reading.maxPageCount"
        assert reading["args"] == {"max": 5, "option": "MARGINALIA_LIMITS"}
        assert "maxPageCount" in reading["message"]

        # A reply longer than the engine's limit of 100,000 bytes: the reason gives the size.
        reply = {"protocol": 1, "baseRevision": 0, "clientId": "t",
                 "command": {"type": "reply", "to": "nobody", "text": "x" * 100_001}}
        long_reply = refusal(server.request("POST", f"{DOCS}/{doc}/commands", reply), 413)
        assert long_reply["reason"] == "limit.commentLength" and long_reply["args"] == {"maxBytes": 100_000}

        # An image whose header declares 10,000 × 10,000 pixels, past the decoder's 50 million.
        huge = refusal(server.request("POST", "/api/v1/images", png_header(10_000, 10_000), {"Content-Type": "image/png"}), 422)
        assert huge["reason"] == "image.tooLarge"
        assert huge["args"] == {"width": 10_000, "height": 10_000, "max": 50_000_000}

        ahead = refusal(post(square(9), base=9), 409)
        assert ahead["reason"] == "conflict.revisionAhead" and ahead["args"] == {"baseRevision": 9, "revision": 0}

        trash = refusal(server.request("DELETE", f"/api/v1/trash/{doc}"), 409)
        assert trash["reason"] == "conflict.notInTrash" and "args" not in trash

        # Nothing refused was applied: the document is at revision 0 with no annotation of ours,
        # and it is the only one.
        assert server.json("GET", f"{DOCS}/{doc}")["revision"] == 0
        assert not [a for a in server.json("GET", f"{DOCS}/{doc}/annotations")["annotations"]
                    if a["id"].startswith("reason-")]
        assert [d["id"] for d in server.json("GET", DOCS)["documents"]] == [doc]
        # Under the limits the same kinds of request pass.
        assert server.json("POST", ops, {"baseRevision": 0, "clientId": "t",
                                         "operation": {"group": {"name": "paste", "_1": [square(0), square(1)]}}})["revision"] == 1
    finally:
        server.stop()
