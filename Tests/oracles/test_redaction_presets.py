"""`marginalia redact --preset email|phone` (docs/redaction.md, "Presets"): a document made with
reportlab holding e-mail addresses and phone numbers beside dates, version numbers, an IP
address and amounts; after redacting with both presets, pdftotext and PyMuPDF no longer find
any address or number, every other word is still extracted, the marks the CLI made sat where
PyMuPDF's own search finds the words (within 1 pt), and qpdf --check is clean. A preset the
CLI does not know is refused, naming the known ones."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command

reportlab = pytest.importorskip("reportlab")
from reportlab.pdfgen import canvas  # noqa: E402

LINES = [
    "Contact jane.doe@example.org or ops+alerts@mail.example.co.uk for access.",
    "Call +1 (555) 123-4567 or 555-123-4567, London +44 20 7946 0958.",
    "Issued 2024-01-15 and 15.01.2024, version 10.15.7, host 192.168.10.25.",
    "Amounts 12 345 678 and 1,234,567 for the years 2019-2024.",
]
SECRETS = ["jane.doe@example.org", "ops+alerts@mail.example.co.uk", "(555)", "123-4567", "555-123-4567", "7946", "0958"]
KEPT = ["Contact", "access.", "Call", "London", "2024-01-15", "15.01.2024,", "10.15.7,", "192.168.10.25.", "12", "345", "678",
        "1,234,567", "2019-2024."]


@pytest.fixture()
def source(tmp_path: Path) -> Path:
    path = tmp_path / "contacts.pdf"
    page = canvas.Canvas(str(path), pagesize=(612, 792))
    page.setFont("Helvetica", 11)
    for index, line in enumerate(LINES):
        page.drawString(72, 700 - 24 * index, line)
    page.save()
    return path


def words(path: Path) -> list[str]:
    with pymupdf.open(path) as pdf:
        return [w[4] for w in pdf[0].get_text("words")]


def test_both_presets_remove_addresses_and_numbers_and_leave_the_rest(binary, source, tmp_path):
    with pymupdf.open(source) as pdf:
        expected = [r for text in ("jane.doe@example.org", "ops+alerts@mail.example.co.uk", "+1 (555) 123-4567",
                                   "555-123-4567", "+44 20 7946 0958") for r in pdf[0].search_for(text)]
    marked = tmp_path / "marked.pdf"
    # --marks-only is refused beside a preset; the marks are checked by applying them.
    refused = run_command([str(binary), "redact", str(source), "--marks-only", "--preset", "email", "-o", str(marked)], 60)
    assert refused.returncode != 0 and "--preset" in refused.stderr
    out = tmp_path / "redacted.pdf"
    result = run_command([str(binary), "redact", str(source), "--preset", "email", "--preset", "phone", "--json", "-o", str(out)], 120)
    assert result.returncode == 0, result.describe()
    report = json.loads(result.stdout)
    assert report["marksMade"] == 5, report

    remaining = words(out)
    text = run_command(["pdftotext", str(out), "-"], 60).stdout
    for secret in SECRETS:
        assert secret not in text and secret not in remaining, f"{secret} is still extracted: {text!r}"
    for word in KEPT:
        assert word in remaining, f"{word} is no longer extracted: {remaining}"
    check = qpdf_check(out, None)
    assert check.returncode == 0 and not check.errors, f"{check}"

    # The marks sat where PyMuPDF finds the words: the middle of each found box is covered
    # by the black overlay drawn in the mark's place.
    with pymupdf.open(out) as pdf:
        pixmap = pdf[0].get_pixmap(dpi=72)
        for rect in expected:
            x, y = int((rect.x0 + rect.x1) / 2), int((rect.y0 + rect.y1) / 2)
            assert pixmap.pixel(x, y)[:3] == (0, 0, 0), f"no overlay at the middle of {rect}"


def test_an_unknown_preset_is_refused_by_name(binary, source, tmp_path):
    result = run_command([str(binary), "redact", str(source), "--preset", "ssn", "-o", str(tmp_path / "out.pdf")], 60)
    assert result.returncode != 0
    assert "--preset 'ssn'" in result.stderr and "email" in result.stderr and "phone" in result.stderr
    assert not (tmp_path / "out.pdf").exists()
