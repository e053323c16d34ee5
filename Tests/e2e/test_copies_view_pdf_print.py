"""Issue 20 in the browser, the Export menu: Save as (a copy under a new name, which the
editor then opens), Export view as PDF (the part of the current page in view, the rect from
the engine) and Print (the flattened pages through the browser's print dialog). Each runs in
Chromium and in WebKit."""

import io

import pytest

from editor_harness import ARTIFACTS, api

BAND_Y = 300


def stroke_across_band(editor):
    """A pen stroke across the blank band of page 1 (page space y = BAND_Y); waits until it is drawn."""
    editor.js("marginalia.setTool('draw')")
    editor.pen_stroke(editor.page_points_to_client(0, [(120 + i * 12, BAND_Y + (i % 2) * 8) for i in range(20)]))
    editor.wait_until("[...marginalia.model.allAnnotations()].filter((a) => a.type === 'ink').length === 1")


def kinds(base, doc_id):
    return sorted(a["type"] for a in api(base, "GET", f"/api/v1/documents/{doc_id}/annotations")["annotations"])


def test_save_as_makes_a_copy_and_opens_it(new_editor):
    """Save as with an unsaved stroke: a new document under the typed name holds the stroke
    and is opened; the original keeps its name, and its stroke stays unsaved there."""
    editor = new_editor()
    original = editor.doc_id
    stroke_across_band(editor)
    editor.click_toolbar("export")
    editor.click("#popover button", "Save as…")
    assert editor.value("#popover input[name=save-as-name]") == "sample (copy).pdf"
    editor.screenshot("save-as")
    editor.fill("#popover input[name=save-as-name]", "sample reviewed.pdf")
    editor.click("#popover button", "Save the copy")
    editor.wait_until(f"marginalia.model.summary?.id !== '{original}' && document.title.startsWith('sample reviewed.pdf')", timeout=10000)
    copy = editor.js("marginalia.model.summary.id")
    assert editor.js("new URL(location.href).searchParams.get('doc')") == copy
    summary = api(editor.base, "GET", f"/api/v1/documents/{copy}")
    assert summary["name"] == "sample reviewed.pdf" and summary["kind"] == "pdf", summary
    assert kinds(editor.base, copy) == ["ink", "note", "square"]
    editor.wait_until("[...marginalia.model.allAnnotations()].filter((a) => a.type === 'ink').length === 1")
    first = api(editor.base, "GET", f"/api/v1/documents/{original}")
    assert first["name"] == "sample.pdf"
    assert kinds(editor.base, original) == ["ink", "note", "square"]
    # The copy's version 1 holds the stroke: its saved file has the ink.
    pypdf = pytest.importorskip("pypdf")
    saved = pypdf.PdfReader(io.BytesIO(api(editor.base, "GET", f"/api/v1/documents/{copy}/file")))
    assert "/Ink" in [a.get_object()["/Subtype"] for a in saved.pages[0]["/Annots"]]
    assert not editor.errors


def test_the_export_menu_says_what_each_flattened_choice_does(new_editor):
    """Issue 34, item 2: the Export menu offers the flattened PDF with the comments left out
    or listed on a page at the end, saying under each what it does; each download is that
    export (the sample's note and the rectangle's text on the summary page, no annotation or
    field left on the pages)."""
    editor = new_editor()
    editor.click_toolbar("export")
    drop = editor.text("#popover [data-hint=flattened-drop]")
    summary = editor.text("#popover [data-hint=flattened-summary]")
    assert "nothing can be edited or filled" in drop and "Notes and comments are left out" in drop, drop
    assert "listed on a page added at the end" in summary, summary
    editor.screenshot("export-menu-flattened")
    pypdf = pytest.importorskip("pypdf")
    name, data = editor.download(lambda: editor.click("#popover button[data-export=flattened-summary]"))
    assert name == "sample-flattened-with-comments.pdf", name
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 4 and not reader.get_fields()
    assert all(a.get_object()["/Subtype"] == "/Link" for page in reader.pages for a in page.get("/Annots") or [])
    text = reader.pages[3].extract_text()
    assert "Comments" in text and "Page 1" in text and "Marginalia keeps every annotation editable" in text, text
    editor.click_toolbar("export")
    name, data = editor.download(lambda: editor.click("#popover button[data-export=flattened-drop]"))
    assert name == "sample-flattened.pdf", name
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3 and not reader.get_fields()
    assert "Marginalia keeps every annotation editable" not in "".join(p.extract_text() for p in reader.pages)
    assert not editor.errors


def test_export_view_as_pdf_is_the_part_in_view(new_editor):
    """Zoomed in on page 1 with a stroke in view: the PDF is one page the size of the engine's
    visible rect, vector (the page's text is still text), with the stroke burned in."""
    editor = new_editor()
    stroke_across_band(editor)
    # Zoom in about the stroke: the view shows a part of the page only.
    x, y = editor.page_point_to_client(0, 240, BAND_Y)
    editor.js(f"""async () => {{ const {{ call }} = await import('/app/js/engine.js');
        const box = marginalia.viewer.scroller.getBoundingClientRect();
        marginalia.viewer.apply(call({{call: 'setViewport', zoom: 4, anchor: [{x} - box.left, {y} - box.top]}})); }}""")
    editor.wait_page_drawn(0)
    area = editor.js("async () => (await import('/app/js/engine.js')).call({call: 'visibleArea'})")
    assert area["pageIndex"] == 0, area
    x1, y1, x2, y2 = area["rect"]
    assert x2 - x1 < 612 * 0.6 and y2 - y1 < 792 * 0.6 and x1 < 240 < x2 and y1 < BAND_Y < y2, area
    editor.painted()
    editor.screenshot("view-pdf-zoomed")
    editor.click_toolbar("export")
    name, data = editor.download(lambda: editor.click("#popover button", "Export view as PDF"))
    assert name == "sample-page1-view.pdf", name
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - (x2 - x1)) < 0.01 and abs(float(box.height) - (y2 - y1)) < 0.01, (box, area)
    assert not reader.pages[0].get("/Annots"), "annotations are burned in"
    fitz = pytest.importorskip("fitz")
    page = fitz.open(stream=data, filetype="pdf")[0]
    # The stroke is page content now: dark pixels along the band.
    band = fitz.Rect(page.rect.x0, page.rect.y1 - (BAND_Y - y1) - 12, page.rect.x1, page.rect.y1 - (BAND_Y - y1) + 20)
    assert min(page.get_pixmap(clip=band & page.rect).samples) < 100
    page.get_pixmap(dpi=96).save(str(ARTIFACTS / f"view-pdf-{editor.engine}.png"))
    assert not editor.errors


def test_print_draws_the_flattened_pages_for_the_print_dialog(new_editor):
    """Print: every page of the flattened export is drawn for the print style sheet, with the
    annotations burned in (the red Square's border on page 1), then the print dialog opens; the
    pictures go once printing is over. The dialog itself is the operating system's, which no
    driver can press: the test records the call to window.print instead of opening it."""
    editor = new_editor()
    stroke_across_band(editor)
    editor.js("window.print = () => { window.__printed = [...document.querySelectorAll('#print-pages img')].map((i) => [i.naturalWidth, i.naturalHeight]); }")
    editor.click_toolbar("export")
    editor.click("#popover button", "Print…")
    printed = editor.wait_until("window.__printed", timeout=15000)
    # Each page at 2 pixels per point, turned as it is shown.
    pages = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["pages"]
    sizes = [[round(2 * p["width"]), round(2 * p["height"])][::-1 if p.get("rotation", 0) % 180 else 1] for p in pages]
    assert printed == sizes and len(sizes) == 3, (printed, pages)
    # Page 1's picture: the Square's red border and the stroke, as the flattened file draws them.
    colours = editor.js(f"""async () => {{
        const img = document.querySelector('#print-pages img');
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
        const g = canvas.getContext('2d'); g.drawImage(img, 0, 0);
        const row = (y) => [...g.getImageData(0, y, canvas.width, 1).data];
        const pixels = (data) => Array.from({{length: data.length / 4}}, (_, i) => data.slice(4 * i, 4 * i + 3));
        const stroke = pixels(row(Math.round((792 - {BAND_Y} - 4) * 2))).filter(([r, g, b]) => r < 80 && g < 80 && b < 80).length;
        let red = 0;
        for (let y = 0; y < canvas.height; y += 4) red += pixels(row(y)).filter(([r, g, b]) => r > 150 && g < 60 && b < 60).length;
        return {{stroke, red}};
    }}""")
    assert colours["stroke"] > 20 and colours["red"] > 100, colours
    assert editor.js("getComputedStyle(document.getElementById('print-pages')).display") == "none", "hidden on screen"
    editor.js("window.dispatchEvent(new Event('afterprint'))")
    assert editor.count("#print-pages img") == 0
    assert not editor.errors


def test_print_shows_the_form_fields_and_their_values(new_editor, web_server, tmp_path):
    """Issue 26, item 4: Print draws the flattened export without pdf.js's annotation layer,
    and the export used to keep the form's widgets as widgets, so the printed page 2 of
    `marginalia sample` had no field and no value. Now the field typed into is on paper."""
    import os
    import pathlib
    import subprocess
    binary = os.environ.get("MARGINALIA_BIN", str(pathlib.Path(__file__).resolve().parents[2] / ".build" / "debug" / "marginalia"))
    sample = tmp_path / "form.pdf"
    subprocess.run([binary, "sample", "-o", str(sample)], check=True, capture_output=True)
    doc_id = api(web_server, "POST", "/api/v1/documents?name=form.pdf", sample.read_bytes(), "application/pdf")["id"]
    name = next(f for f in api(web_server, "GET", f"/api/v1/documents/{doc_id}/fields")["fields"] if f["name"] == "name")
    api(web_server, "POST", f"/api/v1/documents/{doc_id}/commands",
        {"protocol": 1, "baseRevision": 0, "clientId": "print-test", "command": {"type": "fill", "name": "name", "value": "WWWWWWWW"}})
    editor = new_editor(doc_id=doc_id)
    editor.js("window.print = () => { window.__printed = document.querySelectorAll('#print-pages img').length; }")
    editor.click_toolbar("export")
    editor.click("#popover button", "Print…")
    assert editor.wait_until("window.__printed", timeout=15000) >= 2
    x1, y1, x2, y2 = name["rect"]
    page_height = api(web_server, "GET", f"/api/v1/documents/{doc_id}")["pages"][name["pageIndex"]]["height"]
    dark = editor.js(f"""async () => {{
        const img = document.querySelectorAll('#print-pages img')[{name["pageIndex"]}];
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
        const g = canvas.getContext('2d'); g.drawImage(img, 0, 0);
        const data = g.getImageData({x1 * 2}, {(page_height - y2) * 2}, {(x2 - x1) * 2}, {(y2 - y1) * 2}).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) dark += 1;
        return dark;
    }}""")
    assert dark > 200, f"{dark} dark pixels where the field's value is printed"
    editor.js("window.dispatchEvent(new Event('afterprint'))")
