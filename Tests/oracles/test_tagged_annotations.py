"""Annotations in tagged and archival documents (issue 33 item 4, docs/accessibility.md): an
annotation written into a tagged PDF gets an `Annot` structure element whose content is the
annotation and whose /Alt is its description (/Contents; a changed description changes it: TaggedAnnotationTests), reached from the annotation's
/StructParent through the parent tree; removing the annotation removes both; a document that
claims PDF/A keeps its claim, its OutputIntent and its tree. pikepdf (qpdf) is the judge.
"""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest

from oracle_helpers import run_command

#: A PDF/UA reference file (tagged, PDF/A-2u, XMP, an OutputIntent), written by others.
TAGGED = "cwlpdf-pdfua-ref-2-03-academicabstract.pdf"

ADDED = [
    {"type": "stamp", "pageIndex": 0, "rect": [100, 100, 250, 160], "name": "Approved",
     "contents": "Approved by the finance office"},
    {"type": "ink", "pageIndex": 0, "paths": [[[300, 300], [320, 340], [360, 310]]], "color": "#FF0000",
     "contents": "A red tick beside the abstract"},
    {"type": "square", "pageIndex": 0, "rect": [60, 400, 200, 460]},
]


def source(request) -> Path:
    path = request.config.marginalia_corpus / TAGGED
    assert path.is_file(), f"{path} is missing from the corpus"
    return path


def annotate(binary: Path, pdf: Path, out: Path, annotations: list[dict]) -> Path:
    spec = out.with_suffix(".json")
    spec.write_text(json.dumps({"annotations": annotations}), encoding="utf-8")
    result = run_command([str(binary), "annotate", str(pdf), "--from", str(spec), "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    return out


def ours(document: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """The annotations the test added (the file's own are links)."""
    return [a for a in document.pages[0].get("/Annots", []) if a.Subtype != "/Link"]


def element_of(document: pikepdf.Pdf, annotation: pikepdf.Dictionary) -> pikepdf.Dictionary:
    tree = pikepdf.NumberTree(document.Root.StructTreeRoot.ParentTree)
    assert "/StructParent" in annotation, f"{annotation.Subtype} has no /StructParent"
    return tree[int(annotation.StructParent)]


def test_an_added_annotation_gets_its_structure_element_with_its_description(request, binary, tmp_path):
    before = pikepdf.open(source(request))
    keys_before = set(pikepdf.NumberTree(before.Root.StructTreeRoot.ParentTree).keys())
    document = pikepdf.open(annotate(binary, source(request), tmp_path / "tagged.pdf", ADDED))
    added = ours(document)
    assert [str(a.Subtype) for a in added] == ["/Stamp", "/Ink", "/Square"]
    keys = [int(a.StructParent) for a in added]
    assert len(set(keys)) == 3 and not set(keys) & keys_before, (keys, keys_before)
    assert int(document.Root.StructTreeRoot.ParentTreeNextKey) > max(keys)
    top = document.Root.StructTreeRoot.K
    for annotation, spec in zip(added, ADDED):
        element = element_of(document, annotation)
        assert element.Type == "/StructElem" and element.S == "/Annot"
        assert element.K.Type == "/OBJR" and element.K.Obj.objgen == annotation.objgen
        assert element.K.Pg.objgen == document.pages[0].objgen
        assert element.P.objgen == top.objgen, "the element sits under the document's top element"
        assert any(kid.objgen == element.objgen for kid in top.K if isinstance(kid, pikepdf.Dictionary))
        if "contents" in spec:
            assert str(element.Alt) == spec["contents"]
        else:
            assert "/Alt" not in element


def test_a_removed_annotation_leaves_the_tree(request, binary, tmp_path):
    tagged = annotate(binary, source(request), tmp_path / "tagged.pdf", ADDED[:2])
    listed = json.loads(run_command([str(binary), "annotations", str(tagged), "--json"], 60).stdout)["annotations"]
    ink = next(a for a in listed if a["type"] == "ink")
    before = pikepdf.open(tagged)
    ink_annotation = next(a for a in ours(before) if a.Subtype == "/Ink")
    ink_key, ink_element = int(ink_annotation.StructParent), element_of(before, ink_annotation).objgen
    removed = tmp_path / "removed.pdf"
    result = run_command([str(binary), "remove-annotations", str(tagged), "--ids", ink["id"], "-o", str(removed)], 60)
    assert result.returncode == 0, result.describe()
    document = pikepdf.open(removed)
    assert ink_key not in set(pikepdf.NumberTree(document.Root.StructTreeRoot.ParentTree).keys())
    kids = [kid.objgen for kid in document.Root.StructTreeRoot.K.K if isinstance(kid, pikepdf.Dictionary)]
    assert ink_element not in kids
    assert [str(a.Subtype) for a in ours(document)] == ["/Stamp"]
    stamp = ours(document)[0]
    assert str(element_of(document, stamp).Alt) == ADDED[0]["contents"]


def test_an_untagged_document_stays_untagged(binary, tmp_path):
    blank = tmp_path / "blank.pdf"
    with pikepdf.new() as document:
        document.add_blank_page()
        document.save(blank)
    document = pikepdf.open(annotate(binary, blank, tmp_path / "out.pdf", ADDED[:1]))
    assert "/StructTreeRoot" not in document.Root
    assert "/StructParent" not in document.pages[0].Annots[0]


def test_a_pdf_a_document_keeps_its_claim_and_output_intent(request, binary, tmp_path):
    before = pikepdf.open(source(request))
    claim = before.open_metadata()
    assert (claim.get("pdfaid:part"), claim.get("pdfaid:conformance")) == ("2", "U")
    document = pikepdf.open(annotate(binary, source(request), tmp_path / "tagged.pdf", ADDED))
    metadata = document.open_metadata()
    assert (metadata.get("pdfaid:part"), metadata.get("pdfaid:conformance")) == ("2", "U")
    assert len(document.Root.OutputIntents) == len(before.Root.OutputIntents)
    assert document.Root.OutputIntents[0].S == before.Root.OutputIntents[0].S
    assert document.Root.MarkInfo.Marked


def annotation_fonts(document: pikepdf.Pdf) -> list[tuple[str, bool]]:
    """Each font the appearances of the test's annotations use, and whether it is embedded
    (its descriptor, or its descendant's, holds a font program)."""
    found = []
    for annotation in ours(document):
        resources = annotation.AP.N.get("/Resources", pikepdf.Dictionary())
        for name, font in resources.get("/Font", pikepdf.Dictionary()).items():
            described = font.DescendantFonts[0] if font.Subtype == "/Type0" else font
            descriptor = described.get("/FontDescriptor")
            embedded = descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append((f"{annotation.Subtype}{name}", embedded))
    return found


TEXTUAL = [
    {"type": "freeText", "pageIndex": 0, "rect": [100, 500, 300, 560], "text": "Checked against the ledger",
     "fontSize": 12},
    {"type": "stamp", "pageIndex": 0, "rect": [100, 100, 250, 160], "name": "Approved"},
    {"type": "highlight", "pageIndex": 0, "quads": [[60, 700, 200, 700, 60, 690, 200, 690]], "color": "#FFFF00"},
]


def test_appearances_in_a_pdf_a_document_draw_only_embedded_fonts_and_print(request, binary, tmp_path):
    # Asked for hidden and not printed: PDF/A wants every annotation printed and shown.
    asked = [dict(TEXTUAL[0], flags=["hidden"])] + TEXTUAL[1:]
    document = pikepdf.open(annotate(binary, source(request), tmp_path / "archival.pdf", asked))
    fonts = annotation_fonts(document)
    assert {name.split("/")[1] for name, _ in fonts} == {"FreeText", "Stamp"}, fonts
    assert all(embedded for _, embedded in fonts), fonts
    for annotation in ours(document):
        assert int(annotation.F) & 4, f"{annotation.Subtype} is not printed"
        assert not int(annotation.F) & (1 | 2 | 32 | 256)


def test_outside_pdf_a_text_keeps_the_standard_fonts(binary, tmp_path):
    """The control: without a claim the same annotations draw in Helvetica, not embedded."""
    blank = tmp_path / "blank.pdf"
    with pikepdf.new() as document:
        document.add_blank_page(page_size=(612, 792))
        document.save(blank)
    fonts = annotation_fonts(pikepdf.open(annotate(binary, blank, tmp_path / "out.pdf", TEXTUAL)))
    assert fonts and not any(embedded for _, embedded in fonts), fonts


def pdf_a_1(tmp_path: Path) -> Path:
    path = tmp_path / "a1b.pdf"
    with pikepdf.new() as document:
        document.add_blank_page(page_size=(612, 792))
        with document.open_metadata(set_pikepdf_as_editor=False) as metadata:
            metadata["pdfaid:part"] = "1"
            metadata["pdfaid:conformance"] = "B"
        document.save(path)
    return path


@pytest.mark.parametrize("annotation, reason", [
    (TEXTUAL[2], "blend modes other than Normal"),
    ({"type": "square", "pageIndex": 0, "rect": [60, 400, 200, 460], "opacity": 0.5}, "forbids transparency"),
])
def test_pdf_a_1_refuses_transparency_and_writes_nothing(binary, tmp_path, annotation, reason):
    out = tmp_path / "out.pdf"
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"annotations": [annotation]}), encoding="utf-8")
    result = run_command([str(binary), "annotate", str(pdf_a_1(tmp_path)), "--from", str(spec), "-o", str(out)], 60)
    assert result.returncode != 0 and "PDF/A-1b" in result.stderr and reason in result.stderr, result.describe()
    assert not out.exists()


def test_pdf_a_1_takes_what_it_allows(binary, tmp_path):
    allowed = [{"type": "square", "pageIndex": 0, "rect": [60, 400, 200, 460]}, TEXTUAL[0], TEXTUAL[1]]
    document = pikepdf.open(annotate(binary, pdf_a_1(tmp_path), tmp_path / "out.pdf", allowed))
    assert len(ours(document)) == 3
    assert all(embedded for _, embedded in annotation_fonts(document))
    assert all("/CA" not in annotation for annotation in ours(document))
    assert document.open_metadata().get("pdfaid:part") == "1"
