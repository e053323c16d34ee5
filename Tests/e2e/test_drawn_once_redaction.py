"""Issue 28, "Drawn once", the judge of the redaction cases of test_drawn_once.py: the overlay
drew a redaction mark itself before (`a.color ?? '#CC1A1A'`, one path per quad), so a mark with
no colour (`/C` absent, as another tool may write it) showed a red outline while the file shows
nothing. The engine's drawing is the file's (nothing), and the comparison of test_drawn_once.py
sees the JavaScript's old outline put back into the overlay."""

import json

from editor_harness import api
from test_drawn_once import PAGE, STRONG_SHARE, MEAN, box_of, compare, live_and_saved
from viewer_helpers import handmade_pdf, page_screenshot

QUADS = [[40, 150, 260, 150, 40, 130, 260, 130], [60, 100, 240, 120, 66, 80, 246, 100]]


def colourless_redaction_document(web_server):
    """A blank page PAGE points large holding a redaction mark over two quads with no /C and
    no appearance (a file another tool wrote): the document's id and the mark's id."""
    quads = b" ".join(b"%d" % v for q in QUADS for v in q)
    pdf = handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Annots [4 0 R] >>" % PAGE,
                        b"<< /Type /Annot /Subtype /Redact /Rect [39 79 261 151] /F 4 /NM (colourless) /QuadPoints [" + quads + b"] >>"])
    doc = api(web_server, "POST", "/api/v1/documents?name=colourless-redaction.pdf", pdf, "application/pdf")["id"]
    return doc, "colourless"


def test_the_check_sees_a_colourless_redaction_drawn_as_the_javascript_drew_it(new_editor, web_server):
    doc, mark = colourless_redaction_document(web_server)
    editor = new_editor(doc_id=doc)
    annotation = next(a for a in editor.annotations() if a["id"] == mark)
    assert annotation.get("color") is None and annotation.get("quads"), annotation
    engine = editor.js("async (a) => (await import('/app/js/engine.js')).call({ call: 'annotationDrawing', annotation: a })", annotation)
    assert engine["marks"] == [], engine
    live, saved = live_and_saved(editor, [mark], "drawn-once-redaction-judge")
    box = box_of([{"quads": QUADS}])
    strong, mean, _ = compare(live, saved, box)
    assert strong < STRONG_SHARE and mean < MEAN, (strong, mean)
    # What the overlay drew before: each quad's outline in red, 1 pt wide.
    editor.js(f"""(quads) => {{
        const group = document.querySelector('.overlay [data-id="{mark}"]');
        for (const q of quads) {{
            const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
            path.setAttribute('d', `M${{q[0]}} ${{q[1]}}L${{q[2]}} ${{q[3]}}L${{q[6]}} ${{q[7]}}L${{q[4]}} ${{q[5]}}Z`);
            for (const [k, v] of Object.entries({{ fill: 'none', stroke: '#CC1A1A', 'stroke-width': 1, 'stroke-linejoin': 'miter' }})) path.setAttribute(k, v);
            group.append(path);
        }}
    }}""", QUADS)
    editor.wait_until(f"document.querySelectorAll('.overlay [data-id=\"{mark}\"] path').length === {len(QUADS)}")
    old = page_screenshot(editor, "drawn-once-redaction-judge-old")
    strong, mean, _ = compare(old, saved, box)
    print(f"old JavaScript outline [{editor.engine}]: strong {strong:.4%}, mean {mean:.2f}")
    assert strong >= STRONG_SHARE, f"the old red outline passes the comparison (strong {strong:.4%})"
