"""A PDF written by hand, object by object, for a test that needs a structure no corpus file
has (the server suite's and, through editor_harness.server_test_module, the browser suite's)."""


def handmade_pdf(objects, root=1):
    """A PDF of `objects` (bodies as bytes, numbered from 1 in order), with a classic
    cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)
