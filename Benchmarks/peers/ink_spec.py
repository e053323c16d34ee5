"""The "ink" workload's annotations as the peers read them: the project's JSON (see
docs/annotations-json.md), and the rectangle and appearance stream a PDF library without
appearance synthesis has to write itself. Plain Python, so every peer pays the same."""

import json


def load(path):
    """The "annotations" list of an annotation JSON file."""
    with open(path) as file:
        return json.load(file)["annotations"]


def rgb(hex_color):
    """"#RRGGBB" -> (r, g, b) in 0...1."""
    return tuple(int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def rect(annotation):
    """[x1, y1, x2, y2] covering every point with half the line width around it (round caps
    and joins never reach further)."""
    half = annotation["width"] / 2
    xs = [x for path in annotation["paths"] for x, _ in path]
    ys = [y for path in annotation["paths"] for _, y in path]
    return [min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half]


def appearance_content(annotation):
    """Content of a form XObject that strokes every path once, in page space (the form's
    /BBox is the annotation's /Rect and its /Matrix the identity), under the ExtGState /GS0
    that carries the opacity, so crossings of a translucent stroke do not darken."""
    r, g, b = rgb(annotation["color"])
    parts = [f"/GS0 gs {r:g} {g:g} {b:g} RG {annotation['width']:g} w 1 J 1 j"]
    for path in annotation["paths"]:
        (x0, y0), rest = path[0], path[1:]
        parts.append(f"{x0:g} {y0:g} m")
        parts.extend(f"{x:g} {y:g} l" for x, y in rest)
    parts.append("S")
    return "\n".join(parts).encode()


def ink_list(annotation):
    """/InkList: one flat [x1 y1 x2 y2 ...] array per stroke."""
    return [[c for point in path for c in point] for path in annotation["paths"]]
