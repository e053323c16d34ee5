"""Signs a PDF for the forms oracle tests, with openssl and a throwaway self-signed
certificate, so that a test can check that filling leaves an existing signature valid
(poppler's `pdfsig` validates it).

The signature is an ordinary detached PKCS#7 one (ISO 32000-2, 12.8): a signature field whose
/V holds /ByteRange and /Contents. pikepdf writes the file with a placeholder (objects not in
object streams, so the placeholder can be found in the bytes); the byte ranges are patched
in, the signed bytes are given to `openssl cms -sign`, and the DER signature is written in
hex over the placeholder.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf

PLACEHOLDER_BYTES = 8192
RANGE_PLACEHOLDER = 9_999_999_999


def sign(source: Path, target: Path, work: Path, field_name: str = "Signature1") -> None:
    key, cert = work / "key.pem", work / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=Marginalia test",
                    "-days", "2", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    unsigned = work / "unsigned.pdf"
    with pikepdf.open(source) as pdf:
        signature = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Sig, Filter=pikepdf.Name("/Adobe.PPKLite"),
            SubFilter=pikepdf.Name("/adbe.pkcs7.detached"),
            ByteRange=pikepdf.Array([0, RANGE_PLACEHOLDER, RANGE_PLACEHOLDER, RANGE_PLACEHOLDER]),
            Contents=pikepdf.String(b"\0" * PLACEHOLDER_BYTES), M=pikepdf.String("D:20260101000000Z")))
        page = pdf.pages[0]
        field = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, FT=pikepdf.Name.Sig,
            T=pikepdf.String(field_name), V=signature, Rect=pikepdf.Array([0, 0, 0, 0]), F=132, P=page.obj))
        page.obj.Annots = pikepdf.Array(list(page.obj.get("/Annots", [])) + [field])
        pdf.Root.AcroForm.Fields.append(field)
        pdf.Root.AcroForm.SigFlags = 3
        pdf.save(unsigned, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    data = bytearray(unsigned.read_bytes())
    start = data.index(b"<" + b"00" * PLACEHOLDER_BYTES + b">")
    end = start + 2 * PLACEHOLDER_BYTES + 2
    ranges = re.search(rb"\[\s*0\s+%d\s+%d\s+%d\s*\]" % ((RANGE_PLACEHOLDER,) * 3), data)
    text = b"[0 %d %d %d]" % (start, end, len(data) - end)
    data[ranges.start():ranges.end()] = text.ljust(ranges.end() - ranges.start())
    signed_bytes = work / "signed-bytes.bin"
    signed_bytes.write_bytes(bytes(data[:start]) + bytes(data[end:]))
    der = work / "signature.der"
    subprocess.run(["openssl", "cms", "-sign", "-binary", "-md", "sha256", "-in", str(signed_bytes),
                    "-signer", str(cert), "-inkey", str(key), "-outform", "DER", "-out", str(der)],
                   check=True, capture_output=True)
    signature_hex = der.read_bytes().hex().encode().ljust(2 * PLACEHOLDER_BYTES, b"0")
    assert len(signature_hex) == 2 * PLACEHOLDER_BYTES, "the signature does not fit its placeholder"
    data[start + 1:end - 1] = signature_hex
    target.write_bytes(bytes(data))


def signature_is_valid(path: Path) -> tuple[bool, str]:
    """Whether poppler's pdfsig says every signature is valid, and its report."""
    done = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True)
    report = done.stdout + done.stderr
    verdicts = re.findall(r"Signature Validation: (.*)", report)
    return bool(verdicts) and all(v.strip() == "Signature is Valid." for v in verdicts), report
