"""An annotation another application drew gets its drawing back when a change that made
Marginalia draw it is undone, even after the server was killed and replayed its log: the
sample's note (Samples/sample.pdf: a folded note drawn by scripts/make_sample.py, not by
Marginalia) given the Key icon, or removed, then undone. pypdf and PyMuPDF read the saved
file: the note's appearance stream is the first one again, byte for byte, and nothing of
Marginalia's is left on it."""

import io
import subprocess
from pathlib import Path

import pymupdf
import pypdf

DOCS = "/api/v1/documents"
SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"


def upload_sample(server) -> str:
    return server.json("POST", f"{DOCS}?name=sample.pdf", SAMPLE.read_bytes(), expect=201)["id"]


def note_in_file(pdf: bytes, note_id: str):
    """The note's annotation dictionary and its normal appearance's decoded bytes (pypdf)."""
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    [note] = [a.get_object() for a in page["/Annots"] if a.get_object().get("/NM") == note_id]
    return note, note["/AP"]["/N"].get_object().get_data()


def icon_by_pymupdf(pdf: bytes, note_id: str) -> str:
    document = pymupdf.open(stream=pdf, filetype="pdf")
    page = document[0]
    [note] = [a for a in page.annots() if a.info["id"] == note_id]
    assert note.type[1] == "Text"
    return document.xref_get_key(note.xref, "Name")[1]


def command(server, doc, revision, body):
    envelope = {"protocol": 1, "baseRevision": revision, "clientId": "tab-a", "command": body}
    reply = server.json("POST", f"{DOCS}/{doc}/commands", envelope)
    assert reply.get("applied"), reply
    return reply["revision"]


def current_file(server, doc) -> bytes:
    status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200 and pdf.startswith(b"%PDF-")
    return pdf


def test_undoing_a_restyle_after_a_restart_puts_back_the_other_applications_drawing(server, tmp_path):
    doc = upload_sample(server)
    listed = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    [note] = [a for a in listed["annotations"] if a["id"] == "sample-note-1"]
    assert note["type"] == "note" and note.get("foreignAppearance") is True, note
    _, first_drawing = note_in_file(current_file(server, doc), "sample-note-1")

    keyed = {k: v for k, v in note.items() if k != "foreignAppearance"} | {"icon": "Key"}
    revision = command(server, doc, listed["revision"], {"type": "change", "annotation": keyed})
    restyled = current_file(server, doc)
    dictionary, drawing = note_in_file(restyled, "sample-note-1")
    assert drawing != first_drawing and icon_by_pymupdf(restyled, "sample-note-1") == "/Key"
    assert "/MarginaliaData" in dictionary  # the first drawing kept aside, in the file

    server.restart(kill=True)  # nothing in memory: the log and the file bring it back
    revision = command(server, doc, revision, {"type": "undo"})
    listed = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    [note] = [a for a in listed["annotations"] if a["id"] == "sample-note-1"]
    assert note.get("foreignAppearance") is True and note["icon"] == "Comment", note

    undone = current_file(server, doc)
    dictionary, drawing = note_in_file(undone, "sample-note-1")
    assert drawing == first_drawing
    assert "/MarginaliaData" not in dictionary
    assert icon_by_pymupdf(undone, "sample-note-1") == "/Comment"
    path = tmp_path / "undone.pdf"
    path.write_bytes(undone)
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def note_object(pdf: bytes, note_id: str) -> int:
    """The object number of the note's dictionary (pypdf)."""
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    [number] = [a.idnum for a in page["/Annots"] if a.get_object().get("/NM") == note_id]
    return number


def remove_and_undo(server, restart: bool):
    """Removes the sample's note, undoes it (after killing the server when `restart`), and
    returns the note's dictionary, drawing and object number before and after, and the file."""
    doc = upload_sample(server)
    listed = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    before = current_file(server, doc)
    first, first_drawing = note_in_file(before, "sample-note-1")
    revision = command(server, doc, listed["revision"], {"type": "remove", "ids": ["sample-note-1"]})
    assert all(a["id"] != "sample-note-1" for a in server.json("GET", f"{DOCS}/{doc}/annotations?page=0")["annotations"])
    if restart:
        server.restart(kill=True)  # nothing in memory: the log and the file bring it back
    command(server, doc, revision, {"type": "undo"})
    [note] = [a for a in server.json("GET", f"{DOCS}/{doc}/annotations?page=0")["annotations"] if a["id"] == "sample-note-1"]
    assert note.get("foreignAppearance") is True, note
    undone = current_file(server, doc)
    back, drawing = note_in_file(undone, "sample-note-1")
    assert drawing == first_drawing
    # The sample's note has no /CreationDate: the log's reading gives it none after a restart.
    assert "/CreationDate" not in first
    ignored = ("/M", "/P")
    assert {k for k in first if k not in ignored} == {k for k in back if k not in ignored}
    assert note_object(undone, "sample-note-1") == note_object(before, "sample-note-1")  # the same object
    return undone


def test_undoing_a_removal_puts_the_annotation_back_as_it_was(server):
    """The note removed and brought back by an undo has its drawing and its dictionary again."""
    remove_and_undo(server, restart=False)


def test_undoing_a_removal_after_a_restart_puts_the_annotation_back_as_it_was(server, tmp_path):
    """After the server was killed (the log and the file, not memory, bring the note back; on
    PostgreSQL, as another replica would), the removal left the note's object in the file and
    the undo puts that object back: the drawing byte for byte, the same keys; qpdf finds the
    file sound and PyMuPDF reads the note as it was."""
    undone = remove_and_undo(server, restart=True)
    assert icon_by_pymupdf(undone, "sample-note-1") == "/Comment"
    path = tmp_path / "undone.pdf"
    path.write_bytes(undone)
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
