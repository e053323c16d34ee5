"""Certified documents on the server (issue 31, docs/signatures.md "Certified documents"): a
document certified by `marginalia sign --certify` allows only what its DocMDP permission
allows, checked on every edit and save with the engine's rules, and `GET /documents/{id}`
says what it allows for the editor to grey. Judged by pyHanko (the signature still intact and
its DocMDP level respected after what the server wrote) and pikepdf (the P the file gives),
never by the server's own earlier answers:

- P=2 (`--certify fill`): an annotation is refused 403 naming the permission, with nothing
  logged and the file as it was; filling a field is written, and after a save pyHanko finds the
  certification intact with only form filling after it;
- P=1 (`--certify none`): filling is refused too;
- P=3 (`--certify annotate`): an annotation is written (the signature still intact for
  pyHanko, whose diff policy does not judge P=3), a new, turned or moved page refused;
- `certification` of `GET /documents/{id}`: P as pikepdf reads it from /Perms, and what it
  allows; null for a document nobody certified.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import make_pki, pyhanko_statuses  # noqa: E402

pikepdf = pytest.importorskip("pikepdf")
pytest.importorskip("pyhanko")

LEVELS = {"none": 1, "fill": 2, "annotate": 3}


@pytest.fixture(scope="module")
def certified(binary, tmp_path_factory):
    """`marginalia sample` (a form on page 2: text field `name`) certified each way, and the PKI."""
    folder = tmp_path_factory.mktemp("certified")
    pki = make_pki(folder / "pki")
    sample = folder / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True, timeout=120)
    files = {"unsigned": sample}
    for level in LEVELS:
        target = folder / f"certified-{level}.pdf"
        done = subprocess.run([str(binary), "sign", str(sample), "-o", str(target), "--p12", str(pki.p12),
                               "--password-file", str(pki.password_file), "--certify", level],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        files[level] = target
    return pki, files


def upload(server, path: Path) -> str:
    status, _, body = server.request("POST", f"/api/v1/documents?name={path.name}", path.read_bytes())
    assert status == 201, body
    return json.loads(body)["id"]


def command(server, doc: str, body: dict):
    status, _, data = server.request("POST", f"/api/v1/documents/{doc}/commands",
                                     {"protocol": 1, "baseRevision": 0, "clientId": "certified", "command": body})
    return status, json.loads(data)


SQUARE = {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [20, 20, 60, 60]}}
FILL = {"type": "fill", "name": "name", "value": "Ana Lima"}


def file_bytes(server, doc: str) -> bytes:
    return server.request("GET", f"/api/v1/documents/{doc}/file")[2]


def test_the_document_says_what_its_certification_allows(open_server, certified):
    _, files = certified
    for level, p in LEVELS.items():
        with pikepdf.open(files[level]) as pdf:
            assert int(pdf.Root.Perms.DocMDP.Reference[0].TransformParams.P) == p
        summary = open_server.json("GET", f"/api/v1/documents/{upload(open_server, files[level])}")
        certification = summary["certification"]
        assert certification["permission"] == p, certification
        assert certification["allows"] == {"formFilling": p >= 2, "annotations": p == 3, "pages": False}
        assert f"DocMDP P={p}" in certification["message"] and certification["field"] in certification["message"]
    assert open_server.json("GET", f"/api/v1/documents/{upload(open_server, files['unsigned'])}")["certification"] is None


def test_p2_refuses_an_annotation_and_writes_a_form_fill_that_keeps_the_certification(open_server, certified, tmp_path):
    pki, files = certified
    doc = upload(open_server, files["fill"])
    before = file_bytes(open_server, doc)

    status, answer = command(open_server, doc, SQUARE)
    assert status == 403, answer
    assert answer["error"]["code"] == "forbidden"
    assert "DocMDP P=2" in answer["error"]["message"] and "annotation" in answer["error"]["message"]
    assert open_server.json("GET", f"/api/v1/documents/{doc}/operations?after=0")["operations"] == []
    assert file_bytes(open_server, doc) == before

    status, answer = command(open_server, doc, FILL)
    assert status == 200, answer
    open_server.json("POST", f"/api/v1/documents/{doc}/save")
    saved = tmp_path / "filled.pdf"
    saved.write_bytes(file_bytes(open_server, doc))
    assert saved.read_bytes().startswith(files["fill"].read_bytes())
    with pikepdf.open(saved) as pdf:
        assert [str(f.get("/V")) for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "name"] == ["Ana Lima"]
    [(_, status, _)] = pyhanko_statuses(saved, pki.ca)
    assert status.intact and status.valid and status.docmdp_ok, status.pretty_print_details()
    assert status.modification_level.name == "FORM_FILLING", status.modification_level


def test_p1_refuses_filling_the_form(open_server, certified):
    _, files = certified
    doc = upload(open_server, files["none"])
    status, answer = command(open_server, doc, FILL)
    assert status == 403 and "DocMDP P=1" in answer["error"]["message"], answer


def test_p3_writes_annotations_and_refuses_page_changes(open_server, certified, tmp_path):
    pki, files = certified
    doc = upload(open_server, files["annotate"])
    for refused in ({"type": "insertPage", "index": 1, "width": 612, "height": 792},
                    {"type": "rotatePage", "index": 0, "degrees": 90},
                    # Moving a page changes the page tree only (no page object).
                    {"type": "movePage", "from": 0, "to": 2}):
        status, answer = command(open_server, doc, refused)
        assert status == 403 and "DocMDP P=3" in answer["error"]["message"], (refused, answer)
    status, answer = command(open_server, doc, SQUARE)
    assert status == 200, answer
    open_server.json("POST", f"/api/v1/documents/{doc}/save")
    saved = tmp_path / "annotated.pdf"
    saved.write_bytes(file_bytes(open_server, doc))
    def subtypes(path):
        with pikepdf.open(path) as pdf:
            return len(pdf.pages), sorted(str(a.Subtype) for a in pdf.pages[0].get("/Annots", []))
    pages, before = subtypes(files["annotate"])
    assert subtypes(saved) == (pages, sorted(before + ["/Square"]))
    # pyHanko's diff policy "was not designed to support DocMDP level 3" (its own warning): it
    # judges the signed bytes, not what P=3 allows after them (as for `annotate` in
    # Tests/oracles/test_signatures.py).
    [(_, status, _)] = pyhanko_statuses(saved, pki.ca)
    assert status.intact and status.valid, status.pretty_print_details()
