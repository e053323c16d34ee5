"""Issue 26, items 1 and 2 in the browser: moving another application's stamp with the Select
tool keeps its artwork (the appearance stream, byte for byte, only placed elsewhere), and an
image edited again and again is stored once. Judged on the saved file by pikepdf (the stream's
bytes, the image objects) and PyMuPDF (its render of the stamp, before and after). Each runs
in Chromium and in WebKit."""

import base64
import io
import os
import pathlib
import random
import subprocess

import pikepdf
import pytest
from PIL import Image

from editor_harness import ROOT, api

fitz = pytest.importorskip("fitz")

CORPUS = pathlib.Path(os.environ.get("MARGINALIA_CORPUS", ROOT.parent / "shared" / "corpus"))
FOXIT = CORPUS / "pdfjs-annotation-stamp.pdf"


def saved(editor) -> bytes:
    return api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")


def stamp_stream(pdf_bytes: bytes) -> tuple[bytes, str, list[float]]:
    """The Foxit stamp's normal appearance (decoded), its /Name and its /Rect."""
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        [stamp] = [a for a in pdf.pages[0].Annots if a.Subtype == "/Stamp"]
        return stamp.AP.N.read_bytes(), str(stamp.Name), [float(v) for v in stamp.Rect]


def qpdf_accepts(pdf_bytes: bytes, tmp_path) -> None:
    path = tmp_path / "saved.pdf"
    path.write_bytes(pdf_bytes)
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr


def render_region(pdf_bytes: bytes, rect) -> Image.Image:
    with fitz.open(stream=pdf_bytes, filetype="pdf") as document:
        page = document[0]
        x1, y1, x2, y2 = rect
        clip = fitz.Rect(x1, page.rect.height - y2, x2, page.rect.height - y1)
        pixmap = page.get_pixmap(dpi=144, clip=clip)
        return Image.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples)


def test_a_stamp_another_tool_drew_keeps_its_artwork_when_dragged(new_editor, web_server, tmp_path):
    if not FOXIT.exists():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    original = FOXIT.read_bytes()
    doc_id = api(web_server, "POST", "/api/v1/documents?name=stamp.pdf", original, "application/pdf")["id"]
    editor = new_editor(doc_id=doc_id)
    before, name, rect = stamp_stream(original)
    editor.js("marginalia.setTool('select')")
    x1, y1, x2, y2 = rect
    start = editor.page_point_to_client(0, (x1 + x2) / 2, (y1 + y2) / 2)
    end = editor.page_point_to_client(0, (x1 + x2) / 2 + 120, (y1 + y2) / 2 - 240)
    editor.mouse_click(*start)
    editor.wait_until("document.querySelector('.selection-bar') !== null")
    steps = 8
    editor.mouse_drag([(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
                       for i in range(steps + 1)])
    editor.wait_until(f"(() => {{ const s = [...marginalia.model.allAnnotations()].find((a) => a.type === 'stamp');"
                      f" return s && Math.abs(s.rect[0] - {x1 + 120}) < 2; }})()", timeout=10000)
    # Selected and moved, it is shown as its own appearance draws it (the server's picture of
    # it), not as a label made from its fields (a red box reading "FOXIT_ STAMP").
    editor.wait_until("document.querySelector('.annotation.stamp image.foreign-appearance') !== null")
    assert editor.count(".annotation.stamp text") == 0
    [stamp_id] = [a["id"] for a in editor.annotations() if a["type"] == "stamp"]
    picture = Image.open(io.BytesIO(api(editor.base, "GET", f"/api/v1/documents/{doc_id}/annotations/{stamp_id}/appearance?scale=3")))
    assert picture.size == (round(3 * (x2 - x1)), round(3 * (y2 - y1))), picture.size
    assert len(picture.convert("RGB").getcolors(1 << 24) or []) > 2, "the picture draws something"
    editor.painted()
    editor.screenshot("foreign-stamp-moved")

    after, kept_name, moved = stamp_stream(saved(editor))
    qpdf_accepts(saved(editor), tmp_path)
    assert after == before, "the appearance stream is the one the other tool drew"
    assert kept_name == name == "/Foxit_Stamp"
    assert abs(moved[0] - (x1 + 120)) < 2 and abs(moved[1] - (y1 - 240)) < 2, (rect, moved)
    # PyMuPDF draws at the new place what it drew at the old one.
    old = render_region(original, rect)
    new = render_region(saved(editor), moved)
    assert old.size == new.size
    differing = sum(1 for p, q in zip(old.tobytes(), new.tobytes()) if abs(p - q) > 48)
    assert differing < len(old.tobytes()) // 50, f"{differing} of {len(old.tobytes())} channel values differ"
    assert not editor.errors


def noisy_jpeg() -> bytes:
    """A 240 x 180 JPEG of noise (about 50 KB: every copy of it would show in the file's size)."""
    generator = random.Random(26)
    image = Image.new("RGB", (240, 180))
    image.putdata([(generator.randrange(256), generator.randrange(256), generator.randrange(256)) for _ in range(240 * 180)])
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def image_objects(pdf_bytes: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        return sum(1 for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image")


def test_an_image_edited_many_times_is_stored_once(new_editor, tmp_path):
    editor = new_editor()
    jpeg = noisy_jpeg()
    revision = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
        {"protocol": 1, "baseRevision": revision, "clientId": "test-images",
         "command": {"type": "add", "annotation": {"type": "stamp", "id": "photo", "pageIndex": 0,
                                                   "rect": [200, 200, 320, 290], "image": base64.b64encode(jpeg).decode()}}})
    editor.wait_until("document.querySelector('.annotation.stamp[data-id=\"photo\"] image') !== null")
    size_with_one = len(saved(editor))
    assert image_objects(saved(editor)) == 1

    editor.js("marginalia.setTool('select')")
    centre = editor.page_point_to_client(0, 260, 245)
    editor.mouse_click(*centre)
    editor.wait_until("document.querySelector('.selection-bar button[aria-label=\"Turn clockwise\"]') !== null")
    edits = 0
    for turn in range(2):  # two quarter turns from the bar
        editor.click('.selection-bar button[aria-label="Turn clockwise"]')
        edits += 1
        editor.wait_until(f"marginalia.model.annotation('photo')?.rotation === {90 * (turn + 1)}")
    # Crop a little more from the left as seen, four times (the left handle, Shift+Right: a
    # tenth each; turned twice, the seen left is the picture's right).
    editor.click('.selection-bar button[aria-label="Crop"]')
    editor.wait_until("document.querySelectorAll('.crop-handle').length === 4")
    for step in range(1, 5):
        editor.press("Shift+ArrowRight", focus='.crop-handle[data-side="left"]')
        edits += 1
        editor.wait_until(f"Math.abs((marginalia.model.annotation('photo')?.crop ?? [0, 0, 1, 1])[2] - {1 - step / 10}) < 1e-9")
    editor.press("Escape", focus='.crop-handle[data-side="left"]')
    editor.wait_until("document.querySelectorAll('.crop-handle').length === 0")
    for _ in range(3):  # and drag it about
        photo = next(a for a in editor.annotations() if a["id"] == "photo")
        x1, y1, x2, y2 = photo["rect"]
        here = editor.page_point_to_client(0, (x1 + x2) / 2, (y1 + y2) / 2)
        editor.mouse_drag([here, (here[0] + 15, here[1] + 10), (here[0] + 30, here[1] + 20)])
        edits += 1
        editor.wait_until(f"marginalia.model.annotation('photo').rect[0] > {x1 + 1}")
    revision = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    assert revision >= edits + 1, (revision, edits)

    final = saved(editor)
    qpdf_accepts(final, tmp_path)
    assert image_objects(final) == 1, "the image is written once and every appearance refers to it"
    assert len(final) < size_with_one + len(jpeg) // 2, (len(final), size_with_one, len(jpeg))
    assert not editor.errors
