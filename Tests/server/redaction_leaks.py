"""Where a word may still hide in what a store keeps, for the redaction tests (issue 32, item
3): raw bytes (case folded, also as UTF-16 and as the hexadecimal of a dump's bytea), the
inflated content of every Flate stream in them, the terms of an SQLite FTS5 index, and a
PostgreSQL schema dumped with pg_dump; and the documents and marks the tests make, judged by
PyMuPDF and pdftotext. A module of its own so that the server test and the browser test share
it."""

from __future__ import annotations

import io
import re
import shutil
import sqlite3
import subprocess
import tempfile
import zlib
from pathlib import Path

import pymupdf
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

STREAM = re.compile(rb"stream\r?\n")
HEX_BYTEA = re.compile(rb"\\\\?x([0-9a-f]{16,})")


def inflated(data: bytes) -> list[bytes]:
    """What every zlib stream that begins after a `stream` keyword inflates to (any object of
    any PDF in `data`, whole file or chunk)."""
    found = []
    for match in STREAM.finditer(data):
        try:
            found.append(zlib.decompressobj().decompress(data[match.end():match.end() + 50_000_000]))
        except zlib.error:
            continue
    return found


def holds(data: bytes, word: str) -> bool:
    """Whether `word` is in `data` in any of the forms above (case folded)."""
    forms = [word.lower().encode(), word.lower().encode("utf-16-be"), word.lower().encode().hex().encode()]
    texts = [data] + inflated(data)
    for hexed in HEX_BYTEA.findall(data):
        try:
            decoded = bytes.fromhex(hexed.decode())
        except ValueError:
            continue
        texts += [decoded] + inflated(decoded)
    return any(form in text.lower() for text in texts for form in forms)


def fts_terms(index: Path) -> set[str]:
    """The terms an FTS5 index holds (`fts5vocab` over a copy, so the server's file is not
    touched), which prefix compression can hide from a byte search."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "index.sqlite"
        shutil.copy(index, copy)
        for suffix in ("-wal", "-shm"):
            if Path(str(index) + suffix).exists():
                shutil.copy(str(index) + suffix, str(copy) + suffix)
        connection = sqlite3.connect(copy)
        try:
            connection.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, text_entries, row)")
            return {row[0] for row in connection.execute("SELECT term FROM temp.terms")}
        finally:
            connection.close()


def folder_leaks(folder: Path, word: str) -> list[str]:
    """The files under `folder` that hold `word`, and the FTS5 terms that are `word`."""
    leaks = [str(path) for path in sorted(folder.rglob("*")) if path.is_file() and holds(path.read_bytes(), word)]
    for index in folder.rglob("text-index.sqlite"):
        if word.lower() in fts_terms(index):
            leaks.append(f"{index}: the FTS5 term {word.lower()}")
    return leaks


def postgres_dump(cluster, database: str, schema: str | None) -> bytes:
    """The schema's tables and the database's large objects, as pg_dump writes them."""
    command = [str(cluster.bin / "pg_dump"), "-h", str(cluster.root), "-p", str(cluster.port), "-U", "marginalia",
               "-b", database]
    if schema:
        command[-1:-1] = ["-n", schema]
    done = subprocess.run(command, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def text_pdf(lines: list[str]) -> bytes:
    """A one-page PDF whose content is not compressed, so the words are in its bytes as they are."""
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=letter, pageCompression=0)
    for number, line in enumerate(lines):
        page.drawString(72, 700 - 24 * number, line)
    page.showPage()
    page.save()
    return out.getvalue()


def word_quads(pdf: bytes, word: str) -> dict[int, list[list[float]]]:
    """Each page's quads of `word`, found by PyMuPDF, in page space (/QuadPoints order)."""
    found = {}
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for page in document:
            height = page.mediabox.height
            quads = [[q.ul.x, height - q.ul.y, q.ur.x, height - q.ur.y, q.ll.x, height - q.ll.y, q.lr.x, height - q.lr.y]
                     for q in page.search_for(word, quads=True)]
            if quads:
                found[page.number] = quads
    return found


def redaction_marks(quads: dict[int, list[list[float]]]) -> list[dict]:
    """Redaction marks (annotation JSON) over `quads`, one per quadrilateral."""
    return [{"type": "redact", "pageIndex": page, "quads": [quad], "color": "#C62828", "fill": "#000000"}
            for page, listed in quads.items() for quad in listed]


def extracted(pdf: bytes, folder: Path) -> tuple[str, str]:
    """The text PyMuPDF and pdftotext read in `pdf`."""
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        mupdf = "\n".join(page.get_text() for page in document)
    path = folder / "extracted.pdf"
    path.write_bytes(pdf)
    poppler = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return mupdf, poppler
