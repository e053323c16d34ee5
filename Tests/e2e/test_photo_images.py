"""Issue 34, images from phones (seed 001): a HEIC photo from an iPhone and a WebP from the
web placed with the Image tool, in Chromium (which cannot show a HEIC itself) and in WebKit.
The editor sends what it cannot place as it is to the server, which answers the picture
upright as a PNG; the saved PDF holds the image at the picture's size and orientation, judged
by PyMuPDF. Fixtures: Tests/Fixtures/images/make_photos.py (the pictures it describes)."""

import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from editor_harness import api

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures" / "images"
RED, GREEN, BLUE = (200, 30, 60), (20, 200, 40), (30, 60, 200)


def nearest(pixel):
    """The picture's colour nearest to a rendered pixel (the renderer's colour handling and
    scaling move colours a little; which of the three it is says where the picture went)."""
    return min((RED, GREEN, BLUE), key=lambda colour: sum((a - b) ** 2 for a, b in zip(pixel, colour)))


# The file, its upright size, and (fraction across, fraction down, colour) samples of the
# upright picture: photo-turned.heic is a 64 x 48 photo, red left and blue right, turned a
# quarter clockwise by HEIF's irot; corner.webp a 16 x 12 picture with a green block at the
# stored top left, turned by EXIF orientation 6 (the block ends at the top right).
CASES = [
    ("photo-turned.heic", (48, 64), [(0.5, 0.12, RED), (0.5, 0.88, BLUE)]),
    ("corner.webp", (12, 16), [(0.83, 0.125, GREEN), (0.17, 0.125, RED), (0.5, 0.85, RED)]),
]


@pytest.mark.parametrize("name, size, samples", CASES, ids=[c[0] for c in CASES])
def test_a_phone_photo_is_placed_upright_with_the_image_tool(new_editor, name, size, samples):
    editor = new_editor()
    editor.set_input_files("#image-picker", str(FIXTURES / name))
    editor.wait_until("document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'",
                      timeout=15000)
    # Drag a width of 150 points: the height follows the upright picture's proportions.
    editor.pen_stroke([editor.page_point_to_client(0, 100, 500), editor.page_point_to_client(0, 250, 500)])
    editor.wait_until("document.querySelectorAll('.annotations .annotation.stamp image').length === 1")
    [stamp] = [a for a in editor.annotations() if a["type"] == "stamp"]
    x1, y1, x2, y2 = stamp["rect"]
    assert (y2 - y1) / (x2 - x1) == pytest.approx(size[1] / size[0], rel=0.02)
    # The stamp holds the server's PNG of the upright picture.
    placed = Image.open(io.BytesIO(base64.b64decode(stamp["image"])))
    assert placed.format == "PNG" and placed.size == size
    editor.screenshot(f"photo-placed-{name.replace('.', '-')}")

    fitz = pytest.importorskip("fitz")
    page = fitz.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")[0]
    [annotation] = [a for a in page.annots() if a.type[1] == "Stamp"]
    appearance = annotation.get_pixmap(dpi=72 * 4)  # the stamp's appearance alone, 4 pixels a point
    document = page.parent
    sizes = {(int(document.xref_get_key(x, "Width")[1]), int(document.xref_get_key(x, "Height")[1]))
             for x in range(1, document.xref_length()) if document.xref_get_key(x, "Subtype") == ("name", "/Image")}
    assert size in sizes, f"the saved file holds the {size} image: {sizes}"
    for fx, fy, colour in samples:
        pixel = appearance.pixel(int(fx * (appearance.width - 1)), int(fy * (appearance.height - 1)))
        assert nearest(pixel) == colour, (name, fx, fy, pixel, colour)


def test_a_heic_pasted_from_the_system_clipboard_lands_upright(new_editor):
    editor = new_editor()
    # What the browser hands a page when the user pastes a photo copied elsewhere (the file
    # type as the system names it).
    editor.js("""async (heic) => {
        const bytes = Uint8Array.from(atob(heic), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'IMG_0001.HEIC', { type: 'image/heic' }));
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }""", base64.b64encode((FIXTURES / "photo-turned.heic").read_bytes()).decode())
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'stamp')", timeout=15000)
    [stamp] = [a for a in editor.annotations() if a["type"] == "stamp"]
    x1, y1, x2, y2 = stamp["rect"]
    assert ((x2 - x1), (y2 - y1)) == (pytest.approx(48, abs=0.01), pytest.approx(64, abs=0.01)), "its natural size, upright"
    placed = Image.open(io.BytesIO(base64.b64decode(stamp["image"]))).convert("RGB")
    assert placed.size == (48, 64)
    assert nearest(placed.getpixel((24, 8))) == RED and nearest(placed.getpixel((24, 56))) == BLUE
