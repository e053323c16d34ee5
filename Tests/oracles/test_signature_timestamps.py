"""PAdES baseline B-T (issue 31): `marginalia sign --timestamp URL` asks an RFC 3161
time-stamp authority for a token over the signature value and keeps it as the unsigned
attribute id-aa-timeStampToken. The authority is OpenSSL's `openssl ts -reply` behind a
loopback HTTP server (timestamp_authority.py), the judge pyHanko:

- the signature is intact, valid and trusted, and pyHanko finds its signature time-stamp
  intact, valid and trusted (the TSA certificate chains to the test CA), dated now;
- the request reached the authority as `application/timestamp-query`, and OpenSSL reads it
  as a SHA-256 imprint of the signature value pyHanko reports;
- `marginalia signatures` reports the time-stamp valid, with the time pyHanko reads;
- an authority that refuses (HTTP 500, a wrong content type, a rejection status) or answers
  with a token over other bytes fails the command with a message naming the authority, and
  nothing is written.
"""

from __future__ import annotations

import hashlib
import subprocess
from datetime import datetime, timedelta, timezone

import pytest

from signing_pki import make_pki, pyhanko_statuses
from test_signatures import our_report, sign
from timestamp_authority import reply_over, start_authority

pytest.importorskip("pyhanko")


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture()
def authority(pki):
    started = start_authority(pki)
    yield started
    started.stop()


@pytest.fixture(scope="module")
def sample(binary, tmp_path_factory):
    path = tmp_path_factory.mktemp("sample") / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(path)], check=True, capture_output=True, timeout=120)
    return path


def test_sign_with_a_timestamp_is_b_t_for_pyhanko(binary, pki, sample, authority, tmp_path):
    out = tmp_path / "stamped.pdf"
    before = datetime.now(timezone.utc)
    result = sign(binary, pki, sample, out, "--timestamp", authority.url)
    assert result.returncode == 0, result.describe()

    [(signature, status, attributes)] = pyhanko_statuses(out, pki.ca)
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()
    assert "signing_certificate_v2" in attributes
    stamp = status.timestamp_validity
    assert stamp is not None, "pyHanko finds no signature time-stamp"
    assert stamp.intact and stamp.valid and stamp.trusted, stamp
    assert before - timedelta(seconds=5) <= stamp.timestamp <= datetime.now(timezone.utc) + timedelta(seconds=5)

    [request] = authority.requests
    assert request["content_type"] == "application/timestamp-query"
    query = tmp_path / "query.tsq"
    query.write_bytes(request["body"])
    text = subprocess.run(["openssl", "ts", "-query", "-in", str(query), "-text"], capture_output=True, text=True,
                          check=True).stdout
    assert "Hash Algorithm: sha256" in text and "Certificate required: yes" in text
    assert imprint_in(text) == hashlib.sha256(signature.signer_info["signature"].native).hexdigest(), text

    [record] = our_report(binary, out, pki)
    assert record["intact"] and record["timestamp"] and record["timestampValid"] is True
    assert record["timestampTime"] == stamp.timestamp.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    shown = subprocess.run([str(binary), "signatures", str(out)], capture_output=True, text=True).stdout
    assert f"timestamp: {record['timestampTime']} (valid)" in shown, shown


def imprint_in(text: str) -> str:
    """The message imprint `openssl ts -query -text` prints: the hex columns of its lines
    `    0000 - 2c f2 4d ba 5f b0 a3 0e-26 e8 ...   ,.M._...` under "Message data:"."""
    lines = text.split("Message data:")[1].split("Policy OID:")[0].strip().splitlines()
    return "".join(line.split(" - ", 1)[1][:47].replace("-", " ").replace(" ", "") for line in lines)


@pytest.mark.parametrize("answer, said", [
    ((500, "text/plain", b"down for maintenance"), "answered HTTP 500"),
    ((200, "text/html", b"<html></html>"), "not application/timestamp-reply"),
    # TimeStampResp {status rejection (2)}: no token.
    ((200, "application/timestamp-reply", bytes.fromhex("30053003020102")), "status 2 (rejection)"),
])
def test_a_refusing_authority_fails_and_writes_nothing(binary, pki, sample, authority, tmp_path, answer, said):
    authority.answer = answer
    out = tmp_path / "stamped.pdf"
    result = sign(binary, pki, sample, out, "--timestamp", authority.url)
    assert result.returncode != 0, result.describe()
    assert said in result.stderr and authority.url in result.stderr, result.stderr
    assert not out.exists()


def test_a_token_over_other_bytes_is_refused(binary, pki, sample, authority, tmp_path):
    authority.answer = (200, "application/timestamp-reply", reply_over(pki, b"not this signature", tmp_path))
    out = tmp_path / "stamped.pdf"
    result = sign(binary, pki, sample, out, "--timestamp", authority.url)
    assert result.returncode != 0 and "does not stamp this signature" in result.stderr, result.describe()
    assert not out.exists()


def test_a_timestamp_url_that_is_not_http_is_refused(binary, pki, sample, tmp_path):
    out = tmp_path / "stamped.pdf"
    for url, said in (("ftp://127.0.0.1/tsa", "--timestamp takes the http:// URL"),
                      ("https://127.0.0.1/tsa", "give the authority's http:// URL")):
        result = sign(binary, pki, sample, out, "--timestamp", url)
        assert result.returncode != 0 and said in result.stderr, result.describe()
        assert not out.exists()


def test_an_authority_that_is_not_there_is_named(binary, pki, sample, tmp_path):
    import socket
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    out = tmp_path / "stamped.pdf"
    url = f"http://127.0.0.1:{port}/tsa"
    result = sign(binary, pki, sample, out, "--timestamp", url)
    assert result.returncode != 0 and url in result.stderr and "cannot connect" in result.stderr, result.describe()
    assert not out.exists()
