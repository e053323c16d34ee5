"""The slow parts of the oracle suite, run as jobs in a thread pool.

A job is one CLI run (plus `qpdf --check` on what it wrote) for one corpus file or one bad
input. Each job runs once per session, whichever test asks first; conftest.py submits them all
up front in test order so the pool works ahead of the tests that read the results.
"""

from __future__ import annotations

import os
import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from oracle_helpers import (CliResult, CorpusFile, QpdfCheck, password_args, qpdf_check,
                            run_command, sha256)

#: Seconds a command may take on a bad input before it counts as a hang.
BAD_INPUT_TIMEOUT = 20


@dataclass(frozen=True)
class JobContext:
    binary: Path
    corpus: Path
    work: Path  # a scratch folder for written files
    timeout: float  # seconds allowed for one CLI run on a corpus file


@dataclass(frozen=True)
class WriteOutcome:
    """A command that wrote a file: the run, the file, and qpdf's verdict on it."""

    cli: CliResult
    output: Path
    qpdf: QpdfCheck | None  # None when the command failed or wrote nothing
    input_unchanged: bool


# MARK: - Corpus jobs


def cli(context: JobContext, *args: str, timeout: float | None = None) -> CliResult:
    return run_command([str(context.binary), *args], timeout or context.timeout)


def info_job(context: JobContext, entry: CorpusFile) -> CliResult:
    return cli(context, "info", str(entry.path), "--json", *password_args(entry.password))


def check_job(context: JobContext, entry: CorpusFile) -> CliResult:
    return cli(context, "check", str(entry.path), *password_args(entry.password))


def qpdf_original_job(context: JobContext, entry: CorpusFile) -> QpdfCheck:
    return qpdf_check(entry.path, entry.password)


def write_job(folder: str, command: str, *options: str) -> Callable:
    """A job that runs `marginalia COMMAND FILE -o OUT OPTIONS` and checks OUT with qpdf."""

    def run(context: JobContext, entry: CorpusFile) -> WriteOutcome:
        output = context.work / folder / entry.name
        output.parent.mkdir(parents=True, exist_ok=True)
        before = sha256(entry.path)
        result = cli(context, command, str(entry.path), "-o", str(output), *options,
                     *password_args(entry.password))
        unchanged = sha256(entry.path) == before
        check = None
        if result.returncode == 0 and output.is_file():
            check = qpdf_check(output, entry.password)
        return WriteOutcome(result, output, check, unchanged)

    return run


# MARK: - Bad inputs


@dataclass(frozen=True)
class BadInput:
    """Bytes no command may crash on. `source` is the corpus file a truncation came from."""

    name: str
    source: Path | None = None
    half: str = ""  # "first" or "second" for a truncation

    @property
    def truncated(self) -> bool:
        return self.source is not None

    def data(self) -> bytes:
        if self.source is None:
            generator = random.Random(self.name)  # the same bytes on every run
            noise = bytes(generator.randrange(256) for _ in range(64 * 1024))
            return {"empty": b"", "random": noise,
                    "random-with-header": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + noise}[self.name]
        data = self.source.read_bytes()
        middle = len(data) // 2
        return data[:middle] if self.half == "first" else data[middle:]


#: The commands run on every bad input: name -> arguments after the input path.
BAD_INPUT_COMMANDS = {
    "info": ["info"],
    "info-json": ["info", "--json"],
    "check": ["check"],
    "compact": ["compact", "-o", "{out}"],
    "pages-rotate": ["pages", "-o", "{out}", "--rotate", "1:90"],
}


@dataclass(frozen=True)
class BadInputCase:
    input: BadInput
    command: str

    def __str__(self) -> str:
        return f"{self.input.name}-{self.command}"


@dataclass(frozen=True)
class BadInputOutcome:
    cli: CliResult
    output: Path
    wrote_output: bool


_input_lock = threading.Lock()


def bad_input_job(context: JobContext, case: BadInputCase) -> BadInputOutcome:
    folder = context.work / "bad-inputs"
    path = folder / f"{case.input.name}.pdf"
    with _input_lock:
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(case.input.data())
    output = folder / f"{case}.out.pdf"
    args = [a.replace("{out}", str(output)) for a in BAD_INPUT_COMMANDS[case.command]]
    result = cli(context, args[0], str(path), *args[1:], timeout=BAD_INPUT_TIMEOUT)
    return BadInputOutcome(result, output, output.exists())


JOB_FUNCTIONS: dict[str, Callable] = {
    "info": info_job,
    "check": check_job,
    "qpdf-original": qpdf_original_job,
    "compact": write_job("compact", "compact"),
    "compact-objstm": write_job("compact-objstm", "compact", "--object-streams"),
    "incremental": write_job("incremental", "pages", "--rotate", "1:90"),
    "bad-input": bad_input_job,
}


# MARK: - The runner


class Jobs:
    """Runs job functions in a thread pool, each (kind, key) once per session."""

    def __init__(self, context: JobContext, workers: int):
        self.context = context
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="oracle-job")
        self.futures: dict[tuple[str, object], Future] = {}
        self.lock = threading.Lock()

    def submit(self, kind: str, key) -> Future:
        with self.lock:
            if (kind, key) not in self.futures:
                self.futures[(kind, key)] = self.pool.submit(JOB_FUNCTIONS[kind], self.context, key)
            return self.futures[(kind, key)]

    def get(self, kind: str, key):
        return self.submit(kind, key).result()

    def prefetch(self, items, key_params: tuple[str, ...]) -> None:
        """Submit the jobs that selected tests declared with @pytest.mark.jobs, in test order.

        The key of a test's jobs is its first parameter named in `key_params`, else its
        first parameter.
        """
        for item in items:
            marker = item.get_closest_marker("jobs")
            callspec = getattr(item, "callspec", None)
            if marker is None or callspec is None or not callspec.params:
                continue
            names = [n for n in key_params if n in callspec.params] or list(callspec.params)
            for kind in marker.args:
                self.submit(kind, callspec.params[names[0]])

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def default_workers() -> int:
    return int(os.environ.get("MARGINALIA_ORACLE_JOBS", "0")) or max(2, os.cpu_count() or 2)
