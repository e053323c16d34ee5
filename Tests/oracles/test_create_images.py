"""`marginalia create` with images from phones, the web and scanners (issue 34, docs/cli.md):
a HEIC, a WebP, a GIF and a multi-page TIFF become image documents upright at their pixel
size (a page per TIFF image), judged by PyMuPDF and qpdf; an image past the pixel limit is a
one-line error naming the limit (exit 1). Fixtures: Tests/Fixtures/images/make_photos.py."""

from __future__ import annotations

import struct
from pathlib import Path

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures" / "images"
RED, GREEN, BLUE = (200, 30, 60), (20, 200, 40), (30, 60, 200)


def nearest(pixel):
    return min((RED, GREEN, BLUE), key=lambda colour: sum((a - b) ** 2 for a, b in zip(pixel, colour)))


def create(binary, tmp_path, source: Path):
    out = tmp_path / (source.stem + ".pdf")
    result = run_command([str(binary), "create", str(source), "-o", str(out)], 120)
    assert result.returncode == 0, result.describe()
    check = qpdf_check(out, None)
    assert check.returncode == 0, check.describe()
    return pymupdf.open(out)


# The file, its pages' upright sizes, and (x, y, colour) samples of the first page.
CASES = [
    ("photo-turned.heic", [(48, 64)], [(24, 8, RED), (24, 56, BLUE)]),
    ("corner.webp", [(12, 16)], [(10, 1, GREEN), (1, 1, RED)]),
    ("first-frame.gif", [(16, 12)], [(7, 5, RED)]),
    ("pages.tiff", [(16, 12), (20, 10), (8, 8)], [(7, 5, RED)]),
    ("corner.jpg", [(24, 32)], [(20, 4, GREEN), (4, 28, RED)]),
]


@pytest.mark.parametrize("name, sizes, samples", CASES, ids=[c[0] for c in CASES])
def test_an_image_becomes_an_upright_image_document(binary, tmp_path, name, sizes, samples):
    document = create(binary, tmp_path, FIXTURES / name)
    assert [(round(p.rect.width), round(p.rect.height)) for p in document] == sizes
    pixmap = document[0].get_pixmap(matrix=pymupdf.Matrix(1, 1), alpha=False)
    for x, y, colour in samples:
        assert nearest(pixmap.pixel(x, y)) == colour, (name, x, y, pixmap.pixel(x, y))


def test_an_image_past_the_pixel_limit_is_a_one_line_error_naming_it(binary, tmp_path):
    bits = (16384 - 1) | (16384 - 1) << 14  # a lossless WebP header claiming 16384 x 16384
    payload = b"\x2f" + struct.pack("<I", bits) + b"\x00" * 16
    chunk = b"VP8L" + struct.pack("<I", len(payload)) + payload
    source = tmp_path / "huge.webp"
    source.write_bytes(b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk)
    result = run_command([str(binary), "create", str(source), "-o", str(tmp_path / "huge.pdf")], 60)
    assert result.returncode == 1, result.describe()
    assert "16384 × 16384" in result.stderr and "limit is 50000000" in result.stderr, result.stderr
    assert not (tmp_path / "huge.pdf").exists()


# Each format's library, hidden from the command in a mount namespace of its own (the file
# replaced by an empty one, as if its package were not installed): the command says which
# package to install, naming the format, and fails cleanly instead of crashing.
LIBRARIES = [
    ("photo.heic", "libheif.so.1", "HEIF", "libheif1"),
    ("marked.webp", "libwebp.so.7", "WebP", "libwebp7"),
    ("first-frame.gif", "libgif.so.7", "GIF", "libgif7"),
    ("marked.tiff", "libtiff.so.6", "TIFF", "libtiff6"),
]


@pytest.mark.parametrize("name, library, format_name, package", LIBRARIES, ids=[row[0] for row in LIBRARIES])
def test_a_missing_library_is_an_error_naming_the_format_and_its_package(binary, tmp_path, name, library, format_name,
                                                                          package):
    import os
    import shutil
    real = Path("/usr/lib/x86_64-linux-gnu", library).resolve()
    if os.geteuid() != 0 or shutil.which("unshare") is None or not real.exists():
        pytest.skip("needs root, unshare and the library to hide")
    out = tmp_path / "out.pdf"
    script = f"mount --bind /dev/null {real} && exec {binary} create {FIXTURES / name} -o {out}"
    result = run_command(["unshare", "-m", "sh", "-c", script], 60)
    if result.returncode != 1 and "mount" in result.stderr:
        pytest.skip(f"mount namespaces are not allowed here: {result.stderr.strip()}")
    assert result.returncode == 1, result.describe()
    assert f"{format_name} images cannot be read here" in result.stderr, result.stderr
    assert f"install the Debian package {package}" in result.stderr, result.stderr
    assert not out.exists()
