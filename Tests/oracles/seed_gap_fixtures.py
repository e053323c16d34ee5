"""Documents for test_brushes_images_render.py: image documents (made by `marginalia create` from
PNG and JPEG images drawn here with Pillow) marked up with every brush, framed, cropped and turned
image stamps, every note icon and a few other annotations, at known places."""

from __future__ import annotations

import base64
import io
import json
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

BRUSHES = ["pen", "pencil", "marker", "crayon", "watercolor", "fountainPen"]
ICONS = ["Comment", "Key", "Note", "Help", "NewParagraph", "Paragraph", "Insert"]
#: Pixels of the flat image the feature checks draw on, and of the photo-like one.
FLAT_SIZE = (400, 320)
PHOTO_SIZE = (480, 320)
FLAT_GREY = (236, 236, 236)


def quad_png() -> bytes:
    """60 x 40: red top-left, green top-right, blue bottom-left, translucent yellow bottom-right."""
    image = Image.new("RGBA", (60, 40))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 29, 19], fill=(255, 0, 0, 255))
    draw.rectangle([30, 0, 59, 19], fill=(0, 160, 0, 255))
    draw.rectangle([0, 20, 29, 39], fill=(0, 0, 255, 255))
    draw.rectangle([30, 20, 59, 39], fill=(255, 200, 0, 200))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def photo() -> Image.Image:
    """A smooth colourful picture with blurred discs, like a photograph."""
    rng = random.Random(3)
    width, height = PHOTO_SIZE
    image = Image.new("RGB", PHOTO_SIZE)
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (int(80 + 100 * x / width), int(140 + 60 * y / height), int(200 - 120 * x / width))
    draw = ImageDraw.Draw(image)
    for _ in range(30):
        x, y, r = rng.randint(0, width), rng.randint(0, height), rng.randint(5, 40)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)))
    return image.filter(ImageFilter.GaussianBlur(1.2))


def wave(x0: float, y: float, length: float = 300, amplitude: float = 0) -> list[list[float]]:
    return [[x0 + t, y + amplitude * math.sin(t / 25)] for t in range(0, int(length) + 1, 5)]


def markup() -> list[dict]:
    """The annotations, in page space of a FLAT_SIZE page (y up)."""
    quad = base64.b64encode(quad_png()).decode()
    specs: list[dict] = []
    # One straight 12-point stroke per brush, 26 points apart from y = 300 down.
    for i, brush in enumerate(BRUSHES):
        spec = {"type": "ink", "pageIndex": 0, "color": "#203060", "width": 12, "paths": [wave(40, 300 - 26 * i)]}
        if brush != "pen":
            spec["brush"] = brush
        specs.append(spec)
    specs += [
        {"type": "stamp", "pageIndex": 0, "rect": [40, 40, 160, 120], "image": quad, "width": 6, "color": "#FF00FF"},
        {"type": "stamp", "pageIndex": 0, "rect": [190, 40, 250, 120], "image": quad, "crop": [0, 0, 0.5, 1]},
        {"type": "stamp", "pageIndex": 0, "rect": [280, 40, 340, 130], "image": quad, "rotation": 90},
    ]
    for i, icon in enumerate(ICONS):
        specs.append({"type": "note", "pageIndex": 0, "rect": [40 + 45 * i, 135, 60 + 45 * i, 155], "icon": icon,
                      "color": "#FFD830", "contents": icon})
    return specs


def write_json(specs: list[dict], path: Path) -> Path:
    path.write_text(json.dumps({"annotations": specs}))
    return path
