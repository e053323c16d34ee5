"""Comment threads written by `marginalia annotate`, judged by other engines: PyMuPDF follows each
reply's /IRT to its parent (`irt_xref`) and reads the author, text and review state; pypdf sees
/IRT as a reference, /RT /R and /State with /StateModel /Review; qpdf finds nothing wrong; the
thread survives an XFDF export and import (`inreplyto`, `state`, `statemodel`)."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pypdf
import pytest

from annotation_fixtures import SAMPLE
from oracle_helpers import qpdf_check, run_command

# Listed replies first: `annotate` must add each parent before what replies to it.
THREAD = [
    {"type": "note", "id": "r2", "pageIndex": 0, "rect": [420, 640, 440, 660], "inReplyTo": "r1", "author": "Ada",
     "contents": "Because the table moved."},
    {"type": "note", "id": "r1", "pageIndex": 0, "rect": [420, 640, 440, 660], "inReplyTo": "sq", "author": "Grace",
     "contents": "Why is this here?"},
    {"type": "square", "id": "sq", "pageIndex": 0, "rect": [300, 600, 420, 660], "author": "Ada", "color": "#0000FF",
     "contents": "Check the figures"},
    {"type": "note", "id": "s1", "pageIndex": 0, "rect": [420, 640, 440, 660], "inReplyTo": "sq", "author": "Grace",
     "state": "Accepted", "stateModel": "Review", "flags": ["hidden", "print"], "contents": "Accepted set by Grace"},
    {"type": "note", "id": "s2", "pageIndex": 0, "rect": [420, 640, 440, 660], "inReplyTo": "sq", "author": "Ada",
     "state": "Completed", "flags": ["hidden", "print"], "contents": "Completed set by Ada"},
]


@pytest.fixture(scope="module")
def threaded(binary, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("threads")
    source = folder / "thread.json"
    source.write_text(json.dumps({"annotations": THREAD}))
    out = folder / "threaded.pdf"
    result = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(source), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    return out


def by_name(page) -> dict:
    """The page's annotations by /NM (keep `page` alive: PyMuPDF unbinds them when it goes)."""
    return {annot.info["id"]: annot for annot in page.annots()}


def test_qpdf_finds_nothing_wrong(threaded):
    check = qpdf_check(threaded, None)
    assert check.returncode == 0, check


def test_pymupdf_follows_the_reply_chain_and_reads_states(threaded):
    document = pymupdf.open(threaded)
    page = document[0]
    annots = by_name(page)
    assert {"sq", "r1", "r2", "s1", "s2"} <= set(annots)
    assert annots["sq"].irt_xref == 0
    assert annots["r1"].irt_xref == annots["sq"].xref
    assert annots["r2"].irt_xref == annots["r1"].xref
    assert annots["r1"].info["title"] == "Grace" and annots["r1"].info["content"] == "Why is this here?"
    assert annots["r2"].type[1] == "Text"
    for name, author, state in (("s1", "Grace", "Accepted"), ("s2", "Ada", "Completed")):
        annot = annots[name]
        assert annot.irt_xref == annots["sq"].xref
        assert annot.info["title"] == author
        assert document.xref_get_key(annot.xref, "State") == ("string", state)
        assert document.xref_get_key(annot.xref, "StateModel") == ("string", "Review")
        assert annot.flags & pymupdf.PDF_ANNOT_IS_HIDDEN
    assert document.xref_get_key(annots["r1"].xref, "RT") == ("name", "/R")


def test_pypdf_reads_irt_as_a_reference(threaded):
    page = pypdf.PdfReader(threaded).pages[0]
    annots = {}
    for ref in page["/Annots"]:
        annots[str(ref.get_object().get("/NM"))] = ref
    reply = annots["r1"].get_object()
    assert reply.raw_get("/IRT").idnum == annots["sq"].idnum
    assert reply["/RT"] == "/R" and reply["/Subtype"] == "/Text"
    state = annots["s1"].get_object()
    assert state["/State"] == "Accepted" and state["/StateModel"] == "Review" and state["/T"] == "Grace"
    assert state.raw_get("/IRT").idnum == annots["sq"].idnum


def test_xfdf_export_and_import_keep_the_thread(binary, threaded, tmp_path):
    xfdf = tmp_path / "thread.xfdf"
    exported = run_command([str(binary), "export", str(threaded), "--format", "xfdf", "-o", str(xfdf)], 60)
    assert exported.returncode == 0, exported.describe()
    text = xfdf.read_text()
    assert 'inreplyto="sq"' in text and 'inreplyto="r1"' in text
    assert 'state="Accepted" statemodel="Review"' in text
    again = tmp_path / "again.pdf"
    imported = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(xfdf), "-o", str(again)], 60)
    assert imported.returncode == 0, imported.describe()
    document = pymupdf.open(again)
    page = document[0]
    annots = by_name(page)
    assert annots["r2"].irt_xref == annots["r1"].xref and annots["r1"].irt_xref == annots["sq"].xref
    assert document.xref_get_key(annots["s2"].xref, "State") == ("string", "Completed")
    assert annots["r2"].info["content"] == "Because the table moved." and annots["r2"].info["title"] == "Ada"
