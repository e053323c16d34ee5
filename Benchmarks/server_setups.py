"""The servers Benchmarks/run_server.py measures, each started fresh: one `marginalia serve` on a
data folder (SQLite), one on a PostgreSQL database, and three on one database behind HAProxy
(deploy/haproxy.cfg). PostgreSQL is a private cluster (Tests/server/pg_cluster.py: Debian's
server, its own port, fsync and synchronous_commit on). Each setup reports the CPU seconds its
processes used (replicas, PostgreSQL, HAProxy) and PostgreSQL's commit and WAL counters, so
the runner can turn a phase into per-operation costs."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "server"))

from pg_cluster import PostgresCluster  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{what} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"{what} did not start listening")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return found


class Setup:
    """A running configuration: `port` to send requests to, CPU accounting by part."""

    name = ""

    def __init__(self, binary: Path):
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="marginalia-bench-"))
        self.servers: list[subprocess.Popen] = []
        self.haproxy: subprocess.Popen | None = None
        self.cluster: PostgresCluster | None = None
        self.port = 0
        self.server_ports: list[int] = []

    def serve(self, *store: str, port: int | None = None) -> int:
        port = port or free_port()
        process = subprocess.Popen([str(self.binary), "serve", "--port", str(port), *store],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_listening(port, process, "marginalia serve")
        self.servers.append(process)
        self.server_ports.append(port)
        return port

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: the replicas together, PostgreSQL (all its processes), HAProxy."""
        parts = {"replicas": sum(cpu_seconds(p.pid) for p in self.servers)}
        if self.cluster:
            postmaster = int((self.cluster.data / "postmaster.pid").read_text().split()[0])
            parts["postgresql"] = cpu_seconds(postmaster) + sum(cpu_seconds(p) for p in children(postmaster))
        if self.haproxy:
            parts["haproxy"] = cpu_seconds(self.haproxy.pid)
        return parts

    def database_counters(self) -> dict[str, int]:
        """PostgreSQL's commits and WAL records and bytes so far (empty without a database)."""
        if not self.cluster:
            return {}
        commits = self.cluster.psql("SELECT xact_commit FROM pg_stat_database WHERE datname = 'bench'")
        wal = self.cluster.psql("SELECT wal_records || ' ' || wal_bytes || ' ' || wal_sync FROM pg_stat_wal").split()
        counters = {"commits": int(commits), "walRecords": int(wal[0]), "walBytes": int(wal[1]), "walSyncs": int(wal[2])}
        # The replicas' own count of their log commits (`GET /healthz`, `logAppends`): batches
        # committed, appends refused because another replica logged first, rebases.
        for port in self.server_ports:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
                appends = json.load(response).get("logAppends", {})
            for key, value in appends.items():
                name = "appends" + key[:1].upper() + key[1:]
                counters[name] = counters.get(name, 0) + value
        return counters

    def stop(self) -> None:
        for process in self.servers:
            process.terminate()
        for process in self.servers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.haproxy:
            self.haproxy.terminate()
            self.haproxy.wait(timeout=30)
        if self.cluster:
            self.cluster.destroy()


class SQLiteSetup(Setup):
    name = "SQLite, 1 server"

    def start(self) -> "SQLiteSetup":
        self.port = self.serve("--data", str(self.folder / "data"))
        return self


class PostgresSetup(Setup):
    def __init__(self, binary: Path, replicas: int, sticky: bool = False):
        super().__init__(binary)
        self.replicas = replicas
        self.sticky = sticky
        self.name = f"PostgreSQL, {replicas} replica" + (
            "" if replicas == 1 else "s, HAProxy sticky by document" if sticky else "s, HAProxy round robin")
        self.replica_ports: list[int] = []

    def start(self) -> "PostgresSetup":
        self.cluster = PostgresCluster().start()
        url = self.cluster.create_database("bench")
        self.replica_ports = [self.serve("--store", url)]
        self.replica_ports += [self.serve("--store", url) for _ in range(self.replicas - 1)]
        if self.replicas == 1:
            self.port = self.replica_ports[0]
            return self
        self.port = free_port()
        environment = {**os.environ, "MARGINALIA_LISTEN": f"127.0.0.1:{self.port}"}
        for number, port in enumerate(self.replica_ports, start=1):
            environment[f"MARGINALIA_REPLICA_{number}"] = f"127.0.0.1:{port}"
        if self.sticky:
            environment["MARGINALIA_STICKY"] = "1"
        else:
            environment.pop("MARGINALIA_STICKY", None)
        self.haproxy = subprocess.Popen(["/usr/sbin/haproxy", "-db", "-f", str(REPO / "deploy" / "haproxy.cfg")],
                                        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_listening(self.port, self.haproxy, "haproxy")
        time.sleep(2.5)  # every replica passes its first health checks
        return self
