"""A throwaway RFC 3161 time-stamp authority for the B-T tests: `openssl ts -reply` behind a
small HTTP server on loopback, with a TSA certificate (extendedKeyUsage critical timeStamping)
issued by the test CA of signing_pki.py. Each request is answered by running `openssl ts` on
the bytes received, so the answer is OpenSSL's, never ours; what each request carried (its
Content-Type and body) is kept for the tests to look at. `answer` replaces OpenSSL's answer
(an HTTP status, a content type, a body) to test refusals."""

from __future__ import annotations

import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from signing_pki import TestPKI

CONFIG = """
[tsa]
default_tsa = marginalia_test_tsa
[marginalia_test_tsa]
serial = {folder}/tsaserial
crypto_device = builtin
signer_cert = {folder}/tsa.pem
certs = {folder}/ca.pem
signer_key = {folder}/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
"""


def _openssl(*args: str, folder: Path) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True, timeout=120)


@dataclass
class TimestampAuthority:
    url: str
    server: ThreadingHTTPServer
    requests: list = field(default_factory=list)
    answer: tuple | None = None
    # While `hold` is set to an unset Event, each request sets `arrived` and waits for `hold`
    # (at most a minute) before it is answered: an authority that takes its time.
    hold: threading.Event | None = None
    arrived: threading.Event = field(default_factory=threading.Event)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def start_authority(pki: TestPKI) -> TimestampAuthority:
    folder = pki.folder
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/O=Marginalia/CN=Test Time-Stamp Authority",
             "-keyout", "tsa.key", "-out", "tsa.csr", folder=folder)
    (folder / "tsa.ext").write_text("basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n"
                                    "extendedKeyUsage=critical,timeStamping\n"
                                    "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
    _openssl("x509", "-req", "-in", "tsa.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-days", "2", "-out", "tsa.pem", "-extfile", "tsa.ext", folder=folder)
    (folder / "tsaserial").write_text("01\n")
    config = folder / "tsa.cnf"
    config.write_text(CONFIG.format(folder=folder))
    authority = TimestampAuthority(url="", server=None)  # type: ignore[arg-type]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            authority.requests.append({"content_type": self.headers.get("Content-Type"), "body": body})
            if authority.hold is not None:
                authority.arrived.set()
                authority.hold.wait(60)
            if authority.answer is not None:
                status, content_type, reply = authority.answer
            else:
                with tempfile.TemporaryDirectory() as work:
                    query, response = Path(work) / "query.tsq", Path(work) / "reply.tsr"
                    query.write_bytes(body)
                    done = subprocess.run(["openssl", "ts", "-reply", "-config", str(config), "-queryfile", str(query),
                                           "-out", str(response)], capture_output=True, timeout=60)
                    status, content_type = (200, "application/timestamp-reply") if done.returncode == 0 else (500, "text/plain")
                    reply = response.read_bytes() if done.returncode == 0 else done.stderr
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    authority.server = server
    authority.url = f"http://127.0.0.1:{server.server_address[1]}/tsa"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return authority


def reply_over(pki: TestPKI, data: bytes, work: Path) -> bytes:
    """A granted TimeStampResp of the test authority whose token stamps `data` (not a
    signature it was asked about): what a confused or replaying authority would answer."""
    (work / "other.bin").write_bytes(data)
    _openssl("ts", "-query", "-data", "other.bin", "-sha256", "-cert", "-out", "other.tsq", folder=work)
    _openssl("ts", "-reply", "-config", str(pki.folder / "tsa.cnf"), "-queryfile", "other.tsq", "-out", "other.tsr",
             folder=work)
    return (work / "other.tsr").read_bytes()
