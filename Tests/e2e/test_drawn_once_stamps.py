"""Issue 28, "Drawn once": a named stamp under edit is drawn where the engine says, the size,
baseline origin and length of its title included (`stampLabel`, StampLabel.titleLayout: the
numbers its appearance stream writes), and compared pixel by pixel with pdf.js's rendering of
the saved file, as test_drawn_once.py compares the other kinds (its tolerance and offsets).

The glyphs are those pdf.js draws Helvetica-Bold with (Liberation Sans Bold, its standard
fonts), which the overlay loads for titles. Chromium then matches within test_drawn_once.py's
tolerance (measured: no strong difference, mean 0.03 and 0.09). WebKit places each glyph of
SVG text at a whole device pixel (the title's ends where the engine says, glyphs between up to
a pixel off: measured 0.26 % and 1.01 % strong, mean 0.52 and 1.52), so in WebKit the title
is held to `WEBKIT_SHARE` and `WEBKIT_MEAN`, which the old title (5.8 % in Chromium) exceeds
by far. The judge puts back what the overlay did before (the size fitted with the browser's
kerned measurement, the title centred by the browser) and sees it fail."""

import json
import re

import pytest

from test_drawn_once import STRONG_SHARE, MEAN, blank_document, box_of, compare, live_and_saved
from viewer_helpers import page_screenshot

WEBKIT_SHARE = 0.015  # of the box's pixels, strongly different (see above)
WEBKIT_MEAN = 2.0


def limits(editor):
    """(strong share, mean) a live stamp may differ by in this engine (see above)."""
    return (STRONG_SHARE, MEAN) if editor.engine == "chromium" else (WEBKIT_SHARE, WEBKIT_MEAN)


STAMPS = {
    "approved": {"type": "stamp", "name": "Approved", "rect": [40, 60, 260, 140], "color": "#2E7D32"},
    # A custom stamp's words, wider than the frame allows at its largest size: the size is
    # decided by the title's width.
    "custom": {"type": "stamp", "name": "WAVY TAVATA AVATAR", "rect": [30, 70, 270, 120], "color": "#1565C0"},
}

# What the overlay drew before this change: the size from the browser's kerned measurement of
# bold Helvetica, the title centred on the frame by the browser (text-anchor middle, kerned).
OLD_TITLE = """([id, color]) => {
    const group = document.querySelector(`.overlay [data-id="${id}"]`);
    const text = group.querySelector('text');
    const label = JSON.parse(group.dataset.label);
    const measuring = document.createElement('canvas').getContext('2d');
    measuring.font = 'bold 100px Helvetica, Arial, sans-serif';
    measuring.fontKerning = 'auto';
    const size = Math.max(1, Math.min(label.maximumFontSize, label.titleWidth / (measuring.measureText(label.title).width / 100)));
    const [fx1, fy1, fx2, fy2] = label.frame;
    const old = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    for (const [k, v] of Object.entries({ x: 0, y: size * 0.2555, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 'bold',
        fill: color, 'font-family': 'Helvetica, Arial, sans-serif' })) old.setAttribute(k, v);
    old.textContent = label.title;
    text.parentNode.setAttribute('transform', `translate(${(fx1 + fx2) / 2} ${(fy1 + fy2) / 2}) scale(1 -1)`);
    text.replaceWith(old);
    return size;
}"""


def title_drawn_as_the_engine_says(editor, stamp_id, annotation):
    """The overlay's title: at the engine's size, origin and length (`stampLabel`)."""
    label = editor.js("async (a) => (await import('/app/js/engine.js')).call({ call: 'stampLabel', name: a.name, rect: a.rect })", annotation)
    text = editor.js(f"""(() => {{ const t = document.querySelector('.overlay [data-id="{stamp_id}"] text');
        return {{ x: +t.getAttribute('x'), size: +t.getAttribute('font-size'), length: +t.getAttribute('textLength'),
                  transform: t.parentNode.getAttribute('transform'), title: t.textContent }}; }})()""")
    assert text["title"] == label["title"]
    assert text["x"] == pytest.approx(label["titleOrigin"][0]) and text["size"] == pytest.approx(label["fontSize"])
    assert text["length"] == pytest.approx(label["titleLength"])
    moved = re.fullmatch(r"translate\(0 ([-0-9.e]+)\) scale\(1 -1\)", text["transform"])
    assert moved and float(moved.group(1)) == pytest.approx(label["titleOrigin"][1]), text["transform"]
    return label


# The overlay's face for titles (pdf.js's Helvetica-Bold), loaded: drawing a stamp starts it.
FACE_LOADED = """async (a) => {
    const overlay = await import('/app/js/overlay.js');
    overlay.drawAnnotation(a);
    await document.fonts.load(`bold 12px ${overlay.STAMP_FACE}`);
    return document.fonts.check(`bold 12px ${overlay.STAMP_FACE}`);
}"""


@pytest.mark.parametrize("kind", list(STAMPS))
def test_the_live_stamp_is_the_saved_one(new_editor, web_server, kind):
    doc, ids = blank_document(web_server, [STAMPS[kind]])
    editor = new_editor(doc_id=doc)
    assert editor.js(FACE_LOADED, dict(STAMPS[kind], id="face"))
    live, saved = live_and_saved(editor, ids, f"drawn-once-stamp-{kind}")
    annotation = next(a for a in editor.annotations() if a["id"] == ids[0])
    title_drawn_as_the_engine_says(editor, ids[0], annotation)
    box = box_of([STAMPS[kind]])
    strong, mean, offset = compare(live, saved, box)
    print(f"stamp {kind} [{editor.engine}]: strong {strong:.4%}, mean {mean:.2f}, offset {offset}")
    assert min(min(p) for p in saved.crop(box).getdata()) < 200, "the saved rendering shows the stamp"
    share, most = limits(editor)
    assert strong < share and mean < most, \
        f"{kind}: the live stamp differs from the saved file's (strong {strong:.4%}, mean {mean:.2f})"


def test_the_check_sees_the_title_where_the_javascript_put_it(new_editor, web_server):
    stamp = STAMPS["custom"]
    doc, ids = blank_document(web_server, [stamp])
    editor = new_editor(doc_id=doc)
    assert editor.js(FACE_LOADED, dict(stamp, id="face"))
    live, saved = live_and_saved(editor, ids, "drawn-once-stamp-judge")
    annotation = next(a for a in editor.annotations() if a["id"] == ids[0])
    label = title_drawn_as_the_engine_says(editor, ids[0], annotation)
    box = box_of([stamp])
    share, _ = limits(editor)
    assert compare(live, saved, box)[0] < share
    editor.js(f"""document.querySelector('.overlay [data-id="{ids[0]}"]').dataset.label = {json.dumps(json.dumps(label))}""")
    size = editor.js(OLD_TITLE, [ids[0], stamp["color"]])
    editor.wait_until(f"""!!document.querySelector('.overlay [data-id="{ids[0]}"] text[text-anchor="middle"]')""")
    old = page_screenshot(editor, "drawn-once-stamp-judge-old")
    strong, mean, _ = compare(old, saved, box)
    print(f"old JavaScript title [{editor.engine}]: size {size:.2f} against {label['fontSize']:.2f}, strong {strong:.4%}, mean {mean:.2f}")
    assert strong >= share, f"the old title passes the comparison (strong {strong:.4%})"
