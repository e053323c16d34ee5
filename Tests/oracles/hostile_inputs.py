"""Hostile PDFs for the resource-limit tests (issue 8): each under 10 MB, each built to make
a reader spend memory or time without end (compression bombs, deep nesting, huge counts,
long chains), and what a reader bounded by docs/limits.md must answer."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

MAX_INPUT = 10 * 1000 * 1000


def pdf(objects: list[tuple[int, bytes]], root: int = 1, trailer: bytes = b"") -> bytes:
    """A PDF of numbered object bodies with a classic cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = {}
    for number, body in objects:
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    size = max(offsets) + 1
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
    for n in range(1, size):
        out += (b"%010d 00000 n\r\n" % offsets[n]) if n in offsets else b"0000000000 00000 f\r\n"
    out += b"trailer\n<</Size %d/Root %d 0 R%s>>\nstartxref\n%d\n%%%%EOF\n" % (size, root, trailer, start)
    return bytes(out)


def one_page(page_extra: bytes, more: list[tuple[int, bytes]]) -> bytes:
    return pdf([(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[3 0 R]/Count 1>>"),
                (3, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]" + page_extra + b">>")] + more)


def stream(data: bytes, filters: bytes = b"/FlateDecode", extra: bytes = b"") -> bytes:
    return b"<</Length %d/Filter%s%s>>\nstream\n" % (len(data), filters, extra) + data + b"\nendstream"


@lru_cache(maxsize=1)
def bomb() -> bytes:
    """250 MiB of zeros, deflated (about 250 KB)."""
    return zlib.compress(b"\0" * (250 << 20), 9)


@dataclass(frozen=True)
class Hostile:
    name: str
    build: object  # () -> bytes
    #: Text that must appear in the output: the limit or protection that stopped it.
    expect: str | None = None


def double_flate_bombs() -> bytes:
    inner = zlib.compress(bomb(), 9)  # a few hundred bytes that decode twice to 250 MiB
    refs = b" ".join(b"%d 0 R" % (10 + i) for i in range(200))
    return one_page(b"/Contents[" + refs + b"]",
                    [(10 + i, stream(inner, b"[/FlateDecode/FlateDecode]")) for i in range(200)])


def one_bomb_referenced_many_times() -> bytes:
    return one_page(b"/Contents[" + b"4 0 R " * 5000 + b"]", [(4, stream(bomb()))])


def deep_arrays() -> bytes:
    return one_page(b"/Annots 4 0 R", [(4, b"[" * 5_000_000)])


def deep_dictionaries() -> bytes:
    return one_page(b"/Annots[4 0 R]", [(4, b"<</A " * 1_500_000)])


def wide_array() -> bytes:
    return one_page(b"/Annots 4 0 R", [(4, b"[" + b"0 " * 4_400_000 + b"]")])


def many_annotations() -> bytes:
    count = 100_000
    refs = b" ".join(b"%d 0 R" % (10 + i) for i in range(count))
    return one_page(b"/Annots[" + refs + b"]",
                    [(10 + i, b"<</Type/Annot/Subtype/Square/Rect[%d 0 %d 9]>>" % (i % 600, i % 600 + 9))
                     for i in range(count)])


def many_pages() -> bytes:
    count = 100_000
    kids = b" ".join(b"%d 0 R" % (10 + i) for i in range(count))
    return pdf([(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[" + kids + b"]/Count %d/MediaBox[0 0 9 9]>>" % count)]
               + [(10 + i, b"<</Type/Page/Parent 2 0 R>>") for i in range(count)])


def deep_page_tree() -> bytes:
    depth = 100_000
    objects = [(1, b"<</Type/Catalog/Pages 2 0 R>>")]
    objects += [(2 + level, b"<</Type/Pages/Kids[%d 0 R]/Count 1>>" % (level + 3)) for level in range(depth)]
    objects.append((depth + 2, b"<</Type/Page/MediaBox[0 0 9 9]>>"))
    return pdf(objects)


def huge_xref_claims() -> bytes:
    data = bytearray(one_page(b"", []))
    at = data.index(b"xref\n0 4")
    data[at:at + 8] = b"xref\n0 8388607"  # a subsection that claims 8 million entries; 4 follow
    return bytes(data).replace(b"/Size 4", b"/Size 2147483647")


def object_stream_claims() -> bytes:
    return one_page(b"/Annots[4 0 R]", [(4, stream(b"1 0 2 5", b"/FlateDecode",
                                                    b"/Type/ObjStm/N 4000000/First 0").replace(
        b"/Filter/FlateDecode", b""))])


def long_prev_chain() -> bytes:
    base = bytearray(one_page(b"", []))
    start = int(base.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    for _ in range(2000):  # each update re-lists nothing and points back at the previous one
        section = len(base)
        base += b"xref\n0 0\ntrailer\n<</Size 4/Root 1 0 R/Prev %d>>\nstartxref\n%d\n%%%%EOF\n" % (start, section)
        start = section
    return bytes(base)


def inline_image_without_end() -> bytes:
    content = b"q BI /W 100000 /H 100000 /CS /RGB /BPC 8 ID " + b"\xff\x00 " * 3_000_000
    return one_page(b"/Contents 4 0 R", [(4, stream(content, b"[]"))])


def long_strings() -> bytes:
    return one_page(b"/Annots[4 0 R]", [(4, b"<</Type/Annot/Subtype/Text/Rect[0 0 9 9]/Contents(" + b"(" * 4_000_000
                                         + b")" * 4_000_000 + b")>>")])


def xref_stream_bomb(deflated: bytes | None = None) -> bytes:
    """A cross-reference stream declaring 8 million entries whose data is `deflated` (by
    default the 250 MiB bomb)."""
    head = bytearray(b"%PDF-1.7\n")
    objects = [b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
               b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 9 9]>>"]
    for n, body in enumerate(objects, start=1):
        head += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    start = len(head)
    head += b"4 0 obj\n" + stream(deflated or bomb(), b"/FlateDecode", b"/Type/XRef/W[1 4 2]/Index[0 8388607]/Size 8388607/Root 1 0 R")
    head += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % start
    return bytes(head)


HOSTILE = [
    Hostile("double-flate-bombs", double_flate_bombs, "limit exceeded"),
    Hostile("one-bomb-referenced-many-times", one_bomb_referenced_many_times, "limit exceeded"),
    Hostile("deep-arrays", deep_arrays),
    Hostile("deep-dictionaries", deep_dictionaries),
    Hostile("wide-array", wide_array),
    Hostile("many-annotations", many_annotations),
    Hostile("many-pages", many_pages),
    # 100,000 levels of single kids: a deep but finite chain is valid, and qpdf and MuPDF find
    # its page; it is read without recursion, in linear time (docs/damaged-files.md).
    Hostile("deep-page-tree", deep_page_tree, ", 1 pages,"),
    Hostile("huge-xref-claims", huge_xref_claims),
    Hostile("object-stream-claims", object_stream_claims),
    Hostile("long-prev-chain", long_prev_chain, "limit exceeded"),
    Hostile("inline-image-without-end", inline_image_without_end, "inline image without EI"),
    Hostile("long-strings", long_strings),
    Hostile("xref-stream-bomb", xref_stream_bomb),
]
