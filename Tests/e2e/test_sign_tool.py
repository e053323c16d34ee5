"""Issue 31 item 1 in the browser: the Sign tool makes a handwritten signature three ways —
drawn with a pen in the signing pad, typed (set in URW's Z003), or a PNG with transparency —
keeps each (browser storage: a reload still has them; initials in a list of their own, placed
smaller), and places each with one pen tap where
the tap lands. The downloaded file is read by PyMuPDF (the annotation's type, its rect around
the tap, a typed one's name as its text) and drawn by pdftoppm and PDFium (ink in the placed
rect, the picture's colour, the page showing through the PNG's transparent part).
Item 3: the Signatures panel lists a file pyHanko signed, with its signer's name.
Each runs in Chromium and in WebKit."""

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from editor_harness import ARTIFACTS, api
from viewer_helpers import crop_page_rect, pdfium_render, pixel_share as share, poppler_render

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import make_pki, pyhanko_sign  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"
DPI = 144


def transparent_signature(path):
    """A PNG of a red scrawl on a transparent ground (pixels the page must show through)."""
    image = Image.new("RGBA", (240, 80), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(10, 60), (60, 15), (110, 60), (160, 15), (230, 60)], fill=(200, 20, 20, 255), width=8)
    image.save(path)
    return path


def open_sign(editor):
    editor.click_toolbar("sign")
    editor.wait_until("!document.getElementById('popover').hidden && !!document.querySelector('#popover .signature-choices')")


def choose(editor, label):
    editor.click("#popover .segmented button", label)


def saved_count(editor, kind=None):
    selector = "#popover .signature-choice" + (f'[data-kind="{kind}"]' if kind else "")
    return editor.count(selector)


def place(editor, kind, page_point, annotations=None):
    """Places the saved signature of `kind` with a pen tap at `page_point`; answers the new
    annotation. `annotations` lists the document's (the harness's call without a token by default)."""
    annotations = annotations or editor.annotations
    before = {a["id"] for a in annotations()}
    count = editor.js("marginalia.model.annotationCount")
    open_sign(editor)
    editor.click(f'#popover .signature-choice[data-kind="{kind}"]')
    editor.wait_until("document.getElementById('popover').hidden"
                      " && document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
    point = editor.page_point_to_client(0, *page_point)
    editor.pen_stroke([point, point])
    editor.wait_until(f"marginalia.model.annotationCount === {count + 1}")
    editor.commands_answered()
    [new] = [a for a in annotations() if a["id"] not in before]
    return new


def centred_on(rect, point, tolerance=1):
    x1, y1, x2, y2 = rect
    return abs((x1 + x2) / 2 - point[0]) < tolerance and abs((y1 + y2) / 2 - point[1]) < tolerance


def ink_blue(p):
    """The signature ink (#1B2A6B) and its anti-aliased edge: dark, bluer than red."""
    return p[0] < 120 and p[1] < 130 and p[2] > p[0] + 25


def red(p):
    return p[0] > 150 and p[1] < 90 and p[2] < 90


def white(p):
    return min(p) > 235


def test_draw_type_and_image_signatures_saved_placed_and_drawn(new_editor, tmp_path):
    editor = new_editor()
    editor.js("localStorage.removeItem('marginalia.signatures.v1')")

    # Drawn with the pen in the signing pad: the engine draws each stroke as the pen moves.
    open_sign(editor)
    assert saved_count(editor) == 0
    left, top, width, height = editor.box("#popover .signing-pad")
    stroke = [(left + 30 + i * 12, top + 80 - (30 if i % 2 else 0)) for i in range(20)]
    editor.pen_stroke(stroke, pressure=[0.3 + 0.03 * i for i in range(20)])
    editor.pen_stroke([(left + 60, top + 95), (left + 300, top + 92)])
    editor.wait_until("document.querySelector('#popover .signing-pad').dataset.strokes === '2'")
    assert editor.count("#popover .signing-pad path") == 2
    editor.painted()
    editor.screenshot("signing-pad")
    editor.click("#popover .popover-action", "Save")
    editor.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=drawn]').length === 1")

    # Typed: a name set in the script face.
    choose(editor, "Type")
    editor.fill("#popover .signature-name", "Ana Silva")
    editor.click("#popover .popover-action", "Save")
    editor.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=typed]').length === 1", timeout=15000)
    assert editor.js("document.fonts.check('36px MarginaliaZ003')")

    # An image: a PNG whose ground is transparent.
    choose(editor, "Image")
    editor.set_input_files("#popover .signature-image-picker", str(transparent_signature(tmp_path / "scrawl.png")))
    editor.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=image]').length === 1", timeout=15000)
    editor.screenshot("sign-saved")
    editor.press("Escape")

    # Each placed with one pen tap, centred where the pen touched.
    drawn = place(editor, "drawn", (200, 420))
    assert drawn["type"] == "ink" and len(drawn["paths"]) == 2, drawn
    typed = place(editor, "typed", (200, 320))
    assert typed["type"] == "stamp" and typed.get("image") and typed["contents"] == "Ana Silva", typed
    image = place(editor, "image", (200, 200))
    assert image["type"] == "stamp" and image.get("image"), image
    for annotation, point in ((typed, (200, 320)), (image, (200, 200))):
        assert centred_on(annotation["rect"], point), annotation["rect"]
    x1, y1, x2, y2 = drawn["rect"]
    assert x1 < 200 < x2 and y1 < 420 < y2 and x2 - x1 > 60, drawn["rect"]
    editor.painted()
    editor.screenshot("signatures-placed")

    # Saved: PyMuPDF reads an Ink and two Stamps at those rects; the typed one says the name.
    data = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")
    path = tmp_path / "signed-by-hand.pdf"
    path.write_bytes(data)
    fitz = pytest.importorskip("fitz")
    document = fitz.open(stream=data, filetype="pdf")
    page = document[0]  # kept: an annotation needs its page alive
    found = {document.xref_get_key(a.xref, "NM")[1].strip("()"): a for a in page.annots()}
    assert found[drawn["id"]].type[1] == "Ink" and len(found[drawn["id"]].vertices) == 2
    assert found[typed["id"]].type[1] == "Stamp" and found[typed["id"]].info["content"] == "Ana Silva"
    assert found[image["id"]].type[1] == "Stamp"
    page_height = page.rect.height
    for a in (drawn, typed, image):
        r = found[a["id"]].rect  # PyMuPDF's rect is top-down
        read = [r.x0, page_height - r.y1, r.x1, page_height - r.y0]
        assert all(abs(u - v) < 0.5 for u, v in zip(read, a["rect"])), (read, a["rect"])

    # Drawn by pdftoppm and PDFium: ink in each placed rect; the PNG's red with white around it.
    for renderer, render in (("pdftoppm", poppler_render(path, 1, DPI)), ("pdfium", pdfium_render(path, 1, DPI))):
        for a, name in ((drawn, "drawn"), (typed, "typed"), (image, "image")):
            piece = crop_page_rect(render, a["rect"], DPI)
            piece.save(ARTIFACTS / f"sign-{renderer}-{name}-{editor.engine}.png")
            if a is image:
                assert share(piece, red) > 0.05 and share(piece, white) > 0.4, (renderer, name)
            else:
                assert share(piece, ink_blue) > 0.02, (renderer, name, share(piece, ink_blue))

    # Initials are a list of their own, placed smaller (32 points tall against 48).
    open_sign(editor)
    choose(editor, "Initials")
    assert saved_count(editor) == 0
    choose(editor, "Type")
    editor.fill("#popover .signature-name", "AS")
    editor.click("#popover .popover-action", "Save")
    editor.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=typed]').length === 1", timeout=15000)
    editor.press("Escape")
    initials = place(editor, "typed", (450, 200))
    assert initials["contents"] == "AS" and abs(initials["rect"][3] - initials["rect"][1] - 32) < 0.5, initials["rect"]
    assert abs(typed["rect"][3] - typed["rect"][1] - 48) < 0.5, typed["rect"]

    # Kept in the browser: a reload still lists all three signatures and the initials.
    editor.reload()
    open_sign(editor)
    assert saved_count(editor, "drawn") == saved_count(editor, "typed") == saved_count(editor, "image") == 1
    choose(editor, "Initials")
    assert saved_count(editor) == 1


def test_the_signatures_panel_lists_a_pyhanko_signature(new_editor, web_server, tmp_path):
    pytest.importorskip("pyhanko")
    pki = make_pki(tmp_path / "pki")
    signed = tmp_path / "signed.pdf"
    # In a thread of its own: pyHanko runs an asyncio loop, and Playwright's is running here.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(pyhanko_sign, SAMPLE, signed, pki, "ApproverSignature").result()
    doc = api(web_server, "POST", "/api/v1/documents?name=signed.pdf", signed.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    open_sign(editor)
    editor.click("#popover .popover-action", "Show digital signatures")
    editor.wait_until("!!document.querySelector('#popover .signature-entry')", timeout=15000)
    entry = editor.text('#popover .signature-entry[data-field="ApproverSignature"]')
    assert "Test Signer" in entry and "intact" in entry and "NOT intact" not in entry, entry
    assert "Nothing was changed after signing" in entry, entry
    editor.screenshot("signatures-panel")
