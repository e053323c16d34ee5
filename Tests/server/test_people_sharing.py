"""Per-document sharing (issue 27 item 2), over both stores: a document a user makes is theirs
and private; its owner (or an admin) shares it with a user or with everyone as a role, never
more than the grantee's own role; a share taken back closes it again. Lists and search show
only what the caller may view, `insertPages` may not copy from a document the caller cannot
view, and `marginalia users share` changes the shares of a running server's store."""

from __future__ import annotations

import os
import time

import pytest

from people import add_user, location_of, schema_store, send, users
from serve_process import Server

STORE_KINDS = [kind for kind in os.environ.get("MARGINALIA_SERVER_STORES", "sqlite,postgresql").split(",") if kind]
PEOPLE = {"root": "admin", "ana": "editor", "ben": "editor", "cid": "reader", "dee": "commenter"}


@pytest.fixture(params=STORE_KINDS)
def team(request, binary, tmp_path):
    store = schema_store(request.getfixturevalue("pg_cluster")) if request.param == "postgresql" else None
    server = Server(binary, tmp_path / "data", store=store)
    tokens = {name: add_user(binary, location_of(server), name, role) for name, role in PEOPLE.items()}
    server.start()
    yield server, tokens
    server.stop()


def listed(server, token) -> set[str]:
    status, answer = send(server, "GET", "/api/v1/documents", token)
    assert status == 200, answer
    return {document["id"] for document in answer["documents"]}


def add_square(server, token, document) -> int:
    status, summary = send(server, "GET", f"/api/v1/documents/{document}", token)
    revision = summary["revision"] if status == 200 else 0
    status, _ = send(server, "POST", f"/api/v1/documents/{document}/commands", token, {
        "protocol": 1, "baseRevision": revision, "clientId": "tab-share",
        "command": {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [10, 10, 40, 40]}}})
    return status


def test_a_users_document_is_private_until_shared_and_closed_again(team):
    server, tokens = team
    sample = next(iter(listed(server, tokens["root"])))  # made by no user: open to all
    status, pdf = send(server, "GET", f"/api/v1/documents/{sample}/file", tokens["ana"])
    status, made = send(server, "POST", "/api/v1/documents?name=ana.pdf", tokens["ana"], pdf)
    assert status == 201
    mine = made["id"]
    assert send(server, "GET", f"/api/v1/documents/{mine}/shares", tokens["ana"]) == (
        200, {"id": mine, "owner": "ana", "shares": []})
    assert listed(server, tokens["ana"]) == {sample, mine} == listed(server, tokens["root"])
    for name in ("ben", "cid", "dee"):
        assert listed(server, tokens[name]) == {sample}
        status, answer = send(server, "GET", f"/api/v1/documents/{mine}", tokens[name])
        assert status == 403 and f"not shared with '{name}'" in answer["error"]["message"]

    # Shared with ben as commenter: ben may reply but not edit, nor share it on.
    assert send(server, "PUT", f"/api/v1/documents/{mine}/shares/ben", tokens["ana"], {"role": "commenter"})[0] == 200
    assert mine in listed(server, tokens["ben"])
    assert add_square(server, tokens["ben"], mine) == 403
    status, answer = send(server, "PUT", f"/api/v1/documents/{mine}/shares/cid", tokens["ben"], {"role": "reader"})
    assert status == 403 and "'manage'" in answer["error"]["message"]

    # With everyone as editor: no more than one's own role (cid reads, dee comments, ben edits).
    assert send(server, "PUT", f"/api/v1/documents/{mine}/shares/everyone", tokens["ana"], {"role": "editor"}) == (
        200, {"id": mine, "owner": "ana", "shares": [{"to": "ben", "role": "commenter"}, {"to": "everyone", "role": "editor"}]})
    assert add_square(server, tokens["ben"], mine) == 200
    assert add_square(server, tokens["dee"], mine) == 403
    assert add_square(server, tokens["cid"], mine) == 403
    assert {name for name in tokens if mine in listed(server, tokens[name])} == set(PEOPLE)

    # Taken back: closed to all but the owner and the admin.
    assert send(server, "DELETE", f"/api/v1/documents/{mine}/shares/everyone", tokens["ana"])[0] == 200
    assert send(server, "DELETE", f"/api/v1/documents/{mine}/shares/ben", tokens["root"])[0] == 200
    assert {name for name in tokens if mine in listed(server, tokens[name])} == {"ana", "root"}
    assert add_square(server, tokens["ben"], mine) == 403


def test_search_and_insert_pages_keep_to_what_the_caller_may_view(team):
    server, tokens = team
    sample = next(iter(listed(server, tokens["root"])))
    status, pdf = send(server, "GET", f"/api/v1/documents/{sample}/file", tokens["ana"])
    mine = send(server, "POST", "/api/v1/documents?name=ana.pdf", tokens["ana"], pdf)[1]["id"]
    bens = send(server, "POST", "/api/v1/documents?name=ben.pdf", tokens["ben"], pdf)[1]["id"]
    status, text = send(server, "GET", f"/api/v1/documents/{sample}/pages/0/text", tokens["root"])
    word = next(w["text"] for block in text["blocks"] for line in block["lines"] for w in line["words"]
                if len(w["text"]) > 4 and w["text"].isalpha())

    def found(token):
        for _ in range(200):  # the index catches up with new documents in the background
            status, answer = send(server, "GET", f"/api/v1/search?q={word}&limit=100", token)
            assert status == 200, answer
            documents = {hit["document"] for hit in answer["results"]}
            if {sample, bens} <= documents and (mine in documents or token != tokens["root"]):
                return documents
            time.sleep(0.05)
        return documents

    assert {sample, mine, bens} <= found(tokens["root"])
    assert mine not in found(tokens["ben"]) and {sample, bens} <= found(tokens["ben"])

    status, summary = send(server, "GET", f"/api/v1/documents/{bens}", tokens["ben"])
    command = {"type": "insertPages", "index": 0, "source": {"document": mine}}
    body = {"protocol": 1, "baseRevision": summary["revision"], "clientId": "tab-share", "command": command}
    status, answer = send(server, "POST", f"/api/v1/documents/{bens}/commands", tokens["ben"], body)
    assert status == 403 and f"document {mine} is not shared with 'ben'" in answer["error"]["message"]
    command["source"] = {"document": sample}
    assert send(server, "POST", f"/api/v1/documents/{bens}/commands", tokens["ben"], body)[0] == 200


def test_the_cli_shares_a_document_of_a_running_server(team, binary):
    server, tokens = team
    sample = next(iter(listed(server, tokens["root"])))
    status, pdf = send(server, "GET", f"/api/v1/documents/{sample}/file", tokens["ana"])
    mine = send(server, "POST", "/api/v1/documents?name=ana.pdf", tokens["ana"], pdf)[1]["id"]
    done = users(binary, location_of(server), "share", mine, "cid", "--role", "editor")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"document: {mine}", "owner: ana", "shared with cid: editor"]
    assert mine in listed(server, tokens["cid"]) and add_square(server, tokens["cid"], mine) == 403
    done = users(binary, location_of(server), "owner", mine, "cid")
    assert done.returncode == 0 and "owner: cid" in done.stdout, done.stderr
    assert mine not in listed(server, tokens["ana"])
    assert users(binary, location_of(server), "unshare", mine, "everyone").returncode == 0
    refused = users(binary, location_of(server), "share", mine, "cid", "--role", "owner")
    assert refused.returncode == 2 and "'owner' is not a role" in refused.stderr
