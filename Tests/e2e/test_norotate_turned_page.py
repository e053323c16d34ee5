"""Issue 28 item 5 in the browser: a note flagged NoZoom and NoRotate on a page turned by
/Rotate 90, whose appearance another application drew with a BBox (20 x 18) unlike its /Rect
(10 x 36), as `pymupdf-4-annots-rotated.pdf` has one. The overlay draws it from the server's
picture of that appearance, upright with the rect's upper-left corner pinned (ISO 32000-2,
12.5.3), as pdftoppm draws it: its top half red and its bottom half blue, as the appearance
paints them in page space. Until 2026-12-07 the picture came turned with the page and was
stretched over the upright box, so red and blue lay side by side. Each runs in Chromium and in
WebKit."""

from editor_harness import api
from viewer_helpers import handmade_pdf, poppler_render

RECT = [100, 200, 110, 236]  # page space, 10 x 36 points
# The appearance: its BBox's top half red, its bottom half blue.
APPEARANCE = b"1 0 0 rg 0 9 20 9 re f 0 0 1 rg 0 0 20 9 re f"


def turned_page_with_a_note():
    return handmade_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Rotate 90 /Annots [4 0 R] >>",
        b"<< /Type /Annot /Subtype /Text /Rect [%d %d %d %d] /F 28 /NM (turned) /Contents (x) /AP << /N 5 0 R >> >>"
        % tuple(RECT),
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 20 18] /Length %d >>\nstream\n%s\nendstream"
        % (len(APPEARANCE), APPEARANCE)])


def halves(image):
    """The colour in the middle of the top half and of the bottom half of `image`, each the
    mean over its central quarter (away from edges two renderers antialias differently)."""
    from PIL import ImageStat

    def mean(box):
        return tuple(round(v) for v in ImageStat.Stat(image.crop(box)).mean[:3])
    w, h = image.width, image.height
    return mean((w // 4, h // 8, 3 * w // 4, 3 * h // 8)), mean((w // 4, 5 * h // 8, 3 * w // 4, 7 * h // 8))


def is_red(c):
    return c[0] > 200 and c[1] < 60 and c[2] < 60


def is_blue(c):
    return c[2] > 200 and c[0] < 60 and c[1] < 60


def test_a_norotate_note_on_a_turned_page_is_drawn_upright_as_pdftoppm_draws_it(new_editor, web_server, tmp_path):
    pdf = turned_page_with_a_note()
    doc = api(web_server, "POST", "/api/v1/documents?name=turned-note.pdf", pdf, "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    editor.wait_until("!!document.querySelector('.annotation.note[data-id=\"turned\"] image.foreign-appearance')")
    editor.wait_until("[...document.querySelectorAll('.annotation.note[data-id=\"turned\"] image')].every((i) => i.complete ?? true)")
    # The upper-left corner of the rect in page space, where the box's top-left is (NoRotate).
    ax, ay = editor.page_point_to_client(0, RECT[0], RECT[3])
    # The drawn picture is 10 x 36 CSS pixels (NoZoom: one per point), upright, from the anchor.
    box = editor.js("""() => {
        const r = document.querySelector('.annotation.note[data-id="turned"] image').getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    }""")
    assert abs(box[0] - ax) < 1 and abs(box[1] - ay) < 1, (box, ax, ay)
    assert abs((box[2] - box[0]) - 10) < 1 and abs((box[3] - box[1]) - 36) < 1, box
    shown = editor.screenshot_region("norotate-turned-note", [ax, ay, ax + 10, ay + 36])

    # pdftoppm at the screenshot's scale; on this square page turned 90° clockwise the page
    # point (x, y) is at (y, x) on the turned picture, so the box is the one from (236, 100).
    path = tmp_path / "turned-note.pdf"
    path.write_bytes(pdf)
    scale = shown.width / 10
    page = poppler_render(path, 1, 72 * scale)
    left, top = RECT[3] * scale, RECT[0] * scale
    saved = page.crop((round(left), round(top), round(left + 10 * scale), round(top + 36 * scale)))

    shown_top, shown_bottom = halves(shown)
    saved_top, saved_bottom = halves(saved)
    assert is_red(saved_top) and is_blue(saved_bottom), (saved_top, saved_bottom)
    assert is_red(shown_top) and is_blue(shown_bottom), (shown_top, shown_bottom)
    assert not editor.errors
