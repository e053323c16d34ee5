#!/usr/bin/env bash
# Regenerates the encrypted fixtures: a small two-page PDF (reportlab) encrypted by qpdf
# with each standard security handler revision. User password "user", owner "owner"
# (empty user password for the -empty variant).
set -euo pipefail
cd "$(dirname "$0")"
python3 - <<'PY'
from reportlab.pdfgen import canvas
c = canvas.Canvas("plain.pdf", pagesize=(300, 200))
c.setTitle("Encrypted fixture")
c.setAuthor("Marginalia tests")
for i in range(2):
    c.drawString(20, 100, f"Secret page {i + 1}")
    c.showPage()
c.save()
PY
qpdf --allow-weak-crypto --encrypt user owner 40 -- plain.pdf r2-rc4-40.pdf
qpdf --allow-weak-crypto --encrypt user owner 128 --use-aes=n -- plain.pdf r3-rc4-128.pdf
qpdf --allow-weak-crypto --encrypt user owner 128 --use-aes=n --force-V4 -- plain.pdf r4-rc4-128.pdf
qpdf --encrypt user owner 128 --use-aes=y -- plain.pdf r4-aes-128.pdf
qpdf --encrypt user owner 256 --force-R5 -- plain.pdf r5-aes-256.pdf
qpdf --encrypt user owner 256 -- plain.pdf r6-aes-256.pdf
qpdf --encrypt "" owner 256 -- plain.pdf r6-aes-256-empty.pdf
qpdf --object-streams=generate --encrypt user owner 128 --use-aes=y -- plain.pdf r4-aes-128-objstm.pdf
rm plain.pdf
