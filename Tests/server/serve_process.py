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


class Store:
    """A PostgreSQL database of the test cluster for `serve --store` (pg_cluster.py), or a
    schema in one (`schema`)."""

    def __init__(self, cluster, database: str, schema: str | None = None):
        self.cluster, self.database, self.schema = cluster, database, schema
        self.url = cluster.create_schema(database, schema) if schema else cluster.url(database)

    def chunk_keys(self) -> list[str]:
        """Every chunk of document bytes the store holds."""
        table = f'"{self.schema}".blobs' if self.schema else "blobs"
        out = self.cluster.psql(f"SELECT key FROM {table} ORDER BY key", self.database)
        return out.split() if out else []


class Endpoint:
    """Something answering HTTP on a loopback port: a server, or HAProxy in front of several.
    With `tls_context` (an ssl.SSLContext trusting the test's certificate) it speaks HTTPS."""

    port = 0
    tls_context = None
    address = "127.0.0.1"  # where requests go

    def request(self, method: str, path: str, body: bytes | dict | None = None, headers: dict | None = None,
                timeout: float = 60):
        """(status, headers, body bytes) of one request on a fresh connection. Header names
        keep the case they were sent in; HAProxy sends them in lower case."""
        if self.tls_context is not None:
            connection = http.client.HTTPSConnection(self.address, self.port, timeout=timeout, context=self.tls_context)
        else:
            connection = http.client.HTTPConnection(self.address, self.port, timeout=timeout)
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


class Server(Endpoint):
    """One `marginalia serve` process over a data folder, or over a PostgreSQL database
    (`store`); `restart` keeps the folder or the database."""

    def __init__(self, binary: Path, data: Path, files: list[Path] | None = None, args: list[str] | None = None,
                 store: Store | None = None, port: int | None = None, env: dict | None = None,
                 host: str | None = None, address: str | None = None, tls_context=None):
        self.tls_context = tls_context  # HTTPS: the context trusting the server's certificate
        self.binary, self.data, self.files = binary, data, files or []
        self.args = args or []  # extra serve options, e.g. ["--max-connections", "2500"]
        # `--host` (bind there) and the address requests go to: the host itself, unless
        # `address` names another way in (0.0.0.0 reached through 127.0.0.2).
        if host:
            self.args = ["--host", host, *self.args]
        self.address = address or host or "127.0.0.1"
        self.store = store
        self.fixed_port = port  # None: a free port at every start
        self.env = env  # extra environment variables
        self.process: subprocess.Popen | None = None
        self.port = 0
        # The server's output goes to a file: an unread pipe fills up (libmicrohttpd logs every
        # connection a client dropped) and then blocks the server on its next write.
        self.log = data.parent / f"{data.name}-serve.log"

    @property
    def kind(self) -> str:
        return "postgresql" if self.store else "sqlite"

    def stored_files(self) -> list[str]:
        """What the store holds as document bytes: the files of the data folder, or the
        chunks in the database."""
        if self.store:
            return self.store.chunk_keys()
        files = self.data / "files"
        return sorted(p.name for p in files.iterdir()) if files.exists() else []

    def stored_pdfs(self) -> list[Path]:
        """The stored PDF files (a data folder's; a database's bytes are checked through the
        versions the API serves)."""
        return [] if self.store else sorted((self.data / "files").glob("*.pdf"))

    def start(self, wait_ready: bool = False) -> "Server":
        self.port = self.fixed_port or free_port()
        # The store: the database, else a --store among the options or in the environment,
        # else the data folder.
        elsewhere = "--store" in self.args or "MARGINALIA_STORE" in (self.env or {})
        location = ["--store", self.store.url] if self.store else [] if elsewhere else ["--data", str(self.data)]
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [str(self.binary), "serve", *map(str, self.files), "--port", str(self.port), *location, *self.args],
                stdout=log, stderr=subprocess.STDOUT, text=True, env={**os.environ, **(self.env or {})})
        self.files = []  # imported once
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited {self.process.returncode}: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection((self.address, self.port), timeout=0.5):
                    pass
            except OSError:
                time.sleep(0.05)
                continue
            if not wait_ready or self.ready():
                return self
            time.sleep(0.05)
        self.process.kill()
        self.process.wait(timeout=30)
        raise RuntimeError(f"serve did not start {'being ready' if wait_ready else 'listening'} within 30 s")

    def ready(self) -> bool:
        try:
            return self.request("GET", "/readyz")[0] == 200
        except OSError:
            return False

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
