"""Issue 28 (the WebKit caret): while a text box is typed into, the Up and Down keys, with and
without Shift, move by the lines the engine lays the text out in (drawn under the textarea),
keeping the caret's x as editors do, and a selection is drawn on those lines. WebKit (GTK) wraps
the textarea's own text elsewhere than the engine (whole-pixel advances: PARAGRAPH's line ending
"the textarea while" loses its last word there); before, its Up and Down moved by the textarea's
own lines and its highlight was drawn on them. Every place expected is read off the drawn lines
(their glyphs' positions, as the browser draws them), never from the editor's code."""

import pytest

from test_drawn_once_freetext_typing import PARAGRAPH, SHOWN, TEXTAREA_LINES, blank_document, type_paragraph

# Each drawn line's band and the client x of each caret place along it (before each character,
# and after the last), in client pixels.
DRAWN_PLACES = """() => [...document.querySelectorAll('.typing-layout text.free-text')].map((t) => {
    const r = t.getBoundingClientRect();
    const toClient = t.getScreenCTM();
    const x = (p) => new DOMPoint(p.x, p.y).matrixTransform(toClient).x;
    const n = t.getNumberOfChars();
    const places = [];
    for (let k = 0; k < n; k += 1) places.push(x(t.getStartPositionOfChar(k)));
    places.push(n ? x(t.getEndPositionOfChar(n - 1)) : r.left);
    return { text: t.textContent, top: r.top, bottom: r.bottom, places };
})"""

# The caret drawn ({x, middle}) or null, the selection's ends and the drawn selection's bands.
STATE = """() => {
    const area = document.querySelector('textarea.text-editor');
    const caret = document.querySelector('.typing-caret');
    const c = caret?.isConnected ? caret.getBoundingClientRect() : null;
    const bands = [...document.querySelectorAll('.typing-selection rect')].map((rect) => {
        const r = rect.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    return { start: area.selectionStart, end: area.selectionEnd, value: area.value,
             caret: c && { x: c.left, middle: (c.top + c.bottom) / 2 }, bands };
}"""


def line_starts(value, lines):
    """Where each drawn line's text starts in the typed text, found in order."""
    starts, cursor = [], 0
    for line in lines:
        cursor = value.index(line["text"], cursor)
        starts.append(cursor)
        cursor += len(line["text"])
    return starts


def typed_box(new_editor, web_server):
    """A box holding PARAGRAPH, its drawn lines and their starts; in WebKit, the textarea's own
    lines are checked to differ from them (what the test is about)."""
    editor = new_editor(doc_id=blank_document(web_server))
    editor.show_page(0, zoom=1)
    type_paragraph(editor)
    lines = editor.js(DRAWN_PLACES)
    assert [line["text"] for line in lines] == editor.js(SHOWN) and len(lines) >= 5, lines
    own = editor.js(TEXTAREA_LINES)["lines"]
    print(f"[{editor.engine}] drawn {[line['text'] for line in lines]}\n  textarea's own {own}")
    if editor.engine == "webkit":
        assert own != [line["text"] for line in lines], "WebKit's textarea wraps as the engine: the case is not met"
    return editor, lines, line_starts(editor.js("document.activeElement.value"), lines)


def home(editor, right=0):
    """The caret to the text's start, then `right` characters on, by keys."""
    editor.press("Control+Home")
    for _ in range(right):
        editor.press("ArrowRight")
    editor.wait_until(f"document.activeElement.selectionStart === {right} && document.activeElement.selectionEnd === {right}")


def wait_for(editor, check, what):
    """The state (STATE) once `check` holds of it, read for two seconds at most (the drawing
    follows the selection's change, an event after the key's)."""
    state = editor.js(STATE)
    for _ in range(100):
        if check(state):
            return state
        editor.tab.wait(20)
        state = editor.js(STATE)
    raise AssertionError(f"{what}: {state}")


def assert_caret_near(editor, lines, starts, n, goal, what):
    """The caret is on drawn line `n` at the place whose x is nearest `goal` (within a pixel
    of the nearest, as the drawn glyphs stand within a pixel of the engine's places)."""
    places = lines[n]["places"]
    best = min(abs(x - goal) for x in places)
    on_line = lambda s: (s["start"] == s["end"] and s["caret"] is not None
                         and starts[n] <= s["start"] <= starts[n] + len(lines[n]["text"])
                         and lines[n]["top"] <= s["caret"]["middle"] <= lines[n]["bottom"])
    state = wait_for(editor, on_line, f"{what}: the caret on line {n} ({lines[n]['text']!r})")
    k = state["start"] - starts[n]
    assert abs(places[k] - goal) <= best + 1, f"{what}: place {k} at {places[k]}, the nearest to {goal} is {best} away"
    assert abs(state["caret"]["x"] - places[k]) <= 1, f"{what}: the caret drawn at {state['caret']}, place {k} at {places[k]}"


def test_up_and_down_move_by_the_engines_lines_keeping_the_x(new_editor, web_server):
    editor, lines, starts = typed_box(new_editor, web_server)
    # From the end of the first line: its x is kept down every line and back up.
    home(editor, len(lines[0]["text"]))
    goal = lines[0]["places"][-1]
    for n in range(1, len(lines)):
        editor.press("ArrowDown")
        assert_caret_near(editor, lines, starts, n, goal, f"down to line {n}")
    editor.screenshot("typing-caret-lines-down")
    for n in reversed(range(len(lines) - 1)):
        editor.press("ArrowUp")
        assert_caret_near(editor, lines, starts, n, goal, f"up to line {n}")
    # Up from the first line: the text's start; down from the last: its end.
    editor.press("ArrowUp")
    wait_for(editor, lambda s: s["start"] == s["end"] == 0, "up from the first line")
    for _ in range(len(lines)):
        editor.press("ArrowDown")
    wait_for(editor, lambda s: s["start"] == s["end"] == len(s["value"]), "down from the last line")


@pytest.mark.parametrize("first, down", [(0, 2), (9, 3)])
def test_shift_down_selects_along_the_engines_lines(new_editor, web_server, first, down):
    """From place 5 of line `first` (line 9: over the line WebKit's textarea wraps elsewhere),
    `down` lines selected with Shift+Down, then one taken back with Shift+Up."""
    editor, lines, starts = typed_box(new_editor, web_server)
    home(editor, 5)
    for _ in range(first):
        editor.press("ArrowDown")
    anchor = wait_for(editor, lambda s: starts[first] <= s["start"] == s["end"] < starts[first + 1], f"down to line {first}")["start"]
    k = anchor - starts[first]
    last = first + down
    for _ in range(down):
        editor.press("Shift+ArrowDown")
    state = wait_for(editor, lambda s: s["start"] == anchor and s["end"] >= starts[last] and len(s["bands"]) == down + 1,
                     f"{down} lines down selected from place {k} of line {first}")
    editor.screenshot(f"typing-selection-lines-{first}-{down}")
    assert state["caret"] is None, "no caret beside a selection"
    end = state["end"] - starts[last]
    goal = lines[first]["places"][k]
    assert abs(lines[last]["places"][end] - goal) <= min(abs(x - goal) for x in lines[last]["places"]) + 1, state
    for n, band in zip(range(first, last + 1), state["bands"]):
        line = lines[n]
        assert line["top"] <= (band["top"] + band["bottom"]) / 2 <= line["bottom"], f"band {n} {band} off line {line}"
        left = line["places"][k] if n == first else line["places"][0]
        right = line["places"][end] if n == last else line["places"][-1]
        assert abs(band["left"] - left) <= 1, f"band {n} {band} starts away from {left}"
        # The last line's band ends at the selection's end; the others go on past their ends.
        if n == last:
            assert abs(band["right"] - right) <= 1, f"band {n} {band} ends away from {right}"
        else:
            assert band["right"] > right, f"band {n} {band} stops short of the line's end {right}"
    # Shift+Up takes the last line back off; the textarea's own highlight stays unseen.
    editor.press("Shift+ArrowUp")
    wait_for(editor, lambda s: len(s["bands"]) == down and starts[last - 1] <= s["end"] < starts[last], "one line back up")
    highlight = editor.js("getComputedStyle(document.activeElement, '::selection').backgroundColor")
    assert highlight in ("rgba(0, 0, 0, 0)", "transparent"), highlight
