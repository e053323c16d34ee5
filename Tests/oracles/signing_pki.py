"""A throwaway PKI for the signature tests, made with `openssl` in a temporary folder: a CA,
a signer certificate it issued (digitalSignature, nonRepudiation) and the signer's key and
chain in a PKCS#12 file; plus an NSS database trusting the CA, for poppler's `pdfsig`.

And the two outside validators: pyHanko (with pyhanko-certvalidator) and `pdfsig`.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

P12_PASSWORD = "correct horse"


@dataclass(frozen=True)
class TestPKI:
    folder: Path
    ca: Path
    p12: Path
    password_file: Path
    nss: Path


def _openssl(*args: str, folder: Path) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True, timeout=120)


def make_pki(folder: Path) -> TestPKI:
    folder.mkdir(parents=True, exist_ok=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=Marginalia Test CA", "-days", "3",
             "-keyout", "ca.key", "-out", "ca.pem", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign", folder=folder)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/O=Marginalia/CN=Test Signer",
             "-keyout", "signer.key", "-out", "signer.csr", folder=folder)
    (folder / "signer.ext").write_text("basicConstraints=CA:FALSE\n"
                                       "keyUsage=critical,digitalSignature,nonRepudiation\n"
                                       "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
    _openssl("x509", "-req", "-in", "signer.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-days", "2", "-out", "signer.pem", "-extfile", "signer.ext", folder=folder)
    _openssl("pkcs12", "-export", "-inkey", "signer.key", "-in", "signer.pem", "-certfile", "ca.pem",
             "-out", "signer.p12", "-passout", f"pass:{P12_PASSWORD}", folder=folder)
    (folder / "password.txt").write_text(P12_PASSWORD + "\n")
    nss = folder / "nss"
    nss.mkdir(exist_ok=True)
    subprocess.run(["certutil", "-N", "-d", f"sql:{nss}", "--empty-password"], check=True, capture_output=True)
    subprocess.run(["certutil", "-A", "-d", f"sql:{nss}", "-n", "marginalia-test-ca", "-t", "CT,C,C",
                    "-i", str(folder / "ca.pem")], check=True, capture_output=True)
    return TestPKI(folder, folder / "ca.pem", folder / "signer.p12", folder / "password.txt", nss)


def pyhanko_statuses(pdf: Path, ca: Path) -> list:
    """pyHanko's validation status of every embedded signature, trusting `ca`."""
    from pyhanko.keys import load_cert_from_pemder
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    context = ValidationContext(trust_roots=[load_cert_from_pemder(str(ca))])
    with pdf.open("rb") as handle:
        reader = PdfFileReader(handle)
        statuses = []
        for signature in reader.embedded_signatures:
            status = validate_pdf_signature(signature, context)
            attributes = [attribute["type"].native for attribute in signature.signer_info["signed_attrs"]]
            statuses.append((signature, status, attributes))
        return statuses


def pdfsig(pdf: Path, nss: Path) -> str:
    done = subprocess.run(["pdfsig", "-nssdir", f"sql:{nss}", str(pdf)], capture_output=True, text=True, timeout=120)
    return done.stdout + done.stderr


def pyhanko_sign(source: Path, target: Path, pki: TestPKI, field: str) -> None:
    """Signs `source` with pyHanko (PAdES, a new invisible field), for our verifier to read."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigSeedSubFilter

    loaded = signers.SimpleSigner.load_pkcs12(str(pki.p12), passphrase=P12_PASSWORD.encode())
    metadata = signers.PdfSignatureMetadata(field_name=field, subfilter=SigSeedSubFilter.PADES, reason="pyHanko test")
    with source.open("rb") as handle:
        writer = IncrementalPdfFileWriter(handle)
        with target.open("wb") as out:
            signers.sign_pdf(writer, metadata, signer=loaded, output=out)
