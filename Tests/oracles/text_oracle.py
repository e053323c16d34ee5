"""Text extraction judged by PyMuPDF and pdftotext: bags of words, F1 scores and word boxes.

Used by test_text.py; also runnable as a script to print every corpus file's scores
(`python3 Tests/oracles/text_oracle.py [FILE...]`, with MARGINALIA_BIN set).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pymupdf

pymupdf.TOOLS.mupdf_display_errors(False)


_DROPPED = {c: None for c in [0x00AD, 0xFFFD, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]}


def normalised_words(text: str) -> list[str]:
    """Words of `text` split at whitespace, compatibility-normalised (ligatures as letters),
    soft hyphens, bidirectional controls (pdftotext writes embeddings around right-to-left
    runs) and the replacement character dropped."""
    words = []
    for word in unicodedata.normalize("NFKC", text).split():
        word = word.translate(_DROPPED)
        if word:
            words.append(word)
    return words


def f1(ours: list[str], theirs: list[str]) -> float:
    """The F1 score of two bags of words (1.0 when both are empty)."""
    if not ours and not theirs:
        return 1.0
    common = sum((Counter(ours) & Counter(theirs)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(ours), common / len(theirs)
    return 2 * precision * recall / (precision + recall)


def pymupdf_words(path: Path, password: str | None):
    """Per page: PyMuPDF's words as (text, (x0, y0, x1, y1) in PDF page space)."""
    document = pymupdf.open(path)
    if document.needs_pass:
        document.authenticate(password or "")
    pages = []
    for page in document:
        inverse = ~page.transformation_matrix
        words = []
        for x0, y0, x1, y1, text, *_ in page.get_text("words"):
            rect = pymupdf.Rect(x0, y0, x1, y1) * inverse
            words.append((text, (rect.x0, rect.y0, rect.x1, rect.y1)))
        pages.append((page.rotation, words))
    return pages


def pdftotext_words(path: Path, password: str | None) -> list[str]:
    args = ["pdftotext", "-q", "-enc", "UTF-8"]
    if password:
        args += ["-opw", password, "-upw", password]
    args += [str(path), "-"]
    done = subprocess.run(args, capture_output=True, timeout=120)
    return normalised_words(done.stdout.decode("utf-8", errors="replace"))


def marginalia_pages(binary: Path, path: Path, password: str | None) -> list[dict]:
    args = [str(binary), "text", str(path), "--json"]
    if password:
        args += ["--password", password]
    done = subprocess.run(args, capture_output=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"marginalia text exited {done.returncode}: {done.stderr.decode(errors='replace')[:300]}")
    return json.loads(done.stdout)["pages"]


def words_of(page: dict) -> list[dict]:
    return [word for block in page["blocks"] for line in block["lines"] for word in line["words"]]


def quad_box(quad: list[float]) -> tuple[float, float, float, float]:
    xs, ys = quad[0::2], quad[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def box_agreement(ours: list[dict], theirs: list[tuple[str, tuple]], tolerance: float = 1.0):
    """Pairs each of our words with the same word of the other engine that overlaps it (the
    nearest, when several do), and returns how many pairs there were and the pairs whose
    boxes differ by more than `tolerance` points."""
    pool: dict[str, list[tuple]] = {}
    for text, box in theirs:
        pool.setdefault(unicodedata.normalize("NFKC", text), []).append(box)
    paired, differing = 0, []
    for word in ours:
        text = unicodedata.normalize("NFKC", word["text"])
        candidates = pool.get(text)
        if not candidates:
            continue
        box = quad_box(word["quad"])
        # The same word where both engines see it: a twin elsewhere on the page, or a word
        # the other engine cut differently, is no pair (the F1 scores measure those).
        overlapping = [b for b in candidates if b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]]
        if not overlapping:
            continue
        best = min(overlapping, key=lambda b: max(abs(b[i] - box[i]) for i in range(4)))
        candidates.remove(best)
        paired += 1
        error = max(abs(best[i] - box[i]) for i in range(4))
        if error > tolerance:
            differing.append((text, box, best, error))
    return paired, differing


def main(paths: list[str]) -> None:
    binary = Path(os.environ.get("MARGINALIA_BIN", ".build/debug/marginalia"))
    for name in paths:
        path = Path(name)
        try:
            ours_pages = marginalia_pages(binary, path, None)
        except Exception as error:  # noqa: BLE001 - a report, not a test
            print(f"{path.name}: marginalia failed: {error}")
            continue
        ours = [w for page in ours_pages for w in normalised_words(" ".join(x["text"] for x in words_of(page)))]
        mupdf_pages = pymupdf_words(path, None)
        mupdf = [w for _, words in mupdf_pages for text, _ in words for w in normalised_words(text)]
        poppler = pdftotext_words(path, None)
        paired = differing = 0
        for page, (rotation, words) in zip(ours_pages, mupdf_pages):
            if rotation == 0:
                count, bad = box_agreement(words_of(page), words)
                paired += count
                differing += len(bad)
        print(f"{path.name}: words {len(ours)} mupdf {len(mupdf)} poppler {len(poppler)} "
              f"F1 mupdf {f1(ours, mupdf):.3f} poppler {f1(ours, poppler):.3f} boxes {paired - differing}/{paired}")


if __name__ == "__main__":
    main(sys.argv[1:])
