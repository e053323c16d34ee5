"""Signing with a certificate kept on the server (issue 31 item 2, docs/signatures.md "Signing
on the server"): an admin gives a named user a PKCS#12 file with `marginalia users certificate`,
sealed under the operator's key (`serve --signing-key-file`); the user signs a document with
`POST /api/v1/documents/{id}/sign` over HTTPS. Judged by pyHanko (the signature intact and
valid against the test CA, the signer's subject) and poppler's `pdfsig`, never by the server's
own answers; another user is refused 403, a plain-HTTP server 409, and neither the key, its
password nor the operator's key appears in the server's log or any answer."""

from __future__ import annotations

import base64
import json
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from people import add_user, users
from serve_process import Server
from tls_certificate import make_certificate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import P12_PASSWORD, make_pki, pdfsig, pyhanko_statuses  # noqa: E402

pytest.importorskip("pyhanko")


@pytest.fixture(scope="module")
def setup(binary, tmp_path_factory):
    """The test PKI, the HTTPS certificate, the operator's key, a data folder with the editors
    ana (given the PKI's signer) and ben, and a document ana uploaded and shared with ben."""
    folder = tmp_path_factory.mktemp("signing")
    pki = make_pki(folder / "pki")
    tls = make_certificate(folder / "tls")
    key = folder / "signing.key"
    key.write_text(secrets.token_hex(32) + "\n")
    data = folder / "data"
    location = ["--data", str(data)]
    tokens = {name: add_user(binary, location, name, "editor") for name in ("ana", "ben")}
    given = users(binary, location, "certificate", "ana", "--p12", str(pki.p12), "--password-file", str(pki.password_file),
                  "--signing-key-file", str(key))
    assert given.returncode == 0, given.stderr
    assert "subject: CN=Test Signer,O=Marginalia" in given.stdout and "issuer: CN=Marginalia Test CA" in given.stdout
    sample = folder / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True, timeout=120)
    return {"pki": pki, "tls": tls, "key": key, "data": data, "location": location, "tokens": tokens, "sample": sample,
            "folder": folder}


def ask(server: Server, token: str, method: str, path: str, body=None, answers: list | None = None):
    status, _, data = server.request(method, path, body, headers={"Authorization": f"Bearer {token}"})
    if answers is not None:
        answers.append(data)
    return status, (json.loads(data) if data[:1] in (b"{", b"[") else data)


def secrets_of(setup) -> list[bytes]:
    """What must never leave the server: the PKCS#12 password, the file (base64 too), the
    signer's private key, the operator's key."""
    pki = setup["pki"]
    p12 = pki.p12.read_bytes()
    key_lines = [line for line in (pki.folder / "signer.key").read_text().splitlines() if not line.startswith("-----")]
    return [P12_PASSWORD.encode(), p12[100:140], base64.b64encode(p12)[100:140], key_lines[1].encode(), key_lines[-2].encode(),
            setup["key"].read_text().strip().encode()]


def test_the_user_signs_over_https_and_pyhanko_and_pdfsig_validate_it(binary, setup):
    answers: list[bytes] = []
    server = Server(binary, setup["data"], args=["--tls-cert", str(setup["tls"].cert), "--tls-key", str(setup["tls"].key),
                                                  "--signing-key-file", str(setup["key"])],
                    tls_context=setup["tls"].context())
    server.start()
    try:
        ana, ben = setup["tokens"]["ana"], setup["tokens"]["ben"]
        status, made = ask(server, ana, "POST", "/api/v1/documents?name=contract.pdf", setup["sample"].read_bytes(), answers)
        assert status == 201, made
        doc = made["id"]
        shared = users(binary, setup["location"], "share", doc, "ben", "--role", "editor")
        assert shared.returncode == 0, shared.stderr

        status, mine = ask(server, ana, "GET", "/api/v1/me/certificate", answers=answers)
        assert status == 200 and mine["signing"] == {"available": True, "level": "B-B"}
        assert mine["certificate"]["subject"] == "CN=Test Signer,O=Marginalia"
        assert mine["certificate"]["issuer"] == "CN=Marginalia Test CA"

        body = {"page": 1, "rect": [72, 600, 272, 660], "reason": "Approved", "location": "Lisbon"}
        status, signed = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign", body, answers)
        assert status == 200, signed
        assert signed["field"] == "Signature1" and signed["version"]["number"] == 2

        status, pdf = ask(server, ana, "GET", f"/api/v1/documents/{doc}/file", answers=answers)
        assert status == 200 and pdf.startswith(b"%PDF")
        assert pdf.startswith(setup["sample"].read_bytes())  # an incremental update of what was uploaded
        path = setup["folder"] / "signed.pdf"
        path.write_bytes(pdf)
        (signature, result, attributes), = pyhanko_statuses(path, setup["pki"].ca)
        assert result.intact and result.valid and result.trusted, result.pretty_print_details()
        assert signature.field_name == "Signature1" and result.coverage.name == "ENTIRE_FILE"
        assert "Test Signer" in result.signing_cert.subject.human_friendly
        assert "signing_certificate_v2" in attributes
        assert signature.sig_object["/Reason"] == "Approved"
        report = pdfsig(path, setup["pki"].nss)
        assert "Signature Validation: Signature is Valid." in report, report
        assert "Signer Certificate Common Name: Test Signer" in report, report

        # Ben may edit the document but has no certificate: refused, nothing written.
        status, refused = ask(server, ben, "POST", f"/api/v1/documents/{doc}/sign", {"reason": "mine"}, answers)
        assert status == 403 and refused["error"]["code"] == "noCertificate", refused
        status, none = ask(server, ben, "GET", "/api/v1/me/certificate", answers=answers)
        assert status == 200 and none["certificate"] is None and none["signing"]["reason"]["code"] == "noCertificate"
        status, versions = ask(server, ana, "GET", f"/api/v1/documents/{doc}/versions", answers=answers)
        assert [v["number"] for v in versions["versions"]] == [1, 2]
    finally:
        assert server.stop() == 0
    log = server.log.read_bytes()
    for secret in secrets_of(setup):
        assert secret not in log
        assert not any(secret in answer for answer in answers)

    # The same store served over plain HTTP: the key is not used there.
    plain = Server(binary, setup["data"], args=["--signing-key-file", str(setup["key"])])
    plain.start()
    try:
        status, refused = ask(plain, setup["tokens"]["ana"], "POST", f"/api/v1/documents/{doc}/sign", {"reason": "x"})
        assert status == 409 and refused["error"]["code"] == "tlsRequired", refused
        status, mine = ask(plain, setup["tokens"]["ana"], "GET", "/api/v1/me/certificate")
        assert mine["signing"]["available"] is False and mine["signing"]["reason"]["code"] == "tlsRequired"
    finally:
        plain.stop()


def test_the_command_refuses_a_wrong_password_and_another_key_cannot_open_it(binary, setup, tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("not the password\n")
    done = users(binary, setup["location"], "certificate", "ben", "--p12", str(setup["pki"].p12), "--password-file", str(wrong),
                 "--signing-key-file", str(setup["key"]))
    assert done.returncode != 0 and "the password does not open the PKCS#12 file" in done.stderr
    short = tmp_path / "short.key"
    short.write_bytes(b"0" * 10)
    done = users(binary, setup["location"], "certificate", "ben", "--p12", str(setup["pki"].p12), "--password-file",
                 str(setup["pki"].password_file), "--signing-key-file", str(short))
    assert done.returncode != 0 and "32 random bytes" in done.stderr
    # A server started with another operator key cannot open ana's certificate: 409 naming both key ids.
    other = tmp_path / "other.key"
    other.write_text(secrets.token_hex(32))
    server = Server(binary, setup["data"], args=["--tls-cert", str(setup["tls"].cert), "--tls-key", str(setup["tls"].key),
                                                  "--signing-key-file", str(other)], tls_context=setup["tls"].context())
    server.start()
    try:
        status, made = ask(server, setup["tokens"]["ana"], "POST", "/api/v1/documents?name=b.pdf", setup["sample"].read_bytes())
        status, refused = ask(server, setup["tokens"]["ana"], "POST", f"/api/v1/documents/{made['id']}/sign", {})
        assert status == 409 and refused["error"]["code"] == "certificateSealed"
        assert "sealed with the signing key" in refused["error"]["message"]
    finally:
        server.stop()
    removed = users(binary, setup["location"], "certificate", "ana", "--remove")
    assert removed.returncode == 0 and "Removed the certificate of ana" in removed.stdout
    again = users(binary, setup["location"], "certificate", "ana", "--remove")
    assert again.returncode != 0 and "'ana' has no certificate" in again.stderr
