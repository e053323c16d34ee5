"""Servers with people (issue 27 item 2): `marginalia users add` run before the server starts,
the tokens it prints, and requests sent as one of them. A module of its own so that the route
table test and the browser test share it."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import uuid
from pathlib import Path

from serve_process import Server, Store

ROLES = ["reader", "commenter", "editor", "admin"]


def users(binary: Path, location: list[str], *args: str) -> subprocess.CompletedProcess:
    """`marginalia users ARGS` on the store at `location` (`--data DIR` or `--store URL`)."""
    return subprocess.run([str(binary), "users", *args, *location], capture_output=True, text=True, timeout=60)


def add_user(binary: Path, location: list[str], name: str, role: str, *extra: str) -> str:
    """Adds a user and returns the token `users add` printed."""
    done = users(binary, location, "add", name, "--role", role, *extra)
    assert done.returncode == 0, done.stderr
    found = re.search(r"^token: ([0-9a-f]{32})$", done.stdout, re.M)
    assert found, done.stdout
    return found.group(1)


def location_of(server: Server) -> list[str]:
    return ["--store", server.store.url] if server.store else ["--data", str(server.data)]


def start_with_people(binary: Path, data: Path, store: Store | None, args: list[str] | None = None) -> tuple[Server, dict]:
    """A server whose store has one user per role (named after it); returns it with the
    tokens by role."""
    server = Server(binary, data, store=store, args=args)
    location = location_of(server)
    tokens = {role: add_user(binary, location, role, role) for role in ROLES}
    return server.start(), tokens


def send(server: Server, method: str, path: str, token: str | None, body=None, headers: dict | None = None):
    """(status, parsed JSON or bytes) of one request as the holder of `token`. An event
    stream's answer is closed after its head."""
    sent = dict(headers or {})
    if token:
        sent["Authorization"] = f"Bearer {token}"
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    connection = http.client.HTTPConnection(server.address, server.port, timeout=60)
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    if response.getheader("Content-Type", "").startswith("text/event-stream"):
        connection.close()
        return response.status, None
    data = response.read()
    connection.close()
    if response.getheader("Content-Type", "").startswith("application/json") and data:
        return response.status, json.loads(data)
    return response.status, data


def schema_store(cluster) -> Store:
    """A new schema of the test cluster's `stores` database."""
    return Store(cluster, "stores", schema=f"people_{uuid.uuid4().hex[:10]}")
