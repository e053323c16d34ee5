"""Issue 35: the kinds of damage and oddity in the peers' own test files that other engines
read and we did not, each in a file made for it (damage_kinds.py). For every kind, `marginalia
info` gives the page count the references give (qpdf, which repairs the most, and MuPDF where
qpdf does not open the file; MuPDF loses the page tree of the two stray-token files, qpdf reads
it), `marginalia check` agrees with `info`, the text of the first page
is the text drawn there, and `check` reports the damage of the kinds that are damaged."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from damage_kinds import KINDS
from oracle_helpers import run_command

# Kinds that break the specification or a file's own structure: `check` must say what it
# read past. The others are valid files (a deep tree, Brotli) or an oddity qpdf reads without a
# word (a direct /Root).
DAMAGED = {
    "repeated-kids": r"object 3 is listed as a page more than once",
    "kids-pointing-back": r"node 2 is met again \(a loop\)",
    "shared-node": r"node 5 is reached from more than one parent",
    "stray-keyword": r"object 2: 1 stray keyword",
    "direct-pages": r"/Pages is a direct dictionary",
    "huge-subsection": r"subsection claims 9000000 entries",
    "stray-parenthesis": r"stray '\)'",
    "no-header-extra-pages": r"no %PDF- header",
    "missing-stream-filter": r"/StmF names /Nope1",
    "missing-string-filter": r"/StrF names /Nope1",
    "short-owner-hash": r"/O in the /Encrypt dictionary has 31 bytes",
}


def reference_counts(path):
    """Page counts of the references that open the file: qpdf, MuPDF."""
    counts = {}
    qpdf = subprocess.run(["qpdf", "--show-npages", str(path)], capture_output=True, text=True)
    if qpdf.returncode in (0, 3):
        counts["qpdf"] = int(qpdf.stdout.split()[0])
    fitz = pytest.importorskip("fitz")
    try:
        counts["mupdf"] = fitz.open(str(path)).page_count
    except Exception:   # MuPDF refuses some of these files: qpdf then judges
        pass
    return counts


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_reads_as_the_references_read_it(kind, binary, tmp_path):
    path = tmp_path / f"{kind}.pdf"
    path.write_bytes(KINDS[kind]())
    references = reference_counts(path)
    assert references, f"no reference opens {kind}: the generator is wrong"
    expected = references.get("qpdf", references.get("mupdf"))

    info = run_command([str(binary), "info", str(path), "--json"], timeout=60)
    assert info.returncode == 0, info.describe()
    count = info.json()["pageCount"]
    assert count == expected, f"{kind}: we count {count}, the references {references}"

    check = run_command([str(binary), "check", str(path)], timeout=60)
    assert not check.crashed and not check.timed_out, check.describe()
    checked = re.search(r", (\d+) pages,", check.stdout)
    assert checked and int(checked.group(1)) == count, check.describe()
    if kind in DAMAGED:
        assert check.returncode == 1 and re.search(DAMAGED[kind], check.stdout), check.describe()
    else:
        assert check.returncode == 0, check.describe()

    # Every page of these files draws the word "page" (damage_kinds.CONTENT).
    text = run_command([str(binary), "text", str(path)], timeout=60)
    assert text.returncode == 0, text.describe()
    assert text.stdout.split().count("page") == count, text.describe()


@pytest.mark.parametrize("kind", ["repeated-kids", "shared-node"])
def test_an_edit_of_a_tree_that_shares_pages_saves_a_sound_tree(kind, binary, tmp_path):
    """Annotating the second page, then removing the first, of a tree that names one page
    object at two places: qpdf and MuPDF count the saved file's pages as we do, MuPDF (which
    trusts /Count) finds the annotation on the page that was second only, and qpdf finds
    nothing wrong."""
    path = tmp_path / f"{kind}.pdf"
    path.write_bytes(KINDS[kind]())
    before = reference_counts(path)["qpdf"]
    annotated, removed = tmp_path / "annotated.pdf", tmp_path / "removed.pdf"
    square = tmp_path / "square.json"
    square.write_text('{"annotations": [{"type": "square", "pageIndex": 1, "rect": [40, 40, 160, 160]}]}')
    edit = run_command([str(binary), "annotate", str(path), "--from", str(square), "-o", str(annotated)], timeout=60)
    assert edit.returncode == 0, edit.describe()
    edit = run_command([str(binary), "pages", str(annotated), "-o", str(removed), "--remove", "1"], timeout=60)
    assert edit.returncode == 0, edit.describe()

    fitz = pytest.importorskip("fitz")
    counts = [len(list(page.annots())) for page in fitz.open(str(annotated))]
    assert counts == [0, 1] + [0] * (before - 2), counts
    assert reference_counts(removed) == {"qpdf": before - 1, "mupdf": before - 1}
    counts = [len(list(page.annots())) for page in fitz.open(str(removed))]
    assert counts == [1] + [0] * (before - 2), counts
    qpdf = subprocess.run(["qpdf", "--check", str(removed)], capture_output=True, text=True)
    assert qpdf.returncode == 0 and "No syntax or stream encoding errors" in qpdf.stdout, qpdf.stdout + qpdf.stderr
    check = run_command([str(binary), "check", str(removed)], timeout=60)
    assert check.returncode == 0, check.describe()


def test_a_file_repaired_after_opening_counts_its_own_pages(binary):
    """The fuzzed file that holds another spliced in (Fuzz/regressions/FuzzPDFFile): one of
    its objects is located wrongly, and repairing when it is read keeps what the table had
    right, so `info` and `check` count the file's own pages, as qpdf and MuPDF do."""
    path = Path(__file__).resolve().parents[2] / "Fuzz/regressions/FuzzPDFFile/late-repair-spliced-encrypt.pdf"
    expected = reference_counts(path)
    info = run_command([str(binary), "info", str(path), "--json"], timeout=60)
    assert info.returncode == 0, info.describe()
    assert {info.json()["pageCount"]} == set(expected.values()), expected
    check = run_command([str(binary), "check", str(path)], timeout=60)
    checked = re.search(r", (\d+) pages,", check.stdout)
    assert checked and int(checked.group(1)) == info.json()["pageCount"], check.describe()
