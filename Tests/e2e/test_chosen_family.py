"""Issue 33, item 2: a font chosen for a text box is used for the text it covers. A user
types mixed-script text with the keyboard in the Text tool, picks Serif in the box's Style,
and the saved file (read by PyMuPDF) draws the Latin run in Nimbus Roman (URW's Times) and
only the Chinese in a fallback font (Noto Sans CJK), in Chromium and WebKit."""

import re

import pymupdf

from editor_harness import api

TEXT = "Price 12 € — 東京"


def appearance_fonts(saved, annotation):
    """The base font names of the fonts in the normal appearance's resources, without the
    subset tag."""
    kind, value = saved.xref_get_key(annotation.xref, "AP/N")
    assert kind == "xref", (kind, value)
    stream = int(value.split()[0])
    kind, fonts = saved.xref_get_key(stream, "Resources/Font")
    assert kind in ("dict", "xref"), (kind, fonts)
    if kind == "xref":
        fonts = saved.xref_object(int(fonts.split()[0]))
    return [saved.xref_get_key(int(number), "BaseFont")[1].lstrip("/").split("+")[-1]
            for number in re.findall(r"/[^\s/<>]+\s*(\d+) 0 R", fonts)]


def test_a_serif_text_box_keeps_its_font_for_latin_and_falls_back_for_chinese(new_editor):
    editor = new_editor()
    editor.click("button[data-tool=text]")
    x, y = editor.page_point_to_client(0, 100, 200)
    editor.pen_stroke([(x, y), (x + 1, y)])
    editor.wait_until("document.activeElement && document.activeElement.matches('textarea.text-editor')")
    editor.type(TEXT)
    editor.js("document.activeElement.blur()")  # as a tap elsewhere: commits
    editor.wait_until(f"[...marginalia.model.allAnnotations()].some((a) => a.type === 'freeText' && a.text === {TEXT!r})")
    [box] = [a for a in editor.annotations() if a["type"] == "freeText"]
    # Select it (tap it with the Select tool) and choose Serif in its Style.
    editor.press("v")
    x, y = editor.page_point_to_client(0, 110, 190)
    editor.pen_stroke([(x, y), (x, y)])
    editor.wait_until("!!document.querySelector('.selection-bar button[aria-label=\"Style\"]')")
    editor.click('.selection-bar button[aria-label="Style"]')
    editor.click('#popover [aria-label="Font"] button', "Serif")
    editor.wait_until(f"marginalia.model.annotation({box['id']!r}).font === 'Times-Roman'")
    editor.screenshot("chosen-family-serif")
    editor.press("Escape")

    saved = pymupdf.open(stream=api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file"), filetype="pdf")
    [annotation] = [a for a in saved[0].annots() if a.info.get("id") == box["id"]]
    assert sorted(appearance_fonts(saved, annotation)) == ["NimbusRoman-Regular", "NotoSansCJKsc-Regular"]
    # Drawn into the page, as another reader prints it: each span in the font that draws it.
    saved.bake()
    spans = [(span["font"].split("+")[-1], span["text"].strip()) for block in saved[0].get_text("dict")["blocks"]
             for line in block.get("lines", []) for span in line["spans"] if span["text"].strip()]
    assert ("NimbusRoman-Regular", "Price 12 € —") in spans, spans
    assert ("NotoSansCJKsc-Regular", "東京") in spans, spans
