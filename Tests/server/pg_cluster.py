"""A private PostgreSQL cluster for tests and benchmarks: Debian's PostgreSQL server binaries
(package postgresql), a fresh data folder under /tmp owned by the `postgres` user (the server
refuses to run as root), its own port on 127.0.0.1 and its own socket folder. Never Debian's
own cluster on port 5432.

Authentication: the superuser `marginalia` is trusted (socket and 127.0.0.1); any other role
must give its password over TCP (scram-sha-256), so the credential tests exercise real
password checks. `ssl=True` makes a self-signed certificate and turns SSL on.

    cluster = PostgresCluster().start()
    url = cluster.create_database("t1")   # postgresql://marginalia@127.0.0.1:PORT/t1
    cluster.restart()                     # pg_ctl stop -m immediate, then start
    cluster.destroy()
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SUPERUSER = "marginalia"


def postgres_bin() -> Path:
    """The newest /usr/lib/postgresql/N/bin holding initdb."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL's server binaries are missing (Debian package postgresql)")
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresCluster:
    def __init__(self, ssl: bool = False):
        self.bin = postgres_bin()
        self.ssl = ssl
        self.port = 0
        self.root: Path | None = None
        self.running = False

    @property
    def data(self) -> Path:
        assert self.root is not None
        return self.root / "data"

    def _as_postgres(self, *command: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            command = ("runuser", "-u", "postgres", "--", *command)
        return subprocess.run(command, capture_output=True, text=True, check=check, timeout=timeout)

    def start(self) -> "PostgresCluster":
        if self.root is None:
            self.root = Path(tempfile.mkdtemp(prefix="marginalia-pg-"))
            self.port = free_port()
            if os.geteuid() == 0:
                user = pwd.getpwnam("postgres")
                os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", SUPERUSER,
                              "--no-sync", "-E", "UTF8", "--locale", "C")
            self._configure()
        self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-w",
                          "-t", "60", "start")
        self.running = True
        return self

    def _configure(self) -> None:
        settings = [
            f"port = {self.port}",
            "listen_addresses = '127.0.0.1'",
            f"unix_socket_directories = '{self.root}'",
            "max_connections = 300",
            "shared_buffers = 64MB",
            "fsync = on",
            "synchronous_commit = on",
        ]
        if self.ssl:
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                            "-subj", "/CN=127.0.0.1", "-keyout", str(self.data / "server.key"),
                            "-out", str(self.data / "server.crt")], check=True, capture_output=True)
            if os.geteuid() == 0:
                user = pwd.getpwnam("postgres")
                for name in ("server.key", "server.crt"):
                    os.chown(self.data / name, user.pw_uid, user.pw_gid)
            os.chmod(self.data / "server.key", 0o600)
            settings += ["ssl = on", "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"]
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write("\n# marginalia test cluster\n" + "\n".join(settings) + "\n")
        (self.data / "pg_hba.conf").write_text(
            "local all all trust\n"
            f"host all {SUPERUSER} 127.0.0.1/32 trust\n"
            "host all all 127.0.0.1/32 scram-sha-256\n")

    def stop(self, mode: str = "fast") -> None:
        """pg_ctl stop; mode "immediate" is a crash (no checkpoint, recovery on start)."""
        if self.running:
            self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False)
            self.running = False

    def restart(self, mode: str = "immediate") -> None:
        self.stop(mode)
        self.start()

    def destroy(self) -> None:
        self.stop("immediate")
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run([str(self.bin / "psql"), "-h", str(self.root), "-p", str(self.port), "-U", SUPERUSER,
                                 "-d", database, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def url(self, database: str, user: str = SUPERUSER, password: str | None = None, **parameters: str) -> str:
        credentials = user + (f":{password}" if password is not None else "")
        query = "&".join(f"{key}={value}" for key, value in parameters.items())
        return f"postgresql://{credentials}@127.0.0.1:{self.port}/{database}" + (f"?{query}" if query else "")

    def create_database(self, name: str) -> str:
        """A new empty database; returns its URL for the trusted superuser."""
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def create_schema(self, database: str, schema: str) -> str:
        """A new empty schema in `database` (created once); returns a URL whose connections
        use it (libpq's `options`, `search_path`). A schema costs nothing to make, where a
        database costs a checkpoint's worth of writes: the per-test stores use schemas."""
        if self.psql(f"SELECT count(*) FROM pg_database WHERE datname = '{database}'") == "0":
            self.create_database(database)
        self.psql(f'CREATE SCHEMA "{schema}"', database)
        return self.url(database, options=f"-c%20search_path%3D{schema}")

    def create_role(self, name: str, password: str, database: str) -> None:
        self.psql(f"CREATE ROLE {name} LOGIN PASSWORD '{password}'")
        self.psql(f'GRANT ALL ON DATABASE "{database}" TO {name}')
        self.psql(f"GRANT ALL ON SCHEMA public TO {name}", database)

    def log_tail(self, characters: int = 3000) -> str:
        path = self.root / "log" if self.root else None
        return path.read_text()[-characters:] if path and path.exists() else ""


def wait_for(predicate, timeout: float, interval: float = 0.05, what: str = "a condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
