"""The API tested by machines (issue 25, item 3): Schemathesis, driven from docs/openapi.json,
against a live `marginalia serve --token` over the SQLite store.

The server holds two uploads of `marginalia sample`: every valid `{id}` is the first (so
generated requests reach past the 404s), except for trashing, restoring and deleting for good,
which get the second (write_config). Schemathesis runs its four phases (the schema's examples, the coverage phase's
boundary values, fuzzing, and stateful sequences over the links it infers) with a bounded
number of examples per operation, three times:

1. with the token, every operation but the event stream (an open-ended response): no 5xx, the
   status codes, content types, headers and bodies the schema documents, a 405 with `Allow` for
   an undeclared method, and the token not ignored;
2. the probes (`/healthz`, `/readyz`, outside `/api/v1`, which Schemathesis reaches only with
   their own base URL);
3. without the token: every API operation answers 401 with the schema's error body.

Run by scripts/test.sh as its own part (`schemathesis`), and left out of the `server+web`
part. MARGINALIA_SCHEMATHESIS_EXAMPLES sets the examples per operation (default 10)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from serve_process import REPO_ROOT, Server

TOKEN = "schemathesis-token"
SPEC = REPO_ROOT / "docs" / "openapi.json"
MAX_EXAMPLES = int(os.environ.get("MARGINALIA_SCHEMATHESIS_EXAMPLES", "10"))
# Every check but two. `positive_data_acceptance` expects a 2xx for any request the schema
# admits, but a schema cannot say that a page index must be below the document's page count or
# that an upload's bytes must be a PDF: the server's 422s for those would count as failures.
# `use_after_free` expects 404 after a DELETE, but `DELETE /documents/{id}` moves the document
# to the trash, where it stays readable (`"trashed": true`) until restored or deleted for good.
CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,"
          "response_schema_conformance,negative_data_rejection,missing_required_header,unsupported_method,"
          "allow_header_conformance,ensure_resource_availability,ignored_auth")
# The one hard stop; the runs take well under it (docs/server-robustness.md gives the figures).
RUN_TIMEOUT = 300


@pytest.fixture(scope="module")
def served(binary, tmp_path_factory):
    folder = tmp_path_factory.mktemp("schemathesis")
    sample, spare = folder / "sample.pdf", folder / "spare.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True)
    shutil.copyfile(sample, spare)
    server = Server(binary, folder / "data", files=[sample, spare], args=["--token", TOKEN]).start(wait_ready=True)
    status, _, body = server.request("GET", "/api/v1/documents", headers={"Authorization": f"Bearer {TOKEN}"})
    assert status == 200, body
    ids = {document["name"]: document["id"] for document in json.loads(body)["documents"]}
    yield server, ids["sample.pdf"], ids["spare.pdf"]
    if server.process.poll() is None:
        server.process.kill()
        server.process.wait(timeout=30)


def write_config(folder: Path, document: str, spare: str) -> Path:
    """A copy of docs/openapi.json whose document id admits only the live ids, and the
    Schemathesis configuration beside it; returns the configuration.

    The ids go into the schema (an `enum` of one) rather than into Schemathesis's parameter
    overrides: an override replaces the value after generation, so a negative case that
    mutated `{id}` would reach the server valid, and its 200 would count as accepting an
    invalid request. With the `enum`, every other id is a negative case and gets 400 or 404."""
    spec = json.loads(SPEC.read_text())
    spec["components"]["parameters"]["DocumentID"]["schema"] = {"type": "string", "enum": [document]}
    spare_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "enum": [spare]}}
    for path in ("/documents/{id}", "/documents/{id}/restore", "/trash/{id}"):
        for method in ("delete", "post"):
            operation = spec["paths"][path].get(method)
            if operation and operation["operationId"] in ("trashDocument", "restoreDocument", "deleteForGood"):
                operation["parameters"] = [spare_id]
    (folder / "openapi.json").write_text(json.dumps(spec))
    config = folder / "schemathesis.toml"
    # 413 is how the server refuses a command over a request limit (RequestLimits), such as more
    # pages than `--max-pages` in one `rotatePages`.
    config.write_text("[checks.negative_data_rejection]\n"
                      "expected-statuses = [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429]\n")
    return config


def schemathesis(config: Path, url: str, *options: str) -> tuple[int, str, float]:
    """Runs the Schemathesis CLI; (exit status, output, seconds)."""
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
               str(config.parent / "openapi.json"), "--url", url,
               "--no-color", "--generation-database", "none", "--request-timeout", "30", *options]
    started = time.monotonic()
    finished = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT, cwd=config.parent)
    seconds = time.monotonic() - started
    output = finished.stdout + finished.stderr
    # Its summary when it passed; the failures, with a curl line each to reproduce them, when not.
    print(output[-(1500 if finished.returncode == 0 else 20000):])
    return finished.returncode, output, seconds


def test_every_operation_with_the_token(served, tmp_path):
    server, document, spare = served
    config = write_config(tmp_path, document, spare)
    status, output, seconds = schemathesis(
        config, f"http://127.0.0.1:{server.port}/api/v1", "-H", f"Authorization: Bearer {TOKEN}",
        "--max-examples", str(MAX_EXAMPLES), "--checks", CHECKS,
        "--exclude-operation-id", "streamEvents", "--exclude-operation-id", "health", "--exclude-operation-id", "ready")
    print(f"schemathesis with the token: {seconds:.0f} s")
    assert status == 0, "Schemathesis found failures (output above)"
    assert server.process.poll() is None, "the server exited during the run"


def test_the_probes(served, tmp_path):
    server, document, spare = served
    config = write_config(tmp_path, document, spare)
    status, output, seconds = schemathesis(
        config, f"http://127.0.0.1:{server.port}", "--max-examples", str(MAX_EXAMPLES), "--checks", CHECKS,
        "--include-operation-id", "health", "--include-operation-id", "ready")
    assert status == 0, "Schemathesis found failures (output above)"


def test_without_the_token_every_api_path_answers_401(served, tmp_path):
    server, document, spare = served
    config = write_config(tmp_path, document, spare)
    har = tmp_path / "untokened.har"
    status, output, seconds = schemathesis(
        config, f"http://127.0.0.1:{server.port}/api/v1", "--max-examples", str(max(2, MAX_EXAMPLES // 5)),
        "--phases", "examples,fuzzing", "--mode", "positive",
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--exclude-operation-id", "health", "--exclude-operation-id", "ready",
        "--report", "har", "--report-har-path", str(har))
    print(f"schemathesis without the token: {seconds:.0f} s")
    assert status == 0, "Schemathesis found failures (output above)"
    entries = json.loads(har.read_text())["log"]["entries"]
    answered = [(entry["request"]["method"], entry["request"]["url"], entry["response"]["status"],
                 entry["response"].get("content", {}).get("text", "")) for entry in entries]
    assert len(answered) >= 30, f"only {len(answered)} requests were sent"

    def refused(status: int, body: str) -> bool:
        # 401, or 400 from the one reading of the request target, made before access control
        # and routing (a control character in a path): no handler saw the request.
        if status == 401:
            return True
        try:
            message = json.loads(body)["error"]["message"]
        except (ValueError, KeyError, TypeError):
            return False
        return status == 400 and message.startswith(("the request target", "the request path"))

    not_refused = [item[:3] for item in answered if not refused(item[2], item[3])]
    assert not not_refused, f"answered without the token: {not_refused[:10]}"
