"""The server's refusals in the editor's language (issue 33, docs/i18n.md "Refusals", docs/api.md
"Reasons"): the server answers a stable `reason` with named `args` next to its English message,
and the editor shows the catalog's sentence for it, in German or Arabic here, with numbers and
sizes written by Intl; an identifier it does not know shows the server's English."""

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from unittest.mock import patch

import pymupdf
import pytest

from conftest import _binary, serving_editor
from editor_harness import ROOT, SAMPLE, Editor, api
from test_editor import wait_inks

CATALOGS = ROOT / "Web" / "i18n"
BAND_Y = 300
# The small upload limit of the second server: the sample fits, a padded copy does not.
MAX_UPLOAD = 8192


def catalog(code):
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))


def stroke_points(editor, x0, x1, y, steps=24):
    return editor.page_points_to_client(0, [(x0 + (x1 - x0) * i / steps, y + 12 * ((i % 4) - 1.5)) for i in range(steps + 1)])


def status_shows(editor, text, timeout=10000):
    try:
        editor.wait_until(f"document.querySelector('#status').textContent.includes({json.dumps(text)})", timeout=timeout)
    except AssertionError as error:
        raise AssertionError(f"the status says {editor.text('#status')!r}, not {text!r}") from error


def test_an_undo_the_server_refuses_is_said_in_german_with_who_changed_it(new_editor):
    first = new_editor()
    second = new_editor()
    first.goto(f"/?doc={first.doc_id}&lang=de")
    first.wait_opened()
    first.js("marginalia.setTool('draw')")
    first.show_page(0, zoom=1)
    first.pen_stroke(stroke_points(first, 100, 300, BAND_Y))
    wait_inks(second, 1, timeout=10000)
    [stroke] = [a for a in first.annotations() if a["type"] == "ink"]
    second.js("localStorage.setItem('marginalia.userName', 'Ben')")
    second.js(f"marginalia.command({{type: 'move', ids: ['{stroke['id']}'], dx: 0, dy: -40}})")
    first.wait_until("marginalia.model.revision >= 2", timeout=10000)
    first.press("Control+z")
    expected = catalog("de")["reason.conflict.undoRefused.annotation"].replace("{author}", "Ben")
    status_shows(first, expected)
    first.painted()
    first.screenshot("refusal-undo-german")
    assert first.text("#status") == expected
    assert "Cannot undo" not in first.text("#status")


@contextmanager
def server_with(*options):
    """A server of its own, started with `options` (a limit), in a data folder of its own: its base URL."""
    data = tempfile.mkdtemp(prefix="marginalia-e2e-refusals-")
    try:
        with serving_editor(_binary(), data, *options) as base:
            yield base
    finally:
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="module")
def small_upload_server():
    """A second server whose uploads may be no larger than MAX_UPLOAD bytes: its base URL."""
    with server_with("--max-upload", str(MAX_UPLOAD)) as base:
        yield base


def drop(editor, name, data):
    editor.js("""([name, bytes]) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
            window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }
    }""", [name, list(data)])


def test_an_upload_over_the_limit_is_refused_in_arabic_with_the_limit_as_a_size(new_tab, small_upload_server):
    sample = SAMPLE.read_bytes()
    assert len(sample) < MAX_UPLOAD
    doc = api(small_upload_server, "POST", "/api/v1/documents?name=small.pdf", sample, "application/pdf")["id"]
    editor = Editor(new_tab(), small_upload_server, doc)
    editor.goto(f"/?doc={doc}&lang=ar")
    editor.wait_opened()
    # A PDF over the limit: the sample with a comment after its end.
    padded = sample + b"\n%" + b"x" * (3 * MAX_UPLOAD) + b"\n"
    drop(editor, "too-large.pdf", padded)
    ar = catalog("ar")
    size = editor.js("(bytes) => import('/app/js/i18n.js').then((m) => m.formatSize(bytes))", MAX_UPLOAD)
    # Intl writes 8192 bytes as 8 kB in Arabic's digits and unit.
    assert "8" in size or "٨" in size, size
    # The option is isolated (FSI … PDI), so the sentence's right-to-left order keeps it whole.
    sentence = ar["reason.limit.upload"].replace("{maxBytes}", size).replace("{option}", "\u2068--max-upload\u2069")
    expected = ar["status.uploadFailed"].replace("{reason}", sentence)
    status_shows(editor, sentence)
    editor.painted()
    editor.screenshot("refusal-upload-arabic")
    assert editor.text("#status") == expected
    assert editor.js("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert not editor.errors


def test_an_unknown_reason_falls_back_to_the_servers_english(blank_page):
    answer = blank_page.js("""() => import('/app/js/i18n.js').then((m) => [
        m.refusalText({ reason: 'limit.fromANewerServer', args: {}, message: 'the English of the server' }),
        m.refusalText({ message: 'no reason at all' }),
        m.refusalText({ reason: 'page.outOfRange', args: { page: 1234, pageCount: 3 }, message: 'English' }),
    ])""")
    english = catalog("en")["reason.page.outOfRange"]
    assert answer == ["the English of the server", "no reason at all",
                      english.replace("{page}", "1,234").replace("{pageCount}", "3")]


def test_the_browsers_engine_refuses_in_the_editors_language_too(new_editor):
    # The engine compiled to Wasm answers its refusals with the same identifiers (one table in
    # Swift, Reason.Key); engine.js throws them in the user's language.
    editor = new_editor()
    editor.goto(f"/?doc={editor.doc_id}&lang=fr")
    editor.wait_opened()
    answer = editor.js("""() => import('/app/js/engine.js').then((engine) => {
        try { engine.call({ call: 'thread', id: 'gone' }); return null; } catch (error) { return [error.reason, error.message]; }
    })""")
    assert answer == ["annotation.unknown", catalog("fr")["reason.annotation.unknown"]]


# The per-request points limit of a third server: a pen stroke of the test has more.
MAX_POINTS = 10


@pytest.fixture(scope="module")
def few_points_server():
    """A server that takes at most MAX_POINTS points in one request: its base URL."""
    with server_with("--max-points", str(MAX_POINTS)) as base:
        yield base


def test_a_stroke_over_the_points_limit_is_refused_in_french_with_its_count_and_the_limit(new_tab, few_points_server):
    doc = api(few_points_server, "POST", "/api/v1/documents?name=points.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    editor = Editor(new_tab(), few_points_server, doc)
    editor.goto(f"/?doc={doc}&lang=fr")
    editor.wait_opened()
    editor.js("marginalia.setTool('draw')")
    editor.show_page(0, zoom=1)
    editor.pen_stroke(stroke_points(editor, 100, 400, BAND_Y, steps=60))
    fr = catalog("fr")
    # The sentence up to the count, and from the count on: the count is the points the editor
    # sent (more than the limit), the limit and the option as the server gave them.
    before_count, after_count = fr["reason.limit.points"].replace("{max}", str(MAX_POINTS)).replace("{option}", "--max-points").split("{count}")
    status_shows(editor, after_count)
    editor.painted()
    editor.screenshot("refusal-points-french")
    status = editor.text("#status")
    prefix = fr["status.notApplied"].replace("{reason}", before_count)
    assert status.startswith(prefix) and status.endswith(after_count), status
    count = status[len(prefix):len(status) - len(after_count)]
    assert count.isdigit() and int(count) > MAX_POINTS, count
    assert "points per request" not in status
    assert editor.js("marginalia.model.revision") == 0
    assert not editor.errors


# A fourth server reads PDFs of at most FEW_PAGES pages (MARGINALIA_LIMITS, docs/limits.md).
FEW_PAGES = 5


@pytest.fixture(scope="module")
def few_pages_server():
    """A server that opens no PDF of more than FEW_PAGES pages: its base URL."""
    with patch.dict(os.environ, {"MARGINALIA_LIMITS": f"maxPageCount={FEW_PAGES}"}), server_with() as base:
        yield base


def test_a_pdf_past_a_reading_limit_is_refused_in_german_naming_that_limit(new_tab, few_pages_server):
    doc = api(few_pages_server, "POST", "/api/v1/documents?name=sample.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    editor = Editor(new_tab(), few_pages_server, doc)
    editor.goto(f"/?doc={doc}&lang=de")
    editor.wait_opened()
    many = pymupdf.open()
    for _ in range(FEW_PAGES + 1):
        many.new_page()
    drop(editor, "many-pages.pdf", many.tobytes())
    de = catalog("de")
    # Reasons version 3: the sentence of the page limit itself, with its value, not the one
    # sentence of every reading limit.
    sentence = de["reason.limit.reading.maxPageCount"].replace("{max}", str(FEW_PAGES)).replace("{option}", "MARGINALIA_LIMITS")
    status_shows(editor, sentence)
    editor.painted()
    editor.screenshot("refusal-reading-limit-german")
    assert editor.text("#status") == de["status.uploadFailed"].replace("{reason}", sentence)
    assert not editor.errors
