"""Wires the oracle suite to pytest: the binary, the corpus, parametrisation and parallel jobs.

- The binary is $MARGINALIA_BIN, else `marginalia` in `swift build --show-bin-path`.
- The corpus is $MARGINALIA_CORPUS, else ../shared/corpus beside the repository.
- Tests take one corpus file through a fixture whose name says which files apply:
  `entry` (every file), `encrypted_entry` (encrypted, with a password we know or none
  needed) and `locked_entry` (a certificate or an unknown password is needed).
- Running the CLI and qpdf is the slow part, so those runs are jobs (oracle_jobs.py): a test
  marked `@pytest.mark.jobs("kind", ...)` declares what it will ask for, and the `jobs` fixture
  submits the jobs of every selected test to a thread pool, in test order. While the main
  thread checks one file with the Python oracles, the pool is already running the next ones.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from oracle_helpers import CorpusFile, read_manifest
from oracle_jobs import JobContext, Jobs, default_workers

REPO_ROOT = Path(__file__).resolve().parents[2]
SWIFT_BIN = "/opt/swift/usr/bin"

# MARK: - Configuration


def find_corpus() -> Path:
    corpus = Path(os.environ.get("MARGINALIA_CORPUS") or REPO_ROOT.parent / "shared" / "corpus")
    if not (corpus / "manifest.tsv").is_file():
        raise pytest.UsageError(f"corpus not found at {corpus} (set MARGINALIA_CORPUS)")
    return corpus.resolve()


def find_binary() -> Path:
    configured = os.environ.get("MARGINALIA_BIN")
    if configured:
        binary = Path(configured)
    else:
        env = dict(os.environ, PATH=f"{SWIFT_BIN}:{os.environ.get('PATH', '')}")
        try:
            bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO_ROOT,
                                      env=env, capture_output=True, text=True, check=True,
                                      timeout=120).stdout.strip()
        except (OSError, subprocess.SubprocessError) as error:
            raise pytest.UsageError(f"cannot ask swift for the bin path ({error}); "
                                    "set MARGINALIA_BIN") from error
        binary = Path(bin_path) / "marginalia"
    if not os.access(binary, os.X_OK):
        raise pytest.UsageError(f"marginalia binary not found at {binary}: run `swift build` "
                                "or set MARGINALIA_BIN")
    return binary.resolve()


def pytest_configure(config):
    config.marginalia_corpus = find_corpus()
    config.marginalia_entries = read_manifest(config.marginalia_corpus)
    config.marginalia_binary = find_binary()
    config.qpdf_warnings = {}


def pytest_report_header(config):
    return [f"marginalia: {config.marginalia_binary}",
            f"corpus: {config.marginalia_corpus} ({len(config.marginalia_entries)} files)"]


# MARK: - Parametrisation over the corpus

ENTRY_SETS: dict[str, Callable[[CorpusFile], bool]] = {
    "entry": lambda e: True,
    "encrypted_entry": lambda e: e.encrypted and not e.locked,
    "locked_entry": lambda e: e.locked,
}


def pytest_generate_tests(metafunc):
    for name, accepts in ENTRY_SETS.items():
        if name in metafunc.fixturenames:
            entries = [e for e in metafunc.config.marginalia_entries if accepts(e)]
            metafunc.parametrize(name, entries, ids=[e.name for e in entries])


# MARK: - Jobs


@pytest.fixture(scope="session")
def jobs(request, tmp_path_factory):
    config = request.config
    context = JobContext(
        binary=config.marginalia_binary,
        corpus=config.marginalia_corpus,
        work=tmp_path_factory.mktemp("outputs"),
        timeout=float(os.environ.get("MARGINALIA_ORACLE_TIMEOUT", "300")),
    )
    runner = Jobs(context, default_workers())
    runner.prefetch(request.session.items, key_params=tuple(ENTRY_SETS))
    yield runner
    runner.shutdown()


@pytest.fixture(scope="session")
def binary(request) -> Path:
    return request.config.marginalia_binary


@pytest.fixture(scope="session")
def corpus_entries(request) -> list[CorpusFile]:
    return request.config.marginalia_entries


@pytest.fixture(scope="session")
def qpdf_warnings(request) -> dict:
    """Record of qpdf --check warnings on written files, shown at the end of the run."""
    return request.config.qpdf_warnings


def pytest_terminal_summary(terminalreporter, config):
    warnings = getattr(config, "qpdf_warnings", {})
    if not warnings:
        return
    terminalreporter.section("qpdf --check warnings on files marginalia wrote")
    for label in sorted(warnings):
        lines = warnings[label]
        terminalreporter.write_line(f"{label}: {len(lines)} warning(s), first: {lines[0][:160]}")
