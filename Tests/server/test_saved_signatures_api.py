"""Saved signatures per named user (issue 31 item 1): `/api/v1/me/signatures` over the real
server and both stores. A user keeps drawn, typed and image signatures and initials, replaces
and removes them, and finds them after a restart; another user (an admin too) neither sees
nor changes them (404); an image over `maxImageBytes` is 413 naming the limit, a 21st one
409 naming `maxSaved`, and nothing is kept from a refused request; a server without users
answers 403. Every change (add, replace, remove) is a line of the audit log naming the user,
the id, the kind and the drawing's type, never the drawing or the label; a refused request
writes none. The image's size is judged by Pillow, not by the server's answer."""

from __future__ import annotations

import base64
import io
import os
import random

import pytest
from PIL import Image, ImageDraw

from people import send, start_with_people, schema_store
from serve_process import Server

STORE_KINDS = [kind for kind in os.environ.get("MARGINALIA_SERVER_STORES", "sqlite,postgresql").split(",") if kind]
PATH = "/api/v1/me/signatures"


def png(width: int, height: int, noise: bool = False) -> bytes:
    """A PNG of a scrawl on a transparent ground, or of random noise (which compresses badly)."""
    if noise:
        image = Image.frombytes("RGB", (width, height), random.Random(7).randbytes(width * height * 3))
    else:
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        ImageDraw.Draw(image).line([(5, height - 5), (width // 2, 5), (width - 5, height - 5)], fill=(20, 30, 110, 255), width=4)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


DRAWN = {"kind": "signature", "label": "Signature",
         "drawing": {"type": "ink", "padSize": [360, 120],
                     "strokes": [[[30, 80, 0.4, 0.0], [60, 50, 0.5, 0.02], [90, 80, 0.6, 0.04]], [[40, 95, 0.5], [300, 92, 0.5]]]}}
TYPED = {"version": 1, "kind": "initials", "label": "A.S.", "drawing": {"type": "typed", "text": "A.S.", "font": "Z003"}}


@pytest.fixture(scope="module", params=STORE_KINDS)
def site(request, binary, tmp_path_factory):
    store = schema_store(request.getfixturevalue("pg_cluster")) if request.param == "postgresql" else None
    server, tokens = start_with_people(binary, tmp_path_factory.mktemp("saved") / "data", store)
    yield server, tokens
    server.stop()


def listed(server, token) -> list[dict]:
    status, answer = send(server, "GET", PATH, token)
    assert status == 200, answer
    assert answer["version"] == 1 and answer["limits"] == {"maxSaved": 20, "maxImageBytes": 512 * 1024}, answer
    return answer["signatures"]


def test_a_user_keeps_replaces_and_removes_their_own_and_finds_them_after_a_restart(site):
    server, tokens = site
    ana = tokens["editor"]
    for signature in listed(server, ana):  # a clean list whatever ran before on this site
        assert send(server, "DELETE", f"{PATH}/{signature['id']}", ana)[0] == 200

    status, drawn = send(server, "POST", PATH, ana, DRAWN)
    assert status == 201, drawn
    assert set(drawn) == {"version", "id", "kind", "label", "drawing", "created", "modified"}
    assert drawn["drawing"] == DRAWN["drawing"] and drawn["kind"] == "signature" and len(drawn["id"]) == 32
    status, typed = send(server, "POST", PATH, ana, TYPED)
    assert status == 201 and typed["drawing"] == TYPED["drawing"] and typed["kind"] == "initials", typed
    picture = png(240, 80)
    status, image = send(server, "POST", PATH, ana, {"kind": "signature", "label": "scrawl",
                                                     "drawing": {"type": "image", "data": base64.b64encode(picture).decode()}})
    assert status == 201, image
    size = Image.open(io.BytesIO(picture)).size
    assert (image["drawing"]["width"], image["drawing"]["height"]) == size and image["drawing"]["format"] == "png"
    assert base64.b64decode(image["drawing"]["data"]) == picture
    assert [s["id"] for s in listed(server, ana)] == [drawn["id"], typed["id"], image["id"]]

    # Replaced: the same id and creation time, the new content.
    status, replaced = send(server, "PUT", f"{PATH}/{typed['id']}", ana,
                            {"kind": "signature", "label": "Ana Silva", "drawing": {"type": "typed", "text": "Ana Silva", "font": "Z003"}})
    assert status == 200, replaced
    assert (replaced["id"], replaced["created"], replaced["kind"], replaced["drawing"]["text"]) == \
        (typed["id"], typed["created"], "signature", "Ana Silva")

    status, answer = send(server, "DELETE", f"{PATH}/{drawn['id']}", ana)
    assert (status, answer) == (200, {"id": drawn["id"], "removed": True})
    assert send(server, "DELETE", f"{PATH}/{drawn['id']}", ana)[0] == 404

    server.restart(kill=True)
    kept = listed(server, ana)
    assert [s["id"] for s in kept] == [typed["id"], image["id"]]
    assert kept[0] == replaced and kept[1] == image


def test_another_user_neither_sees_nor_changes_them(site):
    server, tokens = site
    ana = tokens["editor"]
    status, mine = send(server, "POST", PATH, ana, TYPED)
    assert status == 201, mine
    for other in ("reader", "commenter", "admin"):
        token = tokens[other]
        assert mine["id"] not in [s["id"] for s in listed(server, token)]
        status, answer = send(server, "DELETE", f"{PATH}/{mine['id']}", token)
        assert status == 404 and answer["error"]["code"] == "notFound" and f"'{other}' has no saved signature" in answer["error"]["message"]
        status, answer = send(server, "PUT", f"{PATH}/{mine['id']}", token, DRAWN)
        assert status == 404, answer
    assert [s for s in listed(server, ana) if s["id"] == mine["id"]] == [mine]
    assert send(server, "DELETE", f"{PATH}/{mine['id']}", ana)[0] == 200


def audit_after(server, admin, after: int) -> list[dict]:
    status, answer = send(server, "GET", f"/api/v1/audit?after={after}&limit=1000", admin)
    assert status == 200, answer
    return answer["entries"]


def test_every_change_is_an_audit_line_without_the_drawing(site):
    server, tokens = site
    ana, admin = tokens["editor"], tokens["admin"]
    status, answer = send(server, "GET", "/api/v1/audit?limit=1000", admin)
    assert status == 200, answer
    start = answer["entries"][-1]["id"] if answer["entries"] else 0

    status, added = send(server, "POST", PATH, ana, {**TYPED, "label": "Ana Secret Label"})
    assert status == 201, added
    status, replaced = send(server, "PUT", f"{PATH}/{added['id']}", ana, DRAWN)
    assert status == 200, replaced
    # Refused ones write nothing: another user's replace and removal, a malformed body.
    assert send(server, "PUT", f"{PATH}/{added['id']}", tokens["reader"], DRAWN)[0] == 404
    assert send(server, "DELETE", f"{PATH}/{added['id']}", tokens["reader"])[0] == 404
    assert send(server, "PUT", f"{PATH}/{added['id']}", ana, {**TYPED, "kind": "autograph"})[0] == 400
    assert send(server, "DELETE", f"{PATH}/{added['id']}", ana)[0] == 200

    lines = [(e["actor"], e["action"], e["document"], e["detail"]) for e in audit_after(server, admin, start)
             if e["action"].endswith("SavedSignature")]
    sid = added["id"]
    assert lines == [
        ("editor", "addSavedSignature", None, f"id={sid} kind=initials drawing=typed"),
        ("editor", "replaceSavedSignature", None, f"id={sid} kind=signature drawing=ink"),
        ("editor", "removeSavedSignature", None, f"id={sid}"),
    ], lines
    everything = str(audit_after(server, admin, 0))
    assert "Ana Secret Label" not in everything and "A.S." not in everything and "Z003" not in everything


def test_limits_are_refused_naming_them_and_nothing_is_kept(site):
    server, tokens = site
    ben = tokens["commenter"]
    before = listed(server, ben)

    big = png(600, 600, noise=True)
    assert len(big) > 512 * 1024
    status, answer = send(server, "POST", PATH, ben, {"kind": "signature", "drawing": {"type": "image", "data": base64.b64encode(big).decode()}})
    assert status == 413 and answer["error"]["code"] == "tooLarge", answer
    assert f"{len(big)} bytes" in answer["error"]["message"] and "maxImageBytes" in answer["error"]["message"]

    status, answer = send(server, "POST", PATH, ben, {"kind": "signature", "drawing": {"type": "image", "data": base64.b64encode(b"GIF89a....").decode()}})
    assert status == 422, answer
    bad = {"kind": "signature", "drawing": {"type": "ink", "padSize": [360, 120], "strokes": [[[1, 2, 0.5], [1, "x", 0.5]]]}}
    status, answer = send(server, "POST", PATH, ben, bad)
    assert status == 400 and answer["error"]["message"].startswith("drawing.strokes[0][1][1]:"), answer
    status, answer = send(server, "POST", PATH, ben, {**TYPED, "kind": "autograph"})
    assert status == 400 and answer["error"]["message"].startswith("kind:"), answer
    status, answer = send(server, "POST", PATH, ben, {**TYPED, "drawing": {"type": "typed", "text": "x", "font": "Comic"}})
    assert status == 400 and answer["error"]["message"].startswith("drawing.font:"), answer
    assert listed(server, ben) == before

    made = [send(server, "POST", PATH, ben, TYPED) for _ in range(20 - len(before))]
    assert all(status == 201 for status, _ in made), made
    status, answer = send(server, "POST", PATH, ben, TYPED)
    assert status == 409 and "maxSaved" in answer["error"]["message"], answer
    assert len(listed(server, ben)) == 20
    for _, signature in made:
        assert send(server, "DELETE", f"{PATH}/{signature['id']}", ben)[0] == 200


def test_a_server_without_users_keeps_none(binary, tmp_path):
    server = Server(binary, tmp_path / "data").start()
    try:
        for method, path, body in (("GET", PATH, None), ("POST", PATH, TYPED), ("DELETE", f"{PATH}/{'0' * 32}", None)):
            status, answer = send(server, method, path, None, body)
            assert status == 403 and "no named users" in answer["error"]["message"], (method, status, answer)
    finally:
        server.stop()
