"""Issue 28, item 5 (the WebKit caret): while a text box is typed into, the caret sits where the
engine's lines (drawn under the textarea) put the next character. WebKit (GTK) sets a
textarea's glyphs at whole-pixel advances, so its textarea wraps the last word of a nearly full
line ("history of the textarea while", 170.4 points of Helvetica at 14, 174 pixels there) onto
the next line while the engine keeps it: main's caret, the textarea's own, was drawn there, a
line below the word just typed. The caret shown is read from the page: the drawn caret when
the textarea's own is hidden, else the textarea's own line (found by laying its text out in a
copy of it, as test_drawn_once_freetext_typing.py does). Each is held to the drawn lines."""

import time

import pytest

from test_drawn_once_freetext_typing import PARAGRAPH, SHOWN, blank_document, type_paragraph

# The caret as shown, in client pixels: {top, bottom, x?}. The drawn caret when the textarea's
# own is transparent; else the band of the textarea's own line holding its caret (no x).
SHOWN_CARET = """() => {
    const area = document.querySelector('textarea.text-editor');
    const style = getComputedStyle(area);
    const drawn = document.querySelector('.typing-caret');
    if (style.caretColor === 'rgba(0, 0, 0, 0)' || style.caretColor === 'transparent') {
        if (!drawn || !drawn.isConnected) return null;
        const r = drawn.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, x: r.left };
    }
    const copy = area.cloneNode();
    copy.style.height = '0px';
    copy.style.visibility = 'hidden';
    area.parentNode.append(copy);
    copy.value = area.value.slice(0, area.selectionStart);
    const lineHeight = parseFloat(style.lineHeight);
    const lines = Math.max(1, Math.round((copy.scrollHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / lineHeight));
    copy.remove();
    const top = area.getBoundingClientRect().top + area.clientTop + parseFloat(style.paddingTop) + (lines - 1) * lineHeight;
    return { top, bottom: top + lineHeight };
}"""

# The drawn lines' boxes in client pixels, and where character `k` of line `n` starts.
DRAWN_LINES = """() => [...document.querySelectorAll('.typing-layout text.free-text')].map((t) => {
    const r = t.getBoundingClientRect();
    return { text: t.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
})"""

CHARACTER_LEFT = """([n, k]) => {
    const t = document.querySelectorAll('.typing-layout text.free-text')[n];
    const cell = t.getExtentOfChar(k);
    const p = new DOMPoint(cell.x, cell.y).matrixTransform(t.getScreenCTM());
    return p.x;
}"""


def on(caret, line, x):
    """Whether `caret` (SHOWN_CARET's) is on the drawn `line`, at `x` within a pixel when it says where."""
    return (caret is not None and line["top"] <= (caret["top"] + caret["bottom"]) / 2 <= line["bottom"]
            and abs(caret.get("x", x) - x) <= 1)


def assert_caret_on(editor, line, x, what):
    """The caret shown comes to `line` at `x` (it moves at the selection's change, an event
    that follows the key's): read until it does, for two seconds at most."""
    deadline = time.time() + 2
    caret = editor.js(SHOWN_CARET)
    while not on(caret, line, x) and time.time() < deadline:
        editor.tab.wait(20)
        caret = editor.js(SHOWN_CARET)
    assert on(caret, line, x), f"{what}: the caret {caret}, the next character's place {x} on the line {line}"


@pytest.mark.parametrize("zoom", [1, 1.5])
def test_the_caret_after_a_nearly_full_line_is_at_its_end(new_editor, web_server, zoom):
    editor = new_editor(doc_id=blank_document(web_server))
    editor.show_page(0, zoom=zoom)
    typed = PARAGRAPH[:PARAGRAPH.index(" the reader")]  # ends with "... history of the textarea while"
    type_paragraph(editor, typed)
    lines = editor.js(DRAWN_LINES)
    assert [line["text"] for line in lines] == editor.js(SHOWN) and lines[-1]["text"].endswith("the textarea while"), lines
    print(f"[{editor.engine}, zoom {zoom}] caret {editor.js(SHOWN_CARET)} last line {lines[-1]}")
    editor.screenshot(f"typing-caret-{zoom}")
    assert_caret_on(editor, lines[-1], lines[-1]["right"], "at the end of the typed text")
    # Moved back five characters with the keyboard: before the "w" of "while".
    for _ in range(5):
        editor.press("ArrowLeft")
    editor.wait_until(f"document.activeElement.selectionStart === {len(typed) - 5}")
    assert_caret_on(editor, lines[-1], editor.js(CHARACTER_LEFT, [len(lines) - 1, len(lines[-1]["text"]) - 5]), "five characters back")
    # A selection hides it, as a caret is hidden then.
    editor.press("Shift+ArrowLeft")
    editor.wait_until("document.activeElement.selectionStart !== document.activeElement.selectionEnd")
    editor.wait_until("!document.querySelector('.typing-caret')?.isConnected", timeout=2000)  # no caret beside a selection
