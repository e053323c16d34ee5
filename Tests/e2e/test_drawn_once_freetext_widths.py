"""Issue 28, "Drawn once", item 3: a text box whose text the appearance draws in embedded fonts
(Greek, Cyrillic, CJK, a decomposed accent) is laid out by the browser's engine with the widths
the appearance writer measures it by: the server answers them (`GET /api/v1/fonts/widths`,
TextBoxWidths: each character's advance as HarfBuzz shapes its paragraph in Nimbus Sans, Noto
Sans CJK...; the ascent and descent of the font placing the lines), the overlay hands them to
`textBoxLayout`, and the box breaks its lines where the saved file does.

Glyph shapes differ between the live box (Liberation Sans, the browser's CJK font) and the saved
file (the subsets it embeds), so the judge of the breaks is each line's inked extent: its left and
right ends on the live page and in pdf.js's rendering of the saved file agree within a quarter of
the size (a line broken elsewhere moves a whole word), and no line is inked in one and not in the
other. The whole box is also compared pixel by pixel within the embedded-font limits of
test_drawn_once_freetext.py."""

from test_drawn_once import PAGE, ZOOM, blank_document, box_of, compare, live_and_saved
from test_drawn_once_freetext import BOX, EMBEDDED_LIMITS, FACES_LOADED, lines_drawn_as_the_engine_says, measured_by_writer

SIZE = 13
SCRIPTS = dict(BOX, type="freeText", rect=[20, 25, 280, 185], font="Helvetica", fontSize=SIZE, alignment="left",
               text="Καλημέρα σας, αγαπητοί φίλοι· Привет, дорогие друзья! Ελληνικά και русский текст "
                    "вместе, 漢字と仮名の文 mixed with Cafe\u0301 and ΑΥΤΟ ΤΟ ΒΑΣΙΛΕΙΟ.\nΈνα ακόμη: Москва́.")
INKED = 120  # a sample darker than this is text (#1A237E on #FFF8E1)


def line_bands(layout, rect):
    """Each line's rows and the columns inside the clip, in page pixels at ZOOM (y down):
    [(top, bottom, left, right)], from the engine's baselines (the box is on an unturned page:
    its space is the rect's, moved to its corner)."""
    x1, y1 = rect[0], rect[1]
    cx1, _, cx2, _ = layout["clip"]
    bands = []
    for line in layout["lines"] + [{"baseline": layout["lines"][-1]["baseline"] - layout["lineHeight"]}]:
        baseline = (PAGE[1] - (y1 + line["baseline"])) * ZOOM
        bands.append((round(baseline - 0.75 * SIZE * ZOOM), round(baseline + 0.22 * SIZE * ZOOM),
                      round((x1 + cx1 + 0.5) * ZOOM), round((x1 + cx2 - 0.5) * ZOOM)))
    return bands


def inked_extent(image, band):
    """(leftmost, rightmost) inked column of `band` in `image`, or None when nothing is inked."""
    top, bottom, left, right = band
    pixels = image.load()
    columns = [x for x in range(left, right) if any(min(pixels[x, y]) < INKED for y in range(top, bottom))]
    return (columns[0], columns[-1]) if columns else None


def test_text_beyond_winansi_breaks_where_the_saved_file_does(new_editor, web_server):
    doc, ids = blank_document(web_server, [SCRIPTS])
    editor = new_editor(doc_id=doc)
    assert editor.js(FACES_LOADED, [dict(SCRIPTS, id="face")])
    live, saved = live_and_saved(editor, ids, "drawn-once-freetext-widths", measured_by_writer(ids[0]))
    annotation = next(a for a in editor.annotations() if a["id"] == ids[0])
    layout = lines_drawn_as_the_engine_says(editor, ids[0], annotation)
    assert layout["standard"] is False and layout["measuredBy"] == "writer", layout
    box = box_of([SCRIPTS])
    strong, mean, offset = compare(live, saved, box)
    print(f"beyond WinAnsi [{editor.engine}]: strong {strong:.4%}, mean {mean:.2f}, offset {offset}")
    tolerance = 0.25 * SIZE * ZOOM
    bands = line_bands(layout, SCRIPTS["rect"])
    for index, band in enumerate(bands):
        shifted = (band[0] + offset[1], band[1] + offset[1], band[2] + offset[0], band[3] + offset[0])
        live_extent, saved_extent = inked_extent(live, shifted), inked_extent(saved, band)
        text = layout["lines"][index]["text"] if index < len(layout["lines"]) else "(below the last line)"
        print(f"line {index} {text!r}: live {live_extent}, saved {saved_extent}")
        assert (live_extent is None) == (saved_extent is None), f"line {index} {text!r} is inked in one only"
        if live_extent:
            assert all(abs(a - b) <= tolerance for a, b in zip(live_extent, saved_extent)), \
                f"line {index} {text!r} ends elsewhere: live {live_extent}, saved {saved_extent}"
    share, most = EMBEDDED_LIMITS[editor.engine]
    assert strong < share and mean < most, f"the live text box differs from the saved file's (strong {strong:.4%}, mean {mean:.2f})"
