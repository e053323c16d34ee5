"""Sign with my certificate in the browser (issue 31 item 2, docs/signatures.md "Signing on the
server"): a server over HTTPS with named users and the operator's key; an admin gave the user
ana a certificate of a test PKI (`marginalia users certificate`). In the editor, the Sign
popover offers "Sign with my certificate" with the certificate's name; ana types a reason,
picks one of her saved signatures (a transparent PNG) as the signature's picture, taps a place
on page 1, and the Signatures panel then lists the new signature, signed by the PKI's signer and
intact; the document reloads showing the signature's field on the page. The file the server
gives is checked by pyHanko (intact, the signer's subject, the reason typed) and drawn by
pdftoppm (the picture's red at the left of the field, the page's white through its ground). Chromium opens the server as https://marginalia.test (a secure
context), as test_tls_browser.py does; WebKit as https://127.0.0.1 with the server's certificate
given to its driver. (The last round skipped WebKit: signed in over HTTPS it stayed at "Opening…".
That did not happen again in three runs on 2026-12-05 after 949558c, the Sign popover's fix, nor
with this test's picture; its cause was not found, so a return of it fails here rather than
being skipped.)"""

import base64
import io
import json
import os
import pathlib
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw

from editor_harness import ARTIFACTS, ROOT, SAMPLE, Editor, Page, server_test_module
from webkit_driver import WebKitBrowser, end_with_parent

sys.path.insert(0, str(ROOT / "Tests" / "oracles"))
from signing_pki import make_pki, pyhanko_statuses  # noqa: E402

HOST = "marginalia.test"


def run(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def signing_server():
    """`marginalia serve` over HTTPS with the users ana (who has the PKI's certificate) and the
    operator's key: (port, TLS certificate, ana's token, PKI, folder)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="marginalia-e2e-certsign-"))
    certificate = server_test_module("tls_certificate").make_certificate(folder / "tls", hosts=(HOST,))
    pki = make_pki(folder / "pki")
    binary = os.environ.get("MARGINALIA_BIN", str(ROOT / ".build" / "debug" / "marginalia"))
    data = folder / "data"
    key = folder / "signing.key"
    key.write_text(secrets.token_hex(32))
    token = re.search(r"^token: ([0-9a-f]{32})$", run(binary, "users", "add", "ana", "--role", "editor", "--data", str(data)),
                      re.M).group(1)
    run(binary, "users", "certificate", "ana", "--p12", str(pki.p12), "--password-file", str(pki.password_file),
        "--signing-key-file", str(key), "--data", str(data))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(folder / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", str(data), "--web", str(ROOT / "Web"),
                                "--tls-cert", str(certificate.cert), "--tls-key", str(certificate.key),
                                "--signing-key-file", str(key)],
                               stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_parent)
    try:
        deadline = time.time() + 30
        while True:
            assert process.poll() is None, (folder / "server.log").read_text()
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/readyz", timeout=2,
                                            context=certificate.context()) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        yield port, certificate, token, pki, folder
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def call(port, certificate, token, method, path, body=None, content_type="application/pdf"):
    request = urllib.request.Request(f"https://127.0.0.1:{port}/api/v1{path}", data=body, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=60, context=certificate.context()) as response:
        data = response.read()
        return json.loads(data) if response.headers.get("Content-Type", "").startswith("application/json") else data


def test_the_user_signs_with_their_certificate_and_the_panel_lists_it(browser, signing_server):
    port, certificate, token, pki, folder = signing_server
    doc = call(port, certificate, token, "POST", f"/documents?name=contract-{browser.engine}.pdf", SAMPLE.read_bytes())["id"]
    scrawl = io.BytesIO()
    picture = Image.new("RGBA", (240, 80), (0, 0, 0, 0))
    ImageDraw.Draw(picture).line([(10, 60), (60, 15), (110, 60), (160, 15), (230, 60)], fill=(200, 20, 20, 255), width=8)
    picture.save(scrawl, "PNG")
    saved = call(port, certificate, token, "POST", "/me/signatures", json.dumps(
        {"kind": "signature", "label": "red scrawl", "drawing": {"type": "image", "data": base64.b64encode(scrawl.getvalue()).decode()}}).encode(),
        "application/json")
    if browser.engine == "chromium":
        trusting = browser.with_switches(f"--ignore-certificate-errors-spki-list={certificate.spki_sha256()}",
                                         f"--host-resolver-rules=MAP {HOST} 127.0.0.1")
        base = f"https://{HOST}:{port}"
    else:
        ARTIFACTS.mkdir(exist_ok=True)
        trusting = WebKitBrowser(ARTIFACTS / "webkit-driver-certsign.log",
                                 certificates=[{"host": "127.0.0.1", "certificateFile": str(certificate.cert)}])
        base = f"https://127.0.0.1:{port}"
    try:
        tab = trusting.new_tab({"width": 1280, "height": 900}, False)
        Page(tab, base).goto(f"/?token={token}")  # signs the browser in (the Secure cookie)
        editor = Editor(tab, base, doc)
        editor.click_toolbar("sign")
        editor.wait_until("!!document.querySelector('#popover .certificate-reason')", timeout=10000)
        assert "Test Signer" in editor.text("#popover .certificate-subject")
        assert "Marginalia Test CA" in editor.text("#popover .certificate-subject")
        editor.fill("#popover .certificate-reason", "Approved in the browser")
        editor.wait_until(f"!!document.querySelector('#popover .certificate-picture option[value=\"{saved['id']}\"]')", timeout=10000)
        editor.select_option("#popover .certificate-picture", saved["id"])
        editor.screenshot("certificate-signing-popover")
        editor.click("#popover .popover-action", "Sign with my certificate…")
        editor.wait_until("document.getElementById('popover').hidden"
                          " && document.querySelector('button[data-tool=image]').getAttribute('aria-pressed') === 'true'")
        point = editor.page_point_to_client(0, 300, 200)
        editor.pen_stroke([point, point])
        editor.wait_until("!!document.querySelector('#popover .signature-list .signature-entry')", timeout=30000)
        entry = editor.text("#popover .signature-entry")
        assert "Signature1" in entry and "Test Signer" in entry and "Approved in the browser" in entry, entry
        assert editor.count("#popover .signature-entry.intact") == 1
        editor.screenshot("certificate-signing-panel")
        # The document reloads (the server's versionRestored event) with the signature's widget on page 1.
        editor.press("Escape")
        editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'widget' && a.pageIndex === 0)",
                          timeout=15000)
        editor.painted()
        editor.screenshot("certificate-signing-reloaded")
        assert not editor.errors, editor.errors
    finally:
        trusting.close()

    # The file as the server gives it: pyHanko finds the signature intact, by the PKI's signer.
    # (Checked on a thread of its own: pyHanko runs an event loop, and the browser driver's is running here.)
    pdf = folder / f"signed-{browser.engine}.pdf"
    pdf.write_bytes(call(port, certificate, token, "GET", f"/documents/{doc}/file"))

    def judged():
        (signature, result, _), = pyhanko_statuses(pdf, pki.ca)
        return (result.intact, result.valid, result.trusted, result.pretty_print_details(),
                result.signing_cert.subject.human_friendly, str(signature.sig_object["/Reason"]),
                [float(v) for v in signature.sig_field["/Rect"]])

    with ThreadPoolExecutor(1) as pool:
        intact, valid, trusted, details, subject, reason, rect = pool.submit(judged).result(timeout=120)
    assert intact and valid and trusted, details
    assert "Test Signer" in subject and reason == "Approved in the browser"
    x1, y1, x2, y2 = rect
    assert x1 < 300 < x2 and y1 < 200 < y2, rect

    # The picture chosen, drawn by pdftoppm at the left of the field; the page through its ground.
    dpi = 144
    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", str(dpi), "-png", str(pdf), str(folder / f"signed-{browser.engine}")],
                   check=True, timeout=120)
    [png] = folder.glob(f"signed-{browser.engine}*.png")
    page = Image.open(png).convert("RGB")
    scale, height = dpi / 72, page.height * 72 / dpi
    box = page.crop((round(x1 * scale), round((height - y2) * scale), round(x2 * scale), round((height - y1) * scale)))
    box.save(ARTIFACTS / f"certificate-signing-picture-{browser.engine}.png")
    left = box.crop((0, 0, int(box.width * 0.45), box.height))
    pixels = [left.getpixel((x, y)) for y in range(left.height) for x in range(left.width)]
    red = sum(1 for p in pixels if p[0] > 150 and p[1] < 90 and p[2] < 90) / len(pixels)
    white = sum(1 for p in pixels if min(p) > 235) / len(pixels)
    assert red > 0.03 and white > 0.3, (red, white)
