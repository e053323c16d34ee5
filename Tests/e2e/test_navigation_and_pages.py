"""Viewer navigation (zoom, pinch, page field), page management, images and exports."""

import base64
import io

import pytest

from editor_harness import SAMPLE, api, server_revision_after_input


def tiny_png(width=64, height=40):
    fitz = pytest.importorskip("fitz")
    pixmap = fitz.Pixmap(fitz.csRGB, fitz.IRect(0, 0, width, height), False)
    pixmap.set_rect(pixmap.irect, (30, 120, 200))
    return pixmap.tobytes("png")


def test_zoom_buttons_ctrl_wheel_and_fit_width(new_editor):
    editor = new_editor()
    zoom = editor.js("marginalia.viewer.zoom")
    editor.click("button[data-tool=zoomIn]")
    assert editor.js("marginalia.viewer.zoom") == pytest.approx(zoom * 1.25)
    x, y = editor.page_point_to_client(0, 300, 400)
    editor.ctrl_wheel(x, y, -200)
    assert editor.wait_steady("marginalia.viewer.zoom") > zoom * 1.25
    # The page point under the pointer stays under it.
    after = editor.page_point_to_client(0, 300, 400)
    assert abs(after[0] - x) < 2 and abs(after[1] - y) < 2, (after, x, y)
    editor.click("button[data-tool=fitWidth]")
    width = editor.js("marginalia.viewer.views[0].element.getBoundingClientRect().width")
    scroller = editor.js("marginalia.viewer.scroller.clientWidth")
    assert width <= scroller - 20


def test_two_finger_pinch_zooms_and_cancels_a_finger_stroke(new_editor):
    editor = new_editor(has_touch=True)
    editor.draw_with_finger()
    editor.js("marginalia.setTool('draw')")
    zoom = editor.js("marginalia.viewer.zoom")
    cx, cy = editor.page_point_to_client(0, 300, 300)
    # One finger starts a stroke; a second lands and the two spread apart.
    before = server_revision_after_input(editor)
    editor.touch([{1: (cx - 40, cy)}, {1: (cx - 45, cy)}, {1: (cx - 45, cy), 2: (cx + 40, cy)}] +
                 [{1: (cx - 45 - step * 8, cy), 2: (cx + 40 + step * 8, cy)} for step in range(1, 11)] + [{}])
    editor.wait_until(f"marginalia.viewer.zoom > {zoom * 1.5}")
    assert server_revision_after_input(editor) == before, "the second finger cancels the stroke"
    assert [a for a in editor.annotations() if a["type"] == "ink"] == [], "the second finger cancels the stroke"
    assert editor.count(".preview *") == 0
    editor.screenshot("pinch")


def test_page_field_goes_to_a_page(new_editor):
    editor = new_editor()
    editor.fill(".page-input", "3")
    editor.press("Enter", focus=".page-input")
    editor.wait_until("marginalia.viewer.currentPage === 2")
    assert editor.value(".page-input") == "3"
    assert editor.text(".page-count") == "/ 3"


def test_add_and_remove_a_page(new_editor):
    editor = new_editor()
    editor.accept_dialogs()
    editor.click("button[data-tool=pages]")
    editor.click("#popover button", "Add page after this one")
    editor.wait_until("marginalia.viewer.views.length === 4")
    assert api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["pageCount"] == 4
    editor.show_page(1)
    editor.click("button[data-tool=pages]")
    editor.click("#popover button", "Remove this page")
    editor.wait_until("marginalia.viewer.views.length === 3")
    editor.press("Control+z")
    editor.wait_until("marginalia.viewer.views.length === 4")


def test_an_added_page_takes_the_size_the_engine_gives_it(new_editor):
    """"Add page after this one" inserts the blank page the engine decides (its `blankPage`,
    EditorCommand.blankPage): the size of the page it follows, upright. After the sample's
    third page (a 540 x 720 crop box turned 90 degrees) it is 540 x 720, not turned."""
    editor = new_editor()
    editor.show_page(2)
    editor.wait_until("marginalia.viewer.currentPage === 2")
    engine = editor.js("""(async () => { const { call } = await import('/app/js/engine.js');
        return call({ call: 'blankPage', after: 2 }).command; })()""")
    assert engine == {"type": "insertPage", "index": 3, "width": 540, "height": 720}, engine
    editor.click("button[data-tool=pages]")
    editor.click("#popover button", "Add page after this one")
    editor.wait_until("marginalia.viewer.views.length === 4")
    added = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["pages"][3]
    assert (added["width"], added["height"], added["rotation"]) == (540, 720, 0), added


def test_image_tool_places_an_image_stamp(new_editor, tmp_path):
    editor = new_editor()
    png = tmp_path / "pixel.png"
    png.write_bytes(tiny_png())
    editor.set_input_files("#image-picker", str(png))
    editor.wait_until("document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
    a = editor.page_point_to_client(0, 100, 300)
    b = editor.page_point_to_client(0, 260, 300)
    editor.pen_stroke([a, b])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp image').length === 1")
    [stamp] = [x for x in editor.annotations() if x["type"] == "stamp"]
    x1, y1, x2, y2 = stamp["rect"]
    assert (y2 - y1) / (x2 - x1) == pytest.approx(40 / 64, rel=0.02)
    assert base64.b64decode(stamp["image"])[:4] == b"\x89PNG"
    editor.screenshot("image-stamp")


def test_image_document_exports_png(new_editor, web_server):
    summary = api(web_server, "POST", "/api/v1/documents?name=pixel.png", tiny_png(), "image/png")
    assert summary["kind"] == "image"
    editor = new_editor(viewport={"width": 1280, "height": 800}, doc_id=summary["id"])
    editor.click_toolbar("export")
    assert editor.visible("#popover button", "Export PNG")
    size = editor.js("""async () => {
        const { renderFlattenedPNG } = await import('/app/js/exporting.js');
        const blob = await renderFlattenedPNG(marginalia.model.summary);
        const bitmap = await createImageBitmap(blob);
        return [blob.type, bitmap.width, bitmap.height];
    }""")
    assert size == ["image/png", 64, 40]
    name, data = editor.download(lambda: editor.click("#popover button", "Export PNG"))
    assert name == "pixel.png"
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_pen_eraser_end_erases_while_held(new_editor):
    editor = new_editor()
    editor.js("marginalia.setTool('draw')")
    points = [editor.page_point_to_client(0, 100 + i * 8, 300) for i in range(25)]
    editor.pen_stroke(points)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 1")
    sweep = [editor.page_point_to_client(0, 200, 260 + i * 8) for i in range(11)]
    editor.synthetic_pen_stroke(sweep, button=5, buttons=32)  # the eraser end
    editor.wait_until("document.querySelectorAll('.annotations .annotation.ink').length === 0")
    assert editor.attribute("button[data-tool=draw]", "aria-pressed") == "true", "the tool stays Draw"


def test_dropping_a_pdf_uploads_and_opens_it(new_editor):
    editor = new_editor()
    documents = len(api(editor.base, "GET", "/api/v1/documents")["documents"])
    sample = (pytest.importorskip("pathlib").Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf").read_bytes()
    editor.js("""(bytes) => {
        const file = new File([new Uint8Array(bytes)], 'dropped.pdf', { type: 'application/pdf' });
        const data = new DataTransfer();
        data.items.add(file);
        for (const type of ['dragenter', 'dragover', 'drop']) {
            window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }
    }""", list(sample))
    editor.wait_until("marginalia.model.summary && marginalia.model.summary.name === 'dropped.pdf'", timeout=15000)
    assert len(api(editor.base, "GET", "/api/v1/documents")["documents"]) == documents + 1
    doc_id = editor.js("marginalia.model.summary.id")
    assert editor.js("new URL(location.href).searchParams.get('doc')") == doc_id


def test_the_document_asked_for_last_is_the_one_shown(new_editor, web_server):
    # A document opened while another opening is still on its way (a reload, a document picked
    # before) stays: the earlier opening, answered last, stops instead of replacing it.
    editor = new_editor()
    first = editor.doc_id
    other = api(web_server, "POST", "/api/v1/documents?name=asked-last.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    editor.js(f"""window.held = null; const fetched = window.fetch;
        window.fetch = (url, ...rest) => String(url).includes('/documents/{first}/file') && !window.held
          ? new Promise((resolve) => {{ window.held = () => resolve(fetched(url, ...rest)); }})
          : fetched(url, ...rest)""")
    # (Statements ending in null: a promise returned to the test would be awaited.)
    editor.js(f"window.firstOpened = null; marginalia.open('{first}').then((done) => {{ window.firstOpened = done; }}); null")
    editor.wait_until("!!window.held")
    editor.js(f"marginalia.open('{other}'); null")
    editor.wait_until(f"marginalia.model.summary.id === '{other}' && !!document.querySelector('.page.rendered')", timeout=15000)
    editor.js("window.held()")
    editor.wait_until("window.firstOpened !== null")
    assert editor.js("marginalia.model.summary.id") == other
    assert editor.js("new URL(location.href).searchParams.get('doc')") == other
    assert editor.js("document.title").startswith("asked-last.pdf")
    assert editor.js("window.firstOpened") is False


def test_select_moves_and_resizes_an_image_keeping_its_aspect(new_editor, tmp_path):
    editor = new_editor()
    png = tmp_path / "pixel.png"
    png.write_bytes(tiny_png())
    editor.set_input_files("#image-picker", str(png))
    editor.wait_until("document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
    editor.pen_stroke([editor.page_point_to_client(0, 100, 300), editor.page_point_to_client(0, 260, 300)])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp').length === 1")
    # Selected once the server's answer is in (the stamp may show before, through the event stream).
    editor.wait_until("marginalia.selection().ids.length === 1")
    [stamp] = [x for x in editor.annotations() if x["type"] == "stamp"]
    x1, y1, x2, y2 = stamp["rect"]
    # Drag the lower-right handle outwards, across and down.
    handle = editor.page_point_to_client(0, x2, y1)
    target = editor.page_point_to_client(0, x2 + 80, y1 - 10)
    editor.pen_stroke([handle, ((handle[0] + target[0]) / 2, (handle[1] + target[1]) / 2), target])
    editor.wait_until(f"marginalia.model.annotation({stamp['id']!r}).rect[2] > {x2 + 40}")
    [resized] = [x for x in editor.annotations() if x["type"] == "stamp"]
    rx1, ry1, rx2, ry2 = resized["rect"]
    assert (ry2 - ry1) / (rx2 - rx1) == pytest.approx(40 / 64, rel=0.03)
    assert rx1 == pytest.approx(x1, abs=0.5) and ry2 == pytest.approx(y2, abs=0.5), "the opposite corner stays"
    # Move it by dragging its middle.
    middle = editor.page_point_to_client(0, (rx1 + rx2) / 2, (ry1 + ry2) / 2)
    editor.pen_stroke([middle, (middle[0] + 20, middle[1] + 20), (middle[0] + 50, middle[1] + 40)])
    editor.wait_until(f"marginalia.model.annotation({stamp['id']!r}).rect[0] > {rx1 + 20}")
    editor.press("Delete")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp').length === 0")
    editor.press("Control+z")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp').length === 1")
    # Touch users delete with the bar over the selection.
    x1, y1, x2, y2 = editor.js(f"marginalia.model.annotation({stamp['id']!r}).rect")
    editor.pen_stroke([editor.page_point_to_client(0, (x1 + x2) / 2, (y1 + y2) / 2)] * 2)
    editor.click(".selection-bar button[aria-label='Delete selection']")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp').length === 0")


def test_documents_popover_switches_documents(new_editor):
    editor = new_editor()
    other = api(editor.base, "POST", "/api/v1/documents?name=other.png", tiny_png(), "image/png")
    editor.click("button[data-tool=open]")
    editor.click(f"#popover .document-item[data-id='{other['id']}']")
    editor.wait_until(f"marginalia.model.summary.id === {other['id']!r}")
    assert editor.js("marginalia.viewer.views.length") == 1
    editor.wait_until("!!document.querySelector('.page.rendered')")
