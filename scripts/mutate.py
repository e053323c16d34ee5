#!/usr/bin/env python3
"""The mutation check (issue 30): break the code one line at a time and see whether the tests
that claim to cover that line notice.

Each entry of scripts/mutations.tsv names a file, an exact snippet of it, the break that
replaces the snippet, and the tests that should fail once it is applied: Swift Testing or
XCTest names for `swift test --filter` (`swift:WriterTests`) and pytest node ids
(`pytest:Tests/server/test_trust.py::test_x`). The script keeps one scratch copy of the
repository (default /tmp/marginalia-mutate, with its own .build, so that after the first run a
break costs an incremental build), brings it up to date with this tree, then for each entry:
applies the break, builds the tests, runs the named tests until one fails (caught) or all pass
(missed), and puts the file back. It ends with one line per entry and exits 1 if any break was
missed, did not apply (its snippet is not in the file exactly once) or did not build.

    scripts/mutate.py                      # every entry
    scripts/mutate.py --only token-same-length,cookie-any-value
    scripts/mutate.py --list               # the entries, nothing run
    scripts/mutate.py --prepare            # copy and build the scratch copy only (the first build is long)
    scripts/mutate.py --baseline --only X  # also run X's tests unbroken first (they must pass)

It is not part of scripts/test.sh: the whole list takes the better part of an hour on a
two-core machine. Run it before resolving an issue that touches one of these behaviours, and
add an entry with each new behaviour users rely on (docs/mutation-testing.md).

Environment: MARGINALIA_CORPUS as for the tests (default: ../shared/corpus beside this
repository, passed on to the scratch copy, which has no corpus beside it)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_LIST = REPO / "scripts" / "mutations.tsv"
DEFAULT_SCRATCH = Path(os.environ.get("MARGINALIA_MUTATE_SCRATCH", "/tmp/marginalia-mutate"))
SWIFT_PATH = "/opt/swift/usr/bin"


@dataclass
class Mutation:
    name: str
    path: str
    original: str
    broken: str
    tests: list[str]
    line: int  # of the list, for messages


def unescape(text: str) -> str:
    r"""The list's cells hold `\n`, `\t` and `\\` for a newline, a tab and a backslash."""
    out, index = [], 0
    while index < len(text):
        if text[index] == "\\" and index + 1 < len(text) and text[index + 1] in "nt\\":
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[text[index + 1]])
            index += 2
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def read_list(path: Path) -> list[Mutation]:
    mutations = []
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if len(cells) != 5:
            sys.exit(f"{path}:{number}: expected 5 tab-separated cells (name, file, original, break, tests), found {len(cells)}")
        name, file, original, broken, tests = cells
        mutations.append(Mutation(name, file, unescape(original), unescape(broken), tests.split(), number))
    names = [m.name for m in mutations]
    duplicated = {n for n in names if names.count(n) > 1}
    if duplicated:
        sys.exit(f"{path}: names used twice: {', '.join(sorted(duplicated))}")
    return mutations


def tracked_files() -> list[str]:
    """The files of this tree that git would commit (tracked, and new ones not ignored)."""
    listing = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=REPO, check=True, capture_output=True).stdout
    return [name for name in listing.decode().split("\0") if name and (REPO / name).is_file()]


def sync_scratch(scratch: Path) -> None:
    """Copies what changed since the last run into the scratch copy (keeping modification
    times, so the build there stays incremental) and removes files this tree no longer has."""
    files = tracked_files()
    wanted = set(files)
    copied = 0
    for name in files:
        source, target = REPO / name, scratch / name
        info = source.stat()
        if target.exists():
            there = target.stat()
            if there.st_size == info.st_size and int(there.st_mtime) == int(info.st_mtime):
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        copied += 1
    removed = 0
    for top in ("Sources", "Tests", "Web", "scripts", "Fuzz", "Benchmarks"):
        for path in (scratch / top).rglob("*") if (scratch / top).exists() else []:
            # The WebAssembly core is built in the copy (git ignores it), as .build is.
            if path.is_file() and str(path.relative_to(scratch)) not in wanted and not path.is_relative_to(scratch / "Web" / "wasm"):
                path.unlink()
                removed += 1
    print(f"scratch copy {scratch}: {copied} file(s) copied, {removed} removed", flush=True)


def environment(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = SWIFT_PATH + ":" + env.get("PATH", "")
    env["MARGINALIA_BIN"] = str(scratch / ".build" / "debug" / "marginalia")
    env.setdefault("MARGINALIA_CORPUS", str(REPO.parent / "shared" / "corpus"))
    env.setdefault("MARGINALIA_SERVER_STORES", "sqlite")
    return env


def run(argv: list[str], scratch: Path, log, timeout: float) -> int:
    log.write(f"$ {' '.join(argv)}\n")
    log.flush()
    try:
        return subprocess.run(argv, cwd=scratch, env=environment(scratch), stdout=log, stderr=subprocess.STDOUT,
                              timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        log.write(f"timed out after {timeout:.0f} s\n")
        return 124


def build(scratch: Path, log, browser: bool = False) -> bool:
    """Builds the tests, and with `browser` the editor's WebAssembly core too (the browser
    suite loads it; scripts/build-wasm.sh does nothing when it is up to date)."""
    if run(["swift", "build", "--build-tests"], scratch, log, timeout=3600) != 0:
        return False
    return not browser or run(["scripts/build-wasm.sh"], scratch, log, timeout=3600) == 0


def needs_browser(mutations: list[Mutation]) -> bool:
    return any(test.startswith("pytest:Tests/e2e/") for m in mutations for test in m.tests)


def run_test(test: str, scratch: Path, log, timeout: float) -> bool:
    """Whether the test passed (any failure, crash or time-out counts as a failure)."""
    kind, _, name = test.partition(":")
    if kind == "swift":
        status = run(["swift", "test", "--skip-build", "--filter", name], scratch, log, timeout)
        # `swift test --filter` with no match passes: a test that ran nothing covers nothing.
        log.flush()
        return status == 0 and not ran_nothing(log.name)
    if kind == "pytest":
        return run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", name], scratch, log, timeout) == 0
    sys.exit(f"unknown test kind in {test!r}: use swift:NAME or pytest:NODE")


def ran_nothing(log_path: str) -> bool:
    tail = Path(log_path).read_text(errors="replace")[-3000:]
    return "Test run with 0 tests" in tail and "Executed 0 tests" in tail


def apply(mutation: Mutation, scratch: Path) -> tuple[Path, str] | str:
    """Applies the break; returns the file and its text to restore, or why it did not apply."""
    path = scratch / mutation.path
    if not path.exists():
        return f"{mutation.path} does not exist"
    text = path.read_text()
    count = text.count(mutation.original)
    if count != 1:
        return f"the snippet occurs {count} times in {mutation.path} (the list is out of date)"
    path.write_text(text.replace(mutation.original, mutation.broken))
    return path, text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list-file", type=Path, default=DEFAULT_LIST)
    parser.add_argument("--scratch", type=Path, default=DEFAULT_SCRATCH)
    parser.add_argument("--only", help="comma-separated entry names")
    parser.add_argument("--list", action="store_true", help="print the entries and stop")
    parser.add_argument("--prepare", action="store_true", help="bring the scratch copy up to date and build it, nothing else")
    parser.add_argument("--baseline", action="store_true", help="first run each entry's tests unbroken: they must pass")
    parser.add_argument("--test-timeout", type=float, default=900, help="seconds for one test command")
    arguments = parser.parse_args()

    mutations = read_list(arguments.list_file)
    if arguments.only:
        chosen = arguments.only.split(",")
        unknown = set(chosen) - {m.name for m in mutations}
        if unknown:
            sys.exit(f"no entries named {', '.join(sorted(unknown))}")
        mutations = [m for m in mutations if m.name in chosen]
    if arguments.list:
        for m in mutations:
            print(f"{m.name}\t{m.path}\t{' '.join(m.tests)}")
        return 0

    scratch = arguments.scratch
    scratch.mkdir(parents=True, exist_ok=True)
    sync_scratch(scratch)
    log_path = scratch / "mutate.log"
    started = time.monotonic()
    results: list[tuple[str, str, str]] = []
    with open(log_path, "w") as log:
        print(f"log: {log_path}", flush=True)
        print("building the unbroken copy...", flush=True)
        if not build(scratch, log, needs_browser(mutations)):
            print(f"the unbroken copy does not build: see {log_path}")
            return 2
        if arguments.prepare:
            print("the scratch copy is built")
            return 0
        if arguments.baseline:
            for m in mutations:
                for test in m.tests:
                    if not run_test(test, scratch, log, arguments.test_timeout):
                        print(f"baseline: {test} fails unbroken (entry {m.name}): see {log_path}")
                        return 2
            print("baseline: every named test passes unbroken", flush=True)
        for m in mutations:
            entry_started = time.monotonic()
            log.write(f"\n==== {m.name}: {m.path}\n")
            applied = apply(m, scratch)
            if isinstance(applied, str):
                results.append((m.name, "NOT APPLIED", applied))
                print(f"{m.name}: not applied: {applied}", flush=True)
                continue
            path, text = applied
            try:
                if not build(scratch, log, needs_browser([m])):
                    verdict, detail = "NO BUILD", "the break does not compile: fix the entry"
                else:
                    catcher = next((t for t in m.tests if not run_test(t, scratch, log, arguments.test_timeout)), None)
                    verdict, detail = ("caught", f"by {catcher}") if catcher else ("MISSED", "every named test passed")
            finally:
                path.write_text(text)
            seconds = time.monotonic() - entry_started
            results.append((m.name, verdict, f"{detail} ({seconds:.0f} s)"))
            print(f"{m.name}: {verdict} {detail} ({seconds:.0f} s)", flush=True)
        # Leave the copy built unbroken, so the next run starts incremental.
        build(scratch, log, needs_browser(mutations))

    width = max((len(name) for name, _, _ in results), default=0)
    print("== summary")
    for name, verdict, detail in results:
        print(f"{name:<{width}}  {verdict:<11} {detail}")
    caught = sum(1 for _, verdict, _ in results if verdict == "caught")
    print(f"{caught} of {len(results)} breaks caught in {time.monotonic() - started:.0f} s")
    return 0 if caught == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
