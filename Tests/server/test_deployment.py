"""Issue 27 item 5, a deployment you can start: deploy/marginalia.service (systemd),
deploy/Containerfile and deploy/compose.yaml, each checked by running what it runs.

- The unit passes `systemd-analyze verify`, its hardening scores "OK" in `systemd-analyze
  security --offline`, and its ExecStart, with the unit's environment, starts a server as an
  unprivileged user that keeps its files to itself (UMask) and stops cleanly on SIGTERM; without
  a token it refuses to start, saying so.
- The container image installs every C library the binary opens (Sources/C*/ name each one's
  Debian package) and the packages of the files the server reads; its health check command
  tells a ready server from a stopped one; its entry point refuses to start without a token.
- The compose file runs three identical replicas on the database behind HAProxy with TLS, and
  deploy/local-stack.sh starts those services without containers: HTTPS through HAProxy,
  plain HTTP redirected, HSTS, and a document uploaded through HAProxy seen by every replica.

No container runtime runs here: the image itself is not built (docs/deploy.md says how)."""

from __future__ import annotations

import configparser
import json
import os
import random
import re
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from serve_process import REPO_ROOT, free_port

DEPLOY = REPO_ROOT / "deploy"
INSTALLED_BINARY = "/usr/local/bin/marginalia"


def wait_for(url: str, timeout: float = 30, context=None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2, context=context) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not answer 200 within {timeout} s")
        time.sleep(0.1)


# MARK: - systemd

def unit_service_section() -> dict[str, list[str]]:
    """The [Service] section of the unit, each key with every value it is given."""
    values: dict[str, list[str]] = {}
    section = None
    for line in (DEPLOY / "marginalia.service").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line
            continue
        if section == "[Service]":
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_the_unit_verifies_and_is_hardened(binary, tmp_path):
    unit = tmp_path / "marginalia.service"
    unit.write_text((DEPLOY / "marginalia.service").read_text().replace(INSTALLED_BINARY, str(binary)))
    verified = subprocess.run(["systemd-analyze", "verify", "--man=no", str(unit)], capture_output=True, text=True)
    assert verified.returncode == 0 and not verified.stderr.strip(), verified.stderr
    security = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(unit)], capture_output=True, text=True)
    level = re.search(r"Overall exposure level for marginalia\.service: ([0-9.]+) (\w+)", security.stdout)
    assert level, security.stdout + security.stderr
    # systemd rates 0-10: below 2 is "OK", a default service is 9.6 "UNSAFE".
    assert float(level.group(1)) < 2.0 and level.group(2) == "OK", level.group(0)
    service = unit_service_section()
    assert service["User"] == ["marginalia"] and service["StateDirectory"] == ["marginalia"]
    assert "marginalia" in (DEPLOY / "marginalia.sysusers").read_text().split()


def unit_command(environment: dict[str, str], binary: Path) -> list[str]:
    """ExecStart as systemd runs it: ${NAME} replaced by the environment's value (an unset
    one by an empty word), the installed binary by the built one."""
    words = shlex.split(unit_service_section()["ExecStart"][0])
    expanded = [re.sub(r"\$\{(\w+)\}", lambda m: environment.get(m.group(1), ""), word) for word in words]
    return [str(binary) if word == INSTALLED_BINARY else word for word in expanded]


def unit_environment(overrides: dict[str, str]) -> dict[str, str]:
    """The unit's Environment= lines, then what the EnvironmentFile would set (`overrides`)."""
    environment = {}
    for assignment in unit_service_section()["Environment"]:
        key, _, value = assignment.partition("=")
        environment[key] = value
    environment.update(overrides)
    return environment


def as_nobody() -> list[str]:
    """The prefix that runs a command as an unprivileged user, with the unit's umask."""
    umask = unit_service_section()["UMask"][0]
    inner = ["sh", "-c", f'umask {umask} && exec "$@"', "sh"]
    if os.geteuid() != 0:
        return inner
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *inner]


def test_the_unit_starts_a_server_as_its_own_user_and_stops_on_sigterm(binary):
    # Under /tmp itself: pytest's own folders are private to root, out of the user's reach.
    root = Path(tempfile.mkdtemp(prefix="marginalia-unit-"))
    state = root / "state"
    state.mkdir(mode=0o700)
    if os.geteuid() == 0:
        os.chown(state, 65534, 65534)
        os.chmod(root, 0o755)
    port = free_port()
    environment = unit_environment({"MARGINALIA_TOKEN": "unit-test-token", "MARGINALIA_PORT": str(port),
                                    "MARGINALIA_HOST": "127.0.0.1", "MARGINALIA_STORE": str(state),
                                    "MARGINALIA_WEB": str(REPO_ROOT / "Web")})
    command = unit_command(environment, binary)
    assert "--token" in command and "unit-test-token" in command
    process = subprocess.Popen([*as_nobody(), *command], cwd=state, env={"PATH": os.environ["PATH"], **environment},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/readyz")
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/documents",
                                         headers={"Authorization": "Bearer unit-test-token"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert len(json.load(response)["documents"]) == 1   # the sample, in the new store
        made = [path for path in state.rglob("*") if path.is_file()]
        assert made, "the store wrote nothing in the state directory"
        for path in made:
            info = path.stat()
            if os.geteuid() == 0:
                assert info.st_uid == 65534, f"{path} belongs to uid {info.st_uid}"
            assert info.st_mode & 0o077 == 0, f"{path} is readable by others: {oct(info.st_mode)}"
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=int(unit_service_section()["TimeoutStopSec"][0]))
        shutil.rmtree(root, ignore_errors=True)
    assert process.returncode == 0, output


def test_the_unit_without_a_token_refuses_to_start_and_says_why(binary, tmp_path):
    environment = unit_environment({"MARGINALIA_PORT": str(free_port()), "MARGINALIA_STORE": str(tmp_path)})
    result = subprocess.run(unit_command(environment, binary), env=environment, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--token must not be empty" in result.stderr


# MARK: - The container image

def runtime_stage() -> str:
    """The Containerfile's last stage (from its last FROM), with line continuations joined."""
    text = (DEPLOY / "Containerfile").read_text().replace("\\\n", " ")
    return text[text.rindex("\nFROM "):]


def test_the_image_installs_every_library_the_binary_opens_and_every_file_it_reads():
    stage = runtime_stage()
    installed = set(re.search(r"apt-get install -y --no-install-recommends ([^&]+)", stage).group(1).split())
    opened = set()
    for source in REPO_ROOT.glob("Sources/C*/*.c"):
        opened.update(re.findall(r'MARGINALIA_LIBRARY\("([^"]+)"', source.read_text()))
    assert len(opened) >= 7, opened   # microhttpd, SQLite, libpq, libcrypto, libpng, cairo, libjpeg
    read_paths = set()
    for source in REPO_ROOT.glob("Sources/**/*.swift"):
        read_paths.update(re.findall(r'"(/usr/share/[^"]+)"', source.read_text()))
    owners = set()
    for path in read_paths:
        owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
        assert owner.returncode == 0, f"no Debian package installs {path}"
        owners.add(owner.stdout.split(":")[0])
    assert not (opened | owners) - installed, f"the image lacks {sorted((opened | owners) - installed)}"


def test_the_image_carries_the_pdfjs_the_server_looks_for():
    """pdf.js is no Debian package (docs/editor-web.md, "pdf.js"): the image copies the folder
    scripts/install-deps.sh fills in the build stage to where `marginalia serve` looks for it."""
    swift = (REPO_ROOT / "Sources/MarginaliaServer/API/StaticFiles.swift").read_text()
    version = re.search(r'pdfjsVersion = "([^"]+)"', swift).group(1)
    folder = re.search(r'defaultPdfjsDirectory = "([^"]+)"', swift).group(1).replace("\\(pdfjsVersion)", version)
    script = (REPO_ROOT / "scripts/install-deps.sh").read_text()
    assert f"pdfjs_version={version}" in script
    assert f"/usr/local/share/marginalia/pdfjs-$pdfjs_version" in script and folder.endswith(f"pdfjs-{version}")
    assert f"COPY --from=build {folder} {folder}" in runtime_stage()


def test_the_image_health_check_tells_a_ready_server_from_a_stopped_one(open_server):
    check = re.search(r"HEALTHCHECK .* CMD (.+)", runtime_stage()).group(1).strip()
    assert "127.0.0.1:8080/readyz" in check
    command = check.replace("127.0.0.1:8080", f"127.0.0.1:{open_server.port}")
    assert subprocess.run(["sh", "-c", command], capture_output=True).returncode == 0
    open_server.stop()
    assert subprocess.run(["sh", "-c", command], capture_output=True).returncode != 0


def test_the_image_entry_point_wants_a_token(binary, tmp_path):
    entry = json.loads(re.search(r"ENTRYPOINT (\[.+\])", runtime_stage()).group(1))
    environment = {"PATH": f"{binary.parent}:{os.environ['PATH']}", "MARGINALIA_STORE": str(tmp_path)}
    result = subprocess.run(entry, env=environment, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0 and "set MARGINALIA_TOKEN" in result.stderr


# MARK: - Compose and the local stack

def test_the_compose_file_runs_three_replicas_on_the_database_behind_haproxy_with_tls():
    yaml = pytest.importorskip("yaml")
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    replicas = sorted(name for name in services if name.startswith("replica"))
    assert replicas == ["replica1", "replica2", "replica3"]
    first = services["replica1"]
    assert all(services[name] == first for name in replicas)
    assert first["build"]["dockerfile"] == "deploy/Containerfile"
    assert "--behind-tls-proxy" in first["command"]
    assert first["environment"]["MARGINALIA_STORE"].startswith("postgresql://marginalia@db:")
    assert first["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["db"]["healthcheck"]["test"][1] == "pg_isready"
    proxy = services["haproxy"]
    assert "./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro" in proxy["volumes"]
    assert proxy["environment"]["MARGINALIA_TLS_CERT"].startswith("/run/secrets/")
    assert [proxy["environment"][f"MARGINALIA_REPLICA_{n}"] for n in (1, 2, 3)] == [f"{name}:8080" for name in replicas]
    assert {name: value["condition"] for name, value in proxy["depends_on"].items()} == {name: "service_healthy" for name in replicas}


def test_the_local_stack_serves_https_through_haproxy_to_three_replicas(binary, tmp_path):
    # Six consecutive ports below the kernel's ephemeral range: a port from inside it can be
    # taken as the local end of a connection (a replica's own to PostgreSQL) before the
    # replica that should listen on it starts.
    base = _free_ports_outside_ephemeral_range(6)
    replica = base + 3
    ports = {"MARGINALIA_STACK_HTTPS_PORT": base, "MARGINALIA_STACK_HTTP_PORT": base + 1,
             "MARGINALIA_STACK_PG_PORT": base + 2, "MARGINALIA_STACK_REPLICA_PORT": replica}
    environment = {**os.environ, "MARGINALIA_BIN": str(binary), **{k: str(v) for k, v in ports.items()}}
    stack = tmp_path / "stack"
    script = str(DEPLOY / "local-stack.sh")
    up = subprocess.run([script, "up", str(stack)], env=environment, capture_output=True, text=True, timeout=180)
    try:
        assert up.returncode == 0, up.stdout + up.stderr
        token = (stack / "token").read_text().strip()
        https = ports["MARGINALIA_STACK_HTTPS_PORT"]
        assert f"https://localhost:{https}/?token={token}" in up.stdout
        context = ssl.create_default_context(cafile=str(stack / "cert.pem"))
        base = f"https://localhost:{https}"
        sample = (REPO_ROOT / "Samples" / "sample.pdf").read_bytes()
        upload = urllib.request.Request(f"{base}/api/v1/documents?name=through-haproxy.pdf", data=sample, method="POST",
                                        headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(upload, timeout=30, context=context) as response:
            assert response.status == 201
            assert response.headers["Strict-Transport-Security"].startswith("max-age=")
            made = json.load(response)["id"]
        for n in range(3):
            listing = urllib.request.Request(f"http://127.0.0.1:{replica + n}/api/v1/documents",
                                             headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(listing, timeout=10) as response:
                assert made in [d["id"] for d in json.load(response)["documents"]], f"replica {n + 1}"
        plain = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}",
                                f"http://127.0.0.1:{ports['MARGINALIA_STACK_HTTP_PORT']}/api/v1/documents"],
                               capture_output=True, text=True)
        assert plain.stdout == f"308 https://127.0.0.1:{https}/api/v1/documents", plain.stdout + plain.stderr
    finally:
        down = subprocess.run([script, "down", str(stack)], env=environment, capture_output=True, text=True, timeout=120)
    assert down.returncode == 0, down.stdout + down.stderr
    assert not (stack / "pgdir").exists()
    assert all(_nothing_listens(port) for port in [replica, replica + 1, replica + 2, ports["MARGINALIA_STACK_HTTPS_PORT"]])


def _free_ports_outside_ephemeral_range(count: int) -> int:
    """The first of `count` consecutive ports that can be bound now, below the ephemeral range."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for _ in range(200):
        base = random.randrange(10_000, low - count)
        if all(_can_bind(base + n) for n in range(count)):
            return base
    pytest.fail(f"no {count} consecutive free ports between 10000 and {low}")


def _can_bind(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def _nothing_listens(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return False
    except ConnectionRefusedError:
        return True
