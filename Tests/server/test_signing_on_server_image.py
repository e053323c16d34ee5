"""A handwritten picture in a signature made on the server (issue 31): `POST
/api/v1/documents/{id}/sign` with `"image"` (a PNG or JPEG in base64, as the editor sends the
saved signature the user picked) draws it at the left of the visible signature, as `sign
--image` does. Judged by pyHanko (intact, valid, trusted) and pdftoppm (the picture's red at
the left of the rectangle, the page's white through its transparent ground); an image over
`maxImageBytes` is 413 naming the limit, bytes that are not an image 422, an invisible
signature with an image 400, each with the document unchanged."""

from __future__ import annotations

import base64
import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from serve_process import Server
from test_signing_on_server import ask, setup  # noqa: F401 (a fixture)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import pyhanko_statuses  # noqa: E402

pytest.importorskip("pyhanko")

RECT = [72, 150, 372, 250]  # where the sample's page 1 is blank
DPI = 144


def scrawl() -> bytes:
    image = Image.new("RGBA", (240, 80), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(10, 60), (60, 15), (110, 60), (160, 15), (230, 60)], fill=(200, 20, 20, 255), width=8)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_the_picture_goes_into_the_signature_and_limits_are_named(binary, setup):  # noqa: F811
    server = Server(binary, setup["data"], args=["--tls-cert", str(setup["tls"].cert), "--tls-key", str(setup["tls"].key),
                                                  "--signing-key-file", str(setup["key"])],
                    tls_context=setup["tls"].context())
    server.start()
    try:
        ana = setup["tokens"]["ana"]
        status, made = ask(server, ana, "POST", "/api/v1/documents?name=pictured.pdf", setup["sample"].read_bytes())
        assert status == 201, made
        doc = made["id"]
        noise = Image.frombytes("RGB", (600, 600), random.Random(3).randbytes(600 * 600 * 3))
        big = io.BytesIO()
        noise.save(big, "PNG")
        assert len(big.getvalue()) > 512 * 1024
        for body, code, said in (
            ({"page": 1, "rect": RECT, "image": base64.b64encode(big.getvalue()).decode()}, 413, "maxImageBytes"),
            ({"page": 1, "rect": RECT, "image": base64.b64encode(b"not a picture").decode()}, 422, "the signature's image"),
            ({"image": base64.b64encode(scrawl()).decode()}, 400, "an invisible signature shows no picture"),
            ({"page": 1, "rect": RECT, "image": 7}, 400, "image: expected a PNG or JPEG file in base64"),
        ):
            status, refused = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign", body)
            assert status == code and said in refused["error"]["message"], (status, refused)
        status, versions = ask(server, ana, "GET", f"/api/v1/documents/{doc}/versions")
        assert [v["number"] for v in versions["versions"]] == [1]

        status, signed = ask(server, ana, "POST", f"/api/v1/documents/{doc}/sign",
                             {"page": 1, "rect": RECT, "reason": "Pictured", "image": base64.b64encode(scrawl()).decode()})
        assert status == 200, signed
        status, pdf = ask(server, ana, "GET", f"/api/v1/documents/{doc}/file")
    finally:
        server.stop()

    path = setup["folder"] / "pictured.pdf"
    path.write_bytes(pdf)
    [(_, result, _)] = pyhanko_statuses(path, setup["pki"].ca)
    assert result.intact and result.valid and result.trusted, result.pretty_print_details()
    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", str(DPI), "-png", str(path), str(setup["folder"] / "pictured")],
                   check=True, timeout=120)
    [png] = setup["folder"].glob("pictured*.png")
    page = Image.open(png).convert("RGB")
    scale, height = DPI / 72, page.height * 72 / DPI
    x1, y1, x2, y2 = RECT
    box = page.crop((round(x1 * scale), round((height - y2) * scale), round(x2 * scale), round((height - y1) * scale)))
    box.save(setup["folder"] / "pictured-box.png")
    left = box.crop((0, 0, int(box.width * 0.45), box.height))
    pixels = [left.getpixel((x, y)) for y in range(left.height) for x in range(left.width)]
    red = sum(1 for p in pixels if p[0] > 150 and p[1] < 90 and p[2] < 90) / len(pixels)
    white = sum(1 for p in pixels if min(p) > 235) / len(pixels)
    assert red > 0.04 and white > 0.4, (red, white)
