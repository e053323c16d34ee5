"""The refusals of reasons version 2 over HTTP (docs/api.md "Reasons", docs/i18n.md "Refusals"):
a server started with small per-request limits and a small reading limit answers each 413 with
its own `reason` and the `args` its sentence names (the count, the limit, the option), and the
revision and trash conflicts say which they are; nothing refused changes the document."""
from __future__ import annotations

import json

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

        # A PDF of six pages is past MARGINALIA_LIMITS=maxPageCount=5: the message names the
        # limit, the reason the setting.
        reading = refusal(server.request("POST", f"{DOCS}?name=six.pdf", pages_pdf(6),
                                         {"Content-Type": "application/pdf"}), 413)
        assert reading["reason"] == "limit.reading" and reading["args"] == {"option": "MARGINALIA_LIMITS"}
        assert "maxPageCount" in reading["message"]

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
