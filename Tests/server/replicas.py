"""Several `marginalia serve` replicas on one PostgreSQL database, with HAProxy in front of
them started from deploy/haproxy.cfg (the file the README tells operators to use).

    replicas = ReplicaSet(binary, tmp_path, cluster, "set1").start()  # a schema of its own
    replicas.front.json("GET", "/api/v1/documents")    # through HAProxy
    replicas[1].kill(); replicas[1].start()            # a replica, on its fixed port
    replicas.stop()

With `tls=Certificate` (tls_certificate.py) HAProxy terminates TLS with it (`front` speaks
HTTPS, verified against it), answers plain HTTP on `redirect_port` with 308, and the replicas
run with `--behind-tls-proxy`.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

from pg_cluster import wait_for
from serve_process import REPO_ROOT, Endpoint, Server, Store, free_port

HAPROXY = "/usr/sbin/haproxy"
HAPROXY_CONFIG = REPO_ROOT / "deploy" / "haproxy.cfg"


class Front(Endpoint):
    """HAProxy's listening port (HTTPS when `tls_context` is given)."""

    def __init__(self, port: int, tls_context=None):
        self.port = port
        self.tls_context = tls_context


class ReplicaSet:
    def __init__(self, binary: Path, root: Path, cluster, name: str, count: int = 3, sticky: bool = False,
                 tls=None):
        # A schema of the cluster's `replicas` database: the store of this set only.
        self.store = Store(cluster, "replicas", schema=name)
        self.tls = tls
        self.replicas = [Server(binary, root / f"replica{n + 1}", store=self.store, port=free_port(),
                                args=["--behind-tls-proxy"] if tls else None)
                         for n in range(count)]
        self.front = Front(free_port(), tls.context() if tls else None)
        self.redirect_port = free_port() if tls else None
        self.sticky = sticky
        self.haproxy: subprocess.Popen | None = None
        self.haproxy_log = root / "haproxy.log"

    def __getitem__(self, index: int) -> Server:
        return self.replicas[index]

    def __iter__(self):
        return iter(self.replicas)

    def __len__(self) -> int:
        return len(self.replicas)

    def start(self, with_haproxy: bool = True) -> "ReplicaSet":
        """Starts the replicas and HAProxy; on failure stops whatever it started."""
        try:
            # One first (it imports the sample into the empty database), then the others together.
            self.replicas[0].start(wait_ready=True)
            threads = [threading.Thread(target=replica.start, kwargs={"wait_ready": True})
                       for replica in self.replicas[1:]]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            if with_haproxy:
                self.start_haproxy()
        except BaseException:
            self.stop()
            raise
        return self

    def start_haproxy(self) -> None:
        environment = {**os.environ, "MARGINALIA_LISTEN": f"127.0.0.1:{self.front.port}"}
        for number, replica in enumerate(self.replicas, start=1):
            environment[f"MARGINALIA_REPLICA_{number}"] = f"127.0.0.1:{replica.port}"
        for name in ("MARGINALIA_TLS_CERT", "MARGINALIA_HTTP_LISTEN", "MARGINALIA_HTTPS_PORT"):
            environment.pop(name, None)
        if self.tls:
            environment.update(MARGINALIA_TLS_CERT=str(self.tls.combined),
                               MARGINALIA_HTTP_LISTEN=f"127.0.0.1:{self.redirect_port}",
                               MARGINALIA_HTTPS_PORT=str(self.front.port))
        if self.sticky:
            environment["MARGINALIA_STICKY"] = "1"
        else:
            environment.pop("MARGINALIA_STICKY", None)
        check = subprocess.run([HAPROXY, "-c", "-f", str(HAPROXY_CONFIG)], env=environment, capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        with open(self.haproxy_log, "a") as log:
            self.haproxy = subprocess.Popen([HAPROXY, "-db", "-f", str(HAPROXY_CONFIG)], env=environment,
                                            stdout=log, stderr=subprocess.STDOUT)
        wait_for(lambda: self._front_ready(), 20, what="HAProxy with every replica ready")

    def _front_ready(self) -> bool:
        if self.haproxy and self.haproxy.poll() is not None:
            raise RuntimeError(f"haproxy exited: {self.haproxy_log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", self.front.port), timeout=0.5):
                pass
            # Every replica must have passed a health check: ask enough times to see them all.
            served = {self.front.request("GET", "/readyz", timeout=5)[1].get("x-marginalia-replica")
                      for _ in range(3 * len(self.replicas))}
            return len(served) == len(self.replicas) or self.sticky and None not in served
        except OSError:
            return False

    def stop(self) -> None:
        for replica in self.replicas:
            if replica.process and replica.process.poll() is None:
                replica.process.kill()
                replica.process.wait(timeout=30)
        if self.haproxy and self.haproxy.poll() is None:
            self.haproxy.terminate()
            self.haproxy.wait(timeout=30)

    def logs(self) -> str:
        return "\n".join(f"--- {r.log.name}\n{r.log.read_text()[-1500:]}" for r in self.replicas if r.log.exists())


class EventClient(threading.Thread):
    """Reads one document's /events stream from an endpoint, reconnecting with Last-Event-ID
    (to `reconnect_to`'s choice of endpoint) when the stream ends, and keeps every operation
    entry it receives: `revisions` in arrival order."""

    def __init__(self, endpoints, document: str, pick=None, name: str = "events"):
        super().__init__(daemon=True, name=name)
        self.endpoints = endpoints  # a list of Endpoint
        self.document = document
        self.pick = pick or (lambda attempt: self.endpoints[attempt % len(self.endpoints)])
        self.revisions: list[int] = []
        self.entries: dict[int, dict] = {}
        self.events: list[str] = []
        self.last_id: int | None = None
        self.connections = 0
        self.stop_ = threading.Event()
        self.connected = threading.Event()
        self.lock = threading.Lock()
        self.sock: socket.socket | None = None

    def run(self) -> None:
        attempt = 0
        while not self.stop_.is_set():
            endpoint = self.pick(attempt)
            attempt += 1
            try:
                self._read(endpoint)
            except OSError:
                pass
            time.sleep(0.1)

    def _read(self, endpoint: Endpoint) -> None:
        sock = socket.create_connection(("127.0.0.1", endpoint.port), timeout=2)
        if endpoint.tls_context is not None:
            sock = endpoint.tls_context.wrap_socket(sock, server_hostname="127.0.0.1")
        self.sock = sock
        try:
            headers = f"GET /api/v1/documents/{self.document}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
            if self.last_id is not None:
                headers += f"Last-Event-ID: {self.last_id}\r\n"
            sock.sendall((headers + "\r\n").encode())
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                chunk = sock.recv(65536)
                if not chunk:
                    return
                buffer += chunk
            head, _, buffer = buffer.partition(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n")[0]:
                return
            self.connections += 1
            self.connected.set()
            chunked = b"chunked" in head.lower()
            text = b""
            while not self.stop_.is_set():
                if chunked:
                    decoded, buffer = _dechunk(buffer)
                    text += decoded
                else:
                    text, buffer = text + buffer, b""
                while b"\n\n" in text:
                    block, _, text = text.partition(b"\n\n")
                    self._event(block.decode())
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    return
                buffer += chunk
        finally:
            sock.close()

    def _event(self, block: str) -> None:
        name, data, identifier = "message", "", None
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data += line[5:].strip()
            elif line.startswith("id:"):
                identifier = line[3:].strip()
        if not data:
            return  # a comment (": keep-alive") or an empty block
        with self.lock:
            self.events.append(name)
            if name == "operation":
                entry = json.loads(data)
                self.revisions.append(entry["revision"])
                self.entries[entry["revision"]] = entry
                self.last_id = int(identifier) if identifier else entry["revision"]

    def stop(self) -> None:
        """Ends the stream now (the client goes away) and the thread soon after."""
        self.stop_.set()
        with self.lock:
            sock = self.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.join(timeout=5)


def _dechunk(buffer: bytes) -> tuple[bytes, bytes]:
    """Decodes the complete chunks at the start of `buffer`; returns (data, rest)."""
    out = b""
    while True:
        line_end = buffer.find(b"\r\n")
        if line_end < 0:
            return out, buffer
        size = int(buffer[:line_end].split(b";")[0] or b"0", 16)
        if len(buffer) < line_end + 2 + size + 2:
            return out, buffer
        out += buffer[line_end + 2:line_end + 2 + size]
        buffer = buffer[line_end + 2 + size + 2:]
