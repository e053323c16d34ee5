"""The engine parity fixtures (Tests/Fixtures/parity) checked against values derived by hand
(issue 30): their `expect` answers were recorded from the native engine itself, so they catch a
change, not a wrong answer; a fixture re-recorded from a broken engine would pass both parity
suites. Here the answers that follow from geometry alone are derived without the engine:

- the layout `init` answers: every page's frame and matrix from its box and /Rotate, the pages
  stacked with a 12-pixel margin around each and centred, the content centred in the view;
- where a pen or mouse stroke goes: each dot a stroke preview draws is centred on the page point
  under the pointer, found by undoing the answered layout (view point, less the inset, plus the
  scroll offset, into the page's frame, through the inverse of the page's matrix, which holds
  the zoom).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "Fixtures" / "parity").glob("*.json"))
LAID_OUT = [p for p in FIXTURES if any(c["call"]["call"] == "init" for c in json.loads(p.read_text())["calls"])]
MARGIN = 12  # CSS pixels around each page (docs/engine.md, "Viewport")


def page_matrix(box, rotation):
    """Page space to the page's frame at zoom 1 (origin top-left, y down), after /Rotate
    (ISO 32000-2, 7.7.3.3: clockwise): the frame's top-left is the box's corner the rotation
    brings there."""
    x0, y0, x1, y1 = box
    return {0: [1, 0, 0, -1, -x0, y1], 90: [0, 1, 1, 0, -y0, -x0],
            180: [-1, 0, 0, 1, x1, -y0], 270: [0, -1, -1, 0, y1, x1]}[rotation % 360]


def expected_layout(pages, view_size):
    sizes = []
    for page in pages:
        x0, y0, x1, y1 = page["box"]
        width, height = x1 - x0, y1 - y0
        sizes.append((height, width) if page["rotation"] % 180 else (width, height))
    content_width = max(w for w, _ in sizes) + 2 * MARGIN
    content_height = sum(h for _, h in sizes) + MARGIN * (len(sizes) + 1)
    frames, y = [], MARGIN
    for width, height in sizes:
        frames.append([(content_width - width) / 2, y, width, height])
        y += height + MARGIN
    inset = [max(0, (view_size[0] - content_width) / 2), max(0, (view_size[1] - content_height) / 2)]
    return {"contentSize": [content_width, content_height], "inset": inset,
            "pages": [{"frame": f, "matrix": page_matrix(p["box"], p["rotation"])} for f, p in zip(frames, pages)]}


def calls_of(path):
    return json.loads(path.read_text())["calls"]


@pytest.mark.parametrize("path", LAID_OUT, ids=[p.stem for p in LAID_OUT])
def test_the_recorded_layouts_are_the_hand_derived_ones(path):
    for init in [c for c in calls_of(path) if c["call"]["call"] == "init"]:
        answer, wanted = init["expect"], expected_layout(init["call"]["pages"], init["call"]["viewSize"])
        assert answer["zoom"] == 1 and answer["offset"] == [0, 0], answer
        assert answer["contentSize"] == wanted["contentSize"]
        assert answer["inset"] == wanted["inset"]
        assert [p["frame"] for p in answer["pages"]] == [p["frame"] for p in wanted["pages"]]
        assert [p["matrix"] for p in answer["pages"]] == [p["matrix"] for p in wanted["pages"]]


SUBPATH = re.compile(r"M ([-\d.]+) ([-\d.]+)((?:C(?: [-\d.]+){6})+)Z")


def dot_centres(path_data):
    """The centres of the round dots (a move and four cubic curves) in SVG path data."""
    centres = []
    for x, y, curves in SUBPATH.findall(path_data.replace("C", " C").replace("  ", " ").replace(" C", "C")):
        numbers = [float(v) for v in curves.replace("C", " ").split()]
        if len(numbers) != 24:
            continue
        ends = [(float(x), float(y))] + [(numbers[i], numbers[i + 1]) for i in range(4, 24, 6)][:3]
        centres.append((sum(p[0] for p in ends) / 4, sum(p[1] for p in ends) / 4))
    return centres


def page_point(view_point, layout):
    """The page point under a view point, by undoing `layout` (the engine's last answer with pages)."""
    (ix, iy), (ox, oy) = layout["inset"], layout["offset"]
    cx, cy = view_point[0] - ix + ox, view_point[1] - iy + oy
    for index, page in enumerate(layout["pages"]):
        fx, fy, fw, fh = page["frame"]
        if fx <= cx <= fx + fw and fy <= cy <= fy + fh:
            a, b, c, d, e, f = page["matrix"]
            u, v = cx - fx - e, cy - fy - f  # the matrix holds the zoom
            det = a * d - b * c
            return index, ((d * u - c * v) / det, (a * v - b * u) / det)
    return None, None


def test_every_stroke_dot_is_under_its_pointer():
    checked = 0
    for path in FIXTURES:
        layout = None
        for call in calls_of(path):
            answer = call.get("expect") or {}
            # The view as it is once the answer is applied (a pen that lands after a palm
            # scrolled the page scrolls it back, and draws in the view scrolled back).
            for candidate in (answer, answer.get("viewport") if isinstance(answer, dict) else None):
                if isinstance(candidate, dict) and {"pages", "zoom", "inset", "offset"} <= candidate.keys():
                    layout = candidate
            preview = answer.get("preview") if isinstance(answer, dict) else None
            if call["call"]["call"] != "pointer" or layout is None or not isinstance(preview, dict) \
                    or preview.get("type") != "stroke" or len(call["call"]["events"]) != 1:
                continue
            event = call["call"]["events"][0]
            index, point = page_point((event["x"], event["y"]), layout)
            if point is None or index != preview.get("pageIndex") or event["phase"] not in ("began", "moved"):
                continue
            centres = dot_centres(preview.get("append", ""))
            if not centres:
                continue
            nearest = min(centres, key=lambda c: abs(c[0] - point[0]) + abs(c[1] - point[1]))
            assert abs(nearest[0] - point[0]) <= 0.02 and abs(nearest[1] - point[1]) <= 0.02, \
                (path.stem, event, point, centres)
            checked += 1
    assert checked >= 20, f"only {checked} stroke samples found to check: the fixtures changed shape"
