"""A document written twice from the same log is written alike: an annotation's /M is the date
its logged operation carries (or, when the annotation had none, the date the operation was
logged with), never the time of writing. A change was written with the time of each writing,
so a restart, or a second server over the same store, replaying the log wrote other bytes than
the server that made the change (left26, item 2)."""

import time

import pymupdf

from handmade_pdf import handmade_pdf
from serve_process import Server

DOCS = "/api/v1/documents"


def undated_pdf() -> bytes:
    """One page with a text box and a locked square, neither with a /M."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R 5 0 R] >>",
               b"<< /Type /Annot /Subtype /FreeText /NM (box) /Rect [100 600 400 640]"
               b" /Contents (Hello) /DA (/Helv 12 Tf 0 g) /F 4 >>",
               b"<< /Type /Annot /Subtype /Square /NM (locked) /Rect [100 100 200 200] /C [1 0 0] /F 132 >>"]
    return handmade_pdf(objects)


def command(server, doc, revision, body):
    envelope = {"protocol": 1, "baseRevision": revision, "clientId": "tab-a", "command": body}
    status, _, reply = server.request("POST", f"{DOCS}/{doc}/commands", envelope)
    assert status == 200, reply


def annotation_objects(server, doc) -> dict:
    """Each annotation of page 1 of the file the server writes now: its dictionary and its
    appearance stream, as bytes."""
    status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200 and pdf.startswith(b"%PDF-")
    document = pymupdf.open(stream=pdf, filetype="pdf")
    objects = {}
    for annotation in document[0].annots():
        kind, appearance = document.xref_get_key(annotation.xref, "AP/N")
        stream = document.xref_stream_raw(int(appearance.split()[0])) if kind == "xref" else None
        objects[annotation.info["id"]] = (document.xref_object(annotation.xref, compressed=True), stream)
    return objects


def next_second(since: float) -> None:
    """Returns once the clock has passed into a later second than `since` (the resolution of a
    PDF date): writing again now would date a change otherwise than it was first written."""
    while int(time.time()) == int(since):
        time.sleep(0.05)


def test_a_restart_and_a_second_server_write_the_annotations_of_the_log_alike(server, binary, tmp_path):
    doc = server.json("POST", f"{DOCS}?name=undated.pdf", undated_pdf(), expect=201)["id"]
    listed = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    [box] = [a for a in listed["annotations"] if a["id"] == "box"]
    box = {k: v for k, v in box.items() if k not in ("foreignAppearance", "modificationDate")}
    command(server, doc, listed["revision"], {"type": "change", "annotation": box | {"text": "Hello there"}})
    # Unlocking changes an annotation that carries no date: it is dated when it is logged.
    command(server, doc, listed["revision"] + 1, {"type": "unlock", "ids": ["locked"]})
    first = annotation_objects(server, doc)
    written = time.time()
    assert set(first) == {"box", "locked"}
    assert all("/M(D:" in dictionary.replace(" ", "") for dictionary, _ in first.values()), first

    next_second(written)
    server.restart(kill=True)  # nothing was saved: the changes come back from the log
    assert annotation_objects(server, doc) == first

    if server.store:  # a second server over the same database reads the same log
        next_second(time.time())
        second = Server(binary, tmp_path / "second", store=server.store).start()
        try:
            assert annotation_objects(second, doc) == first
        finally:
            second.kill()
