"""What the engine decides, the browser asks it (issue 28): checked without a build, the browser's
JavaScript spells none of the values it now reads from the engine (docs/engine.md, the
`annotationVocabulary` and `stampLabel` rows): the Review model's state names (the review panel
reads `reviewStates`), a new annotation's colours in the modules that make one or keep the
tools' settings (the vocabulary's `defaultColor`, `defaultFill`, `defaultTextColor`), the
stamp title's font (`stampLabel`'s `face`) and the Text tool's fonts (`textToolFont`). The exceptions below say why each is not one."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from i18n_literals import ROOT, _literals, over_allowed, stale_allowances

REVIEW_STATES = {"Accepted", "Rejected", "Cancelled", "Completed", "None"}
COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})")
# The modules that make a new annotation from the tools' settings, keep those settings or offer
# their colours (the palette, the text and note editors).
MAKERS = {"Web/js/settings.js", "Web/js/tools/highlight.js", "Web/js/tools/redact.js", "Web/js/tools/text.js",
          "Web/js/review.js", "Web/js/overlay.js", "Web/js/tools/select.js", "Web/js/popover.js",
          "Web/js/tools/textbox.js", "Web/js/tools/note.js"}
# The palette's swatches but its yellow (the engine's highlight colour): colours offered to
# choose, none of them a default. Black once: the custom colour well's is ink's, the engine's.
PALETTE = ["#000000", "#5F6368", "#D32F2F", "#F57C00", "#FFFF00", "#388E3C", "#0000FF", "#1E88E5", "#8E24AA", "#FFFFFF"]
FONTS = {"Helvetica-Bold"}
# The Text tool's fonts, regular and bold, are the engine's (`textToolFont`,
# TextToolSettings.font(bold:)); "Helvetica" elsewhere is a family or a fallback of its own.
TEXT_TOOL = "Web/js/tools/text.js"

# (file, literal): how many times it may appear there, and why.
ALLOWED = {
    ("Web/js/settings.js", "#FFE600"): (1, "the highlight colour older builds stored unchosen, recognised to be dropped (not used)"),
    ("Web/js/tools/note.js", "#111"): (1, "the note editor's text colour: chrome, a note writes no text colour (docs/engine.md)"),
    ("Web/js/tools/note.js", "#FFF8D6"): (1, "the note editor's paper: chrome, a note writes no background (docs/engine.md)"),
    ("Web/js/overlay.js", "#888"): (1, "the dashed outline shown while an image stamp's picture loads: the editor's own chrome, not a colour of the annotation"),
}
ALLOWED.update({("Web/js/popover.js", colour): (1, "a swatch of the palette, offered to choose") for colour in PALETTE})


def decided_literals() -> Counter:
    found: Counter = Counter()
    for path in sorted((ROOT / "Web" / "js").rglob("*.js")):
        rel = str(path.relative_to(ROOT))
        for _, text in _literals(path.read_text(encoding="utf-8")):
            if (text in REVIEW_STATES or text in FONTS or (rel in MAKERS and COLOUR.fullmatch(text))
                    or (rel == TEXT_TOOL and text == "Helvetica")):
                found[(rel, text)] += 1
    return found


def test_the_scanner_sees_such_literals():
    # The judge of the check below: a blind scanner would pass it.
    source = "const STATES = ['Accepted', 'None']; const c = { color: '#FFE600' }; // 'Rejected'"
    assert [text for _, text in _literals(source)] == ["Accepted", "None", "#FFE600"]


def test_the_browser_spells_no_value_the_engine_decides():
    extra = over_allowed(decided_literals(), ALLOWED)
    assert not extra, "values the engine decides, spelled in the browser (read them from Web/js/vocabulary.js or the engine's answer): " + extra


def test_every_exception_is_still_needed():
    stale = stale_allowances(decided_literals(), ALLOWED)
    assert not stale, f"exceptions no source needs any more (remove them): {stale}"


# A comment, or a string literal (its quotes kept, its text dropped), in one left-to-right pass.
COMMENT_OR_STRING = re.compile(r"//[^\n]*|/\*.*?\*/|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`", re.S)


def code(path: str) -> str:
    """The file's code with its comments and string literals' contents left out, so a number
    is found only where the code computes with it."""
    source = (ROOT / path).read_text(encoding="utf-8")
    return COMMENT_OR_STRING.sub(lambda m: "" if m.group(0)[0] == "/" else m.group(0)[0] * 2, source)


def numbers(path: str) -> set[str]:
    return set(re.findall(r"(?<![\w.$])\d+(?:\.\d+)?(?![\w.])", code(path)))


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
    # The vocabulary's `defaultFontSize` (AnnotationSubtype.defaultFontSize, 12): a text box
    # that names no size is edited at it.
    ("Web/js/tools/text.js", {"12"}),
    # The size a text field's value is drawn at is the server's (`fontSize` of each widget,
    # FieldAppearance): not 12 for several lines, nor 0.7 of the box within 8 to 24.
    ("Web/js/tools/fieldeditor.js", {"12", "0.7", "8", "24"}),
])
def test_no_engine_number_is_written_again(path, copied):
    assert not numbers(path) & copied, f"{path} computes with the engine's {sorted(numbers(path) & copied)}: ask the engine"


def test_the_text_editor_starts_from_no_size_or_colour_of_its_own():
    """tools/textbox.js takes the size and colour its caller gives (a text box's, the engine's
    for one naming none; the note editor's chrome, named in tools/note.js), none by default."""
    signature = re.search(r"export function editText\(([^)]*)\)", code("Web/js/tools/textbox.js"))
    assert signature, "editText's signature not found"
    assert not re.search(r"\b(?:fontSize|color)\s*=", signature.group(1)), f"editText defaults a size or colour: {signature.group(1)}"


def test_the_scanner_sees_numbers_outside_comments_and_strings():
    # The judge of the checks above: were the scanner blind, they would pass on anything.
    found = numbers("Web/js/earlypage.js")
    assert "2000" in found, found  # EDITOR_WAIT_LIMIT_MS, code of the file's own
    assert "36" not in found, "the issue number of a comment is not code"
