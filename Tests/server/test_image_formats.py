"""Images from phones, the web and scanners through the API (docs/api.md, `POST
/api/v1/documents` and `POST /api/v1/images`): a HEIC and a WebP become image documents the
size of the upright picture, a multi-page TIFF a page per image, each judged by PyMuPDF from
the stored file; the editor's conversion answers a PNG that Pillow reads upright; an image
past the pixel limit is a 422 naming the limit, never a 500. The fixtures are
Tests/Fixtures/images/make_photos.py's (the pictures it describes)."""

import io
import json
import struct
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures" / "images"
RED, GREEN, BLUE = (200, 30, 60), (20, 200, 40), (30, 60, 200)


def near(pixel, expected, tolerance=14):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, expected))


def upload(server, name):
    status, _, body = server.request("POST", f"/api/v1/documents?name={name}", (FIXTURES / name).read_bytes())
    assert status == 201, body
    return json.loads(body)


def stored_pages(server, summary):
    """The stored file's pages as (width, height, the page drawn at one pixel per point)."""
    fitz = pytest.importorskip("fitz")
    status, _, pdf = server.request("GET", f"/api/v1/documents/{summary['id']}/file")
    assert status == 200
    document = fitz.open(stream=pdf, filetype="pdf")
    pages = []
    for page in document:
        assert len(page.get_images()) == 1, "the page shows one image"
        pixmap = page.get_pixmap(matrix=fitz.Matrix(1, 1), alpha=False)
        pages.append((round(page.rect.width), round(page.rect.height), pixmap))
    return pages


def test_a_heic_from_an_iphone_becomes_an_upright_image_document(open_server):
    summary = upload(open_server, "photo-turned.heic")
    assert summary["kind"] == "image"
    [(width, height, pixmap)] = stored_pages(open_server, summary)
    # Stored 64 x 48 (red left, blue right) with HEIF's irot a quarter clockwise: upright
    # 48 x 64, red above blue.
    assert (width, height) == (48, 64)
    assert near(pixmap.pixel(24, 8), RED), pixmap.pixel(24, 8)
    assert near(pixmap.pixel(24, 56), BLUE), pixmap.pixel(24, 56)


def test_a_webp_turned_by_its_exif_orientation_becomes_an_upright_image_document(open_server):
    summary = upload(open_server, "corner.webp")
    [(width, height, pixmap)] = stored_pages(open_server, summary)
    # Stored 16 x 12 with a green block at the top left, EXIF orientation 6: upright 12 x 16
    # with the block at the top right.
    assert (width, height) == (12, 16)
    assert near(pixmap.pixel(10, 1), GREEN), pixmap.pixel(10, 1)
    assert near(pixmap.pixel(1, 1), RED), pixmap.pixel(1, 1)


def test_a_multi_page_tiff_gives_a_page_per_image(open_server):
    summary = upload(open_server, "pages.tiff")
    pages = stored_pages(open_server, summary)
    assert [(w, h) for w, h, _ in pages] == [(16, 12), (20, 10), (8, 8)]
    assert near(pages[1][2].pixel(10, 5), BLUE)
    assert near(pages[2][2].pixel(4, 4), (100, 100, 100))


def test_the_editor_gets_a_heic_as_an_upright_png(open_server):
    image_module = pytest.importorskip("PIL.Image")
    status, headers, body = open_server.request("POST", "/api/v1/images", (FIXTURES / "photo-turned.heic").read_bytes())
    assert status == 200, body
    assert dict((k.lower(), v) for k, v in headers.items())["content-type"] == "image/png"
    picture = image_module.open(io.BytesIO(body)).convert("RGB")
    assert picture.size == (48, 64)
    assert near(picture.getpixel((24, 8)), RED) and near(picture.getpixel((24, 56)), BLUE)


def test_a_jpeg_that_needs_no_turning_comes_back_unchanged(open_server):
    jpeg = (FIXTURES / "rgb.jpg").read_bytes()
    status, headers, body = open_server.request("POST", "/api/v1/images", jpeg)
    assert status == 200
    assert body == jpeg


def huge_webp():
    """A lossless WebP header claiming 16384 x 16384 pixels (268 megapixels), no image data."""
    bits = (16384 - 1) | (16384 - 1) << 14  # width - 1, height - 1; no alpha, version 0
    payload = b"\x2f" + struct.pack("<I", bits) + b"\x00" * 16
    chunk = b"VP8L" + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


@pytest.mark.parametrize("path", ["/api/v1/documents?name=huge.webp", "/api/v1/images"])
def test_an_image_past_the_pixel_limit_is_refused_naming_the_limit(open_server, path):
    status, _, body = open_server.request("POST", path, huge_webp())
    assert status == 422, body
    error = json.loads(body)["error"]
    assert error["code"] == "unprocessable"
    assert "16384 × 16384" in error["message"] and "50000000" in error["message"], error["message"]


def test_bytes_that_are_no_image_are_a_422_naming_the_formats(open_server):
    status, _, body = open_server.request("POST", "/api/v1/images", b"GIF89a this is not a gif")
    assert status == 422, body
    status, _, body = open_server.request("POST", "/api/v1/documents?name=x.bin", b"plain text, no image")
    assert status == 422
    assert "HEIC" in json.loads(body)["error"]["message"]


def test_a_multi_page_tiff_uploaded_to_insert_from_gives_its_pages(open_server):
    [document] = [d for d in open_server.json("GET", "/api/v1/documents")["documents"]][:1]
    status, _, body = open_server.request("POST", f"/api/v1/documents/{document['id']}/uploads",
                                          (FIXTURES / "pages.tiff").read_bytes())
    assert status == 201, body
    assert json.loads(body)["pageCount"] == 3
