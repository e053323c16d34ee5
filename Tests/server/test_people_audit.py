"""The audit log (issue 27 item 3), over both stores: who did what and when for sign-ins,
downloads, exports, deletes, restores, purges, version restores, unlocks, shares and user
changes, read by admins (`GET /api/v1/audit`, `marginalia audit`), and append-only: the store
itself refuses to change or delete a line."""

from __future__ import annotations

import os
import sqlite3
import subprocess

import pytest

from people import add_user, location_of, schema_store, send, users
from serve_process import Server

STORE_KINDS = [kind for kind in os.environ.get("MARGINALIA_SERVER_STORES", "sqlite,postgresql").split(",") if kind]


@pytest.fixture(params=STORE_KINDS)
def audited(request, binary, tmp_path):
    store = schema_store(request.getfixturevalue("pg_cluster")) if request.param == "postgresql" else None
    server = Server(binary, tmp_path / "data", store=store)
    tokens = {name: add_user(binary, location_of(server), name, role) for name, role in (("root", "admin"), ("ana", "editor"))}
    server.start()
    yield server, tokens
    server.stop()


def command(server, token, document, body):
    revision = send(server, "GET", f"/api/v1/documents/{document}", token)[1]["revision"]
    status, answer = send(server, "POST", f"/api/v1/documents/{document}/commands", token,
                          {"protocol": 1, "baseRevision": revision, "clientId": "tab-audit", "command": body})
    assert status == 200, answer


def test_each_audited_event_is_logged_with_who_and_what(audited, binary):
    server, tokens = audited
    ana, root = tokens["ana"], tokens["root"]
    status, headers, _ = server.request("GET", f"/?token={ana}")
    assert status == 303
    sample = send(server, "GET", "/api/v1/documents", root)[1]["documents"][0]["id"]
    pdf = send(server, "GET", f"/api/v1/documents/{sample}/file", ana)[1]
    mine = send(server, "POST", "/api/v1/documents?name=ana.pdf", ana, pdf)[1]["id"]
    assert send(server, "GET", f"/api/v1/documents/{mine}/export?format=png&page=0&scale=0.1", ana)[0] == 200
    command(server, ana, mine, {"type": "add", "annotation": {"type": "square", "id": "kept", "pageIndex": 0,
                                                            "rect": [10, 10, 40, 40], "flags": ["print", "locked"]}})
    command(server, ana, mine, {"type": "unlock", "ids": ["kept"]})
    assert send(server, "POST", f"/api/v1/documents/{mine}/save", ana)[0] == 200
    assert send(server, "POST", f"/api/v1/documents/{mine}/versions/1/restore", ana)[0] == 200
    assert send(server, "GET", f"/api/v1/documents/{mine}/versions/1/file", ana)[0] == 200
    assert send(server, "PUT", f"/api/v1/documents/{mine}/shares/everyone", ana, {"role": "reader"})[0] == 200
    assert send(server, "DELETE", f"/api/v1/documents/{mine}", ana)[0] == 200
    assert send(server, "POST", f"/api/v1/documents/{mine}/restore", ana)[0] == 200
    assert send(server, "DELETE", f"/api/v1/documents/{mine}", root)[0] == 200
    assert send(server, "DELETE", f"/api/v1/trash/{mine}", root)[0] == 200
    assert users(binary, location_of(server), "revoke", "ana").returncode == 0

    status, answer = send(server, "GET", "/api/v1/audit?limit=1000", root)
    assert status == 200, answer
    lines = [(e["actor"], e["action"], e["document"], e["detail"]) for e in answer["entries"]]
    cli = lines[0][0]
    assert cli.startswith("cli")
    assert lines == [
        (cli, "addUser", None, "root role=admin"),
        (cli, "addUser", None, "ana role=editor"),
        ("ana", "signIn", None, None),
        ("ana", "download", sample, None),
        ("ana", "export", mine, "format=png"),
        ("ana", "unlock", mine, "kept"),
        ("ana", "restoreVersion", mine, "n=1"),
        ("ana", "download", mine, "n=1"),
        ("ana", "share", mine, "to=everyone role=reader"),
        ("ana", "delete", mine, None),
        ("ana", "restore", mine, None),
        ("root", "delete", mine, None),
        ("root", "purge", mine, None),
        (cli, "revokeUser", None, "ana"),
    ]
    assert [e["id"] for e in answer["entries"]] == sorted(e["id"] for e in answer["entries"]) and answer["next"] == answer["entries"][-1]["id"]
    # Paged: after the fourth line, two lines.
    after = answer["entries"][3]["id"]
    assert [e["action"] for e in send(server, "GET", f"/api/v1/audit?after={after}&limit=2", root)[1]["entries"]] == ["export", "unlock"]
    # The command line prints the same lines.
    done = subprocess.run([str(binary), "audit", *location_of(server)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [tuple(line.split("\t")[2:]) for line in done.stdout.splitlines()] == [
        (actor, action, document or "-", detail or "-") for actor, action, document, detail in lines]


def test_readers_of_the_log_are_admins_only(audited):
    server, tokens = audited
    status, answer = send(server, "GET", "/api/v1/audit", tokens["ana"])
    assert status == 403 and "'manage'" in answer["error"]["message"]


def test_the_log_is_append_only_in_the_store(audited):
    server, tokens = audited
    if server.store:
        table = f'"{server.store.schema}".audit'
        for sql in (f"UPDATE {table} SET actor = 'x'", f"DELETE FROM {table}", f"TRUNCATE {table}"):
            with pytest.raises(RuntimeError, match="append-only"):
                server.store.cluster.psql(sql, server.store.database)
    else:
        connection = sqlite3.connect(server.data / "catalogue.sqlite")
        for sql in ("UPDATE audit SET actor = 'x'", "DELETE FROM audit"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                connection.execute(sql)
        connection.close()
    status, answer = send(server, "GET", "/api/v1/audit", tokens["root"])
    assert [e["action"] for e in answer["entries"]] == ["addUser", "addUser"]
