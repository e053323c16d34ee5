#!/usr/bin/env python3
"""Writes the image fixtures of Tests/MarginaliaTests/Images (run from this directory).

Every image is 16 x 12 pixels with a uniform centre, so a 72 dpi render of a page the size
of the image has a predictable centre pixel; a few marked pixels test exact decoding.
The values used here are repeated in ImageFixtures.swift: change both together.
"""
import struct
import zlib

from PIL import Image

W, H = 16, 12


def solid(mode, colour):
    return Image.new(mode, (W, H), colour)


def rgb_png():
    image = solid("RGB", (200, 30, 60))
    image.putpixel((0, 0), (10, 20, 30))
    image.putpixel((15, 11), (255, 255, 255))
    image.save("rgb.png")


def rgba_png():
    # Blue with opacity rising 17 per column: 0 at the left edge, 255 at the right.
    image = solid("RGBA", (0, 0, 255, 0))
    for y in range(H):
        for x in range(W):
            image.putpixel((x, y), (0, 0, 255, 17 * x))
    image.putpixel((3, 4), (10, 200, 30, 77))
    image.save("rgba.png")


def opaque_rgba_png():
    # An alpha channel that is 255 everywhere: the decoder drops it.
    solid("RGBA", (40, 50, 60, 255)).save("rgba-opaque.png")


def gray_alpha_png():
    image = solid("LA", (90, 200))
    image.putpixel((0, 0), (255, 0))
    image.save("gray-alpha.png")


def palette_png():
    # Index 0 red opaque, 1 green half transparent, 2 blue fully transparent (tRNS).
    image = Image.new("P", (W, H), 1)
    image.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255])
    image.putpixel((0, 0), 0)
    image.putpixel((1, 0), 2)
    image.save("palette.png", transparency=bytes([255, 128, 0]))


def gray16_png():
    image = Image.new("I;16", (W, H), 0x8080)
    image.putpixel((0, 0), 0xFFFF)
    image.putpixel((1, 0), 0x0000)
    image.putpixel((2, 0), 0x4000)
    image.save("gray16.png")


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def interlaced_png():
    """An Adam7-interlaced 8-bit RGB PNG (PIL does not write interlaced PNGs)."""
    def colour(x, y):
        return (20, 160, 90) if (x, y) != (5, 3) else (250, 240, 230)

    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        for y in range(y0, H, dy):
            row = [colour(x, y) for x in range(x0, W, dx)]
            if row:
                raw += b"\x00" + bytes(v for pixel in row for v in pixel)
    header = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 1)
    with open("interlaced.png", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
                + chunk(b"IEND", b""))


def huge_png():
    """A valid header claiming 100000 x 100000 pixels, with almost no data behind it."""
    header = struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)
    with open("huge-dimensions.png", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def jpegs():
    solid("L", 128).save("gray.jpg", quality=95)
    solid("RGB", (200, 30, 60)).save("rgb.jpg", quality=95)
    # PIL writes CMYK JPEGs Adobe-style: inverted values and an APP14 "Adobe" segment.
    solid("CMYK", (0, 255, 255, 0)).save("cmyk.jpg", quality=95)
    solid("RGB", (30, 120, 220)).save("progressive.jpg", quality=95, progressive=True)


if __name__ == "__main__":
    rgb_png()
    rgba_png()
    opaque_rgba_png()
    gray_alpha_png()
    palette_png()
    gray16_png()
    interlaced_png()
    huge_png()
    jpegs()
