"""The annotations the oracle suite creates: one of every type, on page 1 of the bundled sample
(US Letter, MediaBox 0 0 612 792, no rotation), placed over empty page areas where possible so
renders can tell what each one drew."""

from __future__ import annotations

import base64
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "Samples" / "sample.pdf"
IMAGE = REPO / "Tests" / "Fixtures" / "images" / "rgb.png"


def every_type() -> list[dict]:
    image = base64.b64encode(IMAGE.read_bytes()).decode()
    return [
        {"type": "ink", "color": "#FF0000", "opacity": 0.5, "width": 3,
         "paths": [[[100, 100], [150, 180], [200, 120], [260, 200]], [[120, 200], [300, 110]]]},
        {"type": "square", "rect": [300, 300, 450, 380], "color": "#0000FF", "fill": "#CCE0FF", "width": 2},
        {"type": "circle", "rect": [100, 280, 250, 400], "color": "#008000", "width": 4},
        {"type": "line", "points": [[330, 100], [560, 200]], "color": "#800080", "width": 2,
         "lineEndings": ["circle", "closedArrow"], "fill": "#FFFF00"},
        {"type": "polygon", "points": [[400, 420], [500, 460], [470, 530], [380, 500]],
         "color": "#000000", "fill": "#FFA500", "opacity": 0.7},
        {"type": "polyline", "points": [[60, 440], [120, 480], [190, 430], [260, 490]], "color": "#FF00FF",
         "width": 2, "lineEndings": ["none", "openArrow"]},
        {"type": "freeText", "rect": [300, 20, 560, 80], "text": "Free text, wrapped with real widths.",
         "fontSize": 14, "textColor": "#0000AA", "color": "#FFFFCC", "width": 1},
        {"type": "note", "rect": [30, 30, 50, 50], "contents": "A sticky note", "color": "#FFD700"},
        {"type": "stamp", "rect": [420, 220, 580, 270], "name": "Approved", "color": "#008800"},
        {"type": "stamp", "rect": [40, 220, 100, 260], "image": image},
        {"type": "highlight", "quads": [[60, 560, 250, 560, 60, 540, 250, 540]], "color": "#FFFF00"},
        {"type": "underline", "quads": [[300, 560, 500, 560, 300, 540, 500, 540]], "color": "#0000FF"},
        {"type": "strikeOut", "quads": [[60, 600, 250, 600, 60, 580, 250, 580]], "color": "#FF0000"},
        {"type": "squiggly", "quads": [[300, 600, 500, 600, 300, 580, 500, 580]], "color": "#00AA00"},
    ]


#: PyMuPDF's name for each JSON type.
PYMUPDF_TYPES = {
    "ink": "Ink", "square": "Square", "circle": "Circle", "line": "Line", "polygon": "Polygon",
    "polyline": "PolyLine", "freeText": "FreeText", "note": "Text", "stamp": "Stamp",
    "highlight": "Highlight", "underline": "Underline", "strikeOut": "StrikeOut", "squiggly": "Squiggly",
}


def hex_to_rgb(text: str) -> tuple[float, float, float]:
    return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5))


def points_of(spec: dict) -> list[tuple[float, float]]:
    """Every geometric point a spec names (for checking that /Rect covers them)."""
    if "paths" in spec:
        return [tuple(p) for path in spec["paths"] for p in path]
    if "points" in spec:
        return [tuple(p) for p in spec["points"]]
    if "quads" in spec:
        return [(q[i], q[i + 1]) for q in spec["quads"] for i in range(0, 8, 2)]
    return []
