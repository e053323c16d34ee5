"""Annotation kinds are named in one place: the vocabulary table
(Sources/MarginaliaCore/Annotations/AnnotationVocabulary.swift, docs/engine.md). Checked without
a build: no Swift or JavaScript source spells a PDF annotation subtype name (ISO 32000-2,
table 171) as a string literal, and no Swift source spells an annotation JSON `type` of a kind
Marginalia models (docs/annotations-json.md), except the table and the exceptions below, each
with why. The browser reads the names from the engine (Web/js/vocabulary.js)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from i18n_literals import ROOT, _literals, over_allowed, stale_allowances

TABLE = "Sources/MarginaliaCore/Annotations/AnnotationVocabulary.swift"

# ISO 32000-2, table 171 (with PDF 1.7's Movie and Sound, which 2.0 deprecates but files hold).
SUBTYPES = {
    "Text", "Link", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight", "Underline",
    "Squiggly", "StrikeOut", "Caret", "Stamp", "Ink", "Popup", "FileAttachment", "Sound", "Movie", "Screen",
    "Widget", "PrinterMark", "TrapNet", "Watermark", "3D", "Redact", "Projection", "RichMedia",
}
# docs/annotations-json.md: the `type`s Marginalia creates.
JSON_TYPES = {
    "ink", "square", "circle", "line", "polygon", "polyline", "freeText", "note", "stamp", "highlight",
    "underline", "strikeOut", "squiggly", "redact",
}

# (file, literal): how many times it may appear there, and why it is not a kind's name.
ALLOWED = {
    ("Sources/MarginaliaCore/Annotations/LineEnding.swift", "Square"): (1, "a line-ending style (/LE /Square, 12.5.6.7 table 179)"),
    ("Sources/MarginaliaCore/Annotations/LineEnding.swift", "Circle"): (1, "a line-ending style (/LE /Circle, 12.5.6.7 table 179)"),
    ("Sources/Marginalia/Annotations/PDFDocument+Annotations.swift", "Popup"): (1, "the /Popup key of a markup annotation, not its subtype"),
    ("Sources/Marginalia/Annotations/PDFDocument+Tagging.swift", "Link"): (1, "the structure type Link (14.8.4.7.2), not the subtype"),
    ("Sources/MarginaliaRender/ContentRenderer.swift", "Screen"): (1, "the blend mode /Screen (11.3.5)"),
    ("Sources/PDFCore/Signatures/PDFFile+SignatureVerification.swift", "Widget"):
        (1, "PDFCore lies below MarginaliaCore (DESIGN.md, Layers) and cannot read the table"),
    ("Sources/Marginalia/Forms/FormField+JSON.swift", "highlight"): (1, "the form field JSON's key `highlight`"),
    ("Sources/Marginalia/Exchange/XFDFSyntax.swift", "underline"): (1, "XFDF's border style `underline`"),
    ("Sources/MarginaliaCore/Annotations/AnnotationBorder.swift", "underline"):
        (1, "the annotation JSON's border style `underline` (/BS /S /U)"),
    ("Sources/MarginaliaCore/Bridge/EngineBridge+Signature.swift", "ink"): (1, "the request's pen preset `ink`"),
    ("Sources/MarginaliaCore/Bridge/EngineBridge+Styling.swift", "ink"): (1, "the note icon's outline colour `ink`"),
    ("Sources/MarginaliaCore/Bridge/EngineBridge+Brushes.swift", "square"): (1, "CSS's line cap `square`"),
    ("Sources/MarginaliaCore/Bridge/EngineBridge+TextBoxCaret.swift", "line"):
        (2, "the caret answer's key `line`: the index of a text box's line (docs/engine.md, textBoxCaret)"),
    ("Sources/MarginaliaCore/Commands/EditorCommand+JSON.swift", "ink"): (2, "a stroke command's pen preset `ink`"),
    ("Sources/MarginaliaServer/People/SavedSignature+JSON.swift", "ink"): (2, "a saved signature's drawing `type` (docs/api.md), not an annotation type"),
    ("Sources/MarginaliaCLI/CommandLineTool.swift", "redact"): (1, "the CLI command `redact`"),
    ("Sources/MarginaliaCLI/HelpText.swift", "redact"): (1, "the CLI command `redact`"),
}


def swift_literals(source: str):
    """The string literals of Swift source ("...", multi-line \"\"\"...\"\"\", and those inside
    interpolations), comments skipped."""
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif source[i] == '"':
            quote = '"""' if source.startswith('"""', i) else '"'
            j, text = i + len(quote), []
            while j < n and not source.startswith(quote, j):
                if source.startswith("\\(", j):
                    depth, k = 1, j + 2
                    while k < n and depth:
                        depth += {"(": 1, ")": -1}.get(source[k], 0)
                        k += 1
                    yield from swift_literals(source[j + 2:k - 1])
                    j = k
                elif source[j] == "\\":
                    text.append(source[j:j + 2])
                    j += 2
                else:
                    text.append(source[j])
                    j += 1
            yield "".join(text)
            i = j + len(quote)
        else:
            i += 1


@cache
def named_literals() -> Counter:
    """(file, literal) → count, for each literal that is a subtype name (Swift and JavaScript)
    or a JSON type (Swift), the table left out."""
    found: Counter = Counter()
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        rel = str(path.relative_to(ROOT))
        if rel == TABLE:
            continue
        for text in swift_literals(path.read_text(encoding="utf-8")):
            if text in SUBTYPES or text in JSON_TYPES:
                found[(rel, text)] += 1
    for path in sorted((ROOT / "Web" / "js").rglob("*.js")):
        rel = str(path.relative_to(ROOT))
        for _, text in _literals(path.read_text(encoding="utf-8")):
            if text in SUBTYPES:
                found[(rel, text)] += 1
    return found


def test_the_table_names_every_subtype_and_type():
    # The judge of the check below: were the scanner blind, the table would not be seen either.
    literals = set(swift_literals((ROOT / TABLE).read_text(encoding="utf-8")))
    assert SUBTYPES <= literals, f"the table lacks {sorted(SUBTYPES - literals)}"
    assert JSON_TYPES <= literals, f"the table lacks {sorted(JSON_TYPES - literals)}"


def test_no_source_names_a_kind_but_the_table():
    extra = over_allowed(named_literals(), ALLOWED)
    assert not extra, "kinds named outside the vocabulary table (use AnnotationSubtype / Web/js/vocabulary.js): " + extra


def test_every_exception_is_still_needed():
    stale = stale_allowances(named_literals(), ALLOWED)
    assert not stale, f"exceptions no source needs any more (remove them): {stale}"
