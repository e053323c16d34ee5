"""Peer for the "flatten" benchmark: pikepdf draws every annotation into its page and saves.

    python3 flatten_pikepdf.py IN.pdf OUT.pdf

Its normal save: the whole file rewritten (qpdf has no incremental save).
"""

import sys

import pikepdf

source, target = sys.argv[1:3]
pdf = pikepdf.open(source)
pdf.flatten_annotations(mode="all")
pdf.save(target)
