"""Two tabs editing one document (issue 28, "Drawn once"): each tab's engine keeps the
annotations and applies the logged operations once, its own and the other tab's; what each tab
draws, in drawing order, is what the server holds (docs/engine.md, "The document's annotations")."""

import json

from editor_harness import api, send_command

ORDER = "marginalia.model.annotationsOnPage(0).map((a) => a.id)"


def shows_order(tab, ids):
    """Waits until the tab's engine holds page 1's annotations in this drawing order."""
    tab.wait_until(f"JSON.stringify({ORDER}) === {json.dumps(json.dumps(ids, separators=(',', ':')))}", timeout=10000)


def square(id, x, color):
    return {"type": "square", "id": id, "pageIndex": 0, "rect": [x, 250, x + 120, 350], "color": color, "fill": color, "width": 2}


def server_order(editor):
    return [a["id"] for a in editor.annotations() if a["pageIndex"] == 0]


def test_two_tabs_follow_each_others_adds_arranges_and_undo_in_the_servers_order(new_editor):
    first = new_editor()
    second = new_editor()
    # Another client adds two overlapping squares: both tabs hear them, in the server's order.
    send_command(first, {"type": "add", "annotations": [square("red", 100, "#D32F2F"), square("blue", 160, "#1976D2")]})
    before = server_order(first)
    assert before[-2:] == ["red", "blue"]
    for tab in (first, second):
        shows_order(tab, before)

    # The first tab brings red to the front with its engine's command.
    first.js("marginalia.setTool('select'); marginalia.select(['red']); marginalia.arrangeSelection('front')")
    first.commands_answered()
    arranged = server_order(first)
    assert arranged == [id for id in before if id != "red"] + ["red"]
    for tab in (first, second):
        shows_order(tab, arranged)
    first.screenshot("shared-annotations-first")
    second.screenshot("shared-annotations-second")

    # The second tab draws a stroke; the first undoes its arrange: both tabs end in the same order.
    second.js("marginalia.setTool('draw')")
    xs = [100 + 10 * i for i in range(21)]
    second.pen_stroke(second.page_points_to_client(0, [(x, 500 + (x % 30)) for x in xs]))
    second.commands_answered()
    first.js("marginalia.session.undo()")
    first.commands_answered()
    expected = server_order(first)
    assert expected[:len(before)] == before and len(expected) == len(before) + 1
    for tab in (first, second):
        shows_order(tab, expected)
    revision = api(first.base, "GET", f"/api/v1/documents/{first.doc_id}")["revision"]
    for tab in (first, second):
        tab.wait_until(f"marginalia.model.revision === {revision}", timeout=10000)
    second.screenshot("shared-annotations-after-undo")
