"""Cross-reference chains that loop, and page trees that reach no page although the file
holds pages (issue 13): marginalia repairs them by scanning, with a warning, and this
compares what it finds with what qpdf reports on the same files.

The files are built here, a few hundred bytes each, so the test needs no corpus file.
"""

from __future__ import annotations

import pikepdf
import pytest

from oracle_helpers import qpdf_check, run_command

PAGES = {
    1: "<</Type/Catalog/Pages 2 0 R>>",
    2: "<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3>>",
    3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>",
    4: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>",
    5: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 400]>>",
    6: "<</Title(First)>>",
}


def build(sections, prevs, root=1, free=()):
    """Classic cross-reference sections, oldest first; `prevs[i]` is the index of the
    section that section i's /Prev names (None: no /Prev)."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\n")
    starts, placeholders = [], []
    for index, objects in enumerate(sections):
        offsets = {}
        for number in sorted(objects):
            offsets[number] = len(out)
            out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number].encode())
        starts.append(len(out))
        text = "xref\n" + ("0 1\n0000000000 65535 f\r\n" if index == 0 else "")
        for number in sorted(offsets):
            entry = "0000000000 00001 f" if number in free else "%010d 00000 n" % offsets[number]
            text += "%d 1\n%s\r\n" % (number, entry)
        out += ("%strailer\n<</Size 7/Root %d 0 R/Info 6 0 R" % (text, root)).encode()
        if prevs[index] is not None:
            out += b"/Prev "
            placeholders.append((len(out), prevs[index]))
            out += b"0" * 10
        out += b">>\nstartxref\n%d\n%%%%EOF\n" % starts[index]
    for at, section in placeholders:
        out[at:at + 10] = b"%010d" % starts[section]
    return bytes(out)


def root_with_empty_tree():
    objects = dict(PAGES)
    objects[7] = "<</Type/Catalog/Pages 8 0 R>>"
    objects[8] = "<</Type/Pages/Kids[]/Count 0>>"
    return build([objects], [None], root=7)


CASES = {
    # name: (bytes, what qpdf says about it, or None when qpdf sees no damage)
    "loop-of-two-sections": (build([PAGES, {6: "<</Title(Second)>>"}], [1, 0]), "loop detected"),
    "loop-back-to-the-newest": (build([PAGES, {6: "<</Title(Second)>>"},
                                       {1: "<</Type/Catalog/Pages 2 0 R>>", 6: "<</Title(Third)>>"}],
                                      [None, 2, 1]), "loop detected"),
    "prev-is-itself": (build([PAGES], [0]), "loop detected"),
    "page-tree-marked-free": (build([PAGES], [None], free=(2,)), None),
    "root-with-an-empty-tree": (root_with_empty_tree(), None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_damaged_chain_or_tree_is_repaired(name, binary, tmp_path):
    data, qpdf_says = CASES[name]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)

    result = run_command([str(binary), "info", str(path), "--json"], timeout=60)
    assert result.returncode == 0, result.describe()
    info = result.json()
    assert info["repaired"] is True, info
    assert info["warnings"], info
    assert info["pageCount"] == 3, info
    assert [page["mediaBox"] for page in info["pages"]][-1] == [0, 0, 300, 400], info

    check = qpdf_check(path, None)
    if qpdf_says is None:
        # qpdf reads the trailer's tree as it is (no pages, or a null /Pages) and does not
        # reconstruct: marginalia goes further than qpdf here, as issue 13 asks.
        assert not any("reconstruct" in w for w in check.warnings), check.describe()
    else:
        # qpdf reports the loop and reconstructs the table, as marginalia does, and finds
        # the same three pages.
        assert any(qpdf_says in w for w in check.warnings), check.describe()
        assert any("reconstruct" in w for w in check.warnings), check.describe()
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 3


def test_document_without_pages_is_not_damaged(binary, tmp_path):
    empty = {1: "<</Type/Catalog/Pages 2 0 R>>", 2: "<</Type/Pages/Kids[]/Count 0>>", 6: "<</Title(Empty)>>"}
    path = tmp_path / "empty.pdf"
    path.write_bytes(build([empty], [None]))
    info = run_command([str(binary), "info", str(path), "--json"], timeout=60).json()
    assert info["repaired"] is False and info["warnings"] == [] and info["pageCount"] == 0, info
