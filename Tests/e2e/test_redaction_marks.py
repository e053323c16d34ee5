"""Redaction marks made in the editor (issue 32, item 1; docs/redaction.md, "Marking in the
editor"): the Redact tool marks text by a drag over it (the glyph quads go to /QuadPoints) and
areas by a drag elsewhere (only /Rect), with a pen or a mouse; the find bar's e-mail preset and
"Mark all" mark every address. The file the editor downloads is read by PyMuPDF, whose own
search gives the words' boxes (the marks must agree within 1 pt), then `marginalia redact
--marks-only` applies the marks and pdftotext must no longer find the marked words and must
still find the others. Undo takes a mark back, and a mark made in one tab shows in another."""

import os
import pathlib
import subprocess

import pytest

from editor_harness import ARTIFACTS, ROOT, api
from viewer_helpers import page_screenshot, wait_rendered

pymupdf = pytest.importorskip("pymupdf")

BINARY = pathlib.Path(os.environ.get("MARGINALIA_BIN", ROOT / ".build" / "debug" / "marginalia"))
TEXT = """Contact Alice Smith at alice.smith@example.org for the invoice.

Bob Jones (bob@mail.example.com) approved it on 2024-01-15.

Keep this line: version 10.15.7 and the word Confidential here.

Archive number 4471 stays readable.
"""
MARKED = ["Alice", "Smith", "alice.smith@example.org", "bob@mail.example.com", "Jones", "Confidential"]
KEPT = ["Contact", "invoice", "Bob", "approved", "2024-01-15", "version", "10.15.7", "Keep", "here", "Archive", "4471"]


@pytest.fixture()
def document(web_server, tmp_path):
    """The lines above, made by the engine's generator (`marginalia create`); the document's id."""
    source = tmp_path / "contacts.md"
    source.write_text(TEXT)
    path = tmp_path / "contacts.pdf"
    subprocess.run([str(BINARY), "create", str(source), "-o", str(path)], check=True, capture_output=True)
    return api(web_server, "POST", "/api/v1/documents?name=contacts.pdf", path.read_bytes(), "application/pdf")["id"]


def boxes_of(data, *words):
    """PyMuPDF's boxes of each word (its own search), in page space (y up): {word: [boxes]}."""
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        page = pdf[0]
        height = page.mediabox.height
        return {w: [(r.x0, height - r.y1, r.x1, height - r.y0) for r in page.search_for(w)] for w in words}


def file_of(editor):
    return api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")


def marks_in_model(editor):
    return editor.js("[...marginalia.model.allAnnotations()].filter((a) => a.type === 'redact').length")


def wait_marks(editor, count, timeout=10000):
    editor.wait_until(f"[...marginalia.model.allAnnotations()].filter((a) => a.type === 'redact').length === {count}",
                      timeout=timeout)


def quad_box(flat):
    return (min(flat[0::2]), min(flat[1::2]), max(flat[0::2]), max(flat[1::2]))


def union(*boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def close(a, b, within=1.0):
    return all(abs(x - y) <= within for x, y in zip(a, b))


def area_around(box, margin=3):
    """A drag around a word that starts above it, off the text (page space)."""
    return (box[0] - margin, box[3] + margin), (box[2] + margin, box[1] - margin)


def test_marks_by_text_area_and_email_preset_are_saved_and_applied(new_editor, tmp_path):
    editor = new_editor()
    wait_rendered(editor)
    boxes = boxes_of(file_of(editor), "Alice Smith", "Alice", "Smith", "Jones", "Confidential",
                     "alice.smith@example.org", "bob@mail.example.com")
    # PyMuPDF's search ignores case: "Alice" and "Smith" are also in the address after them.
    alice, smith, jones, confidential = (boxes[w][0] for w in ("Alice", "Smith", "Jones", "Confidential"))
    editor.show_page(0, zoom=1.5)
    editor.click("button[data-tool=redact]")

    # Text: a pen drag from inside "Alice" to inside "Smith" marks the two words' glyphs.
    inside = lambda box, f: (box[0] + (box[2] - box[0]) * f, (box[1] + box[3]) / 2)
    editor.pen_stroke(editor.page_points_to_client(0, [inside(alice, 0.3), inside(smith, 0.5), inside(smith, 0.7)]))
    wait_marks(editor, 1)

    # Areas: a mouse drag around "Confidential" and a pen drag around "Jones", each starting
    # above its word, off the text.
    start, end = area_around(confidential)
    editor.mouse_drag(editor.page_points_to_client(0, [start, ((start[0] + end[0]) / 2, start[1]), end]))
    wait_marks(editor, 2)
    jones_start, jones_end = area_around(jones)
    editor.pen_stroke(editor.page_points_to_client(0, [jones_start, ((jones_start[0] + jones_end[0]) / 2, jones_end[1]), jones_end]))
    wait_marks(editor, 3)

    # Search: the e-mail preset finds both addresses; "Mark all" marks them as one step.
    editor.click_toolbar("find")
    editor.select_option(".find-preset", ["email"])
    editor.wait_until("marginalia.find.state().total === 2 && !marginalia.find.state().partial", timeout=10000)
    editor.click(".find-redact")
    wait_marks(editor, 5)
    editor.commands_answered()
    editor.screenshot("redaction-find-bar")
    editor.js("marginalia.find.hide()")
    wait_rendered(editor)
    page_screenshot(editor, "redaction-marks")

    # The downloaded file holds five /Redact annotations where PyMuPDF finds the words.
    name, data = editor.download(lambda: editor.click_toolbar("download"))
    assert name.endswith(".pdf")
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        page = pdf[0]
        height = page.mediabox.height
        marks = [a for a in page.annots() if a.type[1] == "Redact"]
        assert len(marks) == 5, [a.type for a in page.annots()]
        raw = [pdf.xref_get_key(a.xref, "QuadPoints") for a in marks]
        rects = [(a.rect.x0, height - a.rect.y1, a.rect.x1, height - a.rect.y0) for a in marks]
    with_quads = [(quad_box([float(v) for v in q[1].strip("[]").split()]), r) for q, r in zip(raw, rects) if q[0] == "array"]
    areas = [r for q, r in zip(raw, rects) if q[0] != "array"]
    assert len(with_quads) == 3 and len(areas) == 2, raw
    expected_text = [union(*boxes["Alice Smith"]), *boxes["alice.smith@example.org"], *boxes["bob@mail.example.com"]]
    for want in expected_text:
        assert any(close(box, want) for box, _ in with_quads), f"no mark's quads at {want}: {with_quads}"
    for word, (a, b) in (("Confidential", area_around(confidential)), ("Jones", area_around(jones))):
        want = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        assert any(close(rect, want) for rect in areas), f"no area mark around {word} at {want}: {areas}"

    # Applied by the CLI, the marked words are gone and the rest stays.
    downloaded = tmp_path / "marked.pdf"
    downloaded.write_bytes(data)
    out = tmp_path / "redacted.pdf"
    subprocess.run([str(BINARY), "redact", str(downloaded), "--marks-only", "-o", str(out)], check=True, capture_output=True)
    text = subprocess.run(["pdftotext", str(out), "-"], check=True, capture_output=True, text=True).stdout
    for word in MARKED:
        assert word not in text, f"{word} is still in the redacted file: {text!r}"
    for word in KEPT:
        assert word in text, f"{word} went from the redacted file: {text!r}"


def mark_area_around_confidential(editor, zoom):
    """Drags the Redact tool with the mouse around "Confidential", from above it; returns the
    drag's ends (page space) once the mark is in the model."""
    wait_rendered(editor)
    [confidential] = boxes_of(file_of(editor), "Confidential")["Confidential"]
    editor.show_page(0, zoom=zoom)
    editor.click("button[data-tool=redact]")
    start, end = area_around(confidential)
    editor.mouse_drag(editor.page_points_to_client(0, [start, end]))
    wait_marks(editor, 1)
    return start, end


def test_undo_takes_a_mark_back_and_another_tab_sees_it(new_editor):
    first = new_editor()
    second = new_editor()
    start, end = mark_area_around_confidential(first, zoom=1.5)
    # The other tab's model and overlay or canvas have the mark.
    wait_marks(second, 1, timeout=15000)
    [mark] = [a for a in first.annotations() if a["type"] == "redact"]
    assert "quads" not in mark and close(mark["rect"], (start[0], end[1], end[0], start[1]))
    # Undo in the first tab takes it back everywhere.
    first.press("Control+z")
    wait_marks(first, 0)
    wait_marks(second, 0, timeout=15000)
    assert not [a for a in first.annotations() if a["type"] == "redact"]
    assert marks_in_model(second) == 0


def crop_around(editor, image, rect, margin=4):
    """The screenshot's pixels over a page-space rect grown by `margin` points."""
    corners = editor.page_points_to_client(0, [(rect[0] - margin, rect[1] - margin), (rect[2] + margin, rect[3] + margin)])
    ratio = image.width / editor.js("innerWidth")
    xs, ys = [c[0] * ratio for c in corners], [c[1] * ratio for c in corners]
    return image.crop((round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys))))


def reds(image):
    """How many pixels of an RGB image are the outline's red."""
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i] > 150 and data[i + 1] < 110 and data[i + 2] < 110)


def test_a_mark_in_the_overlay_looks_as_the_file_draws_it(new_editor):
    """A mark drawn live by the overlay (while it is edited) and the same mark drawn by pdf.js
    from the appearance the server wrote: the same outline, nothing filled."""
    image_module = pytest.importorskip("PIL.Image")
    from PIL import ImageChops, ImageStat

    editor = new_editor()
    mark_area_around_confidential(editor, zoom=2)
    [mark] = [a for a in editor.annotations() if a["type"] == "redact"]
    # The canvas takes the mark over from the file once the document is quiet.
    editor.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=15000)
    wait_rendered(editor)
    editor.wait_until("document.querySelectorAll('.annotations .annotation.redact').length === 0")
    editor.screenshot("redaction-mark-canvas")
    canvas = image_module.open(ARTIFACTS / f"redaction-mark-canvas-{editor.engine}.png").convert("RGB")
    # Drawn live: the overlay draws it and the canvas leaves it out.
    editor.js(f"marginalia.display.setEditing({mark['id']!r}, true)")
    editor.wait_until("document.querySelectorAll('.annotations .annotation.redact').length === 1")
    wait_rendered(editor)
    editor.screenshot("redaction-mark-overlay")
    overlay = image_module.open(ARTIFACTS / f"redaction-mark-overlay-{editor.engine}.png").convert("RGB")

    a, b = crop_around(editor, canvas, mark["rect"]), crop_around(editor, overlay, mark["rect"])
    assert a.size == b.size
    difference = sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3
    assert difference < 6, f"the overlay's mark differs from the file's by {difference:.2f} per sample"
    assert reds(a) > 100 and abs(reds(a) - reds(b)) < 0.3 * reds(a), (reds(a), reds(b))
