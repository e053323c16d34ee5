"""Replacing a saved signature (issue 31, round 3 item 1) and the Sign popover under a late
answer about the user's certificate (item 2).

The ↻ beside a saved signature replaces it with what the Sign popover's New section holds (the
pad's drawing, the name typed, or with Image the file chosen next), keeping its id and its
place in the list: in this browser's storage (no users), and on the server for a signed-in
user (the API lists the same ids in the same order, the replaced one with its new drawing).
Placing the replaced one places the new drawing. With nothing made, ↻ says what is missing and
changes nothing. A drawn and a typed one turned into the picture a digital signature is given
show their ink on a transparent ground. Both run in Chromium and in WebKit.

The late answer: a signed-in user without a certificate presses on a saved signature while
`GET /api/v1/me/certificate` is held back (Playwright's request routing, so Chromium only);
the answer is then released and taken in before the press ends. The popover was not rebuilt
under the pointer (the pressed element is still the one in the document), and the tap places
the signature. Before 949558c the answer rebuilt the popover and the tap was lost; only a
timing-dependent WebKit run had caught it."""

import base64
import io
import json
import time

import pytest
from PIL import Image, ImageDraw

from editor_harness import Editor, Page, SAMPLE
from test_people_browser import _call, people_server  # noqa: F401 (a fixture)
from test_sign_tool import choose, open_sign, place

LOCAL_KEY = "marginalia.signatures.v1"
CHOICES = "[...document.querySelectorAll('#popover .signature-choice')].map((e) => [e.dataset.signature, e.dataset.kind])"


def listed_choices(editor):
    return [tuple(pair) for pair in editor.js(CHOICES)]


def scrawl_png(path):
    """A PNG of a green scrawl on a transparent ground, 200 by 50 pixels."""
    image = Image.new("RGBA", (200, 50), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(5, 40), (60, 8), (120, 40), (195, 8)], fill=(20, 140, 40, 255), width=6)
    image.save(path)
    return path


def save_typed(editor, name):
    count = editor.count("#popover .signature-choice")
    choose(editor, "Type")
    editor.fill("#popover .signature-name", name)
    editor.click("#popover .popover-action", "Save")
    editor.wait_until(f"document.querySelectorAll('#popover .signature-choice').length === {count + 1}", timeout=15000)


def test_a_saved_signature_is_replaced_in_place_in_this_browser(new_editor):
    editor = new_editor()
    editor.js(f"localStorage.removeItem('{LOCAL_KEY}')")
    open_sign(editor)
    save_typed(editor, "Ana Silva")
    save_typed(editor, "A. Silva")
    before = listed_choices(editor)
    assert [kind for _, kind in before] == ["typed", "typed"], before

    # Nothing drawn yet: ↻ says so and changes nothing.
    choose(editor, "Draw")
    editor.click(f'#popover .signature-replace[data-signature="{before[0][0]}"]')
    editor.wait_until("document.getElementById('status').textContent.includes('Sign in the pad first')")
    assert listed_choices(editor) == before

    left, top, _, _ = editor.box("#popover .signing-pad")
    editor.pen_stroke([(left + 40 + i * 14, top + 70 - (25 if i % 2 else 0)) for i in range(16)])
    editor.wait_until("document.querySelector('#popover .signing-pad').dataset.strokes === '1'")
    editor.click(f'#popover .signature-replace[data-signature="{before[0][0]}"]')
    editor.wait_until(f"document.querySelector('#popover .signature-choice').dataset.kind === 'drawn'", timeout=10000)
    after = listed_choices(editor)
    assert after == [(before[0][0], "drawn"), before[1]], after
    assert editor.js("document.querySelector('#popover .signing-pad').dataset.strokes") == "0"  # kept, so cleared
    assert "replaced" in editor.text("#status")
    editor.screenshot("saved-signature-replaced-locally")
    kept = json.loads(editor.js(f"localStorage.getItem('{LOCAL_KEY}')"))
    assert [(s["id"], s["kind"]) for s in kept] == after
    assert len(kept[0]["strokes"]) == 1 and kept[1]["label"] == "A. Silva"
    editor.press("Escape")

    # Placed: the new drawing, as ink.
    placed = place(editor, "drawn", (220, 400))
    assert placed["type"] == "ink" and len(placed["paths"]) == 1, placed

    # A reload lists them as they were left.
    editor.reload()
    open_sign(editor)
    assert listed_choices(editor) == after

    # Each as the picture a digital signature is given (Sign with my certificate's image): the
    # drawing as the engine's ink at twice the pad's size, the typed name set in the script face,
    # both on a transparent ground.
    pictures = editor.js("""async () => {
        const { signaturePicture } = await import('/app/js/tools/sign.js');
        const { savedSignatures } = await import('/app/js/savedsignatures.js');
        return Promise.all(savedSignatures('signature').map(signaturePicture)); }""")
    drawn, typed = (Image.open(io.BytesIO(base64.b64decode(p))).convert("RGBA") for p in pictures)
    assert drawn.size == (720, 240)
    for picture in (drawn, typed):
        pixels = [picture.getpixel((x, y)) for y in range(0, picture.height, 2) for x in range(0, picture.width, 2)]
        ink = sum(1 for r, g, b, a in pixels if a > 200 and b > r + 25 and r < 120) / len(pixels)
        clear = sum(1 for *_, a in pixels if a == 0) / len(pixels)
        assert ink > 0.005 and clear > 0.5, (picture.size, ink, clear)
    assert not editor.errors


def test_a_saved_signature_is_replaced_in_place_on_the_server(new_tab, people_server, tmp_path):  # noqa: F811
    base, token = people_server
    document = _call(base, token, "POST", "/api/v1/documents?name=replace.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    for saved in _call(base, token, "GET", "/api/v1/me/signatures")["signatures"]:  # another test's or engine's
        _call(base, token, "DELETE", f"/api/v1/me/signatures/{saved['id']}")
    made = [_call(base, token, "POST", "/api/v1/me/signatures",
                  {"kind": "signature", "label": name, "drawing": {"type": "typed", "text": name, "font": "Z003"}})
            for name in ("Ana Lima", "A. Lima", "AL")]

    tab = new_tab()
    Page(tab, base).goto(f"/?token={token}")  # signs the browser in (the cookie)
    editor = Editor(tab, base, document)
    editor.js(f"localStorage.removeItem('{LOCAL_KEY}')")
    open_sign(editor)
    editor.wait_until("document.querySelectorAll('#popover .signature-choice').length === 3", timeout=10000)
    assert [id for id, _ in listed_choices(editor)] == [m["id"] for m in made]

    # The middle one replaced by an image chosen after ↻.
    choose(editor, "Image")
    editor.click(f'#popover .signature-replace[data-signature="{made[1]["id"]}"]')
    editor.set_input_files("#popover .signature-image-picker", str(scrawl_png(tmp_path / "green.png")))
    editor.wait_until(f"document.querySelector('#popover .signature-choice[data-signature=\"{made[1]['id']}\"]')"
                      "?.dataset.kind === 'image'", timeout=15000)
    assert [id for id, _ in listed_choices(editor)] == [m["id"] for m in made]  # in its place, not moved to the end
    editor.screenshot("saved-signature-replaced-on-server")
    kept = _call(base, token, "GET", "/api/v1/me/signatures")["signatures"]
    assert [s["id"] for s in kept] == [m["id"] for m in made]
    assert kept[0] == made[0] and kept[2] == made[2]
    middle = kept[1]
    assert middle["drawing"]["type"] == "image" and middle["label"] == "green" and middle["created"] == made[1]["created"]
    assert Image.open(io.BytesIO(base64.b64decode(middle["drawing"]["data"]))).size == (200, 50)
    assert editor.js(f"localStorage.getItem('{LOCAL_KEY}')") is None  # on the server only

    # Then the first one by a typed name: the list keeps its order.
    order = listed_choices(editor)
    choose(editor, "Type")
    editor.fill("#popover .signature-name", "Ana M. Lima")
    editor.click(f'#popover .signature-replace[data-signature="{made[0]["id"]}"]')
    editor.wait_until(f"document.querySelector('#popover .signature-choice').title.includes('Ana M. Lima')", timeout=15000)
    assert [id for id, _ in listed_choices(editor)] == [id for id, _ in order]
    first = _call(base, token, "GET", "/api/v1/me/signatures")["signatures"][0]
    assert first["id"] == made[0]["id"] and first["drawing"]["text"] == "Ana M. Lima"
    editor.press("Escape")

    placed = place(editor, "image", (300, 300), lambda: _call(base, token, "GET", f"/api/v1/documents/{document}/annotations")["annotations"])
    assert placed["type"] == "stamp" and placed["contents"] == "green", placed
    assert not editor.errors


@pytest.mark.chromium_only("holds the answer about the certificate back through Playwright's request routing")
def test_a_late_certificate_answer_does_not_take_the_saved_signature_away(new_tab, people_server):  # noqa: F811
    base, token = people_server
    document = _call(base, token, "POST", "/api/v1/documents?name=late.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    for saved in _call(base, token, "GET", "/api/v1/me/signatures")["signatures"]:
        _call(base, token, "DELETE", f"/api/v1/me/signatures/{saved['id']}")
    _call(base, token, "POST", "/api/v1/me/signatures",
          {"kind": "signature", "label": "Ana Late", "drawing": {"type": "typed", "text": "Ana Late", "font": "Z003"}})

    tab = new_tab()
    Page(tab, base).goto(f"/?token={token}")
    editor = Editor(tab, base, document)
    held = []
    tab.page.route("**/api/v1/me/certificate", lambda route: held.append(route))
    open_sign(editor)
    editor.wait_until("document.querySelectorAll('#popover .signature-choice').length === 1", timeout=10000)
    page = tab.page
    deadline = time.time() + 10
    while not held:  # each call lets Playwright hand the held request over
        assert time.time() < deadline, "the Sign popover did not ask about the certificate"
        editor.js("0")
    assert len(held) == 1

    # The press begins while the answer is held; it is released and taken in; the press ends.
    x, y, width, height = editor.box("#popover .signature-choice")
    editor.js("document.querySelector('#popover .signature-choice').dataset.pressed = 'yes'")
    page.mouse.move(x + width / 2, y + height / 2)
    page.mouse.down()
    held[0].continue_()
    editor.js("async () => (await import('/app/js/certificatesigning.js')).certificateChecked()")
    assert editor.js("document.querySelector('#popover .signature-choice')?.dataset.pressed ?? null") == "yes", \
        "the answer rebuilt the popover under the pointer"
    page.mouse.up()
    editor.wait_until("document.getElementById('popover').hidden"
                      " && document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
    count = editor.js("marginalia.model.annotationCount")
    point = editor.page_point_to_client(0, 250, 500)
    editor.pen_stroke([point, point])
    editor.wait_until(f"marginalia.model.annotationCount === {count + 1}")
    editor.commands_answered()
    stamps = [a for a in _call(base, token, "GET", f"/api/v1/documents/{document}/annotations")["annotations"]
              if a["type"] == "stamp" and a.get("contents") == "Ana Late"]
    assert len(stamps) == 1, stamps
    assert not editor.errors
