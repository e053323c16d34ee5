"""Fixtures for the browser editor's end-to-end tests.

Every test runs twice: in Debian's Chromium through Playwright for Python, and in WebKit
(WebKitGTK's MiniBrowser, Safari's engine, through WebDriver on an Xvfb display the fixture
starts), against a real `marginalia serve` started on a free port with a temporary data
directory. The binary is $MARGINALIA_BIN, else .build/debug/marginalia. $MARGINALIA_URL points
the tests at a server that is already running instead (nothing is started then).
$MARGINALIA_E2E_ENGINES (default "chromium,webkit") chooses the engines.

Screenshots go to Tests/e2e/artifacts/ (gitignored), named after the engine.
"""

import json
import contextlib
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from chromium_driver import CHROMIUM, ChromiumBrowser
from editor_harness import ARTIFACTS, ROOT, SAMPLE, Editor, Page, api
from webkit_driver import MINIBROWSER, WEBKIT_DRIVER, XVFB, WebKitBrowser, end_with_parent

# The engines the suite runs in (MARGINALIA_E2E_ENGINES=chromium runs one).
ENGINES = [e for e in os.environ.get("MARGINALIA_E2E_ENGINES", "chromium,webkit").split(",") if e]


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


# The log of the server the suite started (None with MARGINALIA_URL).
SERVER_LOG = None


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
    global SERVER_LOG
    SERVER_LOG = os.path.join(data, "server.log")
    with serving_editor(binary, data) as base:
        yield base


@contextlib.contextmanager
def serving_editor(binary, data, *extra):
    """Runs `marginalia serve` over the folder `data` with this checkout's editor and the
    options `extra`, its output in data/server.log; yields its base URL, stops it after."""
    port = _free_port()
    log = open(os.path.join(data, "server.log"), "w")
    # --web: serve this checkout's editor whatever folder the binary was built from.
    process = subprocess.Popen([str(binary), "serve", "--port", str(port), "--data", data, "--web", str(ROOT / "Web"), *extra],
                               stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_parent)
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


@pytest.fixture(scope="session", params=ENGINES)
def browser(request):
    """The session's browser: Chromium (Playwright) or WebKit (MiniBrowser through WebDriver).
    The suite runs once per engine; test ids say which ([chromium], [webkit])."""
    if request.param == "chromium":
        sync_api = pytest.importorskip("playwright.sync_api")
        if not os.path.exists(CHROMIUM):
            pytest.skip(f"no Chromium at {CHROMIUM}")
        started = ChromiumBrowser(sync_api)
    else:
        pytest.importorskip("selenium")
        for path in (MINIBROWSER, WEBKIT_DRIVER, XVFB):
            if not os.path.exists(path):
                pytest.skip(f"no {path} (scripts/install-deps.sh --with-test-tools installs it)")
        ARTIFACTS.mkdir(exist_ok=True)
        # Each pytest-xdist worker has a MiniBrowser (and a log) of its own.
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        started = WebKitBrowser(ARTIFACTS / (f"webkit-driver-{worker}.log" if worker else "webkit-driver.log"))
    yield started
    started.close()


@pytest.fixture()
def new_tab(browser, request):
    """Opens browser tabs for one test (Chromium: a context each; WebKit: a window each, the
    first one reused from test to test) and closes them after it. A test marked
    `chromium_only(reason)` is skipped in WebKit with that reason."""
    marker = request.node.get_closest_marker("chromium_only")
    if marker and browser.engine != "chromium":
        pytest.skip(f"Chromium only: {marker.args[0]}")
    tabs = []

    def make(viewport=None, has_touch=False, scale=1):
        # `scale`: the device pixel ratio (Chromium's emulation; a WebKit tab is at 1).
        tab = browser.new_tab(viewport or {"width": 1280, "height": 900}, has_touch, scale)
        tabs.append(tab)
        return tab

    yield make
    for tab in reversed(tabs):
        tab.close()


@pytest.fixture()
def new_editor(new_tab, browser, web_server, request):
    """Opens editors (each in its own tab) on the test's document (or on `doc_id`). A script
    error in any of them fails the test."""
    editors = []

    def make(viewport=None, has_touch=False, doc_id=None, scale=1):
        doc_id = doc_id or request.getfixturevalue("document")
        try:
            editor = Editor(new_tab(viewport, has_touch, scale), web_server, doc_id)
        except Exception:
            # WebKitGTK's web process now and then crashes while a page loads, taking
            # WebDriver's session with it (seen once in CI, on a test whose page had not yet
            # run a line of the test). Such a crash, before the test did anything, gets one
            # browser started again; a second crash, or any other error, fails the test.
            if browser.engine != "webkit" or browser.alive():
                raise
            print(f"WebKit's session ended while the editor loaded: {request.node.name} "
                  "opens it again in a browser started again", file=sys.stderr)
            editor = Editor(new_tab(viewport, has_touch, scale), web_server, doc_id)
        editors.append(editor)
        return editor

    yield make
    errors = [error for editor in editors for error in editor.errors]
    assert not errors, f"script errors in the editor: {errors}"


@pytest.fixture()
def blank_page(new_tab, web_server):
    """A tab on the editor's page with no document (/?doc= none), for module-level tests, once
    the page's own modules are evaluated (main.js has set `marginalia`): WebKit gives a test's
    `import()` of a module the page is still evaluating (i18n.js awaits its catalogs)
    uninitialised bindings."""
    page = Page(new_tab(), web_server)
    page.goto("/")
    page.wait_until("!!window.marginalia", timeout=15000)
    return page


# MARK: Time per engine (printed at the end, for the CI budget)

# Under pytest-xdist the workers collect and the controller prints: the engine travels with
# each report as a user property.
_seconds = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "chromium_only(reason): needs a Chromium facility with no WebKit equivalent")
    # Selenium's own WebKitGTK driver class still uses a deprecated setting of Selenium's.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")


def pytest_collection_modifyitems(items):
    for item in items:
        engine = getattr(item, "callspec", None) and item.callspec.params.get("browser")
        if engine:
            item.user_properties.append(("browser engine", engine))


def pytest_runtest_logreport(report):
    engine = dict(report.user_properties).get("browser engine")
    if engine:
        seconds, tests = _seconds.get(engine, (0.0, set()))
        tests.add(report.nodeid)
        _seconds[engine] = (seconds + report.duration, tests)


def pytest_terminal_summary(terminalreporter):
    if _seconds:
        terminalreporter.write_line("browser suite: " + ", ".join(
            f"{engine} {len(tests)} tests in {seconds:.0f} s" for engine, (seconds, tests) in sorted(_seconds.items())))
