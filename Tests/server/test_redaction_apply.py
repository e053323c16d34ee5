"""Issue 32, items 2-4 on the server: `POST …/redactions/apply` removes what the marks cover
from the document and from everything the store keeps (earlier versions, the original upload,
uploads inserted from, the operation log, the text index, free pages of SQLite, PostgreSQL's
rows), over a real server on both stores. Judged by other tools: PyMuPDF and pdftotext read
the files, byte searches (with every Flate stream inflated) read the store's folder, its
SQLite files and FTS5 terms, and pg_dump's dump of the PostgreSQL schema."""

from __future__ import annotations

import json
import subprocess
import time
import uuid

from people import send, start_with_people
from redaction_leaks import extracted, folder_leaks, holds, postgres_dump, redaction_marks, text_pdf, word_quads
from replicas import EventClient
from serve_process import Server, Store

SECRET = "Xylotrombic"
KEPT = "Quokkafield"


def command(server, doc, base, body, client="redaction-test"):
    request = {"protocol": 1, "baseRevision": base, "clientId": client, "command": body}
    return server.json("POST", f"/api/v1/documents/{doc}/commands", request)["revision"]


def rect_of(quad: list[float]) -> list[float]:
    xs, ys = quad[0::2], quad[1::2]
    return [min(xs), min(ys), max(xs), max(ys)]


def document_with_history(server, tmp_path) -> tuple[str, int]:
    """A document whose file, versions, log and upload hold SECRET: the upload, a free text and a
    note over the word with a reply quoting it, a page inserted from an upload that holds it,
    three saves, and marks over every SECRET left unsaved. Returns the id and the revision."""
    upload = text_pdf([f"Public words stay here, {SECRET} goes.", f"{KEPT} remains on the page."])
    doc = json.loads(server.request("POST", "/api/v1/documents?name=redact.pdf", upload)[2])["id"]
    word = rect_of(word_quads(upload, SECRET)[0][0])
    revision = command(server, doc, 0, {"type": "add", "annotation": {
        "type": "freeText", "id": "free-text", "pageIndex": 0, "rect": word, "text": f"about {SECRET}"}})
    revision = command(server, doc, revision, {"type": "add", "annotation": {
        "type": "note", "id": "the-note", "pageIndex": 0, "rect": [word[0], word[1], word[0] + 18, word[1] + 18],
        "contents": "see this"}})
    server.json("POST", f"/api/v1/documents/{doc}/save")
    revision = command(server, doc, revision, {"type": "reply", "to": "the-note", "text": f"yes, {SECRET} must go",
                                               "author": "Ana"})
    inserted = text_pdf([f"Inserted page names {SECRET} once."])
    status, _, body = server.request("POST", f"/api/v1/documents/{doc}/uploads", inserted)
    assert status == 201, body
    revision = command(server, doc, revision, {"type": "insertPages", "index": 1, "source": {"upload": json.loads(body)["upload"]}})
    server.json("POST", f"/api/v1/documents/{doc}/save")
    revision = command(server, doc, revision, {"type": "add", "annotation": {
        "type": "square", "id": "far-square", "pageIndex": 0, "rect": [400, 100, 440, 140], "color": "#1565C0"}})
    server.json("POST", f"/api/v1/documents/{doc}/save")
    current = server.request("GET", f"/api/v1/documents/{doc}/file")[2]
    quads = word_quads(current, SECRET)
    assert sorted(quads) == [0, 1], quads
    revision = command(server, doc, revision, {"type": "add", "annotations": redaction_marks(quads)})
    return doc, revision


def store_leaks(server) -> list[str]:
    """Where the store still keeps SECRET: its folder, or its PostgreSQL schema."""
    if server.store:
        dump = postgres_dump(server.store.cluster, server.store.database, server.store.schema)
        large = server.store.cluster.psql("SELECT count(*) FROM pg_largeobject_metadata", server.store.database)
        return (["pg_dump"] if holds(dump, SECRET) else []) + ([f"{large} large objects"] if large != "0" else [])
    return folder_leaks(server.data, SECRET)


def wait_for(predicate, what: str, timeout: float = 60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout} s for {what}")


def search_documents(server, query: str) -> set:
    return {hit["document"] for hit in server.json("GET", f"/api/v1/search?q={query}")["results"]}


def test_applying_leaves_no_copy_of_the_marked_words_anywhere_the_store_keeps_them(server, tmp_path, binary):
    doc, revision = document_with_history(server, tmp_path)
    wait_for(lambda: doc in search_documents(server, SECRET), "the index to find the word before")
    assert store_leaks(server), "the word should be in the store before it is redacted"
    versions_before = [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]]
    assert versions_before == [1, 2, 3, 4]
    # Read before, so that the find's page words and the version files are kept in memory.
    assert server.json("GET", f"/api/v1/documents/{doc}/search?q={SECRET}")["results"]
    for number in versions_before:
        assert holds(server.request("GET", f"/api/v1/documents/{doc}/versions/{number}/file")[2], SECRET)
    events = EventClient([server], doc)
    events.start()
    assert events.connected.wait(10)

    applied = server.json("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True, "scrubMetadata": True})

    pages = {page["pageIndex"]: page for page in applied["report"]["pages"]}
    assert sorted(pages) == [0, 1]
    assert pages[0]["marks"] == 1 and pages[0]["glyphs"] == len(SECRET) and pages[1]["glyphs"] == len(SECRET)
    assert pages[0]["annotations"] == 3  # the free text, the note and the reply to it
    assert set(pages[0]) == {"pageIndex", "marks", "glyphs", "images", "imagesPainted", "imagesPartlyCovered", "paths",
                             "pathsCut", "annotations"}
    assert applied["report"]["metadataScrubbed"] is True
    assert applied["history"]["versionsRemoved"] == [1, 2, 3, 4, 5]  # 5: the unsaved marks, saved first
    assert applied["history"]["logEntriesRemoved"] == revision and applied["history"]["uploadsRemoved"] == 1
    assert applied["version"]["number"] == 6 and applied["version"]["historyRedacted"] is True

    # Other tabs hear of it (and reload: docs/editor-web.md).
    wait_for(lambda: "versionRestored" in events.events, "the event stream to announce the redaction")
    events.stop()
    listed = server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]
    assert [(v["number"], v.get("historyRedacted")) for v in listed] == [(6, True)]
    for number in versions_before + [5]:
        assert server.request("GET", f"/api/v1/documents/{doc}/versions/{number}/file")[0] == 404
    log = server.request("GET", f"/api/v1/documents/{doc}/operations?after=0")[2]
    assert not holds(log, SECRET) and json.loads(log)["operations"] == []
    for path in ("/file", "/versions/6/file", "/annotations", "/pages/0/text", "/pages/1/text"):
        status, _, body = server.request("GET", f"/api/v1/documents/{doc}{path}")
        assert status == 200 and not holds(body, SECRET), path
    current = server.request("GET", f"/api/v1/documents/{doc}/file")[2]
    for reader in extracted(current, tmp_path):
        assert SECRET not in reader and KEPT in reader and "Public words stay here" in reader
    assert [a["id"] for a in server.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]] == ["far-square"]

    # The index is built again from the new file: the other words are found, the removed ones not.
    wait_for(lambda: doc in search_documents(server, KEPT), "the index to find the kept word again")
    assert doc not in search_documents(server, SECRET)
    assert server.json("GET", f"/api/v1/documents/{doc}/search?q={SECRET}")["results"] == []
    assert server.json("GET", f"/api/v1/documents/{doc}/search?q={KEPT}")["results"]
    assert store_leaks(server) == []

    # Editing and saving go on from the redacted file.
    summary = server.json("GET", f"/api/v1/documents/{doc}")
    command(server, doc, summary["revision"], {"type": "add", "annotation": {
        "type": "square", "id": "after", "pageIndex": 0, "rect": [100, 100, 140, 140], "color": "#1565C0"}})
    assert server.json("POST", f"/api/v1/documents/{doc}/save")["version"]["number"] == 7
    assert store_leaks(server) == []
    if not server.store:
        backup = tmp_path / "backup"
        done = subprocess.run([str(binary), "store", "backup", "--from", str(server.data), "--to", str(backup)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert folder_leaks(backup, SECRET) == []


def test_applying_is_refused_without_confirm_and_without_marks(server):
    upload = text_pdf([f"Nothing marked: {SECRET}."])
    doc = json.loads(server.request("POST", "/api/v1/documents?name=plain.pdf", upload)[2])["id"]
    for body in ({}, {"confirm": False}, {"confirm": 1}, {"confirm": "true"}):
        status, _, answer = server.request("POST", f"/api/v1/documents/{doc}/redactions/apply", body)
        assert status == 400 and b"confirm" in answer and b"earlier version" in answer, (body, answer)
    status, _, answer = server.request("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True, "overlay": "x"})
    assert status == 400 and b"'overlay' is not a key" in answer
    status, _, answer = server.request("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True})
    assert status == 422 and b"no redaction marks" in answer
    assert [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] == [1]
    assert server.request("GET", f"/api/v1/documents/{doc}/versions/1/file")[2] == upload


def test_only_those_who_may_edit_apply(binary, tmp_path, new_store):
    server, tokens = start_with_people(binary, tmp_path / "data", new_store())
    try:
        upload = text_pdf([f"Marked for editors: {SECRET}."])
        status, made = send(server, "POST", "/api/v1/documents?name=roles.pdf", tokens["editor"], upload)
        assert status == 201
        doc = made["id"]
        shared = send(server, "PUT", f"/api/v1/documents/{doc}/shares/everyone", tokens["editor"], {"role": "editor"})
        assert shared[0] == 200, shared
        marks = redaction_marks(word_quads(upload, SECRET))
        mark = {"protocol": 1, "baseRevision": 0, "clientId": "roles", "command": {"type": "add", "annotations": marks}}
        assert send(server, "POST", f"/api/v1/documents/{doc}/commands", tokens["editor"], mark)[0] == 200
        path = f"/api/v1/documents/{doc}/redactions/apply"
        for role in ("reader", "commenter"):
            status, answer = send(server, "POST", path, tokens[role], {"confirm": True})
            assert status == 403, (role, answer)
        assert send(server, "GET", f"/api/v1/documents/{doc}/versions/1/file", tokens["reader"])[0] == 200
        status, answer = send(server, "POST", path, tokens["editor"], {"confirm": True})
        assert status == 200, answer
        status, audit = send(server, "GET", "/api/v1/audit", tokens["admin"])
        assert status == 200
        lines = [line for line in audit["entries"] if line["action"] == "redact"]
        assert [(line["actor"], line["document"]) for line in lines] == [("editor", doc)]
        assert "glyphs=11" in lines[0]["detail"] and SECRET.lower() not in json.dumps(audit).lower()
    finally:
        server.kill()


def test_a_signed_document_is_refused(server, tmp_path, binary):
    upload = text_pdf([f"Signed text: {SECRET}."])
    source, signed, folder = tmp_path / "source.pdf", tmp_path / "signed.pdf", tmp_path / "pki"
    source.write_bytes(upload)
    folder.mkdir()
    for step in (["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=Redaction Test", "-days", "2",
                  "-keyout", "key.pem", "-out", "cert.pem"],
                 ["pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "signer.p12", "-passout", "pass:pw"]):
        subprocess.run(["openssl", *step], cwd=folder, check=True, capture_output=True, timeout=120)
    (folder / "password.txt").write_text("pw\n")
    done = subprocess.run([str(binary), "sign", str(source), "-o", str(signed), "--p12", str(folder / "signer.p12"),
                           "--password-file", str(folder / "password.txt")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    doc = json.loads(server.request("POST", "/api/v1/documents?name=signed.pdf", signed.read_bytes())[2])["id"]
    command(server, doc, 0, {"type": "add", "annotations": redaction_marks(word_quads(upload, SECRET))})
    status, _, answer = server.request("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True})
    assert status == 409 and b"is signed" in answer and b"invalidate" in answer, answer
    assert json.loads(answer)["error"]["reason"] == "signature.rewriteBreaks", answer
    # Refused before anything was saved or changed: the marks are still there, unsaved.
    assert [v["number"] for v in server.json("GET", f"/api/v1/documents/{doc}/versions")["versions"]] == [1]
    assert server.request("GET", f"/api/v1/documents/{doc}/versions/1/file")[2] == signed.read_bytes()
    assert [a["type"] for a in server.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]].count("redact") == 1


def test_another_replica_forgets_what_it_kept_of_the_document(binary, tmp_path, pg_cluster):
    """Over one PostgreSQL store, a replica that served the find and a version file before another
    replica applied the redaction keeps neither: the page words of the revision (which a
    redaction does not change) and the version files are dropped on the notice."""
    store = Store(pg_cluster, "stores", schema=f"redaction_replicas_{uuid.uuid4().hex[:8]}")
    first = Server(binary, tmp_path / "first", store=store).start()
    second = Server(binary, tmp_path / "second", store=store).start()
    try:
        upload = text_pdf([f"Public words stay here, {SECRET} goes.", f"{KEPT} remains on the page."])
        doc = json.loads(second.request("POST", "/api/v1/documents?name=replicas.pdf", upload)[2])["id"]
        command(first, doc, 0, {"type": "add", "annotations": redaction_marks(word_quads(upload, SECRET))})
        # The second replica reads at the revision the redaction keeps (the marks'), and keeps it.
        assert second.json("GET", f"/api/v1/documents/{doc}/search?q={SECRET}")["revision"] == 1
        assert second.json("GET", f"/api/v1/documents/{doc}/search?q={SECRET}")["results"]
        assert holds(second.request("GET", f"/api/v1/documents/{doc}/versions/1/file")[2], SECRET)
        first.json("POST", f"/api/v1/documents/{doc}/redactions/apply", {"confirm": True})
        wait_for(lambda: second.json("GET", f"/api/v1/documents/{doc}/search?q={SECRET}")["results"] == [],
                 "the other replica's find to lose the word")
        assert second.json("GET", f"/api/v1/documents/{doc}/search?q={KEPT}")["results"]
        assert second.request("GET", f"/api/v1/documents/{doc}/versions/1/file")[0] == 404
        assert not holds(second.request("GET", f"/api/v1/documents/{doc}/file")[2], SECRET)
    finally:
        first.kill()
        second.kill()
