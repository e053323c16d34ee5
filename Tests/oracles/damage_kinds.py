"""Generated files for the kinds of damage and oddity that issue 35 found in the peers' own
test files (qpdf, pdf.js, pypdf, PyMuPDF, PDFBox, pdf-lib, pdfcpu), each made here rather than
copied: `KINDS` maps a name to a function returning the file's bytes. test_damage_kinds.py
reads each with `marginalia` and with the references."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

PAGE = (b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 200 200] /Contents %d 0 R"
        b" /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>")
CONTENT = b"BT /F1 12 Tf 20 100 Td (page) Tj ET"


def pdf(objects: list[bytes], trailer: bytes = b"/Root 1 0 R", header: bytes = b"%PDF-1.7\n",
        xref: bool = True) -> bytes:
    """Objects numbered from 1 in order, a classic cross-reference table (or none), and a
    trailer holding `trailer` besides /Size."""
    out = bytearray(header)
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    start = len(out)
    if xref:
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d %s >>\n" % (len(objects) + 1, trailer)
    if xref:
        out += b"startxref\n%d\n" % start
    out += b"%%EOF\n"
    return bytes(out)


def stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def two_pages() -> list[bytes]:
    """Objects 1-6: catalog, /Pages with two pages, their content, a font."""
    return [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << /Font << /F1 6 0 R >> >> >>",
        PAGE % (2, 5),
        PAGE % (2, 5),
        stream(CONTENT),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]


def direct_pages() -> bytes:
    """The catalog's /Pages is a direct dictionary (its kids point back to it through
    /Parent 1 0 R, the catalog)."""
    return pdf([
        b"<< /Type /Catalog /Pages << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> >>",
        PAGE % (1, 4),
        PAGE % (1, 4),
        stream(CONTENT),
    ])


def deep_tree(levels: int = 150) -> bytes:
    """One page under `levels` nested /Pages nodes of one kid each (finite, so valid)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for level in range(levels):
        number = 2 + level
        parent = b"/Parent %d 0 R " % (number - 1) if level else b""
        objects.append(b"<< /Type /Pages %s/Kids [%d 0 R] /Count 1 >>" % (parent, number + 1))
    page_number = 2 + levels
    objects.append(PAGE % (page_number - 1, page_number + 1))
    objects.append(stream(CONTENT))
    return pdf(objects)


def repeated_kids() -> bytes:
    """The same page listed twice in /Kids (and /Count 2): two pages for qpdf and MuPDF."""
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>",
        PAGE % (2, 4),
        stream(CONTENT),
    ])


def shared_node() -> bytes:
    """A root whose two kids are the same /Pages node of two pages (a node with two parents,
    not a loop): four pages for qpdf and MuPDF."""
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [5 0 R 5 0 R] /Count 4 >>",
        PAGE % (5, 6),
        PAGE % (5, 6),
        b"<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 4 0 R] /Count 2 >>",
        stream(CONTENT),
    ])


def kids_pointing_back() -> bytes:
    """A /Pages node whose kids include itself besides two pages: a loop, skipped."""
    return pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 2 0 R 4 0 R] /Count 2 >>",
        PAGE % (2, 5),
        PAGE % (2, 5),
        stream(CONTENT),
    ])


def direct_root() -> bytes:
    """The trailer's /Root is a direct dictionary (no catalog object: /Pages is object 1)."""
    return pdf([
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        PAGE % (1, 4),
        PAGE % (1, 4),
        stream(CONTENT),
    ], trailer=b"/Root << /Type /Catalog /Pages 1 0 R >>")


def _qpdf_encrypted(*options: str) -> bytes:
    """The two-page file encrypted by qpdf with `options` (user password, owner, key bits...)."""
    with tempfile.TemporaryDirectory() as folder:
        plain, locked = Path(folder) / "plain.pdf", Path(folder) / "locked.pdf"
        plain.write_bytes(pdf(two_pages()))
        subprocess.run(["qpdf", "--allow-weak-crypto", "--encrypt", *options, "--", str(plain), str(locked)],
                       check=True, capture_output=True)
        return locked.read_bytes()


def _renamed_filter(key: bytes) -> bytes:
    """AES-128 with an empty user password, whose /StmF or /StrF names a crypt filter that
    /CF does not define (/Nope1 for /StdCF, the same length, so no offset moves)."""
    data = _qpdf_encrypted("", "owner", "128", "--use-aes=y")
    old = b"/" + key + b" /StdCF"
    assert old in data, old
    return data.replace(old, b"/" + key + b" /Nope1")


def missing_stream_filter() -> bytes:
    return _renamed_filter(b"StmF")


def missing_string_filter() -> bytes:
    return _renamed_filter(b"StrF")


def short_owner_hash() -> bytes:
    """RC4 128 with an empty user password whose /O ends in a zero byte that the file leaves
    out (31 bytes, as a writer that drops trailing zeros writes it): qpdf pads it back.
    Owner passwords are tried until qpdf makes such an /O (one in 256 on average)."""
    for attempt in range(4096):
        data = _qpdf_encrypted("", f"owner-{attempt}", "128", "--use-aes=n")
        found = re.search(rb"/O <([0-9a-f]{64})>", data)
        if found and found.group(1).endswith(b"00"):
            return data.replace(found.group(0), b"/O <" + found.group(1)[:62] + b">  ")
    raise RuntimeError("no /O ending in a zero byte in 4096 tries")


def brotli_stream() -> bytes:
    """A page whose content stream is /BrotliDecode-compressed."""
    import brotli
    data = brotli.compress(CONTENT)
    objects = two_pages()
    objects[4] = stream(data, b"/Filter /BrotliDecode")
    return pdf(objects)


def huge_subsection() -> bytes:
    """A cross-reference subsection claiming 9,000,000 objects (fuzzed): repair by scanning
    finds the two pages."""
    good = pdf(two_pages())
    return good.replace(b"xref\n0 7\n", b"xref\n0 9000000\n")


def stray_parenthesis() -> bytes:
    """A stray `)` inside the /Pages dictionary (one bad byte, its offsets right): qpdf
    skips it and reads the rest of the object."""
    objects = two_pages()
    objects[1] = objects[1].replace(b"/Kids [3 0 R 4 0 R]", b"/Kids [3 0 R 4 0 R] )")
    return pdf(objects)


def stray_keyword() -> bytes:
    """A stray keyword inside the /Pages dictionary, its offsets right."""
    objects = two_pages()
    objects[1] = objects[1].replace(b"/Count 2 /Resources", b"/Count 2 endstream /Resources")
    return pdf(objects)


def no_header_extra_pages() -> bytes:
    """No %PDF- header and no cross-reference table; besides the two pages of the tree, three
    page objects that no tree reaches (left from an edit): two pages, as qpdf and MuPDF count."""
    objects = two_pages() + [PAGE % (2, 5), PAGE % (2, 5), PAGE % (2, 5)]
    return pdf(objects, header=b"", xref=False)


KINDS = {
    "missing-stream-filter": missing_stream_filter,
    "missing-string-filter": missing_string_filter,
    "short-owner-hash": short_owner_hash,
    "direct-pages": direct_pages,
    "deep-tree": deep_tree,
    "repeated-kids": repeated_kids,
    "shared-node": shared_node,
    "kids-pointing-back": kids_pointing_back,
    "direct-root": direct_root,
    "brotli": brotli_stream,
    "huge-subsection": huge_subsection,
    "stray-keyword": stray_keyword,
    "stray-parenthesis": stray_parenthesis,
    "no-header-extra-pages": no_header_extra_pages,
}
