"""Peer for the "fill" benchmark: PyMuPDF fills every widget and redraws it.

    python3 fill_pymupdf.py IN.pdf VALUES.json OUT.pdf

VALUES.json maps field names to text or true (check the box). Each widget gets its value and
`update()` draws its appearance stream. Saved as PyMuPDF saves edits to an existing file: the
input copied to OUT, then an incremental save (`saveIncr()`).
"""

import json
import shutil
import sys

import pymupdf

source, values_path, target = sys.argv[1:4]
values = json.loads(open(values_path, encoding="utf-8").read())
shutil.copyfile(source, target)
doc = pymupdf.open(target)
for page in doc:
    for widget in page.widgets():
        value = values.get(widget.field_name)
        if value is None:
            continue
        if widget.field_type == pymupdf.PDF_WIDGET_TYPE_CHECKBOX:
            widget.field_value = widget.on_state() if value is True else "Off"
        else:
            widget.field_value = value
        widget.update()
doc.saveIncr()
