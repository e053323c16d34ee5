"""Fixtures for the browser editor's end-to-end tests.

The tests drive Debian's Chromium through Playwright for Python against a real
`marginalia serve` started on a free port with a temporary data directory. The binary is
$MARGINALIA_BIN, else .build/debug/marginalia. $MARGINALIA_URL points the tests at a server
that is already running instead (nothing is started then).

Screenshots go to Tests/e2e/artifacts/ (gitignored).
"""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from editor_harness import ROOT, SAMPLE, Editor, api
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _binary():
    return pathlib.Path(os.environ.get("MARGINALIA_BIN", ROOT / ".build" / "debug" / "marginalia"))


def _has_serve(binary):
    if not binary.exists():
        return False, f"{binary} does not exist (build with `swift build` or set MARGINALIA_BIN)"
    try:
        result = subprocess.run([str(binary), "serve", "--help"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, f"{binary} serve --help failed: {error}"
    text = (result.stdout + result.stderr).lower()
    if result.returncode != 0 or "--port" not in text:
        return False, f"{binary} has no `serve` command yet"
    return True, ""


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(base, process=None, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"marginalia serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/api/v1/documents", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    raise RuntimeError(f"no server answering at {base}")


@pytest.fixture(scope="session")
def web_server():
    """The base URL of a running Marginalia server."""
    if os.environ.get("MARGINALIA_URL"):
        base = os.environ["MARGINALIA_URL"].rstrip("/")
        _wait_until_up(base)
        yield base
        return
    binary = _binary()
    ok, reason = _has_serve(binary)
    if not ok:
        pytest.skip(reason)
    data = tempfile.mkdtemp(prefix="marginalia-e2e-")
    port = _free_port()
    log = open(os.path.join(data, "server.log"), "w")
    # --web: serve this checkout's editor whatever folder the binary was built from.
    process = subprocess.Popen([str(binary), "serve", "--port", str(port), "--data", data, "--web", str(ROOT / "Web")],
                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, process)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture()
def document(web_server):
    """A fresh copy of Samples/sample.pdf uploaded for one test; its id."""
    summary = api(web_server, "POST", "/api/v1/documents?name=sample.pdf", SAMPLE.read_bytes(), "application/pdf")
    return summary["id"]


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture()
def new_editor(browser, web_server, document):
    """Opens editors (each in its own browser context) on the test's document. A script error
    in any of them fails the test."""
    contexts, editors = [], []

    def make(viewport=None, has_touch=False):
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, has_touch=has_touch)
        contexts.append(context)
        editor = Editor(context.new_page(), web_server, document)
        editors.append(editor)
        return editor

    yield make
    errors = [error for editor in editors for error in editor.errors]
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the editor: {errors}"
