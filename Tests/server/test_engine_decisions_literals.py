"""Issue 28: what the engine decides, the browser asks it, never re-derives (docs/engine.md).
Checked without a build: the JavaScript that once held a copy of an engine decision does not
spell its values again. Each guard names the engine's answer the value now comes from; the
browser tests (Tests/e2e/test_engine_decides_styles.py, test_early_opening.py,
test_navigation_and_pages.py, test_certified_editor.py) show the UI following that answer."""

from __future__ import annotations

import re

import pytest

from i18n_literals import ROOT, _literals

COLOUR = re.compile(r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$")


# A comment, or a string literal (its quotes kept, its text dropped), in one left-to-right pass.
COMMENT_OR_STRING = re.compile(r"//[^\n]*|/\*.*?\*/|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`", re.S)


def code(path: str) -> str:
    """The file's code with its comments and string literals' contents left out, so a number
    is found only where the code computes with it."""
    source = (ROOT / path).read_text(encoding="utf-8")
    return COMMENT_OR_STRING.sub(lambda m: "" if m.group(0)[0] == "/" else m.group(0)[0] * 2, source)


def numbers(path: str) -> set[str]:
    return set(re.findall(r"(?<![\w.$])\d+(?:\.\d+)?(?![\w.])", code(path)))


def test_the_frame_swatch_names_no_colour():
    """tools/select.js: the image frame's swatch shows `imageLayout`'s `frameColor`, and every
    other swatch the annotation's colour or the vocabulary's default: no colour is spelt."""
    colours = [text for _, text in _literals((ROOT / "Web/js/tools/select.js").read_text(encoding="utf-8")) if COLOUR.match(text)]
    assert colours == [], f"colours written in select.js (ask the engine): {colours}"


TOOLS = {"select", "draw", "erase", "text", "shape", "image", "note", "form", "highlight", "redact"}


def test_certification_names_no_tool():
    """certification.js: which change each tool makes is the engine's (`toolChanges`,
    EditorTool.certifiedChange), not a table of tool names of its own."""
    tools = [text for _, text in _literals((ROOT / "Web/js/certification.js").read_text(encoding="utf-8")) if text in TOOLS]
    assert tools == [], f"tools named in certification.js (ask the engine): {tools}"
    assert not re.search(r"\b(?:draw|erase|shape|highlight|redact)\s*:", code("Web/js/certification.js")), "a table keyed by tool names"


@pytest.mark.parametrize("path, copied", [
    # The engine's `openingPlace`: Viewport.pageGap (12) and Viewport.automaticZoomLimit (1.25).
    ("Web/js/earlypage.js", {"12", "1.25"}),
    # The engine's `blankPage`: EditorCommand.blankPageSize, US Letter (612 x 792).
    ("Web/js/editor.js", {"612", "792"}),
])
def test_no_engine_number_is_written_again(path, copied):
    assert not numbers(path) & copied, f"{path} computes with the engine's {sorted(numbers(path) & copied)}: ask the engine"


def test_the_scanner_sees_numbers_outside_comments_and_strings():
    # The judge of the checks above: were the scanner blind, they would pass on anything.
    found = numbers("Web/js/earlypage.js")
    assert "2000" in found, found  # EDITOR_WAIT_LIMIT_MS, code of the file's own
    assert "36" not in found, "the issue number of a comment is not code"
