"""HTTPS (issue 27, item 1): `marginalia serve --tls-cert FILE --tls-key FILE` over a
certificate made here with `openssl req -x509`, checked with Python's ssl against that
certificate as the only CA. Verified HTTPS answers with HSTS, the token cookie marked
Secure, TLS 1.2 and 1.3 only, no plain HTTP on the TLS port, the plain-HTTP redirect port
answering 308 to the same host, path and query over HTTPS, an event stream and parallel
requests over TLS, `--behind-tls-proxy` (Secure cookie, HSTS only when X-Forwarded-Proto
says https, that header ignored otherwise), and every bad certificate or key refused by file
name before anything listens.

Over the SQLite store only: nothing here depends on the store."""

from __future__ import annotations

import http.client
import socket
import ssl
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from pg_cluster import wait_for
from replicas import EventClient
from serve_process import Server, free_port
from test_abuse import raw_exchange
from tls_certificate import make_certificate

DOCS = "/api/v1/documents"
TOKEN = "tls-test-token"
HSTS = "max-age=31536000"


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def start(binary, tmp_path, certificate):
    """Starts `marginalia serve` with the test certificate and `extra` options; stops them all after."""
    started = []

    def make(*extra: str, tls: bool = True) -> Server:
        args = ["--tls-cert", str(certificate.cert), "--tls-key", str(certificate.key)] if tls else []
        server = Server(binary, tmp_path / f"data{len(started)}", args=[*args, *extra],
                        tls_context=certificate.context() if tls else None)
        started.append(server)
        return server.start()

    yield make
    for server in started:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=30)


def test_https_is_verified_against_the_certificate_and_answers_carry_hsts(start, certificate):
    server = start()
    for path in ("/healthz", "/api/v1/documents", "/"):
        status, headers, _ = server.request("GET", path)
        assert status == 200, path
        assert headers.get("Strict-Transport-Security") == HSTS, path
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        with certificate.context().wrap_socket(sock, server_hostname="127.0.0.1") as tls:
            assert tls.version() == "TLSv1.3"
    # A client that trusts only the system's CAs refuses the test certificate: it really is
    # the one presented.
    untrusting = http.client.HTTPSConnection("127.0.0.1", server.port, timeout=5, context=ssl.create_default_context())
    with pytest.raises(ssl.SSLCertVerificationError):
        untrusting.request("GET", "/healthz")


def test_hsts_max_age_sets_the_time(start):
    server = start("--hsts-max-age", "600")
    assert server.request("GET", "/healthz")[1].get("Strict-Transport-Security") == "max-age=600"


def test_event_streams_and_parallel_requests_over_https(start):
    """Suspended connections (the handlers run off libmicrohttpd's threads) and a held event
    stream, over TLS: 32 requests from 8 clients at once, and an edit reaching the stream."""
    server = start()
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    listener = EventClient([server], doc, name="https-events")
    listener.start()
    try:
        assert listener.connected.wait(10)
        with ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(lambda _: server.request("GET", f"{DOCS}/{doc}/annotations")[0], range(32)))
        assert statuses == [200] * 32
        stroke = {"baseRevision": 0, "clientId": "tls", "action": {"stroke": {
            "pageIndex": 0, "points": [[60 + 5 * i, 80 + 3 * i, 0.5] for i in range(10)]}}}
        assert server.json("POST", f"{DOCS}/{doc}/operations", stroke)["revision"] == 1
        wait_for(lambda: listener.revisions == [1], 10, what="the edit on the HTTPS event stream")
    finally:
        listener.stop()


def test_the_token_cookie_is_secure_over_https(start):
    server = start("--token", TOKEN)
    status, headers, _ = server.request("GET", f"/?token={TOKEN}")
    assert status == 303
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"marginalia_token={TOKEN};") and "; Secure" in cookie and "HttpOnly" in cookie
    assert server.request("GET", "/api/v1/documents", headers={"Cookie": f"marginalia_token={TOKEN}"})[0] == 200
    assert server.request("GET", "/api/v1/documents")[0] == 401


@pytest.mark.filterwarnings("ignore:ssl.TLSVersion.TLSv1_1 is deprecated:DeprecationWarning")
def test_only_tls_1_2_and_1_3_are_accepted(start, certificate):
    server = start()
    twelve = certificate.context(minimum_version=ssl.TLSVersion.TLSv1_2, maximum_version=ssl.TLSVersion.TLSv1_2)
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        with twelve.wrap_socket(sock, server_hostname="127.0.0.1") as tls:
            assert tls.version() == "TLSv1.2"
    # A client that offers TLS 1.1 only (allowed on its side: security level 0): the server
    # ends the handshake.
    old = certificate.context(minimum_version=ssl.TLSVersion.TLSv1_1, maximum_version=ssl.TLSVersion.TLSv1_1)
    old.set_ciphers("DEFAULT:@SECLEVEL=0")
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        with pytest.raises(ssl.SSLError):
            old.wrap_socket(sock, server_hostname="127.0.0.1")
    assert server.request("GET", "/healthz")[0] == 200


def test_plain_http_on_the_tls_port_gets_no_http_answer(start):
    server = start()
    answer = raw_exchange(server.port, b"GET /api/v1/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert not answer.startswith(b"HTTP/"), answer[:200]
    assert b"documents" not in answer


def test_the_redirect_port_answers_308_to_the_same_host_path_and_query_over_https(start, certificate):
    redirect_port = free_port()
    server = start("--http-redirect-port", str(redirect_port))
    # The redirect listener opens just after the HTTPS one the fixture waited for.
    wait_for(lambda: accepts(redirect_port), 10, what=f"the redirect port {redirect_port} to listen")
    for method, target, body in (("GET", "/api/v1/documents?x=1&y=a%20b", b""), ("POST", "/api/v1/documents?name=a.pdf", b"%PDF"),
                                 ("GET", "/healthz", b"")):
        connection = http.client.HTTPConnection("127.0.0.1", redirect_port, timeout=10)
        connection.request(method, target, body=body or None, headers={"Host": f"localhost:{redirect_port}"})
        response = connection.getresponse()
        response.read()
        connection.close()
        assert response.status == 308, (method, target)
        assert response.getheader("Location") == f"https://localhost:{server.port}{target}", (method, target)
    # The address it names answers over verified HTTPS.
    connection = http.client.HTTPSConnection("localhost", server.port, timeout=10, context=certificate.context())
    connection.request("GET", "/api/v1/documents?x=1&y=a%20b")
    assert connection.getresponse().status == 200


def accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@pytest.mark.parametrize("behind_proxy", [True, False])
def test_x_forwarded_proto_is_believed_only_behind_a_tls_proxy(start, behind_proxy):
    server = start("--token", TOKEN, *(["--behind-tls-proxy"] if behind_proxy else []), tls=False)
    forwarded = server.request("GET", "/healthz", headers={"X-Forwarded-Proto": "https"})[1]
    assert forwarded.get("Strict-Transport-Security") == (HSTS if behind_proxy else None)
    assert "Strict-Transport-Security" not in server.request("GET", "/healthz", headers={"X-Forwarded-Proto": "http"})[1]
    assert "Strict-Transport-Security" not in server.request("GET", "/healthz")[1]
    cookie = server.request("GET", f"/?token={TOKEN}", headers={"X-Forwarded-Proto": "https"})[1]["Set-Cookie"]
    assert cookie.endswith("; Secure") == behind_proxy, cookie


def bad_pairs(certificate, folder):
    """(name, options, exit code, what stderr must say) for each mistake."""
    other = make_certificate(folder, "other")
    garbage = folder / "garbage.pem"
    garbage.write_text("not a certificate\n")
    encrypted = folder / "encrypted.key"
    subprocess.run(["openssl", "pkey", "-in", str(certificate.key), "-aes256", "-passout", "pass:secret",
                    "-out", str(encrypted)], check=True, capture_output=True)
    cert, key, missing = str(certificate.cert), str(certificate.key), str(folder / "missing.pem")
    return [
        ("missing certificate", ["--tls-cert", missing, "--tls-key", key], 1, [missing, "no such file"]),
        ("garbage certificate", ["--tls-cert", str(garbage), "--tls-key", key], 1, [str(garbage), "no PEM certificate"]),
        ("swapped files", ["--tls-cert", key, "--tls-key", cert], 1, [key, "no PEM certificate"]),
        ("garbage key", ["--tls-cert", cert, "--tls-key", str(garbage)], 1, [str(garbage), "no PEM private key"]),
        ("another certificate's key", ["--tls-cert", cert, "--tls-key", str(other.key)], 1,
         [str(other.key), "does not belong to the certificate", cert]),
        ("encrypted key", ["--tls-cert", cert, "--tls-key", str(encrypted)], 1, [str(encrypted), "encrypted"]),
        ("certificate without key", ["--tls-cert", cert], 2, ["--tls-cert and --tls-key go together"]),
        ("redirect without TLS", ["--http-redirect-port", "8081"], 2, ["--http-redirect-port needs --tls-cert"]),
        ("TLS and proxy", ["--tls-cert", cert, "--tls-key", key, "--behind-tls-proxy"], 2, ["not both"]),
        ("HSTS time not a number", ["--tls-cert", cert, "--tls-key", key, "--hsts-max-age", "soon"], 2,
         ["--hsts-max-age: 'soon'"]),
        ("HSTS without HTTPS", ["--hsts-max-age", "600"], 2, ["--hsts-max-age needs"]),
    ]


def test_a_bad_certificate_or_key_stops_the_server_before_it_listens(binary, tmp_path, certificate):
    for name, options, code, said in bad_pairs(certificate, tmp_path / "pairs"):
        port, data = free_port(), tmp_path / name.replace(" ", "-")
        result = subprocess.run([str(binary), "serve", "--port", str(port), "--data", str(data), *options],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == code, (name, result.stdout, result.stderr)
        for words in said:
            assert words in result.stderr, (name, words, result.stderr)
        # Nothing was opened or listened on: no store, no "serving" line.
        assert not data.exists(), name
        assert "serving" not in result.stdout, name
