"""`serve` stops cleanly on SIGTERM and SIGINT whenever they come: sent while it is still
starting (opening its store, importing the sample), the signal waits until the server
listens, which then stops, exits 0 and keeps what it imported. Before, the signals were
caught by a handler installed once the server listened: a SIGTERM sent earlier killed the
process, and one sent while the handler was being installed was thrown away, so the server
never stopped (a CI run waited 60 s for it; 10 stops in 400 hung on a loaded machine). A
second signal ends it at once, for a start or a stop that takes too long."""

from __future__ import annotations

import signal
import subprocess
import time

import pytest

from serve_process import Server, free_port


def signalled_while_starting(binary, tmp_path, numbers) -> tuple[int, str]:
    """Starts `serve` on an empty data folder and sends `numbers` while it starts; its exit
    status and what it printed."""
    data, log = tmp_path / "data", tmp_path / "serve.log"
    with open(log, "w") as output:
        process = subprocess.Popen([str(binary), "serve", "--port", str(free_port()), "--data", str(data)],
                                   stdout=output, stderr=subprocess.STDOUT)
    try:
        # The data folder appears when the store is opened: the server is starting, and has
        # the store to open and the sample to import before it listens.
        deadline = time.monotonic() + 60
        while not data.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
        assert data.exists(), "the server did not open its store"
        for number in numbers:
            process.send_signal(number)
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)
    return status, log.read_text()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_sent_while_starting_stops_the_server_once_it_listens(binary, tmp_path, number):
    data = tmp_path / "data"
    status, printed = signalled_while_starting(binary, tmp_path, [number])
    assert status == 0, f"exit status {status} (a negative one: killed by that signal); printed: {printed}"
    assert "Imported the sample document" in printed and "Marginalia stopped." in printed, printed

    # What it imported before stopping is in the store.
    again = Server(binary, data).start()
    try:
        assert len(again.json("GET", "/api/v1/documents")["documents"]) == 1
    finally:
        assert again.stop() == 0


def test_a_second_signal_stops_the_server_at_once(binary, tmp_path):
    """Ctrl-C, then SIGTERM, while it starts: the second ends it without the clean stop."""
    status, printed = signalled_while_starting(binary, tmp_path, [signal.SIGINT, signal.SIGTERM])
    assert status == 128 + signal.SIGTERM, f"exit status {status}; printed: {printed}"
    assert "stopped at once by a second signal" in printed and "Marginalia stopped." not in printed, printed


def test_sigterm_right_after_the_port_opens_stops_the_server(binary, tmp_path):
    """The moment the tests usually stop a server: the port just opened, a request answered."""
    for round in range(20):
        server = Server(binary, tmp_path / f"data{round}").start()
        assert server.json("GET", "/api/v1/documents") is not None
        assert server.stop() == 0, (tmp_path / f"data{round}-serve.log").read_text()
