"""Peer for the "ink" benchmark: pypdf adds the annotations of a JSON file and saves.

    python3 ink_pypdf.py IN.pdf ANNOTATIONS.json OUT.pdf

pypdf writes an incremental update (PdfWriter(..., incremental=True)). It has no Ink
annotation class, so the dictionary is built from generic objects and added with
PdfWriter.add_annotation; the appearance is a form XObject stroking the points, compressed.
"""

import sys

from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           NameObject, NumberObject)

import ink_spec


def numbers(values):
    return ArrayObject(FloatObject(v) for v in values)


source, spec, target = sys.argv[1:4]
writer = PdfWriter(source, incremental=True)
for annotation in ink_spec.load(spec):
    rect = numbers(ink_spec.rect(annotation))
    opacity = FloatObject(annotation["opacity"])
    appearance = DecodedStreamObject()
    appearance.set_data(ink_spec.appearance_content(annotation))
    appearance.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): rect,
        NameObject("/Resources"): DictionaryObject({
            NameObject("/ExtGState"): DictionaryObject({
                NameObject("/GS0"): DictionaryObject({
                    NameObject("/Type"): NameObject("/ExtGState"),
                    NameObject("/CA"): opacity, NameObject("/ca"): opacity})})}),
    })
    # A stream must be an indirect object; pypdf's add_annotation uses the same call.
    appearance_ref = writer._add_object(appearance.flate_encode())
    writer.add_annotation(annotation["pageIndex"], DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"),
        NameObject("/Subtype"): NameObject("/Ink"),
        NameObject("/Rect"): rect,
        NameObject("/F"): NumberObject(4),
        NameObject("/InkList"): ArrayObject(numbers(s) for s in ink_spec.ink_list(annotation)),
        NameObject("/C"): numbers(ink_spec.rgb(annotation["color"])),
        NameObject("/CA"): opacity,
        NameObject("/BS"): DictionaryObject({NameObject("/W"): FloatObject(annotation["width"]),
                                             NameObject("/S"): NameObject("/S")}),
        NameObject("/AP"): DictionaryObject({NameObject("/N"): appearance_ref}),
    }))
writer.write(target)
