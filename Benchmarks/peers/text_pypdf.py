"""Peer for the "text" workload: every page's text with pypdf, written to stdout."""

import logging
import sys

from pypdf import PdfReader

logging.disable(logging.CRITICAL)
out = sys.stdout
for path in sys.argv[1:]:
    try:
        reader = PdfReader(path)
        for page in reader.pages:
            out.write(page.extract_text() or "")
            out.write("\f")
    except Exception:  # noqa: BLE001 - a damaged or encrypted file is skipped, as by the others
        pass
