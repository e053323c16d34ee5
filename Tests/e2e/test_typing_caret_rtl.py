"""Issue 28, right-to-left text: a Hebrew word typed into a text box is drawn from the right
(the browser's bidirectional drawing), while the engine's stops add widths from the line's left
in the text's order. The engine says the line is right to left (`rightToLeft`), and the caret
and the selection drawn then stand where the drawn glyphs are: the caret after the word at the
left edge of its last letter, the selection over the glyphs. Every place expected is read off
the drawn glyphs' boxes (getExtentOfChar), never from the editor's code.

Chromium only: WebKit (GTK) draws the word from the right too, but its SVG text queries
(getExtentOfChar, getStart/EndPositionOfChar, and a Range's rects over the text) answer its
letters left to right in the text's order, not where they are drawn, so neither the editor nor
this test can read where WebKit's glyphs stand."""

import pytest

from test_drawn_once_freetext_typing import blank_document, type_paragraph
from test_typing_caret_lines import STATE, wait_for

WORD = "\u05e9\u05dc\u05d5\u05dd"  # shalom: shin, lamed, vav, final mem

# Each drawn glyph's left and right edges, in client pixels, of the box's only line.
GLYPHS = """() => {
    const [t] = document.querySelectorAll('.typing-layout text.free-text');
    const toClient = t.getScreenCTM();
    const x = (px, py) => new DOMPoint(px, py).matrixTransform(toClient).x;
    const edges = [];
    for (let k = 0; k < t.getNumberOfChars(); k += 1) {
        const e = t.getExtentOfChar(k);
        const [a, b] = [x(e.x, e.y), x(e.x + e.width, e.y)];
        edges.push({ left: Math.min(a, b), right: Math.max(a, b) });
    }
    return { text: t.textContent, edges };
}"""


@pytest.mark.chromium_only("WebKit's SVG text queries answer a right-to-left run's letters in the text's order, not where it draws them")
def test_a_hebrew_words_caret_and_selection_stand_at_its_drawn_glyphs(new_editor, web_server):
    editor = new_editor(doc_id=blank_document(web_server))
    editor.show_page(0, zoom=1.5)
    type_paragraph(editor, WORD)
    editor.wait_until(f"[...document.querySelectorAll('.typing-layout text.free-text')].map((t) => t.textContent).join() === {WORD!r}")
    glyphs = editor.js(GLYPHS)
    editor.screenshot("typing-caret-rtl")
    edges = glyphs["edges"]
    assert len(edges) == len(WORD), glyphs
    # Drawn from the right: the first letter typed stands right of the last.
    assert edges[0]["left"] > edges[-1]["left"], f"the word is not drawn right to left: {edges}"
    last = edges[-1]["left"]
    state = wait_for(editor, lambda s: s["caret"] is not None and s["start"] == len(WORD),
                     "the caret after the word")
    assert abs(state["caret"]["x"] - last) <= 1, f"the caret at {state['caret']}, the last letter's left edge at {last}: {edges}"
    # The whole word selected: the bands cover the drawn glyphs, from the leftmost to the rightmost edge.
    editor.press("Control+a")
    state = wait_for(editor, lambda s: s["start"] == 0 and s["end"] == len(WORD) and s["bands"], "the word selected")
    left, right = min(b["left"] for b in state["bands"]), max(b["right"] for b in state["bands"])
    drawn_left, drawn_right = min(e["left"] for e in edges), max(e["right"] for e in edges)
    assert abs(left - drawn_left) <= 1 and abs(right - drawn_right) <= 1, \
        f"the selection from {left} to {right}, the glyphs from {drawn_left} to {drawn_right}: {state['bands']}"
