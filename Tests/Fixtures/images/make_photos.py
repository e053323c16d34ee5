#!/usr/bin/env python3
"""Writes the fixtures of the formats phones, the web and scanners make (run from this directory):
HEIC, WebP, GIF, TIFF, and photos turned by their orientation tag, for
Tests/MarginaliaTests/Images/PhotoFormatTests.swift and the server and browser tests.

Needs Pillow and Debian's libheif-examples (heif-enc). The pictures (repeated in the tests:
change both together):

- "marked": 16 x 12, red (200, 30, 60), with pixel (0, 0) = (10, 20, 30) and (15, 11) white.
- "corner": 16 x 12 stored, red with a green (20, 200, 40) 4 x 4 block at the stored top left,
  tagged to turn a quarter clockwise (EXIF/TIFF orientation 6, HEIF irot 270 anticlockwise):
  upright it is 12 x 16 with the block at the top right.
- "photo": 64 x 48, for the lossy encoders (HEVC needs more than a few pixels): the left half
  red (200, 30, 60), the right half blue (30, 60, 200); "photo-turned" the same, turned.
"""
import os
import struct
import subprocess

from PIL import Image

RED, GREEN, BLUE, DARK, WHITE = (200, 30, 60), (20, 200, 40), (30, 60, 200), (10, 20, 30), (255, 255, 255)


def marked(mode="RGB"):
    image = Image.new("RGB", (16, 12), RED)
    image.putpixel((0, 0), DARK)
    image.putpixel((15, 11), WHITE)
    return image.convert(mode)


def corner(width=16, height=12, block=4):
    image = Image.new("RGB", (width, height), RED)
    for x in range(block):
        for y in range(block):
            image.putpixel((x, y), GREEN)
    return image


def photo():
    image = Image.new("RGB", (64, 48), RED)
    for x in range(32, 64):
        for y in range(48):
            image.putpixel((x, y), BLUE)
    return image


def exif_turned():
    exif = Image.Exif()
    exif[0x0112] = 6
    return exif.tobytes()


def webps():
    marked().save("marked.webp", lossless=True)
    image = Image.new("RGBA", (16, 12))
    for y in range(12):
        for x in range(16):
            image.putpixel((x, y), (0, 0, 255, 17 * x))
    image.save("rgba.webp", lossless=True, exact=True)
    corner().save("corner.webp", lossless=True, exif=exif_turned())
    photo().save("photo.webp", quality=90)
    # Two frames: the decoder reads still WebPs only and says so.
    marked().save("animated.webp", save_all=True, append_images=[corner()], lossless=True, duration=100)


def gifs():
    # Two frames: the first has index 2 transparent; the second (never shown here) is all green.
    first = Image.new("P", (16, 12), 0)
    first.putpalette([200, 30, 60, 10, 20, 30, 0, 0, 0])
    first.putpixel((0, 0), 1)
    first.putpixel((15, 11), 2)
    second = Image.new("P", (16, 12), 0)
    second.putpalette([20, 200, 40])
    first.save("first-frame.gif", save_all=True, append_images=[second], transparency=2, duration=100, loop=0,
               disposal=1)


def tiffs():
    marked().save("marked.tiff", compression="tiff_lzw")
    marked("L").save("gray.tiff")
    rgba = Image.new("RGBA", (16, 12), (0, 0, 255, 128))
    rgba.putpixel((0, 0), (200, 30, 60, 255))
    rgba.save("rgba.tiff")
    corner().save("corner.tiff", tiffinfo={274: 6})
    pages = [Image.new("RGB", (16, 12), RED), Image.new("RGB", (20, 10), BLUE), Image.new("L", (8, 8), 100)]
    pages[0].save("pages.tiff", save_all=True, append_images=pages[1:], compression="tiff_deflate")


def jpegs():
    # Big enough blocks that JPEG's 8 x 8 DCT keeps the colours near their values.
    corner(32, 24, 16).save("corner.jpg", quality=95, exif=exif_turned())


def heics():
    photo().save("photo-source.png")
    subprocess.run(["heif-enc", "-q", "90", "photo-source.png", "-o", "photo.heic"], check=True, capture_output=True)
    with open("photo.heic", "rb") as f:
        turned = add_rotation(f.read(), quarter_turns_anticlockwise=3)
    with open("photo-turned.heic", "wb") as f:
        f.write(turned)
    os.remove("photo-source.png")


# -- HEIF: adding an `irot` property to the primary image (ISO/IEC 23008-12, 6.5.10) --------
# heif-enc writes no rotation, and an iPhone keeps its orientation exactly there.

def boxes(data, start, end):
    """(type, box start, payload start, box end) for the boxes between start and end."""
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind.decode("latin-1"), at, at + 8, at + size
        at += size


def child(data, start, end, wanted):
    return next(b for b in boxes(data, start, end) if b[0] == wanted)


def add_rotation(data, quarter_turns_anticlockwise):
    data = bytearray(data)
    _, meta, meta_payload, meta_end = child(data, 0, len(data), "meta")
    inner = meta_payload + 4  # meta is a full box
    _, _, pitm_payload, _ = child(data, inner, meta_end, "pitm")
    primary = struct.unpack(">H", data[pitm_payload + 4:pitm_payload + 6])[0]
    _, iprp, iprp_payload, iprp_end = child(data, inner, meta_end, "iprp")
    _, ipco, _, ipco_end = child(data, iprp_payload, iprp_end, "ipco")
    property_index = sum(1 for _ in boxes(data, ipco + 8, ipco_end)) + 1
    irot = struct.pack(">I4sB", 9, b"irot", quarter_turns_anticlockwise & 3)
    _, ipma, ipma_payload, ipma_end = child(data, iprp_payload, iprp_end, "ipma")
    version, flags = data[ipma_payload], int.from_bytes(data[ipma_payload + 1:ipma_payload + 4], "big")
    count = struct.unpack(">I", data[ipma_payload + 4:ipma_payload + 8])[0]
    at, entries = ipma_payload + 8, []
    wide = flags & 1
    for _ in range(count):
        item_size = 4 if version >= 1 else 2
        item = int.from_bytes(data[at:at + item_size], "big")
        at += item_size
        n = data[at]
        at += 1
        size = 2 if wide else 1
        associations = [int.from_bytes(data[at + i * size:at + (i + 1) * size], "big") for i in range(n)]
        at += n * size
        if item == primary:
            associations.append((0x8000 if wide else 0x80) | property_index)  # essential
        entries.append((item, associations))
    body = bytes([version]) + flags.to_bytes(3, "big") + struct.pack(">I", count)
    for item, associations in entries:
        body += item.to_bytes(4 if version >= 1 else 2, "big") + bytes([len(associations)])
        body += b"".join(a.to_bytes(2 if wide else 1, "big") for a in associations)
    new_ipma = struct.pack(">I4s", 8 + len(body), b"ipma") + body
    delta = len(irot) + len(new_ipma) - (ipma_end - ipma)
    # Rebuild iprp: ipco with irot appended, the new ipma, the rest as it was.
    new_ipco = struct.pack(">I4s", ipco_end - ipco + len(irot), b"ipco") + bytes(data[ipco + 8:ipco_end]) + irot
    rest = b"".join(bytes(data[s:e]) for kind, s, _, e in boxes(data, iprp_payload, iprp_end) if kind not in ("ipco", "ipma"))
    new_iprp_body = new_ipco + new_ipma + rest
    new_iprp = struct.pack(">I4s", 8 + len(new_iprp_body), b"iprp") + new_iprp_body
    data[iprp:iprp_end] = new_iprp
    struct.pack_into(">I", data, meta, meta_end - meta + delta)
    shift_item_locations(data, inner, meta_end + delta, delta=delta, threshold=meta_end)
    return bytes(data)


def shift_item_locations(data, start, end, delta, threshold):
    """Moves the iloc extents that point past the old end of meta by delta (the data moved)."""
    _, _, payload, _ = child(data, start, end, "iloc")
    version = data[payload]
    at = payload + 4
    offset_size, length_size = data[at] >> 4, data[at] & 15
    base_size, index_size = data[at + 1] >> 4, (data[at + 1] & 15 if version in (1, 2) else 0)
    at += 2
    count_size = 4 if version == 2 else 2
    count = int.from_bytes(data[at:at + count_size], "big")
    at += count_size
    for _ in range(count):
        at += 4 if version == 2 else 2
        if version in (1, 2):
            at += 2
        at += 2  # data reference index
        base = int.from_bytes(data[at:at + base_size], "big") if base_size else 0
        if base_size and base >= threshold:
            data[at:at + base_size] = (base + delta).to_bytes(base_size, "big")
        at += base_size
        extents = int.from_bytes(data[at:at + 2], "big")
        at += 2
        for _ in range(extents):
            at += index_size
            offset = int.from_bytes(data[at:at + offset_size], "big")
            if offset_size and base == 0 and offset >= threshold:
                data[at:at + offset_size] = (offset + delta).to_bytes(offset_size, "big")
            at += offset_size + length_size


if __name__ == "__main__":
    webps()
    gifs()
    tiffs()
    jpegs()
    heics()
