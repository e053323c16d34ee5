"""A certified document in the editor (issue 31, docs/signatures.md "Certified documents"):
opened on a document `marginalia sign --certify fill` certified (DocMDP P=2), the editor greys
the tools that make annotations, keeps only the digital signatures in the Sign popover, says why when one is tapped or
its shortcut pressed, and keeps the Form tool: a field typed into is written by the server,
and pyHanko (not our own code) finds the certification intact, with only form filling after
it, in the file saved. Each runs in Chromium and in WebKit."""

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from editor_harness import api
from test_forms import _binary, centre, fields, open_form_tool

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import make_pki, pyhanko_statuses  # noqa: E402

pytest.importorskip("pyhanko")

ANNOTATING = ["draw", "erase", "text", "shape", "image", "note", "highlight", "redact"]


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture()
def certified(web_server, pki, tmp_path):
    """`marginalia sample` (its form on page 2) certified with P=2, uploaded; its id."""
    sample, signed = tmp_path / "sample.pdf", tmp_path / "certified.pdf"
    subprocess.run([str(_binary()), "sample", "-o", str(sample)], check=True, capture_output=True)
    subprocess.run([str(_binary()), "sign", str(sample), "-o", str(signed), "--p12", str(pki.p12),
                    "--password-file", str(pki.password_file), "--certify", "fill"], check=True, capture_output=True)
    return signed, api(web_server, "POST", "/api/v1/documents?name=certified.pdf", signed.read_bytes(), "application/pdf")["id"]


def refused_tools(editor):
    return editor.js("[...document.querySelectorAll('#tool-group .tool-button')]"
                     ".filter((b) => b.getAttribute('aria-disabled') === 'true').map((b) => b.dataset.tool)")


def test_annotation_tools_are_greyed_and_the_form_is_filled_on_a_p2_document(new_editor, certified, pki, tmp_path):
    signed, doc = certified
    editor = new_editor(doc_id=doc)
    editor.wait_until("marginalia.model.summary?.certification?.permission === 2")
    assert sorted(refused_tools(editor)) == sorted(ANNOTATING)
    # Sign stays: its popover still lists the digital signatures.
    assert editor.attribute("[data-tool=sign]", "aria-disabled") is None
    assert "DocMDP P=2" in editor.attribute("[data-tool=draw]", "title")

    # A shortcut and a tap on a greyed tool leave Select on and say why.
    editor.press("p")
    editor.wait_until("document.getElementById('status').textContent.includes('Annotating is not allowed')")
    # (A click by script: the browsers' automation will not click an aria-disabled button.)
    editor.js("document.getElementById('status').textContent = ''")
    editor.js("document.querySelector('#tool-group [data-tool=shape]').click()")
    editor.wait_until("document.getElementById('status').textContent.includes('Annotating is not allowed')")
    assert editor.js("document.querySelector('[data-tool=select]').getAttribute('aria-pressed')") == "true"
    assert editor.js("document.querySelector('[data-tool=shape]').getAttribute('aria-pressed')") == "false"
    # The Sign popover offers no placing, only the reason and the digital signatures.
    editor.click_toolbar("sign")
    editor.wait_until("!!document.querySelector('#popover [data-refusal=annotations]')")
    assert editor.count("#popover .signature-choices") == 0
    editor.screenshot("certified-p2-sign-popover")
    # Its Signatures panel words what P=2 allows from the engine's answer (docMDPAllows).
    editor.click("#popover .popover-action", "Show digital signatures")
    editor.wait_until("!!document.querySelector('#popover .signature-entry')", timeout=15000)
    entry = editor.text("#popover .signature-entry")
    assert "DocMDP P=2: form filling and signing allowed" in entry, entry
    editor.press("Escape")

    # The Form tool works: the typed value is written.
    listed = fields(editor)
    name = listed["name"]
    page = name["pageIndex"]
    open_form_tool(editor, page)
    editor.wait_until("marginalia.fields.some((f) => f.name === 'name')")
    x, y = centre(editor, page, name["rect"])
    editor.mouse_click(x, y)
    editor.wait_until("!!document.querySelector('input.field-editor')")
    editor.type("Ana Lima")
    editor.press("Enter")
    editor.wait_until("marginalia.fields.find((f) => f.name === 'name')?.value === 'Ana Lima'", timeout=10000)
    editor.wait_file_drawn(page)
    editor.screenshot("certified-p2-form-filled")
    editor.press("Control+s")
    editor.wait_until("document.getElementById('status').textContent.startsWith('Saved')", timeout=10000)

    saved = tmp_path / "saved.pdf"
    saved.write_bytes(api(editor.base, "GET", f"/api/v1/documents/{doc}/file"))
    assert saved.read_bytes().startswith(signed.read_bytes())
    # pyHanko runs its own event loop: in a thread of its own, beside the browser driver's.
    with ThreadPoolExecutor(1) as pool:
        [(_, status, _)] = pool.submit(pyhanko_statuses, saved, pki.ca).result()
    assert status.intact and status.valid and status.docmdp_ok, status.pretty_print_details()
    assert status.modification_level.name == "FORM_FILLING"
    logged = api(editor.base, "GET", f"/api/v1/documents/{doc}/operations?after=0")["operations"]
    assert logged and {entry["operation"]["op"] for entry in logged} == {"fillField"}, logged
