"""Shared by the browser-editor benchmarks (run_fidelity.py, run_canvas_memory.py): a real
`marginalia serve` on a free loopback port with a temporary data folder and this checkout's
Web/ folder, and Debian's Chromium through the browser suite's driver (Tests/e2e), whose
`Editor` opens documents in it."""

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import bench_common as bench

sys.path.insert(0, str(bench.ROOT / "Tests" / "e2e"))

from chromium_driver import ChromiumBrowser  # noqa: E402
from editor_harness import Editor, api  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server(binary):
    """The base URL of `marginalia serve` running for the block."""
    with served(binary) as (base, _):
        yield base


@contextlib.contextmanager
def served(binary, web=None):
    """(base URL, process) of `marginalia serve` running for the block (on `web`, default
    this checkout's Web/ folder)."""
    data = tempfile.mkdtemp(prefix="marginalia-bench-")
    base = f"http://127.0.0.1:{free_port()}"
    process = subprocess.Popen([str(binary), "serve", "--port", base.rsplit(":", 1)[1], "--data", data,
                                "--web", str(web or bench.ROOT / "Web")], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/v1/documents", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, OSError):
                if process.poll() is not None or time.time() > deadline:
                    raise RuntimeError("marginalia serve did not start")
                time.sleep(0.2)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


@contextlib.contextmanager
def chromium():
    from playwright.sync_api import sync_playwright  # noqa: F401  (the driver starts it)
    import playwright.sync_api as sync_api
    browser = ChromiumBrowser(sync_api)
    try:
        yield browser
    finally:
        browser.close()


def upload(base, path) -> str:
    """Uploads a PDF; its document id."""
    return api(base, "POST", f"/api/v1/documents?name={path.name}", path.read_bytes(), "application/pdf")["id"]


def open_editor(browser, base, doc_id, viewport, has_touch=False, scale=1, init_script=None):
    """A tab with the editor open on the document (`init_script` runs before the page's own)."""
    tab = browser.new_tab(viewport, has_touch, scale)
    if init_script:
        tab.context.add_init_script(init_script)
    return Editor(tab, base, doc_id)


def chromium_version(browser) -> str:
    return browser._browser.version


def as_json(value) -> str:
    return json.dumps(value, indent=1)
