"""Tokens from the operator's backend (issue 27 item 2): `serve --jwt-hs256-secret-file` and
`--jwt-rs256-public-key` with keys made here by `openssl`, tokens signed here (Python's hmac,
`openssl dgst -sign`). A valid token opens the documents it names with its role, signed by its
`sub`; an expired, tampered, unsigned, wrongly signed or wrongly shaped one gets 401 naming
what is wrong; without a token such a server answers 401 even on loopback; a short secret or
a file without an RSA public key stops the server before it listens."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import subprocess
import time

import pytest

from people import send
from serve_process import Server


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unsigned(claims: dict, alg: str) -> str:
    return b64(json.dumps({"alg": alg, "typ": "JWT"}).encode()) + "." + b64(json.dumps(claims).encode())


def hs256(claims: dict, secret: bytes) -> str:
    head = unsigned(claims, "HS256")
    return head + "." + b64(hmac.new(secret, head.encode(), hashlib.sha256).digest())


def rs256(claims: dict, key, tmp_path) -> str:
    head = unsigned(claims, "RS256")
    (tmp_path / "signing-input").write_text(head)
    signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", str(key), str(tmp_path / "signing-input")],
                               check=True, capture_output=True).stdout
    return head + "." + b64(signature)


def rsa_pair(folder, name):
    key, public = folder / f"{name}.pem", folder / f"{name}.pub.pem"
    subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", str(key)],
                   check=True, capture_output=True)
    subprocess.run(["openssl", "pkey", "-in", str(key), "-pubout", "-out", str(public)], check=True, capture_output=True)
    return key, public


def claims(document: str, **changes) -> dict:
    made = {"sub": "ana", "role": "editor", "exp": int(time.time()) + 600, "documents": [document]}
    made.update(changes)
    return {key: value for key, value in made.items() if value is not None}


def sample_id(binary, tmp_path) -> str:
    """Starts a plain server once on the data folder to import the sample; its id."""
    server = Server(binary, tmp_path / "data").start()
    status, listed = send(server, "GET", "/api/v1/documents", None)
    # A clean stop (it once hung now and then: the SIGTERM was lost, see test_stop_signals.py).
    assert server.stop() == 0
    return listed["documents"][0]["id"]


def add_square(server, token, document):
    status, summary = send(server, "GET", f"/api/v1/documents/{document}", token)
    body = {"protocol": 1, "baseRevision": summary.get("revision", 0) if status == 200 else 0, "clientId": "tab-jwt",
            "author": "Mallory",
            "command": {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [10, 10, 40, 40]}}}
    return send(server, "POST", f"/api/v1/documents/{document}/commands", token, body)


def refusal(server, token, path="/api/v1/documents") -> str:
    status, answer = send(server, "GET", path, token)
    assert status == 401, (status, answer)
    return answer["error"]["message"]


def test_hs256_tokens_open_their_documents_with_their_role(binary, tmp_path):
    document = sample_id(binary, tmp_path)
    secret = subprocess.run(["openssl", "rand", "-hex", "32"], check=True, capture_output=True).stdout  # with its newline
    (tmp_path / "secret").write_bytes(secret)
    key = secret.rstrip(b"\n")
    server = Server(binary, tmp_path / "data", args=["--jwt-hs256-secret-file", str(tmp_path / "secret")]).start()
    try:
        # Another document, which the token does not name.
        status, pdf = send(server, "GET", f"/api/v1/documents/{document}/file", hs256(claims(document), key))
        assert status == 200
        other = send(server, "POST", "/api/v1/documents?name=other.pdf", hs256(claims(document), key), pdf)[1]["id"]

        token = hs256(claims(document), key)
        status, applied = add_square(server, token, document)
        assert status == 200, applied
        log = send(server, "GET", f"/api/v1/documents/{document}/operations?after=0", token)[1]["operations"]
        assert [entry["author"] for entry in log] == ["ana"]
        assert [d["id"] for d in send(server, "GET", "/api/v1/documents", token)[1]["documents"]] == [document]
        status, answer = send(server, "GET", f"/api/v1/documents/{other}", token)
        assert status == 403 and "not shared with 'ana'" in answer["error"]["message"]
        reader = hs256(claims(document, role="reader"), key)
        status, answer = add_square(server, reader, document)
        assert status == 403 and "'comment'" in answer["error"]["message"]

        assert "expired at" in refusal(server, hs256(claims(document, exp=int(time.time()) - 1), key))
        assert "valid from" in refusal(server, hs256(claims(document, nbf=int(time.time()) + 600), key))
        head, payload, signature = token.split(".")
        forged = b64(json.dumps(claims(document, role="admin")).encode())
        assert "signature does not match" in refusal(server, f"{head}.{forged}.{signature}")
        assert "signature does not match" in refusal(server, hs256(claims(document), b"another secret of 32 bytes......"))
        assert "signed with 'none'" in refusal(server, unsigned(claims(document), "none") + ".")
        assert "no 'exp' claim" in refusal(server, hs256(claims(document, exp=None), key))
        assert "no 'sub' claim" in refusal(server, hs256(claims(document, sub=None), key))
        assert "'role' claim is not one of" in refusal(server, hs256(claims(document, role="owner"), key))
        assert "'documents' claim is not a list" in refusal(server, hs256(claims(document, documents="all"), key))
        # No token at all: refused on loopback too.
        assert "JWT signed by its operator's backend" in refusal(server, None)
    finally:
        server.stop()


def test_rs256_tokens_are_checked_with_the_backends_public_key(binary, tmp_path):
    document = sample_id(binary, tmp_path)
    key, public = rsa_pair(tmp_path, "backend")
    stranger, _ = rsa_pair(tmp_path, "stranger")
    server = Server(binary, tmp_path / "data", args=["--jwt-rs256-public-key", str(public)]).start()
    try:
        status, answer = send(server, "GET", f"/api/v1/documents/{document}", rs256(claims(document), key, tmp_path))
        assert status == 200, answer
        assert "signature does not match" in refusal(server, rs256(claims(document), stranger, tmp_path))
        # An HS256 token keyed with the public key's text (the classic confusion) is refused.
        confused = hs256(claims(document), public.read_bytes())
        assert "this server takes RS256" in refusal(server, confused)
        # Through the editor's address, the token becomes the cookie.
        status, headers, _ = server.request("GET", f"/?token={rs256(claims(document), key, tmp_path)}")
        assert status == 303 and headers["Set-Cookie"].startswith("marginalia_token=ey")
    finally:
        server.stop()


@pytest.mark.parametrize("option,content,message", [
    ("--jwt-hs256-secret-file", b"short\n", "the HS256 secret has 5 bytes; it needs at least 32"),
    ("--jwt-rs256-public-key", b"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n", "no RSA public key"),
])
def test_a_bad_key_stops_the_server_before_it_listens(binary, tmp_path, option, content, message):
    (tmp_path / "key").write_bytes(content)
    done = subprocess.run([str(binary), "serve", "--port", "0", "--data", str(tmp_path / "data"), option, str(tmp_path / "key")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and message in done.stderr and option in done.stderr, done.stderr
