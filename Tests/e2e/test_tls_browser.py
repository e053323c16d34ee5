"""The browser editor over HTTPS (issue 27): `marginalia serve --tls-cert --tls-key` with a
certificate made here by `openssl req -x509`, opened in each engine, which is told to trust
that one certificate and nothing more: Chromium with --ignore-certificate-errors-spki-list
(the certificate's public key hash), WebKit with WebKitGTK's `certificates` browser option
for 127.0.0.1. The editor loads a document, renders it, reaches the API over HTTPS, and the
page is a secure context.

Chromium opens it as https://marginalia.test (a name mapped to 127.0.0.1 in the browser
only): 127.0.0.1 and localhost count as secure contexts even over plain HTTP, a real host
name only over HTTPS. WebKitGTK's WebDriver can neither map names nor take a certificate for
another host, so WebKit opens https://127.0.0.1 and checks the protocol as well.

(Not test_tls.py: scripts/test.sh collects Tests/server, which has one, in the same run, and
pytest's default import mode needs distinct module names.)"""

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

from editor_harness import ARTIFACTS, ROOT, SAMPLE, Editor, server_test_module
from webkit_driver import WebKitBrowser, end_with_parent

HOST = "marginalia.test"


@pytest.fixture(scope="module")
def tls_server():
    """A `marginalia serve` over HTTPS on a free port: (port, Certificate)."""
    helper = server_test_module("tls_certificate")
    folder = tempfile.mkdtemp(prefix="marginalia-e2e-tls-")
    certificate = helper.make_certificate(pathlib.Path(folder), hosts=(HOST,))
    binary = os.environ.get("MARGINALIA_BIN", str(ROOT / ".build" / "debug" / "marginalia"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(os.path.join(folder, "server.log"), "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", os.path.join(folder, "data"),
                                "--web", str(ROOT / "Web"), "--tls-cert", str(certificate.cert),
                                "--tls-key", str(certificate.key)],
                               stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_parent)
    try:
        deadline = time.time() + 30
        while True:
            assert process.poll() is None, open(log.name).read()
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/readyz", timeout=2,
                                            context=certificate.context()) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        yield port, certificate
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def upload(port, certificate):
    request = urllib.request.Request(f"https://127.0.0.1:{port}/api/v1/documents?name=sample.pdf",
                                     data=SAMPLE.read_bytes(), method="POST", headers={"Content-Type": "application/pdf"})
    with urllib.request.urlopen(request, timeout=30, context=certificate.context()) as response:
        return json.loads(response.read())["id"]


def test_the_editor_over_https_renders_a_document_in_a_secure_context(browser, tls_server):
    port, certificate = tls_server
    doc = upload(port, certificate)
    if browser.engine == "chromium":
        trusting = browser.with_switches(f"--ignore-certificate-errors-spki-list={certificate.spki_sha256()}",
                                         f"--host-resolver-rules=MAP {HOST} 127.0.0.1")
        base = f"https://{HOST}:{port}"
    else:
        ARTIFACTS.mkdir(exist_ok=True)
        trusting = WebKitBrowser(ARTIFACTS / "webkit-driver-tls.log",
                                 certificates=[{"host": "127.0.0.1", "certificateFile": str(certificate.cert)}])
        base = f"https://127.0.0.1:{port}"
    try:
        editor = Editor(trusting.new_tab({"width": 1280, "height": 900}, False), base, doc)
        assert editor.js("location.protocol") == "https:"
        assert editor.js("window.isSecureContext") is True
        assert editor.count(".page.rendered") >= 1
        # The page drew something on its canvas (not a blank page).
        assert editor.js("""(() => { const c = document.querySelector('.page.rendered canvas');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let i = 0; i < d.length; i += 4) if (d[i] < 200) return true; return false; })()""")
        # The API answers the page over the same HTTPS origin.
        assert editor.js("fetch('/api/v1/documents').then((r) => r.ok)") is True
        editor.screenshot("tls-editor")
        assert not editor.errors, editor.errors
    finally:
        trusting.close()
