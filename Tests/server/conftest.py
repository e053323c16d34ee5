"""Fixtures for the server tests: the built `marginalia` binary and a server process on a
free loopback port with its own data folder, which a test can kill (SIGKILL) or stop
(SIGTERM) and start again on the same folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from serve_process import Server, find_binary


@pytest.fixture(scope="session")
def binary() -> Path:
    path = find_binary()
    if not path.exists():
        pytest.fail(f"marginalia binary not found at {path}: build first (swift build)")
    return path


@pytest.fixture
def server(binary, tmp_path):
    instance = Server(binary, tmp_path / "data").start()
    yield instance
    if instance.process and instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait(timeout=30)
