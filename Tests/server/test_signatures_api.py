"""`GET /api/v1/documents/{id}/signatures` (issue 31, the editor's Signatures panel): the
document's digital signatures as `marginalia signatures` checks them, in the file a download
gives (unsaved edits appended). Judged by pyHanko and poppler's `pdfsig`, never by our own
earlier answers:

- a file pyHanko signed is intact, names pyHanko's signer, and lists nothing appended; after an
  annotation is added through the API, pyHanko still finds the signature intact but no longer
  covering the whole downloaded file, and the endpoint lists the annotation as appended;
- the corpus's qpdf-minimal-signed-restricted.pdf (certified, P=1) reads as pdfsig reads it:
  the same field, valid, and the DocMDP level its /Perms gives (read with pikepdf);
- an unknown document is 404, a document without signatures an empty list;
- `/vendor/fonts/` serves the typed signature's face (the Debian file's bytes) and nothing
  outside its folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import make_pki, pyhanko_sign, pyhanko_statuses  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"
CORPUS = Path(os.environ.get("MARGINALIA_CORPUS") or Path(__file__).resolve().parents[3] / "shared" / "corpus")


def upload(server, path: Path) -> str:
    status, _, body = server.request("POST", f"/api/v1/documents?name={path.name}", path.read_bytes())
    assert status == 201, body
    return json.loads(body)["id"]


def signatures(server, doc: str) -> list[dict]:
    return server.json("GET", f"/api/v1/documents/{doc}/signatures")["signatures"]


def test_a_pyhanko_signature_is_listed_with_what_was_appended_after_it(open_server, tmp_path):
    pytest.importorskip("pyhanko")
    pki = make_pki(tmp_path / "pki")
    signed = tmp_path / "signed.pdf"
    pyhanko_sign(SAMPLE, signed, pki, "ReviewerSignature")
    doc = upload(open_server, signed)

    [record] = signatures(open_server, doc)
    [(pyhanko, status, _)] = pyhanko_statuses(signed, pki.ca)
    assert record["field"] == pyhanko.field_name == "ReviewerSignature"
    assert record["intact"] == status.intact is True
    subject = pyhanko.signer_cert.subject.native
    assert record["signer"] == f"CN={subject['common_name']},O={subject['organization_name']}"
    assert record["coversWholeFile"] and record["laterChanges"] == []
    assert record["chain"] == "not-checked"

    body = {"protocol": 1, "baseRevision": 0, "clientId": "signatures", "command": {
        "type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [20, 20, 60, 60]}}}
    open_server.json("POST", f"/api/v1/documents/{doc}/commands", body)
    downloaded = tmp_path / "downloaded.pdf"
    downloaded.write_bytes(open_server.request("GET", f"/api/v1/documents/{doc}/file")[2])
    [(_, after, _)] = pyhanko_statuses(downloaded, pki.ca)
    assert after.intact and after.coverage.name != "ENTIRE_FILE"

    [record] = signatures(open_server, doc)
    assert record["intact"] and not record["coversWholeFile"]
    assert any(change["kind"] == "annotation" and change["detail"] == "Square" for change in record["laterChanges"]), record


def test_the_qpdf_certified_corpus_file_reads_as_pdfsig_reads_it(open_server):
    pikepdf = pytest.importorskip("pikepdf")
    path = CORPUS / "qpdf-minimal-signed-restricted.pdf"
    if not path.is_file():
        pytest.fail(f"corpus file missing: {path} (set MARGINALIA_CORPUS)")
    report = subprocess.run(["pdfsig", "-nocert", str(path)], capture_output=True, text=True, timeout=120).stdout
    doc = upload(open_server, path)
    [record] = signatures(open_server, doc)
    assert f"Signature Field Name: {record['field']}" in report
    assert "Signature Validation: Signature is Valid." in report and record["intact"]
    assert "Signer Certificate Common Name: " in report
    common_name = report.split("Signer Certificate Common Name: ")[1].splitlines()[0]
    assert f"CN={common_name}" in record["signer"]
    with pikepdf.open(path) as pdf:
        reference = pdf.Root.Perms.DocMDP.Reference[0]
        permission = int(reference.TransformParams.P)
        assert record["docMDP"] == permission
        # ISO 32000-2 12.8.2.2: P=2 and P=3 allow form filling and signing, P=3 annotations too; no P pages.
        assert record["docMDPAllows"] == {"formFilling": permission >= 2, "annotations": permission == 3, "pages": False}


def test_unknown_documents_and_unsigned_ones(open_server):
    status, _, body = open_server.request("GET", "/api/v1/documents/" + "0" * 32 + "/signatures")
    assert status == 404, body
    doc = upload(open_server, SAMPLE)
    assert signatures(open_server, doc) == []


def test_the_typed_signatures_face_is_served_and_nothing_beside_it(open_server):
    face = Path("/usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf")
    status, headers, body = open_server.request("GET", "/vendor/fonts/Z003-MediumItalic.otf")
    assert status == 200 and headers["Content-Type"] == "font/otf"
    assert body == face.read_bytes()
    for escape in ("/vendor/fonts/../../../../etc/passwd", "/vendor/fonts/%2e%2e/fonts.dir", "/vendor/fonts/nosuch.otf"):
        status, _, body = open_server.request("GET", escape)
        assert status in (400, 404), (escape, status, body[:200])
