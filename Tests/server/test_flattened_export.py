"""The flattened export is flat (issue 26, items 4 and 5), judged by qpdf, pikepdf, PyMuPDF and Poppler.

`marginalia sample` (a form on page 2) with the form filled, a note on page 1 and a reply to
it placed elsewhere on the page, exported through `GET /export` (what Print draws): the form's
values are burned into page 2, no field, widget or AcroForm is left, page 1 keeps no
annotation but its links, the note is drawn and the reply is not (replies belong to their
thread, not the page). Before, the export kept the fields live and Print, which draws the
export without an annotation layer, left them out; the reply's icon was burned in.
"""

from __future__ import annotations

import subprocess

import pikepdf
import pytest


fitz = pytest.importorskip("fitz")
Image = pytest.importorskip("PIL.Image")

NOTE_RECT = [100, 600, 124, 624]
REPLY_RECT = [400, 600, 424, 624]  # far from its parent, so a drawn reply shows on its own


def changed_pixels(before, after, rect, page_height=792):
    """Pixels that differ by more than a quarter of the range inside a page-space rect of two
    72 dpi greyscale renders."""
    x1, y1, x2, y2 = rect
    box = (int(x1), int(page_height - y2), int(x2), int(page_height - y1))
    a, b = before.crop(box).tobytes(), after.crop(box).tobytes()
    return sum(1 for p, q in zip(a, b) if abs(p - q) > 64)


def render(pdf: bytes, page: int, tmp_path, name="export") -> Image.Image:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    out = tmp_path / f"{name}-page{page}"
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
                    str(path), str(out)], check=True, capture_output=True, timeout=120)
    return Image.open(f"{out}.pgm").convert("L")


def test_the_flattened_export_burns_in_the_form_and_leaves_replies_out(binary, open_server, tmp_path):
    server = open_server
    sample = tmp_path / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True)
    doc = server.json("POST", "/api/v1/documents?name=sample.pdf", sample.read_bytes(), expect=201)["id"]
    fields = {f["name"]: f for f in server.json("GET", f"/api/v1/documents/{doc}/fields")["fields"]}
    name = fields["name"]
    revision = 0

    def send(command):
        nonlocal revision
        revision = server.json("POST", f"/api/v1/documents/{doc}/commands",
                               {"protocol": 1, "baseRevision": revision, "clientId": "flat", "command": command})["revision"]

    send({"type": "fill", "name": "name", "value": "Ada Lovelace"})
    send({"type": "fill", "name": "subscribe", "value": True})
    send({"type": "add", "annotations": [
        {"type": "note", "id": "parent", "pageIndex": 0, "rect": NOTE_RECT, "color": "#FF0000", "contents": "A question"},
        {"type": "note", "id": "answer", "pageIndex": 0, "rect": REPLY_RECT, "color": "#0000FF", "contents": "An answer",
         "inReplyTo": "parent"}]})
    # What Print draws: comments as icons (issue 34 made dropping them the default).
    status, headers, exported = server.request("GET", f"/api/v1/documents/{doc}/export?comments=icons")
    assert status == 200, exported[:300]

    path = tmp_path / "flat.pdf"
    path.write_bytes(exported)
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    with pikepdf.open(path) as pdf:
        assert "/AcroForm" not in pdf.Root, "the form is gone"
        left = [str(a.get("/Subtype")) for page in pdf.pages for a in page.get("/Annots", [])]
        assert set(left) <= {"/Link"}, left
    with fitz.open(path) as document:
        assert not document.is_form_pdf and not any(list(page.widgets()) for page in document)

    original = sample.read_bytes()
    page1, page2 = render(exported, 0, tmp_path), render(exported, 1, tmp_path)
    before1, before2 = render(original, 0, tmp_path, "original"), render(original, 1, tmp_path, "original")
    assert changed_pixels(before2, page2, name["rect"]) > 40, "the field's value is drawn on page 2"
    assert changed_pixels(before1, page1, NOTE_RECT) > 40, "the note is drawn"
    assert changed_pixels(before1, page1, REPLY_RECT) == 0, "the reply is not drawn"
    # The document itself keeps its form and both annotations.
    assert {a["id"] for a in server.json("GET", f"/api/v1/documents/{doc}/annotations")["annotations"]} >= {"parent", "answer"}
    assert server.json("GET", f"/api/v1/documents/{doc}/fields")["fields"]


def test_the_export_drops_or_summarises_comments_as_asked(binary, open_server, tmp_path):
    """Issue 34, item 2: by default the flattened export leaves the comments out (the note is
    not drawn); `comments=summary` lists them on a page added at the end; another value is 400."""
    server = open_server
    sample = tmp_path / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True)
    doc = server.json("POST", "/api/v1/documents?name=sample.pdf", sample.read_bytes(), expect=201)["id"]
    server.json("POST", f"/api/v1/documents/{doc}/commands", {"protocol": 1, "baseRevision": 0, "clientId": "flat", "command": {
        "type": "add", "annotations": [
            {"type": "note", "id": "parent", "pageIndex": 0, "rect": NOTE_RECT, "color": "#FF0000", "contents": "A question",
             "author": "Ana"},
            {"type": "note", "id": "answer", "pageIndex": 0, "rect": REPLY_RECT, "color": "#0000FF", "contents": "An answer",
             "inReplyTo": "parent", "author": "Ben"}]}})
    status, _, dropped = server.request("GET", f"/api/v1/documents/{doc}/export")
    assert status == 200, dropped[:300]
    before = render(sample.read_bytes(), 0, tmp_path, "original")
    assert changed_pixels(before, render(dropped, 0, tmp_path, "dropped"), NOTE_RECT) == 0, "the note is not drawn"
    with fitz.open(stream=dropped, filetype="pdf") as document:
        assert document.page_count == 3 and not document.is_form_pdf
    status, _, summary = server.request("GET", f"/api/v1/documents/{doc}/export?comments=summary")
    assert status == 200, summary[:300]
    with fitz.open(stream=summary, filetype="pdf") as document:
        assert document.page_count == 4 and not document.is_form_pdf
        text = document[3].get_text()
    assert "Page 1" in text and "A question" in text and "An answer" in text and "Ana" in text and "Ben" in text
    assert text.index("A question") < text.index("An answer"), "the reply under its note"
    status, _, body = server.request("GET", f"/api/v1/documents/{doc}/export?comments=keep")
    assert status == 400 and b"drop, summary, icons" in body
