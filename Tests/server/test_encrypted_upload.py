"""An encrypted PDF uploaded to the server (docs/api.md, "Encrypted PDFs"): without its
password, or with a wrong one, the answer is 422 `passwordRequired` and nothing is stored;
with the password (percent-encoded UTF-8 in the X-Marginalia-Password header) the document is
stored unlocked, so qpdf, pdftoppm and PyMuPDF read it
without one and see the same pages and text. The same holds for an upload to insert pages
from. The encrypted file is made here by qpdf from the sample."""

import json
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"
PASSWORD = "s3cret päss"


@pytest.fixture
def encrypted(tmp_path) -> bytes:
    path = tmp_path / "locked.pdf"
    subprocess.run(["qpdf", "--encrypt", PASSWORD, "owner-pw", "256", "--", str(SAMPLE), str(path)], check=True)
    return path.read_bytes()


def error_of(response):
    status, _, body = response
    return status, json.loads(body)["error"]


def test_an_encrypted_upload_asks_for_its_password_and_is_stored_unlocked(open_server, encrypted, tmp_path):
    fitz = pytest.importorskip("fitz")
    documents_before = open_server.json("GET", "/api/v1/documents")["documents"]

    status, error = error_of(open_server.request("POST", "/api/v1/documents?name=locked.pdf", encrypted))
    assert (status, error["code"]) == (422, "passwordRequired")
    assert "X-Marginalia-Password" in error["message"]
    status, error = error_of(open_server.request("POST", "/api/v1/documents?name=locked.pdf", encrypted,
                                                 headers={"X-Marginalia-Password": "wrong"}))
    assert (status, error["code"]) == (422, "passwordRequired")
    assert "does not open" in error["message"]
    assert open_server.json("GET", "/api/v1/documents")["documents"] == documents_before

    status, _, body = open_server.request("POST", "/api/v1/documents?name=locked.pdf", encrypted,
                                          headers={"X-Marginalia-Password": quote(PASSWORD)})
    assert status == 201, body
    summary = json.loads(body)
    stored = tmp_path / "stored.pdf"
    stored.write_bytes(open_server.request("GET", f"/api/v1/documents/{summary['id']}/file")[2])

    shown = subprocess.run(["qpdf", "--show-encryption", str(stored)], capture_output=True, text=True)
    assert "File is not encrypted" in shown.stdout, shown.stdout + shown.stderr
    check = subprocess.run(["qpdf", "--check", str(stored)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    original = fitz.open(str(SAMPLE))
    unlocked = fitz.open(str(stored))
    assert not unlocked.needs_pass and not unlocked.is_encrypted
    assert summary["pageCount"] == unlocked.page_count == original.page_count
    assert [p.get_text() for p in unlocked] == [p.get_text() for p in original]
    rendered = subprocess.run(["pdftoppm", "-r", "20", "-f", "1", "-l", "1", "-png", str(stored), str(tmp_path / "page")],
                              capture_output=True, text=True)
    assert rendered.returncode == 0 and list(tmp_path.glob("page*.png")), rendered.stderr


def test_an_encrypted_file_to_insert_pages_from_needs_its_password_too(open_server, encrypted):
    fitz = pytest.importorskip("fitz")
    doc = open_server.json("GET", "/api/v1/documents")["documents"][0]["id"]
    status, error = error_of(open_server.request("POST", f"/api/v1/documents/{doc}/uploads", encrypted))
    assert (status, error["code"]) == (422, "passwordRequired")
    status, _, body = open_server.request("POST", f"/api/v1/documents/{doc}/uploads", encrypted,
                                          headers={"X-Marginalia-Password": quote(PASSWORD)})
    assert status == 201, body
    assert json.loads(body)["pageCount"] == fitz.open(str(SAMPLE)).page_count


def test_a_password_that_is_not_percent_encoded_is_refused_by_name(open_server, encrypted):
    status, error = error_of(open_server.request("POST", "/api/v1/documents?name=locked.pdf", encrypted,
                                                 headers={"X-Marginalia-Password": "100%"}))
    assert (status, error["code"]) == (400, "badRequest")
    assert "X-Marginalia-Password" in error["message"] and "percent" in error["message"]
