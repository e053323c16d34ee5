"""Files built to make a server spend memory (issue 25, item 4): small on disk, huge once
decoded, drawn or counted. Each is made in well under a second: a deflate stream of N
identical chunks is one chunk compressed after a full flush (which resets the compressor's
history, so every chunk compresses to the same bytes), repeated, with the zlib header and
the Adler-32 of the whole around it; nothing of the decoded size is ever held here."""

from __future__ import annotations

import os
import sys
import zlib
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))

from hostile_inputs import many_annotations, many_pages, one_page, pdf, stream  # noqa: E402
from hostile_inputs import xref_stream_bomb as hostile_xref_stream_bomb  # noqa: E402

MIB = 1 << 20


@lru_cache(maxsize=None)
def deflated(chunk: bytes, count: int) -> bytes:
    """zlib data that inflates to `chunk` repeated `count` times."""
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = raw.compress(chunk) + raw.flush(zlib.Z_FULL_FLUSH)
    end = raw.flush(zlib.Z_FINISH)
    return b"\x78\xda" + block * count + end + repeated_adler32(chunk, count).to_bytes(4, "big")


def combine_adler32(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (as zlib's adler32_combine)."""
    base = 65521
    a1, b1, a2, b2 = first & 0xFFFF, first >> 16, second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % base
    b = (b1 + b2 + second_length * (a1 - 1)) % base
    return (b << 16) | a


def repeated_adler32(chunk: bytes, count: int) -> int:
    """The Adler-32 of `chunk` repeated `count` times, by doubling."""
    result, result_length = 1, 0
    power, power_length = zlib.adler32(chunk), len(chunk)
    while count:
        if count & 1:
            result, result_length = combine_adler32(result, power, power_length), result_length + power_length
        power, power_length = combine_adler32(power, power, power_length), power_length * 2
        count >>= 1
    return result


def zeros(mebibytes: int) -> bytes:
    """Deflated zeros: `mebibytes` MiB once inflated (about 1 KB per MiB)."""
    return deflated(bytes(MIB), mebibytes)


def stream_drawn_many_times(times: int = 5000) -> bytes:
    """A page whose /Contents names one 200 MiB stream `times` times (about 200 KB + 40 KB)."""
    return one_page(b"/Contents[" + b"4 0 R " * times + b"]", [(4, stream(zeros(200)))])


def form_drawn_many_times(times: int = 5000) -> bytes:
    """A page that draws a form XObject of 200 MiB of content `times` times."""
    return one_page(b"/Contents 5 0 R/Resources<</XObject<</F 4 0 R>>>>",
                    [(4, stream(zeros(200), b"/FlateDecode", b"/Type/XObject/Subtype/Form/BBox[0 0 9 9]")),
                     (5, stream(b"/F Do\n" * times, b"[]"))])


def gibibyte_flate() -> bytes:
    """One content stream that inflates to 1 GiB."""
    return one_page(b"/Contents 4 0 R", [(4, stream(zeros(1024)))])


def nested_flate() -> bytes:
    """Flate inside Flate: a few KB that inflate to 1 MB, then to 1 GiB; on eight pages."""
    inner = zlib.compress(zeros(1024), 9)
    kids = b" ".join(b"%d 0 R" % (10 + i) for i in range(8))
    objects = [(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[" + kids + b"]/Count 8>>"),
               (4, stream(inner, b"[/FlateDecode/FlateDecode]"))]
    objects += [(10 + i, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>") for i in range(8)]
    return pdf(objects)


def image_bomb() -> bytes:
    """A page of 20 different 7,000 x 7,000 RGB images (49 megapixels each, under the
    renderer's 50), each 140 MiB of zeros once inflated."""
    names = b"".join(b"/I%d %d 0 R" % (i, 10 + i) for i in range(20))
    content = b"".join(b"q 612 0 0 792 0 0 cm /I%d Do Q\n" % i for i in range(20))
    image = b"/Type/XObject/Subtype/Image/Width 7000/Height 7000/ColorSpace/DeviceRGB/BitsPerComponent 8"
    return one_page(b"/Contents 4 0 R/Resources<</XObject<<" + names + b">>>>",
                    [(4, stream(content, b"[]"))] + [(10 + i, stream(zeros(140), b"/FlateDecode", image))
                                                     for i in range(20)])


def xref_stream_bomb() -> bytes:
    """A cross-reference stream that inflates to 250 MiB and declares 8 million entries."""
    return hostile_xref_stream_bomb(zeros(250))


def garbage(size: int = 60 * MIB) -> bytes:
    """Random bytes behind a PDF header: nothing to find, everything to scan."""
    return b"%PDF-1.7\n" + os.urandom(size)


BOMBS = {
    "stream-drawn-5000-times": stream_drawn_many_times,
    "form-drawn-5000-times": form_drawn_many_times,
    "gibibyte-flate": gibibyte_flate,
    "nested-flate": nested_flate,
    "twenty-49-megapixel-images": image_bomb,
    "xref-stream-bomb": xref_stream_bomb,
    "100000-pages": many_pages,
    "100000-annotations": many_annotations,
}
