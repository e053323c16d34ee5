"""Peer for the "fill" benchmark: pikepdf's form API fills every field and draws appearances.

    python3 fill_pikepdf.py IN.pdf VALUES.json OUT.pdf

VALUES.json maps field names to text or true (check the box). pikepdf.form.Form with its
DefaultAppearanceStreamGenerator draws each text field's appearance as its value is set;
checkboxes are switched to their on-state. Its normal save: the whole file rewritten (qpdf
has no incremental save).
"""

import json
import sys

import pikepdf
from pikepdf.form import CheckboxField, DefaultAppearanceStreamGenerator, Form, TextField

source, values_path, target = sys.argv[1:4]
values = json.loads(open(values_path, encoding="utf-8").read())
pdf = pikepdf.open(source)
form = Form(pdf, DefaultAppearanceStreamGenerator)
for name, field in form.items():
    if name not in values:
        continue
    if isinstance(field, TextField):
        field.value = values[name]
    elif isinstance(field, CheckboxField):
        field.checked = bool(values[name])
pdf.save(target)
