"""A handwritten image in a digital signature's appearance (issue 31): `marginalia sign
--page N --rect … --image SIG.png` draws the picture at the left of the visible signature,
beside its text. Judged by others: pyHanko finds the signature intact, valid and trusted;
pikepdf finds the image XObject with its soft mask in the widget's appearance; pdftoppm draws
the picture's red where it goes, the page's white through its transparent ground, and the
text to its right. An invisible signature with --image, and a file that is not an image, are
refused with nothing written."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageDraw

from signing_pki import make_pki, pyhanko_statuses
from test_signatures import sign

pytest.importorskip("pyhanko")

RECT = (72, 150, 372, 250)  # page space, points: 300 by 100, where the sample page is blank
DPI = 144


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def sample(binary, tmp_path_factory):
    path = tmp_path_factory.mktemp("sample") / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(path)], check=True, capture_output=True, timeout=120)
    return path


def scrawl(path: Path) -> Path:
    """A red scrawl on a transparent ground, 240 by 80 pixels."""
    image = Image.new("RGBA", (240, 80), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(10, 60), (60, 15), (110, 60), (160, 15), (230, 60)], fill=(200, 20, 20, 255), width=8)
    image.save(path)
    return path


def share(piece: Image.Image, test) -> float:
    pixels = [piece.getpixel((x, y)) for y in range(piece.height) for x in range(piece.width)]
    return sum(1 for p in pixels if test(p)) / max(1, len(pixels))


def test_the_image_is_drawn_beside_the_text_and_the_signature_holds(binary, pki, sample, tmp_path):
    out = tmp_path / "signed-with-image.pdf"
    result = sign(binary, pki, sample, out, "--page", "1", "--rect", ",".join(map(str, RECT)), "--reason", "Approved",
                  "--image", str(scrawl(tmp_path / "scrawl.png")))
    assert result.returncode == 0, result.describe()
    assert out.read_bytes().startswith(sample.read_bytes())

    [(signature, status, _)] = pyhanko_statuses(out, pki.ca)
    assert status.intact and status.valid and status.trusted, status.pretty_print_details()

    with pikepdf.open(out) as pdf:
        [widget] = [a for a in pdf.pages[0].get("/Annots", []) if a.get("/FT") == "/Sig"]
        images = {name: x for name, x in widget.AP.N.Resources.XObject.items() if x.get("/Subtype") == "/Image"}
        assert len(images) == 1, images
        [image] = images.values()
        assert (int(image.Width), int(image.Height)) == (240, 80) and "/SMask" in image

    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", str(DPI), "-png", str(out), str(tmp_path / "page")], check=True,
                   timeout=120)
    [png] = tmp_path.glob("page*.png")
    page = Image.open(png).convert("RGB")
    height_points = page.height * 72 / DPI
    scale = DPI / 72
    x1, y1, x2, y2 = RECT
    box = page.crop((round(x1 * scale), round((height_points - y2) * scale), round(x2 * scale), round((height_points - y1) * scale)))
    box.save(tmp_path / "signature-box.png")
    width = box.width
    left, right = box.crop((0, 0, int(width * 0.45), box.height)), box.crop((int(width * 0.5), 0, width, box.height))
    red = lambda p: p[0] > 150 and p[1] < 90 and p[2] < 90  # noqa: E731
    white = lambda p: min(p) > 235  # noqa: E731
    dark = lambda p: max(p) < 90  # noqa: E731
    assert share(left, red) > 0.04 and share(left, white) > 0.4, (share(left, red), share(left, white))
    assert share(right, red) == 0 and share(right, dark) > 0.01, (share(right, red), share(right, dark))


def test_an_invisible_signature_or_a_file_that_is_no_image_is_refused(binary, pki, sample, tmp_path):
    out = tmp_path / "refused.pdf"
    result = sign(binary, pki, sample, out, "--image", str(scrawl(tmp_path / "scrawl.png")))
    assert result.returncode != 0 and "--image needs a visible signature" in result.stderr, result.describe()
    assert not out.exists()
    text = tmp_path / "not-an-image.png"
    text.write_text("not a picture")
    result = sign(binary, pki, sample, out, "--page", "1", "--rect", "72,600,372,700", "--image", str(text))
    assert result.returncode != 0 and "the signature's image:" in result.stderr, result.describe()
    assert not out.exists()
