"""Peer for the "ink" benchmark: PyMuPDF adds the annotations of a JSON file and saves.

    python3 ink_pymupdf.py IN.pdf ANNOTATIONS.json OUT.pdf

PyMuPDF saves incrementally only into the file it opened, so the input is copied to OUT and
OUT is updated with saveIncr(): the same work as `marginalia annotate IN -o OUT`, which copies
the original bytes and appends an update. The appearance comes from PyMuPDF's update().
"""

import shutil
import sys

# PyMuPDF 2 imports its optional add-ons (pymupdf_layout, which loads ONNX models, and
# pymupdf4llm) whenever they are installed, which costs about 0.8 s before any PDF work. They
# play no part in annotating, and a plain PyMuPDF install has neither: make them absent.
sys.modules["pymupdf.layout"] = None
sys.modules["pymupdf4llm"] = None
import pymupdf  # noqa: E402

import ink_spec  # noqa: E402

source, spec, target = sys.argv[1:4]
shutil.copyfile(source, target)
doc = pymupdf.open(target)
for annotation in ink_spec.load(spec):
    page = doc[annotation["pageIndex"]]
    # PyMuPDF takes top-left coordinates; these pages have no /Rotate and a media box at the
    # origin, so y' = height - y converts from page space.
    height = page.rect.height
    strokes = [[(x, height - y) for x, y in path] for path in annotation["paths"]]
    annot = page.add_ink_annot(strokes)
    annot.set_colors(stroke=ink_spec.rgb(annotation["color"]))
    annot.set_opacity(annotation["opacity"])
    annot.set_border(width=annotation["width"])
    annot.update()
doc.saveIncr()
doc.close()
