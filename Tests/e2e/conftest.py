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

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
SAMPLE = ROOT / "Samples" / "sample.pdf"
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
def server():
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


def api(base, method, path, body=None, content_type="application/json"):
    """One API call; returns the decoded JSON (or bytes for PDFs)."""
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=30) as response:
        payload = response.read()
        if response.headers.get("Content-Type", "").startswith("application/json"):
            return json.loads(payload)
        return payload


@pytest.fixture()
def document(server):
    """A fresh copy of Samples/sample.pdf uploaded for one test; its id."""
    summary = api(server, "POST", "/api/v1/documents?name=sample.pdf", SAMPLE.read_bytes(), "application/pdf")
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


class Editor:
    """One browser tab with the editor open on a document, and input helpers."""

    def __init__(self, page, base, doc_id):
        self.page = page
        self.base = base
        self.doc_id = doc_id
        self.errors = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(f"{base}/?doc={doc_id}")
        self.wait_until("!!(window.marginalia && window.marginalia.viewer.views.length > 0 "
                        "&& document.querySelector('.page.rendered'))", timeout=15000)
        self.cdp = page.context.new_cdp_session(page)
        # Zoom 1 shows the whole first page in a 900 px tall window: input lands on it.
        self.js("marginalia.viewer.setZoom(1); marginalia.viewer.goToPage(0)")
        self.settle(200)

    def wait_until(self, expression, timeout=5000):
        """Polls a JS expression until it is truthy. (page.wait_for_function evaluates strings
        with eval, which the editor's CSP forbids; page.evaluate goes through the debugger.)"""
        deadline = time.time() + timeout / 1000
        while True:
            value = self.page.evaluate(expression)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for: {expression} (last value {value!r})")
            self.page.wait_for_timeout(100)

    def js(self, expression):
        return self.page.evaluate(expression)

    def settle(self, ms=400):
        self.page.wait_for_timeout(ms)

    def page_point_to_client(self, index, x, y):
        return self.js(f"marginalia.viewer.pageToClient({index}, [{x}, {y}])")

    def pen_stroke(self, points, pressure=0.6, button="left", buttons=1):
        """A pen stroke through client points, as trusted CDP pen events with pressure."""
        send = self.cdp.send
        first, last = points[0], points[-1]
        send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": first[0], "y": first[1], "button": button,
                                          "buttons": buttons, "clickCount": 1, "pointerType": "pen", "force": pressure})
        for x, y in points[1:]:
            send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": button,
                                              "buttons": buttons, "pointerType": "pen", "force": pressure})
        send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": last[0], "y": last[1], "button": button,
                                          "buttons": 0, "clickCount": 1, "pointerType": "pen", "force": 0})

    def synthetic_pen_stroke(self, points, button=0, buttons=1):
        """A pen stroke as script-made PointerEvents, for buttons CDP cannot press (the eraser
        end: button 5, buttons bit 32)."""
        self.page.evaluate("""([points, button, buttons]) => {
            const fire = (type, [x, y], b, bs) => document.elementFromPoint(x, y).dispatchEvent(new PointerEvent(type, {
                pointerId: 77, pointerType: 'pen', isPrimary: true, clientX: x, clientY: y, button: b, buttons: bs,
                pressure: bs ? 0.5 : 0, bubbles: true, cancelable: true, composed: true }));
            fire('pointerdown', points[0], button, buttons);
            for (const p of points.slice(1)) fire('pointermove', p, -1, buttons);
            fire('pointerup', points[points.length - 1], button, 0);
        }""", [points, button, buttons])

    def touch_stroke(self, points):
        """A one-finger drag through client points (CDP touch events)."""
        send = self.cdp.send
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1], "id": 1}]})
        for x, y in points[1:]:
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def annotations(self):
        return api(self.base, "GET", f"/api/v1/documents/{self.doc_id}/annotations")["annotations"]

    def count(self, selector):
        return self.js(f"document.querySelectorAll({json.dumps(selector)}).length")

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.fixture()
def new_editor(browser, server, document):
    """Opens editors (each in its own browser context) on the test's document."""
    contexts = []

    def make(viewport=None, has_touch=False):
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, has_touch=has_touch)
        contexts.append(context)
        return Editor(context.new_page(), server, document)

    yield make
    for context in contexts:
        context.close()
