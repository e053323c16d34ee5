"""The editor on a server with users (issue 27 item 2): a browser signed in once with the
user's `?token=` address asks for no name (the Comments panel shows the user's, read-only,
without Save), what it sends is signed with the user's name by the server, and the documents
list opens for a user who is not an admin."""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest

from editor_harness import ROOT, SAMPLE, Editor, Page
from webkit_driver import end_with_parent
from conftest import _binary, _free_port


def _call(base, token, method, path, body=None, content_type="application/json"):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _wait_for_readiness(base, process, log, seconds=30):
    deadline = time.time() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/readyz", timeout=2):
                return
        except OSError:
            assert time.time() < deadline and process.poll() is None, open(log).read()
            time.sleep(0.1)


@pytest.fixture(scope="module")
def people_server():
    """A server whose store has the editor `ana`: (base URL, ana's token)."""
    binary = str(_binary())
    data = tempfile.mkdtemp(prefix="marginalia-e2e-people-")
    added = subprocess.run([binary, "users", "add", "ana", "--role", "editor", "--data", data],
                           capture_output=True, text=True, timeout=60)
    assert added.returncode == 0, added.stderr
    token = re.search(r"^token: (\w+)$", added.stdout, re.M).group(1)
    port = _free_port()
    log = open(os.path.join(data, "server.log"), "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data, "--web", str(ROOT / "Web")],
                               stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_parent)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_readiness(base, process, log.name)
        yield base, token
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def test_a_signed_in_user_is_not_asked_for_a_name_and_signs_with_theirs(new_tab, people_server):
    base, token = people_server
    document = _call(base, token, "POST", "/api/v1/documents?name=sample.pdf", SAMPLE.read_bytes(), "application/pdf")["id"]
    tab = new_tab()
    Page(tab, base).goto(f"/?token={token}")  # sets the cookie, as the address handed over does
    editor = Editor(tab, base, document)
    editor.click('[data-tool="comments"]')
    editor.wait_until("!document.querySelector('#review').hidden && document.querySelectorAll('.review-row').length > 0")
    assert editor.js("document.querySelector('.review-name').value") == "ana"
    assert editor.js("document.querySelector('.review-name').readOnly") is True
    assert editor.js("document.querySelector('.review-identity button').hidden") is True
    assert editor.js("localStorage.getItem('marginalia.userName')") is None

    annotations = _call(base, token, "GET", f"/api/v1/documents/{document}/annotations")["annotations"]
    square = next(a for a in annotations if a["type"] == "square" and a["pageIndex"] == 0)
    editor.click(f'.review-row[data-id="{square["id"]}"]')
    editor.wait_until("!document.querySelector('.review-thread').hidden")
    editor.fill(".review-reply-form .review-reply-box", "Signed by the server")
    editor.click(".review-reply-form .review-button")
    editor.wait_until("document.querySelectorAll('.review-reply').length === 1", timeout=10000)
    replies = [a for a in _call(base, token, "GET", f"/api/v1/documents/{document}/annotations")["annotations"]
               if a.get("inReplyTo") == square["id"]]
    assert [(r.get("author"), r.get("contents")) for r in replies] == [("ana", "Signed by the server")]
    log = _call(base, token, "GET", f"/api/v1/documents/{document}/operations?after=0")["operations"]
    assert [entry.get("author") for entry in log] == ["ana"]
    # The documents list opens for an editor, whom the trash (admins only) refuses.
    editor.click("button[data-tool=open]")
    editor.wait_until(f"!!document.querySelector('.document-row[data-id=\"{document}\"]')")
    assert not editor.errors
