"""Signatures (issue 31): `marginalia signatures` and `marginalia sign`, checked by outside engines.

- Every signed file of the corpus is read as poppler's `pdfsig` reads it: the same fields, and
  a signature pdfsig finds valid is intact for us (SubFilters neither checks are refused by both).
- Every file `sign` writes is valid for pyHanko (intact, trusted by the test CA, covering the
  whole file, the PAdES B-B signed attributes: signing-certificate-v2, no signingTime; the
  DocMDP permission asked for) and for `pdfsig` (valid, certificate trusted through an NSS
  database holding the test CA); a visible signature shows its text where it was placed.
- A signed file annotated with the CLI keeps a valid signature for pyHanko and pdfsig, which
  see that the signature no longer covers the whole file, and we list the added annotation
  (pyHanko lists it among the changes its default policy cannot explain).
- A file pyHanko signed is intact and trusted for `marginalia signatures`.
- A wrong password, a missing field, an encrypted file, a rewrite of a signed file and an
  annotation its certification does not allow are refused with a message, and nothing is
  written.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from oracle_helpers import run_command
from signing_pki import P12_PASSWORD, make_pki, pdfsig, pyhanko_sign, pyhanko_statuses

TIMEOUT = 300


def marginalia(binary: Path, *args: str):
    return run_command([str(binary), *args], TIMEOUT)


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def sample(binary, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sample") / "sample.pdf"
    result = marginalia(binary, "sample", "-o", str(path))
    assert result.returncode == 0, result.describe()
    return path


def sign(binary, pki, source: Path, target: Path, *options: str):
    return marginalia(binary, "sign", str(source), "-o", str(target), "--p12", str(pki.p12),
                      "--password-file", str(pki.password_file), *options)


def our_report(binary, path: Path, pki=None) -> list[dict]:
    trust = ["--trust", str(pki.ca)] if pki else []
    result = marginalia(binary, "signatures", str(path), "--json", *trust)
    assert result.returncode in (0, 1), result.describe()
    return result.json()


# MARK: - The corpus


def pdfsig_fields(path: Path) -> dict[str, str]:
    done = subprocess.run(["pdfsig", "-nocert", str(path)], capture_output=True, text=True, timeout=120)
    fields = re.findall(r"Signature Field Name: (.*)", done.stdout)
    validations = re.findall(r"Signature Validation: (.*)", done.stdout)
    return dict(zip(fields, validations))


def test_signatures_corpus_agrees_with_pdfsig(binary, corpus_entries):
    signed = [entry for entry in corpus_entries if entry.has_tag("signed") and not entry.locked]
    assert len(signed) >= 4, "the corpus should hold signed files"
    for entry in signed:
        ours = {record["field"]: record for record in our_report(binary, entry.path)}
        theirs = pdfsig_fields(entry.path)
        assert set(ours) == set(theirs), entry.name
        for field, verdict in theirs.items():
            record = ours[field]
            if verdict.startswith("Signature is Valid"):
                assert record["intact"], (entry.name, field, record)
                assert record["digestMatches"] and record["signatureValid"]
                assert record["signer"], (entry.name, field)
                assert record["coversWholeFile"] == (record["revision"] == record["revisionCount"])
            else:
                assert not record["intact"], (entry.name, field, record)
                assert record["problem"], (entry.name, field)


def test_signatures_qpdf_certified_file(binary, corpus_entries):
    entry = next(e for e in corpus_entries if e.name == "qpdf-minimal-signed-restricted.pdf")
    [record] = our_report(binary, entry.path)
    assert record["field"] == "SignatureField1"
    assert record["intact"] and record["coversWholeFile"]
    assert "CN=Adobe Acrobat Sign" in record["signer"]
    assert record["subFilter"] == "adbe.pkcs7.detached"
    assert record["docMDP"] == 1
    assert record["cmsSigningTime"] == "2023-12-24T12:30:55Z"
    assert record["signingTime"].startswith("D:20231224043055")


# MARK: - Signing


@pytest.mark.parametrize("placement", ["visible", "invisible"])
@pytest.mark.parametrize("certify", [None, "none", "fill", "annotate"])
def test_sign_is_valid_pades_bb_for_pyhanko_and_pdfsig(binary, pki, sample, tmp_path, placement, certify):
    out = tmp_path / "signed.pdf"
    options = ["--reason", "Reviewed", "--location", "Berlin", "--name", "Test Signer"]
    if placement == "visible":
        options += ["--page", "1", "--rect", "300,80,560,160"]
    if certify:
        options += ["--certify", certify]
    result = sign(binary, pki, sample, out, *options)
    assert result.returncode == 0, result.describe()
    assert out.read_bytes().startswith(sample.read_bytes()), "an incremental update keeps the original bytes"

    [(signature, status, attributes)] = pyhanko_statuses(out, pki.ca)
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()
    assert status.coverage.name == "ENTIRE_FILE"
    assert status.modification_level.name == "NONE"
    assert signature.sig_object["/SubFilter"] == "/ETSI.CAdES.detached"
    assert "signing_certificate_v2" in attributes and "message_digest" in attributes
    assert "signing_time" not in attributes, "PAdES puts the time in /M, not the CMS"
    expected_p = {None: None, "none": 1, "fill": 2, "annotate": 3}[certify]
    assert (signature.docmdp_level.value if signature.docmdp_level else None) == expected_p
    assert status.docmdp_ok is not False

    report = pdfsig(out, pki.nss)
    assert "Signature Validation: Signature is Valid." in report, report
    assert "Certificate Validation: Certificate is Trusted." in report, report
    assert "Total document signed" in report, report

    [record] = our_report(binary, out, pki)
    assert record["intact"] and record["chain"] == "trusted" and record["signingCertificateV2"]
    assert record["docMDP"] == expected_p
    assert record["reason"] == "Reviewed" and record["location"] == "Berlin"

    if placement == "visible":
        import pymupdf

        with pymupdf.open(out) as document:
            page = document[0]
            # Page space y up -> PyMuPDF's y down.
            height = page.rect.height
            text = page.get_text("text", clip=pymupdf.Rect(300, height - 160, 560, height - 80))
        assert "Digitally signed by Test Signer" in text and "Reason: Reviewed" in text, text


def test_sign_fills_an_existing_empty_field(binary, pki, corpus_entries, tmp_path):
    entry = next(e for e in corpus_entries if e.name == "pdflib-sample-form.pdf")
    out = tmp_path / "signed.pdf"
    result = sign(binary, pki, entry.path, out, "--field", "EMPLOYEE SIGNATURE")
    assert result.returncode == 0, result.describe()
    [(signature, status, _)] = pyhanko_statuses(out, pki.ca)
    assert signature.field_name == "EMPLOYEE SIGNATURE"
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()
    assert "Signature is Valid." in pdfsig(out, pki.nss)


def test_sign_takes_the_password_on_standard_input(binary, pki, sample, tmp_path):
    out = tmp_path / "signed.pdf"
    done = subprocess.run([str(binary), "sign", str(sample), "-o", str(out), "--p12", str(pki.p12)],
                          input=P12_PASSWORD + "\n", capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    [(_, status, _)] = pyhanko_statuses(out, pki.ca)
    assert status.intact and status.valid


# MARK: - After signing


def test_annotating_a_signed_file_keeps_the_signature(binary, pki, sample, tmp_path):
    signed, annotated = tmp_path / "signed.pdf", tmp_path / "annotated.pdf"
    assert sign(binary, pki, sample, signed, "--page", "1", "--rect", "300,80,560,160").returncode == 0
    annotations = tmp_path / "square.json"
    annotations.write_text('{"annotations": [{"type": "square", "pageIndex": 0, "rect": [72, 300, 200, 380],'
                           ' "color": "#0000FF"}]}')
    result = marginalia(binary, "annotate", str(signed), "--from", str(annotations), "-o", str(annotated))
    assert result.returncode == 0, result.describe()

    [record] = our_report(binary, annotated, pki)
    assert record["intact"] and not record["coversWholeFile"]
    assert record["revision"] == record["revisionCount"] - 1
    added = [change["object"] for change in record["laterChanges"]
             if change["kind"] == "annotation" and change["detail"] == "Square"]
    assert len(added) == 1, record["laterChanges"]

    [(_, status, _)] = pyhanko_statuses(annotated, pki.ca)
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()
    assert status.coverage.name == "ENTIRE_REVISION"
    # pyHanko's default diff policy has no rule that explains an added annotation (only form
    # filling, signature fields and file structure): it lists the objects it cannot explain,
    # and the square must be among them.
    assert f"Reference(idnum={added[0]}, generation=0)" in str(status.diff_result), status.diff_result

    import pymupdf

    with pymupdf.open(annotated) as document:
        page = document[0]
        shown = page.get_text("text", clip=pymupdf.Rect(300, page.rect.height - 160, 560, page.rect.height - 80))
    assert "Digitally signed by Test Signer" in shown, "without --name, the certificate's commonName"

    report = pdfsig(annotated, pki.nss)
    assert "Signature Validation: Signature is Valid." in report and "Not total document signed" in report, report


def test_signatures_reads_what_pyhanko_signed(binary, pki, sample, tmp_path):
    out = tmp_path / "pyhanko.pdf"
    pyhanko_sign(sample, out, pki, "PyHankoSignature")
    [record] = our_report(binary, out, pki)
    assert record["field"] == "PyHankoSignature"
    assert record["intact"] and record["coversWholeFile"] and record["chain"] == "trusted", record
    assert record["signer"] == "CN=Test Signer,O=Marginalia"  # RFC 2253: the last RDN first
    assert record["subFilter"] == "ETSI.CAdES.detached"
    assert record["reason"] == "pyHanko test"


def test_signatures_reports_a_changed_byte(binary, pki, sample, tmp_path):
    signed, damaged = tmp_path / "signed.pdf", tmp_path / "damaged.pdf"
    assert sign(binary, pki, sample, signed).returncode == 0
    data = bytearray(signed.read_bytes())
    index = data.index(b"Welcome")
    data[index] = ord("w")
    damaged.write_bytes(bytes(data))
    result = marginalia(binary, "signatures", str(damaged), "--json")
    assert result.returncode == 1, result.describe()
    [record] = result.json()
    assert not record["intact"] and not record["digestMatches"]


# MARK: - Refusals


def test_sign_refusals_write_nothing(binary, pki, sample, corpus_entries, tmp_path):
    out = tmp_path / "out.pdf"
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("not the password\n")
    cases = [
        (["--password-file", str(wrong)], "password does not open"),
        (["--password-file", str(pki.password_file), "--field", "Nope"], "no signature field 'Nope'"),
        (["--password-file", str(pki.password_file), "--page", "9", "--rect", "1,1,50,50"], "page"),
        (["--password-file", str(pki.password_file), "--page", "1", "--rect", "50,50,10,10"], "--rect"),
    ]
    for options, message in cases:
        result = marginalia(binary, "sign", str(sample), "-o", str(out), "--p12", str(pki.p12), *options)
        assert result.returncode in (1, 2), result.describe()
        assert message in result.stderr, (options, result.stderr)
        assert not out.exists()
    result = marginalia(binary, "sign", str(sample), "-o", str(out), "--p12", str(pki.p12), "--password", "x")
    assert result.returncode == 2 and "--password-file" in result.stderr
    encrypted = next(e for e in corpus_entries if e.name == "qpdf-minimal-signed-restricted.pdf")
    result = sign(binary, pki, encrypted.path, out)
    assert result.returncode == 1 and "encrypted" in result.stderr, result.describe()
    assert not out.exists()


@pytest.mark.parametrize("command", [["compact"], ["pages", "--rotate", "1:90", "--compact"],
                                     ["flatten", "--keep-form", "--compact"]])
def test_rewriting_a_signed_file_is_refused(binary, pki, sample, tmp_path, command):
    signed, out = tmp_path / "signed.pdf", tmp_path / "out.pdf"
    assert sign(binary, pki, sample, signed).returncode == 0
    result = marginalia(binary, command[0], str(signed), *command[1:], "-o", str(out))
    assert result.returncode == 1, result.describe()
    assert "a rewrite would invalidate the signatures" in result.stderr and "Signature1" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("certify, allowed", [("none", False), ("fill", False), ("annotate", True)])
def test_a_certification_decides_whether_annotate_writes(binary, pki, sample, tmp_path, certify, allowed):
    signed, out = tmp_path / "signed.pdf", tmp_path / "out.pdf"
    assert sign(binary, pki, sample, signed, "--certify", certify).returncode == 0
    annotations = tmp_path / "square.json"
    annotations.write_text('{"annotations": [{"type": "square", "pageIndex": 0, "rect": [72, 300, 200, 380]}]}')
    result = marginalia(binary, "annotate", str(signed), "--from", str(annotations), "-o", str(out))
    if allowed:
        assert result.returncode == 0, result.describe()
        [(_, status, _)] = pyhanko_statuses(out, pki.ca)
        assert status.intact and status.valid
    else:
        assert result.returncode == 1, result.describe()
        assert "the document is certified (DocMDP P=" in result.stderr, result.stderr
        assert not out.exists()


@pytest.mark.parametrize("certify", ["fill", "annotate"])
def test_a_certification_refuses_turning_a_page(binary, pki, sample, tmp_path, certify):
    """Under P=2 and P=3 a page may change only in the annotations it lists: a turned page is
    refused however lenient the certification, and nothing is written."""
    signed, out = tmp_path / "signed.pdf", tmp_path / "out.pdf"
    assert sign(binary, pki, sample, signed, "--certify", certify).returncode == 0
    result = marginalia(binary, "pages", str(signed), "--rotate", "1:90", "-o", str(out))
    assert result.returncode == 1, result.describe()
    assert "the document is certified (DocMDP P=" in result.stderr and "page" in result.stderr, result.stderr
    assert not out.exists()

