"""Helpers for the shaped-text oracles: rendering a line with HarfBuzz's own `hb-view` (the
reference), rendering our PDF with pdftoppm and PDFium, and comparing the two by their ink.

The comparison: each image is cropped to its glyph ink (pixels darker than INK, the bounding
box of all of them); the two boxes must agree in size within BOX_TOLERANCE (rasterisers differ
by a pixel or two at the edges of antialiased glyphs; a missing joining form, conjunct or mark,
or a glyph drawn from another font, moves an edge by far more at 48 px per em); then our crop is
scaled to the reference's box and the mean grey difference is taken over the pixels either one
inks, as a fraction of full black. Measured on the test's lines at 48 px per em, free text and
form field alike: Poppler and PDFium against hb-view 0.08 to 0.21 for Arabic, Hebrew with points,
Devanagari and Thai, 0.004 to 0.09 for Chinese and Japanese (hinting and antialiasing of the same
glyphs at the same places); hb-view's own unshaped rendering in typed order, scaled to the
reference's box, 0.60 to 0.76 for Arabic, Hebrew and Devanagari. SAME_GLYPHS sits between the two
with room on both sides, and those tests check their control (unshaped, typed order) is beyond
it, so the measure is shown to tell the two apart on that very line.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from PIL import Image, ImageChops

#: A pixel darker than this (of 255) is ink.
INK = 160
#: How far the ink boxes may differ, in pixels and as a fraction of the reference's size.
BOX_TOLERANCE_PX = 3
BOX_TOLERANCE_FRACTION = 0.04
#: The largest mean difference over the ink of two renderings of the same shaped line.
SAME_GLYPHS = 0.25

NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")


def hb_view(font: Path, text: str, pixels_per_em: int, out: Path, *, face_index: int = 0,
            unshaped: bool = False) -> Image.Image:
    """`text` as hb-view draws it, black on white; `unshaped` uses HarfBuzz's fallback shaper
    left to right: glyphs one per character in typed order, what an engine without shaping
    or bidi draws."""
    args = ["hb-view", f"--font-file={font}", f"--face-index={face_index}", f"--font-size={pixels_per_em}",
            "--margin=8", "-O", "png", "-o", str(out)]
    if unshaped:
        args += ["--shapers=fallback", "--direction=ltr"]
    subprocess.run(args + ["--", text], check=True, capture_output=True)
    return Image.open(out).convert("L")


def pdftoppm(pdf: Path, dpi: int, out_prefix: Path) -> Image.Image:
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-gray", str(pdf), str(out_prefix)],
                   check=True, capture_output=True)
    return Image.open(f"{out_prefix}.png").convert("L")


def pdfium(pdf: Path, dpi: int) -> Image.Image:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    # The form layer draws the widgets (form fields) from their appearance streams.
    document.init_forms()
    try:
        return document[0].render(scale=dpi / 72, draw_annots=True, may_draw_forms=True).to_pil().convert("L")
    finally:
        document.close()


def ink(image: Image.Image, region: tuple[int, int, int, int] | None = None) -> Image.Image:
    """The part of `image` (within `region`, in pixels) holding ink, cropped tight."""
    if region is not None:
        image = image.crop(region)
    mask = image.point(lambda value: 255 if value < INK else 0)
    box = mask.getbbox()
    assert box is not None, "no ink at all: nothing was drawn"
    return image.crop(box)


def boxes_agree(ours: Image.Image, reference: Image.Image) -> bool:
    return all(abs(a - b) <= max(BOX_TOLERANCE_PX, BOX_TOLERANCE_FRACTION * b)
               for a, b in zip(ours.size, reference.size))


def difference(ours: Image.Image, reference: Image.Image) -> float:
    """Mean grey difference (0 to 1) over the pixels either image inks, after scaling `ours`
    to the reference's size."""
    scaled = ours.resize(reference.size, Image.BILINEAR)
    delta = ImageChops.difference(scaled, reference).tobytes()
    inked = ImageChops.darker(scaled, reference).tobytes()
    pixels = [d for d, m in zip(delta, inked) if m < INK]
    return sum(pixels) / (255 * len(pixels))
