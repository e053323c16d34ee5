"""Fixtures for the server tests: the built `marginalia` binary, a private PostgreSQL cluster
(started once per session when a test needs it, pg_cluster.py), and a server process on a
free loopback port, which a test can kill (SIGKILL) or stop (SIGTERM) and start again on the
same store.

The `server` and `make_server` fixtures run each test twice: over a data folder (SQLite, the
default store) and over a fresh PostgreSQL database (`--store postgresql://...`).
MARGINALIA_SERVER_STORES=sqlite (or postgresql) runs one kind only."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from pg_cluster import PostgresCluster
from serve_process import Server, Store, find_binary

STORE_KINDS = [kind for kind in os.environ.get("MARGINALIA_SERVER_STORES", "sqlite,postgresql").split(",") if kind]
_databases = itertools.count(1)


@pytest.fixture(scope="session")
def binary() -> Path:
    path = find_binary()
    if not path.exists():
        pytest.fail(f"marginalia binary not found at {path}: build first (swift build)")
    return path


@pytest.fixture(scope="session")
def pg_cluster():
    cluster = PostgresCluster().start()
    yield cluster
    cluster.destroy()


@pytest.fixture(params=STORE_KINDS)
def store_kind(request) -> str:
    return request.param


@pytest.fixture
def new_store(store_kind, request):
    """Makes the store for one server: None (a data folder) or a new schema of the cluster's
    `stores` database (its own tables, functions and schema version)."""
    def make() -> Store | None:
        if store_kind == "sqlite":
            return None
        cluster = request.getfixturevalue("pg_cluster")
        return Store(cluster, "stores", schema=f"t{next(_databases)}")
    return make


@pytest.fixture
def server(binary, tmp_path, new_store):
    instance = Server(binary, tmp_path / "data", store=new_store()).start()
    yield instance
    if instance.process and instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait(timeout=30)


@pytest.fixture
def open_server(binary, tmp_path):
    """A server on a SQLite folder without a token, for tests that do not depend on the store."""
    instance = Server(binary, tmp_path / "data").start()
    yield instance
    if instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait(timeout=30)
