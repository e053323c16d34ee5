"""The author of every change is the signed-in user (issue 27 item 2): whatever name a client
writes in a command (`author`, a reply's or a review state's author), the log, the replies
and the states carry the user's name, and so does the user's presence; `GET /api/v1/me`
names the user. On a server without users the client's names stand, as before."""

from __future__ import annotations

import pytest

from people import add_user, location_of, send
from serve_process import Server


def body(revision: int, command: dict, author: str | None = "Mallory") -> dict:
    sent = {"protocol": 1, "baseRevision": revision, "clientId": "tab-authors", "command": command}
    if author:
        sent["author"] = author
    return sent


def first_shown(server: Server, document: str, token: str | None) -> tuple[str, int]:
    status, listed = send(server, "GET", f"/api/v1/documents/{document}/annotations", token)
    assert status == 200
    shown = [a for a in listed["annotations"] if a["type"] not in ("popup", "link", "widget") and not a.get("inReplyTo")]
    return shown[0]["id"], listed["revision"]


def comment_as(server: Server, token: str | None) -> tuple[list, list]:
    """A reply and a review state sent with someone else's name, then a square: the log's
    authors and the (author, kind) of the new annotations."""
    status, listed = send(server, "GET", "/api/v1/documents", token)
    document = listed["documents"][0]["id"]
    annotation, revision = first_shown(server, document, token)
    commands = [
        {"type": "reply", "to": annotation, "text": "seen", "author": "Mallory"},
        {"type": "setState", "to": annotation, "state": "Accepted", "author": "Mallory"},
        {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [10, 10, 40, 40]}},
    ]
    for command in commands:
        status, applied = send(server, "POST", f"/api/v1/documents/{document}/commands", token, body(revision, command))
        assert status == 200, applied
        revision = applied["revision"]
    status, log = send(server, "GET", f"/api/v1/documents/{document}/operations?after=0", token)
    status, listed = send(server, "GET", f"/api/v1/documents/{document}/annotations", token)
    replies = [(a.get("author"), a.get("state")) for a in listed["annotations"] if a.get("inReplyTo") == annotation]
    return [entry.get("author") for entry in log["operations"]], replies


def test_a_users_changes_and_comments_carry_the_users_name(binary, tmp_path):
    server = Server(binary, tmp_path / "data")
    token = add_user(binary, location_of(server), "ana", "editor")
    server.start()
    try:
        assert send(server, "GET", "/api/v1/me", token) == (200, {"name": "ana", "role": "editor", "signedIn": True})
        authors, replies = comment_as(server, token)
        assert authors == ["ana", "ana", "ana"]
        assert sorted(replies, key=str) == sorted([("ana", None), ("ana", "Accepted")], key=str)
    finally:
        server.stop()


def test_without_users_the_clients_names_stand(binary, tmp_path):
    server = Server(binary, tmp_path / "data").start()
    try:
        assert send(server, "GET", "/api/v1/me", None) == (200, {"name": None, "role": "admin", "signedIn": False})
        authors, replies = comment_as(server, None)
        assert authors == ["Mallory", "Mallory", "Mallory"]
        assert sorted(replies, key=str) == sorted([("Mallory", None), ("Mallory", "Accepted")], key=str)
    finally:
        server.stop()
