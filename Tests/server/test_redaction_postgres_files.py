"""Issue 32 on PostgreSQL, below SQL: after a redaction is applied, the removed word is in no
file of the store's database, read as bytes from the cluster's data folder (every relation
file, its forks and segments: tables, their TOAST tables and indexes), not only absent from
what SQL and pg_dump show. A private cluster of its own, so every file of the database and of
the write-ahead log is this test's.

What is checked after the redaction, once a CHECKPOINT has written every page to its file:
every file under the database's folder (`base/<oid>`), looked up through
`pg_relation_filepath` for the store's relations too, so the test fails loudly if the layout is
not what it expects. What the write-ahead log (`pg_wal`) still holds is reported, not judged:
PostgreSQL logs every row it writes and keeps the segments until they are recycled; see
docs/redaction.md for what an operator does about it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pg_cluster import PostgresCluster
from redaction_leaks import holds
from serve_process import Server, Store
from test_redaction_apply import SECRET, document_with_history, search_documents, wait_for


def relation_files(cluster, database: str) -> dict[Path, str]:
    """Every file of the store's relations (tables, TOAST tables, indexes and sequences of the
    public schema), all forks and segments, as pg_relation_filepath names their first, with
    the relation's name."""
    rows = cluster.psql("""
        SELECT pg_relation_filepath(c.oid) || '|' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pg_toast') AND pg_relation_filepath(c.oid) IS NOT NULL
          AND (n.nspname = 'public' OR c.oid IN (
                SELECT reltoastrelid FROM pg_class WHERE relnamespace = 'public'::regnamespace
                UNION SELECT indexrelid FROM pg_index WHERE indrelid IN (
                    SELECT reltoastrelid FROM pg_class WHERE relnamespace = 'public'::regnamespace)))
        """, database)
    files = {}
    for row in rows.split():
        relative, name = row.split("|")
        first = cluster.data / relative
        files |= {path: name for path in first.parent.glob(first.name + "*")
                  if path.name == first.name or path.name[len(first.name)] in "._"}
    return files


def leaking(paths, names: dict[Path, str] | None = None) -> list[str]:
    return [f"{path.name} ({(names or {}).get(path, '?')})" for path in paths if path.is_file() and holds(path.read_bytes(), SECRET)]


@pytest.fixture
def private_cluster():
    cluster = PostgresCluster().start()
    yield cluster
    cluster.destroy()


def test_no_file_of_the_database_keeps_the_removed_word_after_the_redaction(binary, tmp_path, private_cluster):
    cluster = private_cluster
    cluster.create_database("redacted")
    store = Store(cluster, "redacted")
    server = Server(binary, tmp_path / "data", store=store).start()
    try:
        doc, _ = document_with_history(server, tmp_path)
        wait_for(lambda: doc in search_documents(server, SECRET), "the index to find the word before")
        cluster.psql("CHECKPOINT", "redacted")
        oid = cluster.psql("SELECT oid FROM pg_database WHERE datname = 'redacted'")
        folder = cluster.data / "base" / oid
        files = relation_files(cluster, "redacted")
        assert files and all(path.parent == folder for path in files), files
        assert leaking(files), "the word should be in the relation files before the redaction"

        server.json("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True, "scrubMetadata": True})
        wait_for(lambda: doc not in search_documents(server, SECRET), "the index to forget the word")
        cluster.psql("CHECKPOINT", "redacted")

        after = relation_files(cluster, "redacted")
        leaks = leaking(after, after)
        assert not leaks, f"relation files of the store holding the word: {', '.join(leaks)}"
        leaks = leaking(sorted(folder.iterdir()))
        assert not leaks, f"files of the database's folder holding the word: {', '.join(leaks)}"
        wal = leaking(sorted((cluster.data / "pg_wal").glob("0*")))
        print(f"write-ahead log segments holding the word after the redaction: {len(wal)}")
    finally:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=30)
