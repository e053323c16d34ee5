"""Text extraction judged by PyMuPDF and pdftotext over the corpus (issue 18).

For every corpus file with text, the bag of words `marginalia text` finds must agree with
PyMuPDF's and with pdftotext's (F1 of at least 0.97 with each). Where the two oracles
disagree with each other, a score under the bar stands when it is no worse than the other
oracle's agreement with that one (Marginalia agrees with pdftotext as well as PyMuPDF does);
docs/text.md lists those files with their figures. On pages without
rotation the boxes of the words both find must agree with PyMuPDF's within 1 point (99 % of
the pairs at least: a word found twice on a page may be paired with the wrong twin). The
files below a bar are listed with the reason, and a listed file that passes fails the test,
so the lists stay true. Generated documents (`create`, `sample`) must read back exactly.
"""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from oracle_helpers import password_args, run_command
from text_oracle import (box_agreement, f1, normalised_words, pdftotext_words, pymupdf_words,
                         words_of)

F1_BAR = 0.97
BOX_TOLERANCE = 1.0
BOX_SHARE = 0.99

#: Files whose words agree with an oracle below the bar, and less than the other oracle does, and why.
F1_BELOW: dict[str, str] = {
    "qpdf-need-appearances-utf8.pdf": "form fields without appearance streams (/NeedAppearances): PyMuPDF and "
                                      "pdftotext draw appearances of their own for them; Marginalia reads the "
                                      "appearances the file holds",
    "pypdf-pdflatex-forms.pdf": "a push button's caption (\"Submit\") that neither oracle shows",
    "pdfbox-hello3.pdf": "an Arabic word followed by a Latin one with no space: both oracles read one word, "
                         "Marginalia two (a right-to-left run, then a left-to-right one)",
}

#: Files whose word boxes agree with PyMuPDF's for fewer than 99 % of the words, and why.
BOXES_BELOW: dict[str, str] = {
    "pdflib-sample-form.pdf": "words shown under /ActualText: Marginalia shares the sequence's box among the "
                              "actual text's characters, MuPDF places them otherwise (9 of 355 words)",
    "qpdf-default-da-q.pdf": "a form field whose appearance PyMuPDF draws anew from its /DA (2 of 45 words)",
    "pdfminer-issue-1082-annotations.pdf": "3 of 4 words, in a stamp's and a highlighted line's appearances, "
                                           "placed differently; not investigated further",
}


def _text_entries(config):
    return [e for e in config.marginalia_entries if "text" in e.tags and not e.locked]


def pytest_generate_tests(metafunc):
    if "text_entry" in metafunc.fixturenames:
        entries = _text_entries(metafunc.config)
        metafunc.parametrize("text_entry", entries, ids=[e.name for e in entries])


@pytest.fixture(scope="module")
def extractions(request, binary):
    """`marginalia text --json` of every file with text, run two at a time up front."""
    entries = _text_entries(request.config)

    def run(entry):
        return entry.name, run_command([str(binary), "text", str(entry.path), "--json",
                                        *password_args(entry.password)], timeout=300)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(run, entries))


def oracle_pages(entry):
    try:
        return pymupdf_words(entry.path, entry.password)
    except Exception as error:  # noqa: BLE001 - a file PyMuPDF cannot read has no oracle
        pytest.skip(f"PyMuPDF cannot read the file: {error}")


def test_words_agree_with_pymupdf_and_pdftotext(text_entry, extractions):
    mupdf_pages = oracle_pages(text_entry)
    result = extractions[text_entry.name]
    assert result.returncode == 0, result.describe()
    pages = result.json()["pages"]
    ours = [w for page in pages for word in words_of(page) for w in normalised_words(word["text"])]
    mupdf = [w for _, words in mupdf_pages for text, _ in words for w in normalised_words(text)]
    poppler = pdftotext_words(text_entry.path, text_entry.password)
    scores = {"PyMuPDF": f1(ours, mupdf), "pdftotext": f1(ours, poppler)}
    mutual = f1(mupdf, poppler)
    below = {name: round(score, 3) for name, score in scores.items() if score < F1_BAR and score < mutual - 0.01}
    if text_entry.name in F1_BELOW:
        assert below, f"listed in F1_BELOW but now agrees ({scores}): take it off the list"
    else:
        assert not below, (f"F1 below {F1_BAR}: {below}, the oracles agree at {mutual:.3f} ({len(ours)} words; "
                           f"PyMuPDF {len(mupdf)}, pdftotext {len(poppler)})")


@pytest.mark.xfail(strict=True, reason="known bug (issue 30): GBK-encoded text in a simple TrueType font named in GBK "
                   "(pdf.js's simfang variant) reads as WinAnsi (È«ÊÀ½ç…); PyMuPDF reads it as Chinese")
def test_gbk_text_in_a_simple_chinese_font_reads_as_chinese(binary, corpus_entries):
    """test_words_agree passes this file only because pdftotext misreads it as we do, and the
    two oracles then agree at 0: here PyMuPDF, which reads it, is the judge. Strict: once fixed
    it passes, and the mark must go."""
    [entry] = [e for e in corpus_entries if e.name == "pdfjs-simfang-variant.pdf"]
    result = run_command([str(binary), "text", str(entry.path)], timeout=60)
    assert result.returncode == 0, result.describe()
    assert "全世界无产者" in "".join(result.stdout.split())


def test_word_boxes_agree_with_pymupdf(text_entry, extractions):
    mupdf_pages = oracle_pages(text_entry)
    result = extractions[text_entry.name]
    assert result.returncode == 0, result.describe()
    paired = 0
    differing = []
    for page, (rotation, words) in zip(result.json()["pages"], mupdf_pages):
        if rotation != 0:
            continue
        count, bad = box_agreement(words_of(page), words, BOX_TOLERANCE)
        paired += count
        differing += [(page["page"], *item) for item in bad]
    if paired == 0:
        pytest.skip("no unrotated page with words both engines found")
    share = 1 - len(differing) / paired
    if text_entry.name in BOXES_BELOW:
        assert share < BOX_SHARE, f"listed in BOXES_BELOW but now agrees ({share:.3f}): take it off the list"
    else:
        assert share >= BOX_SHARE, (f"{len(differing)} of {paired} word boxes differ by more than {BOX_TOLERANCE} pt; "
                                    f"first: {differing[:3]}")


# MARK: - Generated documents read back exactly

LINES = ["Ωμέγα καὶ ἄλφα, déjà vu", "Привет, мир: съешь же ещё",
         "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich"]


def test_created_document_reads_back_word_for_word(binary, tmp_path):
    source = tmp_path / "scripts.txt"
    source.write_text("\n\n".join(LINES), encoding="utf-8")
    out = tmp_path / "scripts.pdf"
    dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    created = run_command([str(binary), "create", str(source), "-o", str(out), "--font", dejavu], timeout=120)
    assert created.returncode == 0, created.describe()
    result = run_command([str(binary), "text", str(out)], timeout=120)
    assert result.returncode == 0, result.describe()
    assert result.stdout.split() == " ".join(LINES).split()
    assert result.stderr == ""


def test_sample_reads_back_with_its_form_and_free_text(binary, tmp_path):
    out = tmp_path / "sample.pdf"
    assert run_command([str(binary), "sample", "-o", str(out)], timeout=120).returncode == 0
    result = run_command([str(binary), "text", str(out), "--pages", "3"], timeout=120)
    assert result.returncode == 0, result.describe()
    assert result.stdout.split() == (
        "Annotations The marks on this page are annotations made by Marginalia's own annotation "
        "engine: a highlight, a pen stroke, a rectangle, a text box and a note. Select them to move, "
        "resize, recolour or delete them. A text box: tap it to edit the text.").split()


def test_search_answers_pages_and_quads(binary, tmp_path):
    out = tmp_path / "sample.pdf"
    assert run_command([str(binary), "sample", "-o", str(out)], timeout=120).returncode == 0
    result = run_command([str(binary), "search", str(out), "ANNOTATIONS", "--json"], timeout=120)
    assert result.returncode == 0, result.describe()
    found = result.json()
    assert found["format"] == "marginalia-search" and found["version"] == 1
    pages = [match["page"] for match in found["matches"]]
    assert pages == sorted(pages) and 1 in pages and 3 in pages
    for match in found["matches"]:
        assert match["text"].lower() == "annotations"
        assert len(match["quads"]) == 1 and len(match["quads"][0]) == 8
    text = run_command([str(binary), "search", str(out), "pen stroke"], timeout=120)
    assert text.stdout.splitlines()[-1] == "1 match"
    usage = run_command([str(binary), "search", str(out)], timeout=120)
    assert usage.returncode == 2
