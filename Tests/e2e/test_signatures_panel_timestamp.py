"""The Signatures panel shows a signature's time-stamp (issue 31, B-T): a file signed with
`marginalia sign --timestamp` (a time-stamp authority on loopback: `openssl ts -reply`
behind a small HTTP server, Tests/oracles/timestamp_authority.py) lists its time as pyHanko
reads the time-stamp, marked valid. Runs in Chromium and in WebKit."""

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import timezone
from pathlib import Path

import pytest

from editor_harness import api
from test_forms import _binary
from test_sign_tool import open_sign

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracles"))
from signing_pki import make_pki, pyhanko_statuses  # noqa: E402
from timestamp_authority import start_authority  # noqa: E402

pytest.importorskip("pyhanko")


def test_the_panel_shows_the_time_stamp_pyhanko_reads(new_editor, web_server, tmp_path):
    pki = make_pki(tmp_path / "pki")
    authority = start_authority(pki)
    sample, signed = tmp_path / "sample.pdf", tmp_path / "stamped.pdf"
    try:
        subprocess.run([str(_binary()), "sample", "-o", str(sample)], check=True, capture_output=True)
        subprocess.run([str(_binary()), "sign", str(sample), "-o", str(signed), "--p12", str(pki.p12),
                        "--password-file", str(pki.password_file), "--timestamp", authority.url],
                       check=True, capture_output=True)
    finally:
        authority.stop()
    # pyHanko runs its own event loop: in a thread of its own, beside the browser driver's.
    with ThreadPoolExecutor(1) as pool:
        [(signature, status, _)] = pool.submit(pyhanko_statuses, signed, pki.ca).result()
    stamp = status.timestamp_validity
    assert stamp is not None and stamp.intact and stamp.valid
    shown = stamp.timestamp.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")

    doc = api(web_server, "POST", "/api/v1/documents?name=stamped.pdf", signed.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    open_sign(editor)
    editor.click("#popover .popover-action", "Show digital signatures")
    editor.wait_until("!!document.querySelector('#popover .signature-entry')", timeout=15000)
    entry = editor.text(f'#popover .signature-entry[data-field="{signature.field_name}"]')
    assert f"Time-stamped{shown} (valid)" in entry.replace("\n", ""), entry
    editor.screenshot("signatures-panel-timestamp")
