"""Edits made while the server cannot be reached (issue 16, item 8): kept in the tab's outbox,
shown faded with a count, sent in order when the connection returns, even across a reload.
Chromium only: WebKitGTK's WebDriver can neither take the browser offline nor block requests."""

import pytest

from test_editor import BAND_Y, stroke_points, wait_inks

COMMANDS = "**/api/v1/documents/*/commands"

pytestmark = pytest.mark.chromium_only("WebKitGTK's WebDriver has no network conditions or request interception")


def inks(editor):
    return [a for a in editor.annotations() if a["type"] == "ink"]


def waiting_text(editor):
    return editor.js("document.querySelector('.waiting-badge').hidden ? '' : document.querySelector('.waiting-badge').textContent")


def test_a_stroke_drawn_offline_reaches_the_server_when_the_network_returns(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    editor.tab.context.set_offline(True)
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    editor.wait_until("document.querySelector('.waiting-badge').title.startsWith('1 edit made offline')", timeout=10000)
    assert inks(editor) == []
    # Drawn faded where it will be, and said so.
    assert editor.count(".overlay .waiting .annotation.ink") == 1
    editor.screenshot("offline-waiting")
    editor.tab.context.set_offline(False)
    editor.wait_until("document.querySelector('.waiting-badge').hidden", timeout=15000)
    wait_inks(editor, 1, timeout=10000)
    assert len(inks(editor)) == 1
    assert editor.count(".overlay .waiting .annotation") == 0


def test_edits_waiting_survive_a_reload_and_go_in_order(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    page = editor.tab.page
    page.route(COMMANDS, lambda route: route.abort())
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y))
    editor.pen_stroke(stroke_points(editor, 0, 100, 300, BAND_Y + 60))
    editor.wait_until("document.querySelector('.waiting-badge').title.startsWith('2 edits made offline')", timeout=10000)
    editor.reload()  # the server is still out of reach for edits
    editor.wait_until("document.querySelector('.waiting-badge').title.startsWith('2 edits made offline')", timeout=10000)
    assert editor.count(".overlay .waiting .annotation.ink") == 2
    assert inks(editor) == []
    page.unroute(COMMANDS)
    wait_inks(editor, 2, timeout=15000)
    strokes = inks(editor)
    assert len(strokes) == 2
    # In the order they were drawn: the upper band first (page space: y grows upwards).
    assert strokes[0]["rect"][1] < strokes[1]["rect"][1]
    # The badge goes once the last edit's answer is in (its stroke may show before, through
    # the event stream).
    editor.wait_until("document.querySelector('.waiting-badge').hidden")
    # Undo takes back the last of them, as it would have online.
    editor.press("Control+z")
    wait_inks(editor, 1, timeout=10000)
