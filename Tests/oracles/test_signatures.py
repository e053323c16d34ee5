"""Signatures (issue 31): `marginalia signatures`, checked by poppler's `pdfsig`.

- Every signed file of the corpus is read as poppler's `pdfsig` reads it: the same fields, and
  a signature pdfsig finds valid is intact for us (SubFilters neither checks are refused by both).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from oracle_helpers import run_command

TIMEOUT = 300


def marginalia(binary: Path, *args: str):
    return run_command([str(binary), *args], TIMEOUT)


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
