"""Peer for the "ink" benchmark: pikepdf adds the annotations of a JSON file and saves.

    python3 ink_pikepdf.py IN.pdf ANNOTATIONS.json OUT.pdf

pikepdf (qpdf) cannot write incremental updates, so this is its normal save: the whole file
rewritten, with qpdf's defaults (object streams kept as they were, streams compressed).
pikepdf makes no appearances: each annotation gets a form XObject stroking its points.
"""

import sys

import pikepdf
from pikepdf import Array, Dictionary, Name

import ink_spec

source, spec, target = sys.argv[1:4]
pdf = pikepdf.open(source)
for annotation in ink_spec.load(spec):
    page = pdf.pages[annotation["pageIndex"]].obj
    rect = ink_spec.rect(annotation)
    appearance = pikepdf.Stream(pdf, ink_spec.appearance_content(annotation))
    appearance.Type = Name.XObject
    appearance.Subtype = Name.Form
    appearance.BBox = Array(rect)
    appearance.Resources = Dictionary(ExtGState=Dictionary(GS0=Dictionary(
        Type=Name.ExtGState, CA=annotation["opacity"], ca=annotation["opacity"])))
    annot = pdf.make_indirect(Dictionary(
        Type=Name.Annot, Subtype=Name.Ink, Rect=Array(rect), F=4, P=page,
        InkList=Array([Array(stroke) for stroke in ink_spec.ink_list(annotation)]),
        C=Array(ink_spec.rgb(annotation["color"])), CA=annotation["opacity"],
        BS=Dictionary(W=annotation["width"], S=Name.S),
        AP=Dictionary(N=appearance)))
    if "/Annots" in page:
        page.Annots.append(annot)
    else:
        page.Annots = Array([annot])
pdf.save(target)
