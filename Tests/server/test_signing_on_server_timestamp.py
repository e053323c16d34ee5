"""PAdES B-T from the server (issue 31): `serve --timestamp-url URL` names an RFC 3161
time-stamp authority, and every signature `POST /api/v1/documents/{id}/sign` makes gets a
signature time-stamp from it. The authority is the one the CLI's B-T tests use (OpenSSL's
`openssl ts -reply` behind a loopback HTTP server, its certificate issued by the test CA,
Tests/oracles/timestamp_authority.py); the judge is pyHanko, not the server's answer:

- the signature is intact, valid and trusted, and its time-stamp intact, valid, trusted and
  dated now; the authority got one `application/timestamp-query`;
- `GET /api/v1/me/certificate` and the signing answer say `B-T` (a server without the option
  `B-B`, in test_signing_on_server.py);
- an authority answering HTTP 500 fails the signing with 503 `unavailable` naming what it did,
  and the document keeps its versions and its file;
- the authority is asked with no lock held: a slow one does not stop the document's edits, and
  a signature overtaken by an edit is refused 409 (nothing signed);
- an option that is not an http:// URL stops `serve` before it listens, naming the option."""

from __future__ import annotations

import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from serve_process import Server
from test_signing_on_server import ask, setup  # noqa: F401 (a fixture)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import pyhanko_statuses  # noqa: E402
from timestamp_authority import start_authority  # noqa: E402

pytest.importorskip("pyhanko")


def test_signatures_made_on_the_server_are_time_stamped_by_the_authority(binary, setup):  # noqa: F811
    authority = start_authority(setup["pki"])
    server = Server(binary, setup["data"], args=["--tls-cert", str(setup["tls"].cert), "--tls-key", str(setup["tls"].key),
                                                  "--signing-key-file", str(setup["key"]), "--timestamp-url", authority.url],
                    tls_context=setup["tls"].context())
    server.start()
    try:
        ana = setup["tokens"]["ana"]
        status, mine = ask(server, ana, "GET", "/api/v1/me/certificate")
        assert status == 200 and mine["signing"] == {"available": True, "level": "B-T"}, mine

        status, made = ask(server, ana, "POST", "/api/v1/documents?name=stamped.pdf", setup["sample"].read_bytes())
        assert status == 201, made
        doc = made["id"]
        before = datetime.now(timezone.utc)
        status, signed = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign",
                             {"page": 1, "rect": [72, 600, 272, 660], "reason": "Stamped"})
        assert status == 200 and signed["level"] == "B-T", signed
        [request] = authority.requests
        assert request["content_type"] == "application/timestamp-query"

        status, pdf = ask(server, ana, "GET", f"/api/v1/documents/{doc}/file")
        path = setup["folder"] / "stamped-on-server.pdf"
        path.write_bytes(pdf)
        [(signature, result, attributes)] = pyhanko_statuses(path, setup["pki"].ca)
        assert result.intact and result.valid and result.trusted, result.pretty_print_details()
        assert signature.field_name == signed["field"] and "signing_certificate_v2" in attributes
        stamp = result.timestamp_validity
        assert stamp is not None, "pyHanko finds no signature time-stamp"
        assert stamp.intact and stamp.valid and stamp.trusted, stamp
        assert before - timedelta(seconds=5) <= stamp.timestamp <= datetime.now(timezone.utc) + timedelta(seconds=5)

        # The authority fails: 503 naming what it did; the document is as it was.
        authority.answer = (500, "text/plain", b"down for maintenance")
        status, refused = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign", {"reason": "again"})
        assert status == 503 and refused["error"]["code"] == "unavailable", refused
        assert "answered HTTP 500" in refused["error"]["message"] and "nothing was signed" in refused["error"]["message"]
        status, versions = ask(server, ana, "GET", f"/api/v1/documents/{doc}/versions")
        assert [v["number"] for v in versions["versions"]] == [1, 2]
        assert ask(server, ana, "GET", f"/api/v1/documents/{doc}/file")[1] == pdf
        assert len(authority.requests) == 2
    finally:
        server.stop()
        authority.stop()


def test_the_document_takes_edits_while_the_authority_is_asked(binary, setup):  # noqa: F811
    """The time-stamp authority is asked with no lock held: while it takes its time, the
    document answers and takes an edit; the signature made from the version before that edit
    is then refused 409 (nothing signed, the edit kept), and signed again it is kept."""
    authority = start_authority(setup["pki"])
    server = Server(binary, setup["data"], args=["--tls-cert", str(setup["tls"].cert), "--tls-key", str(setup["tls"].key),
                                                  "--signing-key-file", str(setup["key"]), "--timestamp-url", authority.url],
                    tls_context=setup["tls"].context())
    server.start()
    authority.hold = threading.Event()
    try:
        ana = setup["tokens"]["ana"]
        status, made = ask(server, ana, "POST", "/api/v1/documents?name=slow.pdf", setup["sample"].read_bytes())
        assert status == 201, made
        doc = made["id"]
        answers: dict = {}
        signing = threading.Thread(target=lambda: answers.update(sign=ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign",
                                                                          {"reason": "While edited"})))
        signing.start()
        assert authority.arrived.wait(60), "the authority was never asked"
        # The authority holds its answer: the document still answers at once, and takes an edit.
        square = {"type": "square", "id": "while-signing", "pageIndex": 0, "rect": [100, 100, 200, 160]}
        command = {"protocol": 1, "baseRevision": 0, "clientId": "t", "command": {"type": "add", "annotation": square}}
        status, _, data = server.request("POST", f"/api/v1/documents/{doc}/commands", command,
                                         headers={"Authorization": f"Bearer {ana}"}, timeout=15)
        assert status == 200, data[:300]
        authority.hold.set()
        signing.join(60)
        status, refused = answers["sign"]
        assert status == 409 and refused["error"]["reason"] == "conflict.changedSince", refused
        assert "nothing was signed" in refused["error"]["message"]
        status, versions = ask(server, ana, "GET", f"/api/v1/documents/{doc}/versions")
        assert [v["number"] for v in versions["versions"]] == [1], versions
        status, listed = ask(server, ana, "GET", f"/api/v1/documents/{doc}/annotations")
        assert "while-signing" in [a["id"] for a in listed["annotations"]]

        # Nothing edited while it is asked: the signature is kept, over the edit.
        authority.hold = None
        status, signed = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign", {"reason": "Quietly"})
        assert status == 200 and signed["level"] == "B-T", signed
        # The edit saved as version 2, the signature appended to it as version 3.
        status, versions = ask(server, ana, "GET", f"/api/v1/documents/{doc}/versions")
        assert [v["number"] for v in versions["versions"]] == [1, 2, 3], versions
        status, pdf = ask(server, ana, "GET", f"/api/v1/documents/{doc}/file")
        path = setup["folder"] / "signed-after-an-edit.pdf"
        path.write_bytes(pdf)
        [(signature, result, _)] = pyhanko_statuses(path, setup["pki"].ca)
        assert result.intact and result.valid and signature.field_name == signed["field"], result.pretty_print_details()
    finally:
        if authority.hold is not None:
            authority.hold.set()
        server.stop()
        authority.stop()


@pytest.mark.parametrize("url, said", [("ftp://127.0.0.1/tsa", "--timestamp-url takes the http:// URL"),
                                       ("https://127.0.0.1/tsa", "--timestamp-url: https is not spoken here")])
def test_a_timestamp_url_that_is_not_http_stops_serve(binary, tmp_path, url, said):
    done = subprocess.run([str(binary), "serve", "--port", "0", "--data", str(tmp_path / "data"), "--timestamp-url", url],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and said in done.stderr, (done.returncode, done.stderr)
