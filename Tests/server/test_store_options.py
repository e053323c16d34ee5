"""`serve --store` credentials and TLS (issue 17): the password from the URL, from a password
file or from libpq's environment, never printed; a wrong password refused with a clear message
that does not repeat it; `sslmode` reaching libpq (an SSL cluster of its own). And
`marginalia store migrate`: a SQLite store copied into PostgreSQL, checked, and served the same,
uploads and pages copied from other documents included, the source folder left byte for byte as
it was; `marginalia store verify` finding one changed byte of an upload."""

from __future__ import annotations

import hashlib
import itertools
import math
import subprocess
import time
from pathlib import Path

import pymupdf
import pytest

from pg_cluster import PostgresCluster
from serve_process import Server, Store

DOCS = "/api/v1/documents"
SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"
PASSWORD = "Ed1tor-s3cret-pw"
_names = itertools.count(1)


def stroke(revision: int, n: int) -> dict:
    points = [[60 + i * 5, 100 + 20 * n + 6 * math.sin(i / 3), 0.5] for i in range(30)]
    return {"baseRevision": revision, "clientId": "tab", "action": {"stroke": {"pageIndex": n % 3, "points": points}}}


def database_with_editor(cluster) -> str:
    """A new database and the role `editor` (password required over TCP) allowed into it."""
    name = f"cred{next(_names)}"
    cluster.create_database(name)
    if cluster.psql("SELECT count(*) FROM pg_roles WHERE rolname = 'editor'") == "0":
        cluster.psql(f"CREATE ROLE editor LOGIN PASSWORD '{PASSWORD}'")
    cluster.psql(f'GRANT ALL ON DATABASE "{name}" TO editor')
    cluster.psql("GRANT ALL ON SCHEMA public TO editor", name)
    return name


def without_write_times(value):
    """`value` without annotations' `modificationDate`: the engine stamps /M with the time it
    writes an annotation into the PDF, so an unsaved entry replayed when a store is opened
    (after any restart, or here on the copy) gets the time of the replay."""
    if isinstance(value, dict):
        return {k: without_write_times(v) for k, v in value.items() if k != "modificationDate"}
    if isinstance(value, list):
        return [without_write_times(v) for v in value]
    return value


def annotation_ids(pdf: bytes) -> list[list[str]]:
    document = pymupdf.open(stream=pdf, filetype="pdf")
    return [[annotation.info["id"] for annotation in page.annots()] for page in document]


def run_serve(binary, *args, env=None, timeout=30):
    """Runs `serve` expecting it to fail at start: (exit status, output)."""
    result = subprocess.run([str(binary), "serve", "--port", "0", *args], capture_output=True, text=True,
                            timeout=timeout, env=env)
    return result.returncode, result.stdout + result.stderr


def check_served(server: Server) -> None:
    assert server.json("GET", "/readyz")["status"] == "ready"
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    assert server.json("POST", f"{DOCS}/{doc}/operations", stroke(0, 0))["revision"] == 1
    # The server prints where it serves from once it listens, and answers meanwhile: the line
    # may come after the answers above (it lists the store's documents first).
    deadline = time.time() + 15
    while "Open http" not in (output := server.log.read_text()) and time.time() < deadline:
        time.sleep(0.05)
    assert PASSWORD not in output
    assert "postgresql://editor" in output


@pytest.mark.parametrize("source", ["url", "password-file", "environment-file", "PGPASSWORD"])
def test_the_password_comes_from_where_it_is_given_and_is_never_printed(binary, tmp_path, pg_cluster, source):
    name = database_with_editor(pg_cluster)
    plain = pg_cluster.url(name, user="editor")
    password_file = tmp_path / "password"
    password_file.write_text(PASSWORD + "\n")
    env = None
    if source == "url":
        args = ["--store", pg_cluster.url(name, user="editor", password=PASSWORD)]
    elif source == "password-file":
        args = ["--store", plain, "--store-password-file", str(password_file)]
    elif source == "environment-file":
        args = []
        env = {"MARGINALIA_STORE": plain, "MARGINALIA_STORE_PASSWORD_FILE": str(password_file)}
    else:
        args = ["--store", plain]
        env = {"PGPASSWORD": PASSWORD}
    started = Server(binary, tmp_path / "data", args=args, env=env).start(wait_ready=True)
    try:
        check_served(started)
        stored = subprocess.run([str(binary), "store", "info", "--store", pg_cluster.url(name, user="editor", password=PASSWORD)],
                                capture_output=True, text=True, timeout=30)
        assert stored.returncode == 0, stored.stderr
        assert "postgresql://editor:***@" in stored.stdout and PASSWORD not in stored.stdout + stored.stderr
    finally:
        started.process.kill()
        started.process.wait(timeout=30)


def test_a_wrong_password_is_refused_clearly_without_repeating_it(binary, pg_cluster):
    name = database_with_editor(pg_cluster)
    status, output = run_serve(binary, "--store", pg_cluster.url(name, user="editor", password="not-the-Pa55word"))
    assert status == 1, output
    assert "password authentication failed" in output
    assert "not-the-Pa55word" not in output
    assert "postgresql://editor:***@" in output
    status, output = run_serve(binary, "--store", pg_cluster.url(name), "--data", "x")
    assert status == 2 and "not both" in output


def test_sslmode_reaches_libpq(binary, tmp_path, pg_cluster):
    # The shared cluster has no SSL: requiring it fails, saying so.
    name = database_with_editor(pg_cluster)
    status, output = run_serve(binary, "--store", pg_cluster.url(name, sslmode="require"))
    assert status == 1 and "SSL" in output, output
    # A cluster with a certificate: the store's connections are encrypted.
    secure = PostgresCluster(ssl=True).start()
    try:
        secure.create_database("tls")
        server = Server(binary, tmp_path / "data", store=Store(secure, "tls")).start(wait_ready=True)
        server.store.url = secure.url("tls", sslmode="require")
        server.kill()
        server.start(wait_ready=True)
        try:
            assert server.json("GET", "/readyz")["status"] == "ready"
            encrypted = secure.psql("SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                                    "WHERE a.application_name LIKE 'marginalia%'")
            assert encrypted == "t"
        finally:
            server.process.kill()
            server.process.wait(timeout=30)
    finally:
        secure.destroy()


def test_migrate_copies_a_sqlite_store_that_then_serves_the_same(binary, tmp_path, pg_cluster):
    source = Server(binary, tmp_path / "data").start()
    doc = source.json("GET", DOCS)["documents"][0]["id"]
    revision = 0
    for n in range(6):
        revision = source.json("POST", f"{DOCS}/{doc}/operations", stroke(revision, n))["revision"]
    source.json("POST", f"{DOCS}/{doc}/save", b"")
    revision = source.json("POST", f"{DOCS}/{doc}/operations", {"baseRevision": revision, "clientId": "tab", "undo": True})["revision"]
    source.json("POST", f"{DOCS}/{doc}/save", b"")
    source.json("POST", f"{DOCS}/{doc}/versions/2/restore", b"")
    source.json("POST", f"{DOCS}/{doc}/operations", stroke(revision, 7))
    _, _, pdf = source.request("GET", f"{DOCS}/{doc}/file")
    other = source.json("POST", f"{DOCS}?name=other.pdf", pdf, expect=201)["id"]
    source.json("DELETE", f"{DOCS}/{other}")
    paths = [DOCS, "/api/v1/trash", f"{DOCS}/{doc}", f"{DOCS}/{doc}/versions", f"{DOCS}/{doc}/operations?after=0",
             f"{DOCS}/{doc}/annotations", f"{DOCS}/{other}/operations?after=0"]
    before = {path: without_write_times(source.json("GET", path)) for path in paths}
    files_before = {n: source.request("GET", f"{DOCS}/{doc}/versions/{n}/file")[2] for n in range(1, 5)}
    current_before = source.request("GET", f"{DOCS}/{doc}/file")[2]
    assert source.stop() == 0

    name = f"migrated{next(_names)}"
    url = pg_cluster.create_database(name)
    result = subprocess.run([str(binary), "store", "migrate", "--from", str(source.data), "--to", url],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "2 document(s), 5 version(s)" in result.stdout and "identical" in result.stdout
    again = subprocess.run([str(binary), "store", "migrate", "--from", str(source.data), "--to", url],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "already holds 2 document(s)" in again.stderr

    copy = Server(binary, tmp_path / "copy", store=Store(pg_cluster, name)).start()
    try:
        for path in paths:
            assert without_write_times(copy.json("GET", path)) == before[path], path
        for number, data in files_before.items():
            assert copy.request("GET", f"{DOCS}/{doc}/versions/{number}/file")[2] == data
        # The current file: the stored state, byte for byte, then the unsaved entry as an
        # update written afresh (its objects and /M as the replay made them).
        current = copy.request("GET", f"{DOCS}/{doc}/file")[2]
        assert current.startswith(files_before[4]) and current_before.startswith(files_before[4])
        assert annotation_ids(current) == annotation_ids(current_before)
    finally:
        copy.process.kill()
        copy.process.wait(timeout=30)


def command(server, doc: str, base: int, body: dict) -> int:
    answer = server.json("POST", f"{DOCS}/{doc}/commands",
                         {"protocol": 1, "baseRevision": base, "clientId": "tab", "command": body})
    return answer["revision"]


def store_with_uploads(binary, data: Path) -> tuple[Server, dict[str, str]]:
    """A running SQLite server whose documents hold uploads: `uploads` (pages from an
    uploaded file, saved once, then more inserted and left unsaved), `copies` (pages of
    `uploads` inserted, unsaved: stored as an upload of `copies`) and `trashed` (an unsaved
    stroke, in the trash)."""
    server = Server(binary, data).start()
    sample = SAMPLE.read_bytes()
    ids = {name: server.json("POST", f"{DOCS}?name={name}.pdf", sample, expect=201)["id"]
           for name in ("uploads", "copies", "trashed")}
    uploads, copies = ids["uploads"], ids["copies"]
    assert server.json("POST", f"{DOCS}/{uploads}/uploads", sample, expect=201)["upload"] == 1
    revision = command(server, uploads, 0, {"type": "insertPages", "index": 0, "source": {"upload": 1}, "pages": [0]})
    revision = server.json("POST", f"{DOCS}/{uploads}/operations", stroke(revision, 1))["revision"]
    server.json("POST", f"{DOCS}/{uploads}/save", b"")
    revision = command(server, uploads, revision, {"type": "insertPages", "index": 2, "source": {"upload": 1}})
    server.json("POST", f"{DOCS}/{uploads}/operations", stroke(revision, 2))
    revision = command(server, copies, 0, {"type": "insertPages", "index": 1, "source": {"document": uploads}})
    server.json("POST", f"{DOCS}/{copies}/operations", stroke(revision, 4))
    server.json("POST", f"{DOCS}/{ids['trashed']}/operations", stroke(0, 0))
    server.json("DELETE", f"{DOCS}/{ids['trashed']}")
    return server, ids


def served(server, ids: dict[str, str]) -> dict:
    """What the API answers about each document (annotations' write times left out), and the
    bytes of its current file's pages as PyMuPDF reads them."""
    answers = {}
    for doc in ids.values():
        for path in (f"{DOCS}/{doc}", f"{DOCS}/{doc}/annotations", f"{DOCS}/{doc}/operations?after=0",
                     f"{DOCS}/{doc}/versions"):
            answers[path] = without_write_times(server.json("GET", path))
        status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
        assert status == 200, f"{doc}/file: {status} {pdf[:300]!r}"
        document = pymupdf.open(stream=pdf, filetype="pdf")
        answers[f"{doc} text"] = [page.get_text() for page in document]
        answers[f"{doc} ids"] = annotation_ids(pdf)
    return answers


def fingerprint(data: Path) -> dict[str, str | None]:
    """The SHA-256 of the catalogue, its WAL and shared-memory index, and every stored file."""
    names = ["catalogue.sqlite", "catalogue.sqlite-wal", "catalogue.sqlite-shm"]
    names += sorted(f"files/{p.name}" for p in (data / "files").iterdir())
    return {name: hashlib.sha256((data / name).read_bytes()).hexdigest() if (data / name).exists() else None
            for name in names}


def migrate(binary, action: str, source: Path, url: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary), "store", action, "--from", str(source), "--to", url],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("ending", ["stopped", "killed"])
def test_migrate_copies_uploads_and_leaves_the_source_as_it_was(binary, tmp_path, pg_cluster, ending):
    # Killed, the server leaves its catalogue's write-ahead log and index behind, holding
    # committed entries: opening it to write would replay and checkpoint them.
    source, ids = store_with_uploads(binary, tmp_path / "data")
    before = served(source, ids)
    source.kill() if ending == "killed" else source.stop()
    files = fingerprint(source.data)
    assert files["catalogue.sqlite-wal"] is not None or ending == "stopped"

    name = f"uploads{next(_names)}"
    url = pg_cluster.create_database(name)
    result = migrate(binary, "migrate", source.data, url)
    assert result.returncode == 0, result.stderr
    assert fingerprint(source.data) == files

    copy = Server(binary, tmp_path / "copy", store=Store(pg_cluster, name)).start()
    try:
        assert served(copy, ids) == before
        # Upload numbers go on after the copied ones: a new upload never takes the number an
        # unsaved entry names, so the documents keep their pages.
        sample = SAMPLE.read_bytes()
        assert copy.json("POST", f"{DOCS}/{ids['uploads']}/uploads", sample, expect=201)["upload"] == 2
        assert copy.json("POST", f"{DOCS}/{ids['copies']}/uploads", sample, expect=201)["upload"] == 2
        assert served(copy, ids) == before
    finally:
        copy.process.kill()
        copy.process.wait(timeout=30)
    # The sample the server imported into the empty folder is the fourth document.
    assert "4 document(s)" in result.stdout and "2 upload(s)" in result.stdout and "identical" in result.stdout


def test_verify_compares_alone_and_finds_one_changed_byte_of_an_upload(binary, tmp_path, pg_cluster):
    source, ids = store_with_uploads(binary, tmp_path / "data")
    assert source.stop() == 0
    name = f"verified{next(_names)}"
    url = pg_cluster.create_database(name)
    assert migrate(binary, "migrate", source.data, url).returncode == 0
    files = fingerprint(source.data)

    checked = migrate(binary, "verify", source.data, url)
    assert checked.returncode == 0, checked.stderr
    assert "4 document(s)" in checked.stdout and "identical" in checked.stdout
    key = f"{ids['copies']}/u1"
    pg_cluster.psql(f"UPDATE blobs SET data = set_byte(data, 300, (get_byte(data, 300) + 1) % 256) WHERE key = '{key}'",
                    name)
    tampered = migrate(binary, "verify", source.data, url)
    assert tampered.returncode == 1, tampered.stdout + tampered.stderr
    assert f"document {ids['copies']}" in tampered.stderr and "upload 1" in tampered.stderr
    assert "byte 300" in tampered.stderr and "identical" not in tampered.stdout
    assert fingerprint(source.data) == files
    usage = subprocess.run([str(binary), "store", "--help"], capture_output=True, text=True, timeout=30)
    assert "store verify --from" in usage.stdout + usage.stderr
