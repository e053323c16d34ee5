"""Issue 20 in the browser, seed 003: a stamp flagged NoZoom keeps its size on screen at every
zoom, anchored at its /Rect's top-left corner, and is hit and boxed where it is drawn (the
engine's `screenPlacements` and hit test); and the Select tool's Style popover changes the icon
of the selected notes as one `restyle` command and one undo step, which PyMuPDF reads as /Name
and pdftoppm draws. Each runs in Chromium and in WebKit."""

import pytest

from editor_harness import ARTIFACTS, SAMPLE, api, client_rect, send_command, server_revision_after_input
from viewer_helpers import mean_absolute_difference, poppler_render

FIXED = [60, 690, 180, 730]     # page space, 120 x 40 points: flagged NoZoom
ZOOMING = [60, 610, 180, 650]   # the same size without the flag, for the picture
ENGINE_CALL = "async (request) => (await import('/app/js/engine.js')).call(request)"


def command(editor, body):
    return send_command(editor, body, "test-fixed-size")




def red_ink(image):
    """The pixels of a stamp's red (#CC1A1A and its antialiased edges)."""
    return {(x, y) for x in range(image.width) for y in range(image.height)
            if (lambda p: p[0] > 140 and p[1] < 110 and p[2] < 110)(image.getpixel((x, y)))}


def near(pixels, others):
    """The share of `pixels` within one pixel of one of `others`."""
    return sum(any((x + dx, y + dy) in others for dx in (-1, 0, 1) for dy in (-1, 0, 1)) for x, y in pixels) / len(pixels)


def set_zoom(editor, zoom):
    editor.show_page(0, zoom=zoom)


def test_a_nozoom_stamp_keeps_its_screen_size(new_editor, tmp_path):
    editor = new_editor()
    command(editor, {"type": "add", "annotations": [
        {"type": "stamp", "id": "fixed", "pageIndex": 0, "rect": FIXED, "name": "Approved", "flags": ["print", "noZoom"]},
        {"type": "stamp", "id": "zooming", "pageIndex": 0, "rect": ZOOMING, "name": "Draft"}]})
    frame = '.annotation.stamp[data-id="fixed"] rect'
    editor.wait_until(f"document.querySelector('{frame}') !== null")
    placements = editor.js(ENGINE_CALL, {"call": "screenPlacements", "pageIndex": 0})["placements"]
    assert "fixed" in [p["id"] for p in placements] and "zooming" not in [p["id"] for p in placements], placements

    x1, y1, x2, y2 = FIXED
    for zoom in (1, 2):
        set_zoom(editor, zoom)
        editor.wait_until(f"Math.abs(marginalia.viewer.zoom - {zoom}) < 1e-6")
        # The frame (the stamp's rect inset by 2 points, as its appearance) is 116 x 36 CSS px at
        # every zoom, its top-left 2 px from the anchor, the page point (x1, y2) at that zoom;
        # the title fits inside it.
        left, top, right, bottom = client_rect(editor, frame)
        ax, ay = editor.page_point_to_client(0, x1, y2)
        assert abs((right - left) - 116) < 1.5 and abs((bottom - top) - 36) < 1.5, (zoom, left, top, right, bottom)
        assert abs(left - (ax + 2)) < 1.5 and abs(top - (ay + 2)) < 1.5, (zoom, (left, top), (ax, ay))
        title = client_rect(editor, '.annotation.stamp[data-id="fixed"] text')
        assert left < title[0] and title[2] < right and top < title[1] and title[3] < bottom, (title, left, right)
        editor.screenshot(f"nozoom-stamp-zoom-{zoom}")
        if zoom == 1:
            # At zoom 1 the overlay's drawing is the saved appearance as pdftoppm draws it.
            shown = editor.screenshot_region("nozoom-stamp-shown", [ax, ay, ax + 120, ay + 40])
            pdf = tmp_path / "stamps.pdf"
            pdf.write_bytes(api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"))
            dpi = 72 * shown.width / 120
            saved = poppler_render(pdf, 1, dpi)
            scale = dpi / 72
            saved = saved.crop((round(x1 * scale), round(saved.height - y2 * scale), round(x2 * scale), round(saved.height - y1 * scale)))
            saved.save(ARTIFACTS / f"nozoom-stamp-pdftoppm-{editor.engine}.png")
            shown.save(ARTIFACTS / f"nozoom-stamp-overlay-{editor.engine}.png")
            # The stamp's red ink (its frame and title): each one's within a pixel of the other's
            # (the page's text under it is drawn by two renderers, so whole pixels are not compared).
            shown_ink, saved_ink = red_ink(shown), red_ink(saved)
            assert 0.75 < len(shown_ink) / len(saved_ink) < 1.33, (len(shown_ink), len(saved_ink))
            assert near(shown_ink, saved_ink) > 0.95 and near(saved_ink, shown_ink) > 0.95

        # A tap inside what shows selects it; at zoom 2 a tap inside the /Rect scaled by the
        # zoom, but outside what shows, does not.
        editor.js("marginalia.setTool('select')")
        editor.mouse_click(ax + 110, ay + 34)
        editor.wait_until("marginalia.selection().ids.join() === 'fixed'")
        box = client_rect(editor, ".selection-box")
        assert abs((box[2] - box[0]) - 120) < 3 and abs((box[3] - box[1]) - 40) < 3, (zoom, box)
        assert editor.js("marginalia.selection().handles.length") == 0
        editor.screenshot(f"nozoom-stamp-selected-zoom-{zoom}")
        editor.press("Escape")
        editor.wait_until("marginalia.selection().ids.length === 0")
        if zoom == 2:
            before = server_revision_after_input(editor)
            editor.mouse_click(ax + 200, ay + 70)
            assert server_revision_after_input(editor) == before
            assert editor.js("marginalia.selection().ids") == []

    # Dragged 100 px at zoom 2, it moves 50 points on the page and keeps its size on screen.
    ax, ay = editor.page_point_to_client(0, x1, y2)
    editor.mouse_drag([(ax + 60, ay + 20), (ax + 110, ay + 20), (ax + 160, ay + 20)])
    editor.wait_until(f"Math.abs(marginalia.model.annotation('fixed').rect[0] - {x1 + 50}) < 0.5")
    editor.wait_until(f"Math.abs(document.querySelector('{frame}').getBoundingClientRect().left - {ax + 102}) < 1.5")
    editor.painted()
    left, top, right, bottom = client_rect(editor, frame)
    assert abs((right - left) - 116) < 1.5 and abs(left - (ax + 102)) < 1.5, (left, right, ax)
    editor.screenshot("nozoom-stamp-moved-zoom-2")
    assert not editor.errors


def note_icon(editor, note_id):
    return editor.attribute(f'.annotation.note[data-id="{note_id}"] .note-icon', "data-icon")


def test_the_icon_of_selected_notes_changes_in_one_step(new_editor, web_server, tmp_path):
    editor = new_editor()
    [sample] = [a for a in editor.annotations() if a["id"] == "sample-note-1"]
    assert sample["icon"] == "Comment"
    # A second note: both are selected and change together.
    x1, y1, x2, y2 = sample["rect"]
    w, h = x2 - x1, y2 - y1
    other_rect = [x1 - 60, y1, x1 - 60 + w, y2]
    command(editor, {"type": "add", "annotation": {"type": "note", "id": "second", "pageIndex": sample["pageIndex"],
                                                   "rect": other_rect, "contents": "Another", "icon": "Note"}})
    editor.wait_until("document.querySelector('.annotation.note[data-id=\"second\"]') !== null")
    page = sample["pageIndex"]
    editor.show_page(page)

    editor.js("marginalia.setTool('select')")
    ax, ay = editor.page_point_to_client(page, x1, y2)
    editor.mouse_click(ax + 6, ay + 6)
    editor.wait_until("marginalia.selection().ids.join() === 'sample-note-1'")
    editor.js("marginalia.select(['sample-note-1', 'second'])")
    editor.wait_until("marginalia.selection().ids.length === 2")
    editor.painted()
    editor.screenshot("notes-selected")
    before = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]

    editor.click('.selection-bar button[aria-label="Style"]')
    editor.wait_until("!document.getElementById('popover').hidden")
    checked = editor.js("[...document.querySelectorAll('#popover .note-icon-choice')].map((b) => [b.dataset.icon, b.getAttribute('aria-checked')])")
    assert dict(checked)["Comment"] == "true", checked
    editor.click('#popover .note-icon-choice[data-icon="Key"]')
    editor.wait_until("document.querySelector('.annotation.note[data-id=\"second\"] .note-icon')?.dataset.icon === 'Key'"
                      " && document.querySelector('.annotation.note[data-id=\"sample-note-1\"] .note-icon')?.dataset.icon === 'Key'")
    editor.screenshot("note-icon-picker")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    assert server_revision_after_input(editor) == before + 1  # one command, one logged step
    editor.painted()
    editor.screenshot("note-icons-changed")
    icons = {a["id"]: a["icon"] for a in editor.annotations() if a["type"] == "note"}
    assert icons["sample-note-1"] == "Key" and icons["second"] == "Key", icons

    # The file: /Name read by PyMuPDF; pdftoppm draws the note as it draws one changed to Key
    # by a `change` command (another path to the same appearance), not as the Comment it was.
    fitz = pytest.importorskip("fitz")
    changed = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/file")
    document = fitz.open(stream=changed, filetype="pdf")
    names = [document.xref_get_key(a.xref, "Name")[1] for a in document[page].annots() if a.type[1] == "Text"]
    assert names.count("/Key") == 2, names
    reference = api(web_server, "POST", "/api/v1/documents?name=reference.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    api(web_server, "POST", f"/api/v1/documents/{reference}/commands", {"protocol": 1, "baseRevision": 0, "clientId": "ref",
        "command": {"type": "change", "annotation": {**sample, "icon": "Key"}}})
    keyed = api(web_server, "GET", f"/api/v1/documents/{reference}/file")
    crops = {name: pdftoppm_crop(tmp_path / f"{name}.pdf", pdf, page, sample["rect"], f"note-icon-pdftoppm-{name}-{editor.engine}")
             for name, pdf in (("changed", changed), ("keyed", keyed), ("before", SAMPLE.read_bytes()))}
    assert mean_absolute_difference(crops["changed"], crops["keyed"]) < 2
    assert mean_absolute_difference(crops["changed"], crops["before"]) > 8

    # One undo step takes both back; the sample's note, which another application drew, with
    # that drawing again (Marginalia kept it aside in the file), in the editor and in the file.
    editor.js("document.activeElement?.blur(); marginalia.viewer.scroller.focus()")
    editor.press("Control+z")
    editor.wait_until("!!document.querySelector('.annotation.note[data-id=\"sample-note-1\"] image.foreign-appearance')"
                      " && document.querySelector('.annotation.note[data-id=\"second\"] .note-icon')?.dataset.icon === 'Note'")
    icons = {a["id"]: (a["icon"], a.get("foreignAppearance")) for a in editor.annotations() if a["type"] == "note"}
    assert icons["sample-note-1"] == ("Comment", True) and icons["second"][0] == "Note", icons
    editor.painted()
    editor.screenshot("note-icons-undone")
    undone = api(web_server, "GET", f"/api/v1/documents/{editor.doc_id}/file")
    crop = pdftoppm_crop(tmp_path / "undone.pdf", undone, page, sample["rect"], f"note-icon-pdftoppm-undone-{editor.engine}")
    assert mean_absolute_difference(crop, crops["before"]) < 2
    assert not editor.errors


def pdftoppm_crop(path, pdf, page, rect, name):
    """pdftoppm's drawing (144 dpi) of `rect` on page `page` of `pdf`, saved as artifacts/NAME.png."""
    path.write_bytes(pdf)
    dpi = 144
    full = poppler_render(path, page + 1, dpi)
    scale = dpi / 72
    height = full.height / scale
    x1, y1, x2, y2 = rect
    crop = full.crop((round(x1 * scale), round((height - y2) * scale), round(x2 * scale), round((height - y1) * scale)))
    ARTIFACTS.mkdir(exist_ok=True)
    crop.resize((crop.width * 4, crop.height * 4)).save(ARTIFACTS / f"{name}.png")
    return crop
