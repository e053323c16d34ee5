"""A file's text box set above the 1,000 points a new box may have can still be edited: a
change that keeps the box's own size is applied, logged and replayed after a restart, and the
saved file carries the new text at that size; a change that gives a box a size above 1,000
points it did not have is refused, naming the field (review 9, item 1: the edit was refused
with "expected a size from 0 to 1000 points" and the typed text was lost). And what the log
holds of a file's annotations is read back whatever values the file gave them: a moved box of
1,500 points, or a square with a border 1,500 points wide, made every later request on the
document answer 500 ("logged revision 1 does not decode") once the server restarted, and a
square without a colour came back black (review 10). A change that keeps the square's border
is applied as one that keeps the box's size."""

import json
import subprocess

import pymupdf

from handmade_pdf import handmade_pdf

DOCS = "/api/v1/documents"
SIZE = 1500


def large_box_pdf(size: float) -> bytes:
    """One page of 4,000 by 2,400 points holding a text box another application wrote at `size`."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 4000 2400] /Annots [4 0 R 5 0 R 6 0 R 7 0 R] >>",
               b"<< /Type /Annot /Subtype /FreeText /NM (large-box) /Rect [100 100 3900 2300]"
               b" /Contents (Hi you) /DA (/Helv %d Tf 0 g) /F 4 >>" % size,
               b"<< /Type /Annot /Subtype /FreeText /NM (small-box) /Rect [100 10 900 90]"
               b" /Contents (small) /DA (/Helv 12 Tf 0 g) /F 4 >>",
               b"<< /Type /Annot /Subtype /Square /NM (wide-square) /Rect [3000 10 3990 90]"
               b" /BS << /W 1500 >> /C [1 0 0] /F 4 >>",
               b"<< /Type /Annot /Subtype /Square /NM (plain-square) /Rect [1000 10 1100 90] /F 4 >>"]
    return handmade_pdf(objects)


def listed_box(server, doc, box_id):
    listed = server.json("GET", f"{DOCS}/{doc}/annotations?page=0")
    [box] = [a for a in listed["annotations"] if a["id"] == box_id]
    return listed["revision"], {k: v for k, v in box.items() if k != "foreignAppearance"}


def send(server, doc, revision, annotation):
    envelope = {"protocol": 1, "baseRevision": revision, "clientId": "tab-a",
                "command": {"type": "change", "annotation": annotation}}
    return server.request("POST", f"{DOCS}/{doc}/commands", envelope)


def saved_boxes(server, doc):
    """Each text box of the saved file as PyMuPDF reads it: its text and its /DA."""
    status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200 and pdf.startswith(b"%PDF-")
    document = pymupdf.open(stream=pdf, filetype="pdf")
    return {a.info["id"]: (a.info["content"], document.xref_get_key(a.xref, "DA")[1])
            for a in document[0].annots() if a.type[1] == "FreeText"}


def test_a_change_keeping_a_files_size_above_1000_points_is_applied_and_replayed(server):
    doc = server.json("POST", f"{DOCS}?name=large.pdf", large_box_pdf(SIZE), expect=201)["id"]
    revision, box = listed_box(server, doc, "large-box")
    assert box["type"] == "freeText" and box["fontSize"] == SIZE, box

    status, _, body = send(server, doc, revision, box | {"text": "Hi you all", "contents": "Hi you all"})
    assert status == 200, body
    server.restart(kill=True)  # the change replayed from the log
    _, box = listed_box(server, doc, "large-box")
    assert box["fontSize"] == SIZE and box["text"] == "Hi you all", box
    text, appearance = saved_boxes(server, doc)["large-box"]
    assert text == "Hi you all" and f" {SIZE} Tf" in appearance, (text, appearance)


def test_a_change_giving_a_size_above_1000_points_is_refused(server):
    doc = server.json("POST", f"{DOCS}?name=large.pdf", large_box_pdf(SIZE), expect=201)["id"]
    for box_id, size in (("small-box", SIZE), ("large-box", SIZE + 1)):
        revision, box = listed_box(server, doc, box_id)
        status, _, body = send(server, doc, revision, box | {"fontSize": size})
        assert status == 422, (box_id, status, body)
        assert b"annotation.fontSize" in body and b"1000" in body, body
    assert saved_boxes(server, doc)["small-box"][0] == "small"


def test_moving_a_files_annotations_with_wider_values_is_replayed_after_a_restart(server):
    doc = server.json("POST", f"{DOCS}?name=large.pdf", large_box_pdf(SIZE), expect=201)["id"]
    revision, square = listed_box(server, doc, "wide-square")
    assert square["width"] == SIZE, square
    _, plain = listed_box(server, doc, "plain-square")
    assert "color" not in plain, plain
    envelope = {"protocol": 1, "baseRevision": revision, "clientId": "tab-a",
                "command": {"type": "move", "ids": ["large-box", "wide-square", "plain-square"], "dx": 10, "dy": 0}}
    reply = server.json("POST", f"{DOCS}/{doc}/commands", envelope)
    assert reply.get("applied"), reply
    server.restart(kill=True)
    _, box = listed_box(server, doc, "large-box")
    _, square = listed_box(server, doc, "wide-square")
    assert box["rect"] == [110, 100, 3910, 2300] and box["fontSize"] == SIZE, box
    assert square["rect"] == [3010, 10, 4000, 90] and square["width"] == SIZE, square
    _, plain = listed_box(server, doc, "plain-square")
    assert plain["rect"] == [1010, 10, 1110, 90] and "color" not in plain, plain
    envelope = {"protocol": 1, "baseRevision": reply["revision"], "clientId": "tab-a", "command": {"type": "undo"}}
    assert server.json("POST", f"{DOCS}/{doc}/commands", envelope).get("applied")
    _, box = listed_box(server, doc, "large-box")
    assert box["rect"] == [100, 100, 3900, 2300], box


def test_a_change_keeping_a_files_border_above_1000_points_is_applied(server):
    doc = server.json("POST", f"{DOCS}?name=large.pdf", large_box_pdf(SIZE), expect=201)["id"]
    revision, square = listed_box(server, doc, "wide-square")
    status, _, body = send(server, doc, revision, square | {"color": "#0000FF"})
    assert status == 200, body
    revision, square = listed_box(server, doc, "wide-square")
    assert square["color"] == "#0000FF" and square["width"] == SIZE, square
    status, _, body = send(server, doc, revision, square | {"width": SIZE + 1})
    assert status == 422 and b"annotation.width: expected a width from 0 to 1000 points" in body, body


def test_the_cli_adds_no_box_above_1000_points(binary, tmp_path):
    """`annotate` holds what it adds to the same size as a command: 1,000 points is taken, more
    is refused naming the field (the reading itself takes a file's larger box, for the log)."""
    source = tmp_path / "large.pdf"
    source.write_bytes(large_box_pdf(SIZE))
    for size, code in ((1000, 0), (1000.5, 1)):
        values = tmp_path / "add.json"
        values.write_text(json.dumps({"annotations": [{"type": "freeText", "pageIndex": 0, "rect": [10, 10, 3000, 2000],
                                                       "text": "x", "fontSize": size}]}))
        run = subprocess.run([str(binary), "annotate", str(source), "-o", str(tmp_path / "out.pdf"), "--from", str(values)],
                             capture_output=True, text=True)
        assert run.returncode == code, (size, run.stdout, run.stderr)
        if code:
            assert "annotations[0].fontSize: expected a size above 0 and at most 1000 points" in run.stderr, run.stderr
