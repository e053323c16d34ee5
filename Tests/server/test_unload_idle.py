"""Documents nothing uses are unloaded (issue 29): `marginalia serve --unload-idle S` sweeps
them out in the background, `GET /healthz` counts what is held (`openDocuments`), and a
document reopened from the store carries on where it was, undo included. Out-of-range values
of the options stop `serve` with a message naming them."""

import subprocess
import time

from serve_process import Server

DOCS = "/api/v1/documents"


def open_documents(server) -> int:
    return server.json("GET", "/healthz")["openDocuments"]


def wait_for_open_documents(server, wanted: int, seconds: float = 30) -> int:
    """Polls /healthz until it counts `wanted` documents held, or `seconds` pass."""
    deadline = time.monotonic() + seconds
    count = open_documents(server)
    while count != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
        count = open_documents(server)
    return count


def stroke(client: str, revision: int, y: int) -> dict:
    points = [[80 + i * 4, y, 0.5] for i in range(20)]
    return {"baseRevision": revision, "clientId": client,
            "action": {"stroke": {"pageIndex": 0, "points": points, "zoom": 1,
                                  "ink": {"color": "#CC2200", "width": 2, "opacity": 1, "usesPressure": False}}}}


def annotation_ids(server, doc: str) -> set:
    return {a["id"] for a in server.json("GET", f"{DOCS}/{doc}/annotations?page=0")["annotations"]}


def test_an_idle_document_is_unloaded_and_reopens_with_its_undo(binary, tmp_path):
    server = Server(binary, tmp_path / "data", args=["--unload-idle", "1"]).start()
    try:
        doc = server.json("GET", DOCS)["documents"][0]["id"]
        ops = f"{DOCS}/{doc}/operations"
        first = annotation_ids(server, doc)
        assert server.json("POST", ops, stroke("tab-a", 0, 100))["revision"] == 1
        with_a = annotation_ids(server, doc)
        assert server.json("POST", ops, stroke("tab-b", 1, 200))["revision"] == 2
        with_both = annotation_ids(server, doc)
        assert len(with_a - first) == 1 and len(with_both - with_a) == 1
        assert open_documents(server) == 1

        assert wait_for_open_documents(server, 0) == 0

        assert annotation_ids(server, doc) == with_both
        # tab-a's undo takes back tab-a's stroke, not tab-b's later one.
        undone = server.json("POST", ops, {"baseRevision": 2, "clientId": "tab-a", "undo": True})
        assert undone["revision"] == 3
        assert annotation_ids(server, doc) == with_both - (with_a - first)
    finally:
        server.process.kill()
        server.process.wait(timeout=30)


def test_residency_options_out_of_range_stop_serve_naming_them(binary, tmp_path):
    for option, value, message in (("--unload-idle", "-5", "--unload-idle: '-5' is not a whole number of seconds from 0 (never) to 86400"),
                                   ("--max-open-documents", "0", "--max-open-documents: '0' is not a whole number from 1 to 1000000")):
        run = subprocess.run([str(binary), "serve", "--data", str(tmp_path / "data"), "--port", "0", option, value],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode != 0
        assert message in run.stderr
