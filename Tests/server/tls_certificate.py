"""A test-made certificate for the HTTPS tests (Tests/server/test_tls.py, the replica suite
over HTTPS): `openssl req -x509` in the test's folder, a self-signed P-256 certificate for
127.0.0.1 and localhost that is its own CA, and an ssl.SSLContext that trusts it and nothing
else (hostname checked, as a browser would)."""

from __future__ import annotations

import base64
import hashlib
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Certificate:
    cert: Path  # the certificate (PEM)
    key: Path   # its private key (PEM, unencrypted)

    @property
    def combined(self) -> Path:
        """Certificate and key in one file, as HAProxy's `crt` takes them."""
        path = self.cert.with_suffix(".combined.pem")
        if not path.exists():
            path.write_bytes(self.cert.read_bytes() + self.key.read_bytes())
        return path

    def spki_sha256(self) -> str:
        """The base64 SHA-256 of the certificate's public key (SubjectPublicKeyInfo), as
        Chromium's --ignore-certificate-errors-spki-list takes it."""
        pem = subprocess.run(["openssl", "x509", "-in", str(self.cert), "-noout", "-pubkey"], check=True,
                             capture_output=True, text=True).stdout
        der = base64.b64decode("".join(line for line in pem.splitlines() if not line.startswith("-----")))
        return base64.b64encode(hashlib.sha256(der).digest()).decode()

    def context(self, **versions) -> ssl.SSLContext:
        """A client context that verifies against this certificate only; `versions` sets
        `minimum_version` / `maximum_version`."""
        context = ssl.create_default_context(cafile=str(self.cert))
        for name, value in versions.items():
            setattr(context, name, value)
        return context


def make_certificate(folder: Path, name: str = "server", hosts: tuple[str, ...] = ()) -> Certificate:
    """`hosts`: more DNS names the certificate is for."""
    folder.mkdir(parents=True, exist_ok=True)
    names = ",".join(["IP:127.0.0.1", "DNS:localhost", *(f"DNS:{host}" for host in hosts)])
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", f"subjectAltName={names}",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return Certificate(cert, key)
