"""Peer for the "fill" benchmark: pypdf fills every field and draws text appearances.

    python3 fill_pypdf.py IN.pdf VALUES.json OUT.pdf

VALUES.json maps field names to text or true (check the box). `update_page_form_field_values`
with `auto_regenerate=False` draws the text fields' appearance streams (rather than asking
viewers to with /NeedAppearances) and sets the checkboxes' /V and /AS. Saved as an
incremental update (`PdfWriter(IN, incremental=True)`), pypdf's way of keeping the original
bytes.
"""

import json
import sys

from pypdf import PdfWriter

source, values_path, target = sys.argv[1:4]
values = json.loads(open(values_path, encoding="utf-8").read())
writer = PdfWriter(source, incremental=True)
fields = {name: ("/Yes" if value is True else value) for name, value in values.items()}
for page in writer.pages:
    writer.update_page_form_field_values(page, fields, auto_regenerate=False)
with open(target, "wb") as out:
    writer.write(out)
