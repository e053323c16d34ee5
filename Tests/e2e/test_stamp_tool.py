"""Issue 34 item 3 in the browser: the Stamp picker places a standard stamp, a custom text stamp
(its text with the user's name and today's date) and one of the user's images, with a pen, a
finger and the mouse; a stamp made with "Keep size when zooming" is flagged NoZoom and keeps its
size on screen at three zooms; and a note whose icon is a picture of the user's. Each is saved
and read back by PyMuPDF (/Subtype, /Name, /Rect, /F, the appearance) and drawn by pdftoppm.
Each runs in Chromium and in WebKit."""

import datetime

import pytest
from PIL import Image

from editor_harness import ARTIFACTS, api, client_rect
from viewer_helpers import crop_page_rect as crop, pixel_share as share, poppler_render

NOZOOM = 1 << 3  # /F bit 4 (ISO 32000-2, table 167)
NOROTATE = 1 << 4
PRINT = 1 << 2


def picture(path, size=(48, 32)):
    """A PNG of the user's: blue with a yellow square in its middle (colours pdftoppm's drawing is checked for)."""
    image = Image.new("RGB", size, (20, 60, 200))
    w, h = size
    for x in range(w // 3, 2 * w // 3):
        for y in range(h // 3, 2 * h // 3):
            image.putpixel((x, y), (250, 210, 20))
    image.save(path)
    return path


LONG_PRESS_MS = 500  # toolbar.js: a hold this long opens a tool's settings


def open_picker(editor, how="right-click"):
    """Opens the stamp picker, the Image tool's settings: a right-click, or a hold of the button
    with the mouse or the pen (the hold is the input itself, its length the rule)."""
    x, y, w, h = editor.box("button[data-tool=image]")
    centre = (x + w / 2, y + h / 2)
    if how == "right-click":
        editor.click("button[data-tool=image]", button="right")
    elif how == "mouse hold":
        editor.mouse_press(*centre, LONG_PRESS_MS + 150)
    else:
        editor.pen_down(centre)
        editor.hold(LONG_PRESS_MS + 150)
        editor.pen_up(centre)
    editor.wait_until("!document.getElementById('popover').hidden && !!document.querySelector('#popover .stamp-choice')")


def armed(editor):
    editor.wait_until("document.getElementById('popover').hidden"
                      " && document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")


def stamps(editor):
    return {a["id"]: a for a in editor.annotations() if a["type"] == "stamp"}


def added(editor, before):
    """Waits for one stamp more than `before` (ids) and answers it."""
    editor.wait_until(f"[...marginalia.model.allAnnotations()].filter((a) => a.type === 'stamp').length === {len(before) + 1}")
    editor.commands_answered()
    [new] = [a for i, a in stamps(editor).items() if i not in before]
    return new


def tap_with_finger(editor, point):
    editor.touch([{1: tuple(point)}, {}])


def saved(editor, tmp_path, name):
    data = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)
    return path, data


def pymupdf_stamps(data):
    """{/NM: (subtype, /Name, rect as the file has it, /F, has a normal appearance)} of page 1's annotations."""
    fitz = pytest.importorskip("fitz")
    document = fitz.open(stream=data, filetype="pdf")
    found = {}
    for a in document[0].annots():
        nm = document.xref_get_key(a.xref, "NM")[1]
        rect = [float(v) for v in document.xref_get_key(a.xref, "Rect")[1].strip("[]").split()]
        ap = document.xref_get_key(a.xref, "AP/N")[0]
        found[nm.strip("()")] = (a.type[1], document.xref_get_key(a.xref, "Name")[1], rect, a.flags, ap == "xref")
    return found


def appearance_stream(data, nm):
    """The decoded content of the normal appearance of the annotation named `nm` on page 1."""
    fitz = pytest.importorskip("fitz")
    document = fitz.open(stream=data, filetype="pdf")
    page = document[0]
    for a in page.annots():
        if document.xref_get_key(a.xref, "NM")[1].strip("()") == nm:
            return document.xref_stream(int(document.xref_get_key(a.xref, "AP/N")[1].split()[0]))
    raise AssertionError(f"no annotation {nm}")


def red(p):
    return p[0] > 140 and p[1] < 110 and p[2] < 110


def blue(p):
    return p[2] > 150 and p[0] < 80 and p[1] < 110


def yellow(p):
    return p[0] > 200 and p[1] > 170 and p[2] < 90


def test_standard_custom_and_image_stamps_from_the_picker(new_editor, tmp_path):
    editor = new_editor()
    # A finger places things only where Settings says fingers draw (one finger scrolls otherwise).
    editor.draw_with_finger()
    editor.js("async () => (await import('/app/js/identity.js')).setUserName('Ana Silva')")
    date = editor.js("(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; })()")
    today = datetime.date(*date).isoformat()

    # A standard stamp, placed with a finger (first: a finger soon after the pen lifts is taken
    # for a resting hand).
    open_picker(editor)
    assert editor.count("#popover .stamp-choice[data-stamp]") == 14
    editor.screenshot("stamp-picker")
    editor.click('#popover .stamp-choice[data-stamp="Approved"]')
    armed(editor)
    tap_with_finger(editor, editor.page_point_to_client(0, 150, 700))
    approved = added(editor, {})
    assert approved["name"] == "Approved" and "noZoom" not in approved.get("flags", [])
    x1, y1, x2, y2 = approved["rect"]
    assert abs((x1 + x2) / 2 - 150) < 1 and abs((y1 + y2) / 2 - 700) < 1 and abs((y2 - y1) - 45) < 0.5, approved["rect"]

    # A custom stamp: its text, the user's name and today's date; placed with the pen (a tap).
    open_picker(editor, "pen hold")
    editor.fill("#popover .stamp-text", "Checked")
    editor.wait_until(f"document.querySelector('#popover .stamp-custom-preview text')?.textContent === 'CHECKED, ANA SILVA, {today}'")
    editor.screenshot("stamp-picker-custom")
    editor.click("#popover button", "Place custom stamp")
    armed(editor)
    point = editor.page_point_to_client(0, 300, 560)
    editor.pen_stroke([point, point])
    custom = added(editor, {approved["id"]})
    assert custom["name"] == f"Checked, Ana Silva, {today}", custom
    editor.wait_until(f"document.querySelector('.annotation.stamp[data-id=\"{custom['id']}\"] text')?.textContent === 'CHECKED, ANA SILVA, {today}'")

    # One of the user's images, placed with the mouse.
    open_picker(editor, "mouse hold")
    editor.set_input_files("#popover .stamp-image-picker", str(picture(tmp_path / "logo.png")))
    editor.wait_until("!!document.querySelector('#popover .stamp-image')")
    editor.click("#popover .stamp-image")
    armed(editor)
    editor.mouse_click(*editor.page_point_to_client(0, 150, 450))
    image = added(editor, {approved["id"], custom["id"]})
    assert image.get("image") and image["name"] == "Image"
    ix1, iy1, ix2, iy2 = image["rect"]
    assert abs((ix2 - ix1) / (iy2 - iy1) - 1.5) < 0.02, image["rect"]
    editor.painted()
    editor.screenshot("stamps-placed")

    # Saved: PyMuPDF reads three Stamps with their names, rects and appearances; pdftoppm draws
    # the named ones in their red, the image in its colours.
    path, data = saved(editor, tmp_path, "stamps")
    found = pymupdf_stamps(data)
    for a, name in ((approved, "/Approved"), (custom, f"/Checked, Ana Silva, {today}"), (image, "/Image")):
        subtype, read_name, rect, flags, has_appearance = found[a["id"]]
        assert subtype == "Stamp" and read_name == name and has_appearance, found[a["id"]]
        assert all(abs(u - v) < 0.01 for u, v in zip(rect, a["rect"])), (rect, a["rect"])
        assert flags & PRINT and not flags & NOZOOM
    # The custom stamp's appearance (the server's engine) shows its text in capitals, as the
    # picker's preview and the overlay (the browser's engine) did.
    assert f"(CHECKED, ANA SILVA, {today}) Tj".encode() in appearance_stream(data, custom["id"])
    render = poppler_render(path, 1, 144)
    for a, name in ((approved, "approved"), (custom, "custom"), (image, "image")):
        piece = crop(render, a["rect"], 144)
        piece.save(ARTIFACTS / f"stamp-pdftoppm-{name}-{editor.engine}.png")
        if a is image:
            assert share(piece, blue) > 0.4 and share(piece, yellow) > 0.05
        else:
            assert share(piece, red) > 0.04, name
    assert not editor.errors


def test_a_stamp_kept_at_its_size_from_the_picker(new_editor, tmp_path):
    editor = new_editor()
    open_picker(editor)
    editor.click("#popover button[role=switch]", "Keep size when zooming")
    editor.wait_until("[...document.querySelectorAll('#popover button[role=switch]')]"
                      ".some((b) => b.textContent === 'Keep size when zooming' && b.getAttribute('aria-checked') === 'true')")
    editor.click('#popover .stamp-choice[data-stamp="Confidential"]')
    armed(editor)
    point = editor.page_point_to_client(0, 200, 650)
    editor.pen_stroke([point, point])
    stamp = added(editor, {})
    assert stamp["flags"] == ["print", "noZoom"], stamp
    x1, y1, x2, y2 = stamp["rect"]
    frame = f'.annotation.stamp[data-id="{stamp["id"]}"] rect'
    for zoom in (1, 1.5, 2.5):
        editor.show_page(0, zoom=zoom)
        editor.wait_until(f"Math.abs(marginalia.viewer.zoom - {zoom}) < 1e-6")
        editor.painted()
        # The frame (rect inset by 2 points) is its size in CSS px at every zoom, 2 px from
        # the anchor: the /Rect's top-left corner at this zoom.
        left, top, right, bottom = client_rect(editor, frame)
        ax, ay = editor.page_point_to_client(0, x1, y2)
        assert abs((right - left) - (x2 - x1 - 4)) < 1.5 and abs((bottom - top) - (y2 - y1 - 4)) < 1.5, (zoom, left, top, right, bottom)
        assert abs(left - (ax + 2)) < 1.5 and abs(top - (ay + 2)) < 1.5, (zoom, (left, top), (ax, ay))
        editor.screenshot(f"stamp-picker-nozoom-{zoom}")

    path, data = saved(editor, tmp_path, "nozoom")
    subtype, name, rect, flags, has_appearance = pymupdf_stamps(data)[stamp["id"]]
    assert subtype == "Stamp" and name == "/Confidential" and has_appearance
    assert flags & NOZOOM and flags & PRINT, flags
    piece = crop(poppler_render(path, 1, 144), stamp["rect"], 144)
    piece.save(ARTIFACTS / f"stamp-pdftoppm-nozoom-{editor.engine}.png")
    assert share(piece, red) > 0.04
    assert not editor.errors


def test_a_note_with_a_picture_icon(new_editor, tmp_path):
    editor = new_editor()
    editor.click("button[data-tool=note]", button="right")
    editor.wait_until("!document.getElementById('popover').hidden && !!document.querySelector('#popover .note-picture-choice')")
    editor.set_input_files("#popover .note-picture-picker", str(picture(tmp_path / "face.png", (32, 32))))
    editor.wait_until("document.querySelector('#popover .note-picture-choice')?.getAttribute('aria-checked') === 'true'"
                      " && !document.querySelector('#popover .note-icon-choice[aria-checked=true]')")
    editor.screenshot("note-picture-settings")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    editor.js("marginalia.setTool('note')")
    editor.mouse_click(*editor.page_point_to_client(0, 400, 500))
    editor.wait_until("!!document.querySelector('.text-editor')")
    editor.type("Ask Ana about this")
    editor.press("Control+Enter")
    note = added(editor, {})
    assert note["contents"] == "Ask Ana about this" and note["name"] == "Note" and note.get("image"), note
    assert note["flags"] == ["print", "noZoom", "noRotate"], note
    x1, y1, x2, y2 = note["rect"]
    assert abs(x1 - 400) < 0.5 and abs(y2 - 500) < 0.5 and abs((x2 - x1) - 32) < 0.5 and abs((y2 - y1) - 32) < 0.5, note["rect"]
    editor.wait_until(f"!!document.querySelector('.annotation.stamp[data-id=\"{note['id']}\"] image')")

    # Selected, it shows its text as a note does; Edit text is offered.
    editor.js("marginalia.setTool('select')")
    ax, ay = editor.page_point_to_client(0, x1, y2)
    editor.mouse_click(ax + 16, ay + 16)
    editor.wait_until(f"marginalia.selection().ids.join() === '{note['id']}'")
    editor.wait_until("document.querySelector('.note-popup-text')?.textContent === 'Ask Ana about this'")
    assert editor.visible('.selection-bar button[aria-label="Edit text"]')
    editor.painted()
    editor.screenshot("note-picture-selected")

    path, data = saved(editor, tmp_path, "picture-note")
    subtype, name, rect, flags, has_appearance = pymupdf_stamps(data)[note["id"]]
    assert subtype == "Stamp" and name == "/Note" and has_appearance
    assert flags & NOZOOM and flags & NOROTATE and flags & PRINT, flags
    fitz = pytest.importorskip("fitz")
    document = fitz.open(stream=data, filetype="pdf")
    page = document[0]
    [read] = [a for a in page.annots() if a.info.get("content") == "Ask Ana about this"]
    assert read.type[1] == "Stamp"
    piece = crop(poppler_render(path, 1, 144), note["rect"], 144)
    piece.resize((piece.width * 4, piece.height * 4)).save(ARTIFACTS / f"note-picture-pdftoppm-{editor.engine}.png")
    assert share(piece, blue) > 0.4 and share(piece, yellow) > 0.05
    assert not editor.errors


def frame_width(editor, stamp_id):
    left, _, right, _ = client_rect(editor, f'.annotation.stamp[data-id="{stamp_id}"] rect')
    return right - left


def test_keep_size_when_zooming_is_set_and_cleared_on_a_selected_stamp_and_note(new_editor, tmp_path):
    editor = new_editor()
    open_picker(editor)
    editor.click('#popover .stamp-choice[data-stamp="Draft"]')
    armed(editor)
    point = editor.page_point_to_client(0, 200, 650)
    editor.pen_stroke([point, point])
    stamp = added(editor, {})
    width = stamp["rect"][2] - stamp["rect"][0]
    editor.show_page(0, zoom=2)
    editor.wait_until(f"Math.abs(marginalia.viewer.zoom - 2) < 1e-6")
    editor.painted()
    assert abs(frame_width(editor, stamp["id"]) - 2 * (width - 4)) < 2  # zooms with the page

    # Selected (Select follows placing), its Style popover sets NoZoom: one change.
    editor.wait_until(f"marginalia.selection().ids.join() === '{stamp['id']}'")
    editor.click('.selection-bar button[aria-label="Style"]')
    editor.click("#popover button[role=switch]", "Keep size when zooming")
    editor.wait_until(f"(marginalia.model.annotation('{stamp['id']}').flags ?? []).includes('noZoom')")
    editor.wait_until(f"Math.abs(document.querySelector('.annotation.stamp[data-id=\"{stamp['id']}\"] rect').getBoundingClientRect().width - {width - 4}) < 1.5")
    editor.wait_until("document.querySelector('#popover button[role=switch]')?.getAttribute('aria-checked') === 'true'")
    editor.painted()
    editor.screenshot("stamp-keep-size-set")
    editor.commands_answered()
    _, data = saved(editor, tmp_path, "kept")
    assert pymupdf_stamps(data)[stamp["id"]][3] & NOZOOM

    # A note (every note keeps its size) can be let zoom with the page.
    [note] = [a for a in editor.annotations() if a["id"] == "sample-note-1"]
    assert "noZoom" in note["flags"]
    editor.press("Escape")
    editor.js("marginalia.select(['sample-note-1'])")
    editor.wait_until("marginalia.selection().ids.join() === 'sample-note-1'")
    side = note["rect"][2] - note["rect"][0]
    assert abs(client_rect(editor, ".selection-box")[2] - client_rect(editor, ".selection-box")[0] - side) < 3
    editor.click('.selection-bar button[aria-label="Style"]')
    editor.click("#popover button[role=switch]", "Keep size when zooming")
    editor.wait_until("!(marginalia.model.annotation('sample-note-1').flags ?? []).includes('noZoom')")
    editor.commands_answered()
    [note] = [a for a in editor.annotations() if a["id"] == "sample-note-1"]
    assert "noZoom" not in note["flags"] and "noRotate" in note["flags"], note["flags"]
    # It now zooms with the page: selected, its box is twice its size in points at zoom 2
    # (it was its size, where the note showed).
    side = note["rect"][2] - note["rect"][0]
    editor.wait_until(f"Math.abs(document.querySelector('.selection-box')?.getBoundingClientRect().width - {2 * side}) < 3")
    editor.painted()
    editor.screenshot("note-keep-size-cleared")
    assert not editor.errors


def test_a_tapped_stamp_is_as_wide_as_the_engine_says(new_editor):
    """Issue 28: the picker places a tapped stamp in the box the engine gives (`stampSize`),
    wide enough for its title in Helvetica-Bold, not one guessed from its letter count:
    "APPROVED", 5612 units wide in Helvetica-Bold's AFM, at the 41-point frame's largest size
    (24.6 pt) over 0.85 of the frame, plus the 4-point inset: 166.4 x 45 points."""
    editor = new_editor()
    before = set(stamps(editor))
    open_picker(editor)
    editor.click('#popover .stamp-choice[data-stamp="Approved"]')
    armed(editor)
    editor.mouse_click(*editor.page_point_to_client(0, 200, 650))
    approved = added(editor, before)
    x1, y1, x2, y2 = approved["rect"]
    assert abs((x2 - x1) - (5.612 * 24.6 / 0.85 + 4)) < 0.01 and abs((y2 - y1) - 45) < 0.01, approved["rect"]
