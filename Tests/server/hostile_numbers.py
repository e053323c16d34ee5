"""PDFs whose numbers sit past what an integer holds (issue 25, "one request stops the server"):
each reaches a conversion that used to trap, through the server's text indexer (which reads
every upload, and again at every start), the flattened and PNG exports, or a form fill.

A PDF number of more than 19 digits is read as a real, so `1` followed by 300 zeros is 1e300,
and a width or a box built from two of them overflows to infinity."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from hostile_inputs import pdf, stream  # noqa: E402

HUGE = b"1" + b"0" * 300          # 1e300
BIG = b"99999999999999999999999"  # 1e23, past Int64
FONT = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"


def page_pdf(content: bytes, page_extra: bytes = b"", more: list[tuple[int, bytes]] | None = None,
             media_box: bytes = b"0 0 612 792", resources: bytes = b"/Font<</F1 5 0 R>>",
             catalog_extra: bytes = b"") -> bytes:
    return pdf([(1, b"<</Type/Catalog/Pages 2 0 R" + catalog_extra + b">>"), (2, b"<</Type/Pages/Kids[3 0 R]/Count 1>>"),
                (3, b"<</Type/Page/Parent 2 0 R/MediaBox[" + media_box + b"]/Contents 4 0 R/Resources<<" + resources
                 + b">>" + page_extra + b">>"),
                (4, stream(content, filters=b"")), (5, FONT)] + (more or []))


def far_text() -> bytes:
    """Text lines 1e21 points up a page 1e22 points high: the reading-order key overflowed."""
    content = b"BT /F1 12 Tf 1 0 0 1 10 1000000000000000000000 Tm (Far away) Tj ET\n" \
              b"BT /F1 12 Tf 1 0 0 1 10 1000000000000000000030 Tm (further) Tj ET"
    return page_pdf(content, media_box=b"0 0 10000000000000000000000 10000000000000000000000")


def cid_widths() -> bytes:
    """A composite font whose /W and /W2 start at codes past 2^32."""
    font = (b"<</Type/Font/Subtype/Type0/BaseFont/Wide/Encoding/Identity-H/DescendantFonts[6 0 R]>>")
    descendant = (b"<</Type/Font/Subtype/CIDFontType2/BaseFont/Wide/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)"
                  b"/Supplement 0>>/W[5000000000[500 600] 5000000002 5000000009 700 " + BIG + b"[1]]"
                  b"/W2[5000000000[1 2 3] 6000000000 6000000001 1 2 3]>>")
    content = b"BT /F1 12 Tf 72 700 Td <00410042> Tj ET"
    return pdf([(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[3 0 R]/Count 1>>"),
                (3, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>"),
                (4, stream(content, filters=b"")), (5, font), (6, descendant)])


def simple_font_codes() -> bytes:
    """/FirstChar near -2^63 and a /Differences code of 2^63 - 1: code arithmetic overflowed."""
    font = (b"<</Type/Font/Subtype/Type1/BaseFont/Odd/FirstChar -9223372036854775807/LastChar 9223372036854775807"
            b"/Widths[500 500]/Encoding<</Differences[9223372036854775807/a/b]>>>>")
    content = b"BT /F1 12 Tf 72 700 Td (ab) Tj ET"
    return pdf([(1, b"<</Type/Catalog/Pages 2 0 R>>"), (2, b"<</Type/Pages/Kids[3 0 R]/Count 1>>"),
                (3, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>"),
                (4, stream(content, filters=b"")), (5, font)])


def markup_without_appearances() -> bytes:
    """A squiggly 1e300 long and a brushed ink with a 1e30 width, neither with an appearance:
    flattening draws them, and their step and knot counts overflowed."""
    squiggly = b"<</Type/Annot/Subtype/Squiggly/Rect[0 0 100 20]/QuadPoints[0 10 " + HUGE + b" 10 0 0 " + HUGE + b" 0]/C[1 0 0]>>"
    ink = (b"<</Type/Annot/Subtype/Ink/Rect[0 0 100 100]/InkList[[0 0 " + HUGE + b" 0 0 5]]/BS<</W 1000000000000000000000000000000>>"
           b"/C[0 0 1]/MarginaliaData<</Brush/pencil>>>>")
    ink2 = b"<</Type/Annot/Subtype/Ink/Rect[0 0 100 100]/InkList[[0 0 50 50]]/BS<</W " + HUGE + b">>/MarginaliaData<</Brush/crayon>>>>"
    return page_pdf(b"BT /F1 12 Tf 72 700 Td (Markup) Tj ET", page_extra=b"/Annots[6 0 R 7 0 R 8 0 R]",
                    more=[(6, squiggly), (7, ink), (8, ink2)])


def drawing_operands() -> bytes:
    """Line caps, joins, a text render mode and an indexed colour of 1e23, and an ExtGState with
    /LC and /LJ as large: the renderer clamped them only after converting."""
    content = (BIG + b" J " + BIG + b" j /GS1 gs /CS0 cs " + BIG + b" sc 10 10 100 100 re f "
               b"BT /F1 12 Tf " + BIG + b" Tr 72 700 Td (Drawn) Tj ET")
    resources = (b"/Font<</F1 5 0 R>>/ExtGState<</GS1<</LC " + BIG + b"/LJ -" + BIG + b">>>>"
                 b"/ColorSpace<</CS0[/Indexed/DeviceRGB " + BIG + b"<FF000000FF00>]>>")
    return page_pdf(content, resources=resources)


def huge_page() -> bytes:
    """A page 1e300 points wide: the PNG's pixel size overflowed."""
    return page_pdf(b"BT /F1 12 Tf 72 700 Td (Huge) Tj ET", media_box=b"0 0 " + HUGE + b" " + HUGE)


def list_box() -> bytes:
    """A list box 1e300 points high with a font size of 1e-300: the visible row count overflowed."""
    tiny = b"0." + b"0" * 299 + b"1"
    field = (b"<</Type/Annot/Subtype/Widget/FT/Ch/T(choice)/Rect[72 0 300 " + HUGE + b"]/Opt[(one)(two)(three)]"
             b"/DA(/Helv " + tiny + b" Tf 0 g)/P 3 0 R>>")
    return page_pdf(b"BT /F1 12 Tf 72 700 Td (Form) Tj ET", page_extra=b"/Annots[6 0 R]",
                    more=[(6, field)],
                    catalog_extra=b"/AcroForm<</Fields[6 0 R]/DA(/Helv 0 Tf 0 g)/DR<</Font<</Helv 5 0 R>>>>>>")


HOSTILE_NUMBER_FILES = {
    "far-text": far_text, "cid-widths": cid_widths, "simple-font-codes": simple_font_codes,
    "markup-without-appearances": markup_without_appearances, "drawing-operands": drawing_operands,
    "huge-page": huge_page, "list-box": list_box,
}
