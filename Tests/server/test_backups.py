"""Issue 27 item 4, backups: `marginalia store backup` of a data folder while its server runs
and edits arrive, `store restore` into a new folder that a server then serves, and for a
PostgreSQL store the documented pg_dump and pg_restore, each proved with `store verify`."""

from __future__ import annotations

import json
import subprocess
import threading
from pathlib import Path

from serve_process import Server, Store

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"


def marginalia(binary, *arguments, timeout=300):
    return subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=timeout)


def add_square(server, doc, base, n):
    body = {"protocol": 1, "baseRevision": base, "clientId": "backup-test",
            "command": {"type": "add", "annotation": {"type": "square", "id": f"sq{n}", "pageIndex": 0,
                                                       "rect": [20 + n % 300, 20, 60 + n % 300, 60], "color": "#1565C0"}}}
    return server.json("POST", f"/api/v1/documents/{doc}/commands", body)["revision"]


def test_a_running_server_is_backed_up_and_the_backup_restores_and_serves(binary, tmp_path):
    server = Server(binary, tmp_path / "data").start()
    doc = json.loads(server.request("POST", "/api/v1/documents?name=kept.pdf", SAMPLE.read_bytes())[2])["id"]
    revision = add_square(server, doc, 0, 0)
    server.json("POST", f"/api/v1/documents/{doc}/save")
    # Edits keep arriving while the backup runs.
    stop = threading.Event()
    failures = []

    def edit():
        nonlocal revision
        n = 1
        while not stop.is_set():
            try:
                revision = add_square(server, doc, revision, n)
                if n % 4 == 0:
                    server.json("POST", f"/api/v1/documents/{doc}/save")
            except Exception as error:   # reported below
                failures.append(error)
                return
            n += 1

    editor = threading.Thread(target=edit)
    editor.start()
    try:
        backed = marginalia(binary, "store", "backup", "--from", str(tmp_path / "data"), "--to", str(tmp_path / "backup"))
    finally:
        stop.set()
        editor.join(timeout=60)
    assert not failures, failures
    assert backed.returncode == 0, backed.stderr
    assert "every document opens" in backed.stdout
    after_backup = [a["id"] for a in server.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]]
    server.stop()

    restored = marginalia(binary, "store", "restore", "--from", str(tmp_path / "backup"), "--to", str(tmp_path / "restored"))
    assert restored.returncode == 0, restored.stderr
    assert "identical" in restored.stdout
    again = marginalia(binary, "store", "restore", "--from", str(tmp_path / "backup"), "--to", str(tmp_path / "restored"))
    assert again.returncode != 0 and "not empty" in again.stderr

    copy = Server(binary, tmp_path / "restored").start()
    try:
        ids = [a["id"] for a in copy.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]]
        # The backup is the store at one moment: the squares up to some point, in order.
        squares = [i for i in ids if i.startswith("sq")]
        assert squares and squares == [i for i in after_backup if i.startswith("sq")][:len(squares)]
        saved = tmp_path / "saved.pdf"
        saved.write_bytes(copy.request("GET", f"/api/v1/documents/{doc}/file")[2])
        check = subprocess.run(["qpdf", "--check", str(saved)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    finally:
        copy.stop()


def test_a_postgresql_store_is_backed_up_with_pg_dump_and_restored_with_pg_restore(binary, pg_cluster, tmp_path):
    source_url = pg_cluster.create_database("backup_source")
    server = Server(binary, tmp_path / "data", store=Store(pg_cluster, "backup_source")).start()
    doc = json.loads(server.request("POST", "/api/v1/documents?name=pg.pdf", SAMPLE.read_bytes())[2])["id"]
    revision = add_square(server, doc, 0, 0)
    server.json("POST", f"/api/v1/documents/{doc}/save")
    add_square(server, doc, revision, 1)   # unsaved: in the log only
    server.stop()

    dump = tmp_path / "marginalia.dump"
    bindir = pg_cluster.bin
    subprocess.run([str(bindir / "pg_dump"), "--format=custom", "--file", str(dump), source_url], check=True,
                   capture_output=True, timeout=120)
    target_url = pg_cluster.create_database("backup_target")
    subprocess.run([str(bindir / "pg_restore"), "--no-owner", "--dbname", target_url, str(dump)], check=True,
                   capture_output=True, timeout=120)
    verified = marginalia(binary, "store", "verify", "--from", source_url, "--to", target_url)
    assert verified.returncode == 0, verified.stderr
    # The sample (imported into the empty store) and pg.pdf, with its saved and unsaved entries.
    assert "identical" in verified.stdout and "2 document(s)" in verified.stdout and "2 log entries" in verified.stdout
