"""Peer for the "text" workload: every page's text with PyMuPDF, written to stdout."""

import sys

import pymupdf  # noqa: E402

pymupdf.TOOLS.mupdf_display_errors(False)
out = sys.stdout
for path in sys.argv[1:]:
    try:
        document = pymupdf.open(path)
        for page in document:
            out.write(page.get_text())
            out.write("\f")
    except Exception:  # noqa: BLE001 - a damaged or encrypted file is skipped, as by the others
        pass
