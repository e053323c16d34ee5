"""Saved signatures of a named user in the browser (issue 31 items 1 and 2): on a server with
users, a signature drawn with the pen in the Sign tool's pad and saved is kept on the server
(the API lists it; this browser's storage holds nothing), and a second browser session of the
same user (Chromium: another context, its own storage and cookie) lists it and places it with
one pen tap. The file the server then gives is read by PyMuPDF: an Ink annotation with the
pad's two strokes at the placed rect. Removing it in the second session removes it from the
server. Each runs in Chromium and in WebKit."""

import urllib.request

import pytest

from editor_harness import SAMPLE, Editor, Page
from test_people_browser import _call, people_server  # noqa: F401 (a fixture)
from test_sign_tool import open_sign, place, saved_count

LOCAL_KEY = "marginalia.signatures.v1"


def signed_in_editor(new_tab, base, token, document):
    tab = new_tab()
    Page(tab, base).goto(f"/?token={token}")  # sets the cookie, as the address handed over does
    return Editor(tab, base, document)


def annotations(base, token, document):
    return _call(base, token, "GET", f"/api/v1/documents/{document}/annotations")["annotations"]


def test_a_signature_saved_in_one_browser_is_placed_from_another(new_tab, people_server, tmp_path):  # noqa: F811
    base, token = people_server
    document = _call(base, token, "POST", "/api/v1/documents?name=signing.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    for saved in _call(base, token, "GET", "/api/v1/me/signatures")["signatures"]:  # another engine's run on this server
        _call(base, token, "DELETE", f"/api/v1/me/signatures/{saved['id']}")

    first = signed_in_editor(new_tab, base, token, document)
    first.js(f"localStorage.removeItem('{LOCAL_KEY}')")
    open_sign(first)
    assert saved_count(first) == 0
    left, top, _, _ = first.box("#popover .signing-pad")
    first.pen_stroke([(left + 30 + i * 12, top + 80 - (30 if i % 2 else 0)) for i in range(20)],
                     pressure=[0.3 + 0.03 * i for i in range(20)])
    first.pen_stroke([(left + 60, top + 95), (left + 300, top + 92)])
    first.wait_until("document.querySelector('#popover .signing-pad').dataset.strokes === '2'")
    first.click("#popover .popover-action", "Save")
    first.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=drawn]').length === 1", timeout=10000)
    first.screenshot("saved-signature-first-browser")

    kept = _call(base, token, "GET", "/api/v1/me/signatures")["signatures"]
    assert [(s["kind"], s["drawing"]["type"], len(s["drawing"]["strokes"])) for s in kept] == [("signature", "ink", 2)], kept
    assert kept[0]["drawing"]["padSize"] == [360, 120]
    assert first.js(f"localStorage.getItem('{LOCAL_KEY}')") is None  # on the server only

    second = signed_in_editor(new_tab, base, token, document)
    second.js(f"localStorage.removeItem('{LOCAL_KEY}')")
    open_sign(second)
    second.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=drawn]').length === 1", timeout=10000)
    assert second.attribute("#popover .signature-choice", "data-signature") == kept[0]["id"]
    second.screenshot("saved-signature-second-browser")
    second.press("Escape")
    placed = place(second, "drawn", (200, 420), lambda: annotations(base, token, document))
    assert placed["type"] == "ink" and len(placed["paths"]) == 2, placed
    x1, y1, x2, y2 = placed["rect"]
    assert x1 < 200 < x2 and y1 < 420 < y2 and x2 - x1 > 60, placed["rect"]
    second.painted()
    second.screenshot("saved-signature-placed")

    # The file as the server gives it: PyMuPDF finds the Ink with both strokes where it was placed.
    fitz = pytest.importorskip("fitz")
    data = _call_bytes(base, token, f"/api/v1/documents/{document}/file")
    pdf = fitz.open(stream=data, filetype="pdf")
    page = pdf[0]
    found = {pdf.xref_get_key(a.xref, "NM")[1].strip("()"): a for a in page.annots()}
    ink = found[placed["id"]]
    assert ink.type[1] == "Ink" and len(ink.vertices) == 2
    r = ink.rect
    read = [r.x0, page.rect.height - r.y1, r.x1, page.rect.height - r.y0]
    assert all(abs(u - v) < 0.5 for u, v in zip(read, placed["rect"])), (read, placed["rect"])

    # Removed in the second session: gone from the server.
    open_sign(second)
    second.wait_until("document.querySelectorAll('#popover .signature-choice[data-kind=drawn]').length === 1", timeout=10000)
    second.click("#popover .signature-remove")
    second.wait_until("document.querySelectorAll('#popover .signature-choice').length === 0", timeout=10000)
    assert _call(base, token, "GET", "/api/v1/me/signatures")["signatures"] == []
    assert not first.errors and not second.errors


def _call_bytes(base, token, path):
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()
