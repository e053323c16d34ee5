"""The `marginalia serve` process the server tests drive: the built binary, a free loopback
port, and `Server`, which starts, kills (SIGKILL), stops (SIGTERM) and restarts it on a data
folder. A module of its own (not conftest) so that test modules can import it while
Tests/e2e, with a conftest of its own, is collected in the same run."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path


REPO_ROOT = Path(__file__).resolve().parents[2]


def find_binary() -> Path:
    configured = os.environ.get("MARGINALIA_BIN")
    if configured:
        return Path(configured)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO_ROOT, check=True,
                              capture_output=True, text=True,
                              env={**os.environ, "PATH": "/opt/swift/usr/bin:" + os.environ.get("PATH", "")})
    return Path(bin_path.stdout.strip()) / "marginalia"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One `marginalia serve` process over a data folder; `restart` keeps the folder."""

    def __init__(self, binary: Path, data: Path, files: list[Path] | None = None, args: list[str] | None = None):
        self.binary, self.data, self.files = binary, data, files or []
        self.args = args or []  # extra serve options, e.g. ["--max-connections", "2500"]
        self.process: subprocess.Popen | None = None
        self.port = 0
        # The server's output goes to a file: an unread pipe fills up (libmicrohttpd logs every
        # connection a client dropped) and then blocks the server on its next write.
        self.log = data.parent / f"{data.name}-serve.log"

    def start(self) -> "Server":
        self.port = free_port()
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [str(self.binary), "serve", *map(str, self.files), "--port", str(self.port), "--data", str(self.data),
                 *self.args],
                stdout=log, stderr=subprocess.STDOUT, text=True)
        self.files = []  # imported once
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited {self.process.returncode}: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("serve did not start listening within 30 s")

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> int:
        """SIGTERM: the clean shutdown; returns the exit status."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)

    def restart(self, kill: bool = True) -> "Server":
        self.kill() if kill else self.stop()
        return self.start()

    def request(self, method: str, path: str, body: bytes | dict | None = None, headers: dict | None = None):
        """(status, headers, body bytes) of one request on a fresh connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        if isinstance(body, dict):
            body = json.dumps(body).encode()
            headers = {"Content-Type": "application/json", **(headers or {})}
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, dict(response.getheaders()), data

    def json(self, method: str, path: str, body=None, expect: int = 200):
        status, _, data = self.request(method, path, body)
        assert status == expect, f"{method} {path}: {status} {data[:300]!r}"
        return json.loads(data) if data else None
