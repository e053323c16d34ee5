#!/usr/bin/env python3
"""What one ink stroke costs the server in instructions (callgrind), repeatable on a busy machine.

Timing a server on a machine shared with builds and tests measures the neighbours as much as the
server (docs/benchmarks.md, workload "profile"); instruction counts do not move with the load.
This runs `marginalia serve` on a fresh data folder (SQLite) under
`valgrind --tool=callgrind` twice: once taking a warm-up of W strokes and nothing more, once
taking the same warm-up and then N strokes, both from run_profile.py's keep-alive clients (40
points a stroke, `POST …/commands`, each client waiting for its answer). The server is stopped
(SIGTERM) once the strokes are answered and its event streams, if any, have them all.

    instructions per stroke = (total with N strokes - total with 0) / N

and the same difference per function, inclusive (with what it calls) and self, gives the top
entries per stroke. Work the server does in the background because of the strokes (the text
index, paced to at most every 2 s) is counted too, and depends on how long the run lasts, so
it is reported on its own line.

    python3 Benchmarks/run_stroke_instructions.py [--marginalia BIN] [--strokes 400]
        [--warm-up 50] [--clients 4] [--subscribers 0] [--top 15] [--keep DIR]
"""

import argparse
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_common as bench
from run_profile import Subscribers, demangle, document_id, send_strokes
from server_setups import free_port

#: Frames every request passes through that say nothing about where its cost goes, and the
#: second entries callgrind makes for a function called recursively (`name'2`).
WRAPPERS = re.compile(r"^(0x|\?\?\?|\(below main\)|start_thread|clone|thread_start|_start$|main$)|'\d+$")


def wait_listening(port: int, process: subprocess.Popen, deadline_seconds: float = 300) -> None:
    """Waits for the server under valgrind (start-up is 20 to 50 times slower) to listen."""
    import socket
    deadline = time.time() + deadline_seconds
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"marginalia serve under valgrind exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("marginalia serve under valgrind did not start listening")


def without_debug_info(binary: Path, folder: Path) -> Path:
    """A copy of `binary` without its DWARF (valgrind 3.19 cannot read Swift 6's DWARF 5 and
    gives up); callgrind names functions from the symbol table, which stays."""
    copy = folder / binary.name
    subprocess.run(["objcopy", "--strip-debug", str(binary), str(copy)], check=True)
    return copy


def run(binary: Path, strokes: int, args, out: Path) -> dict:
    """One server under callgrind taking the warm-up and `strokes` strokes; the profile's path."""
    folder = Path(tempfile.mkdtemp(prefix="marginalia-callgrind-"))
    port = free_port()
    process = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                                str(binary), "serve", "--port", str(port), "--data", str(folder / "data")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subscribers = None
    try:
        wait_listening(port, process)
        document = document_id(port)
        if args.subscribers:
            subscribers = Subscribers(port, document, args.subscribers)
        sent = send_strokes(port, document, args.clients, args.warm_up)
        if strokes:
            sent += send_strokes(port, document, args.clients, strokes)
        if subscribers:
            subscribers.wait_for([sent] * args.subscribers, deadline_seconds=600)
    finally:
        if subscribers:
            subscribers.stop()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=600)
        shutil.rmtree(folder, ignore_errors=True)
    return {"strokes": sent, "file": out}


def costs(profile: Path, inclusive: bool) -> tuple[int, dict[str, int]]:
    """The program's total instructions and {function: instructions} (self, or inclusive)."""
    report = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}",
                             "--threshold=100", str(profile)], capture_output=True, text=True, check=True).stdout
    total = 0
    functions: dict[str, int] = {}
    for line in report.splitlines():
        match = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?)\s*$", line)
        if not match:
            continue
        count = int(match.group(1).replace(",", ""))
        name = match.group(2)
        if name.startswith("PROGRAM TOTALS"):
            total = count
            continue
        if ":" in name:
            name = name.split(":", 1)[1]  # file:function
        name = re.sub(r"\s*\[[^\]]*\]$", "", name)  # the object file
        functions[name] = functions.get(name, 0) + count
    return total, functions


#: The text indexer's entry (mangled `TextIndexer.work()`): it indexes the document again at
#: most every 2 s while strokes come, so under valgrind, 50 times slower, it runs far more often
#: per stroke than at full speed.
INDEXER = re.compile(r"TextIndexerC4work")


def background(inclusive: dict[str, int]) -> int:
    """The instructions of the text indexer's passes (inclusive)."""
    return max((count for name, count in inclusive.items() if INDEXER.search(name)), default=0)


def per_stroke(base: dict[str, int], loaded: dict[str, int], strokes: int, top: int, skip_wrappers: bool) -> list[tuple[int, str]]:
    rows = [((loaded.get(name, 0) - base.get(name, 0)) / strokes, name) for name in loaded]
    if skip_wrappers:
        rows = [row for row in rows if not WRAPPERS.search(row[1])]
    rows = sorted(rows, reverse=True)[:top]
    names = demangle([name for _, name in rows])
    return [(round(count), " ".join(name.split())[:120]) for (count, _), name in zip(rows, names)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--marginalia", type=Path, help="the binary (default: the release build, built first)")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--scratch-path")
    parser.add_argument("--strokes", type=int, default=400)
    parser.add_argument("--warm-up", type=int, default=40)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--subscribers", type=int, default=0)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--keep", type=Path, help="keep the two callgrind profiles in this folder")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("run_stroke_instructions.py needs valgrind")
    binary = args.marginalia.resolve() if args.marginalia else bench.marginalia_binary(args)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="marginalia-callgrind-out-"))
    folder.mkdir(parents=True, exist_ok=True)
    binary = without_debug_info(binary, folder)
    idle = run(binary, 0, args, folder / "callgrind.idle")
    loaded = run(binary, args.strokes, args, folder / "callgrind.strokes")
    strokes = loaded["strokes"] - idle["strokes"]
    idle_total, idle_self = costs(idle["file"], inclusive=False)
    loaded_total, loaded_self = costs(loaded["file"], inclusive=False)
    _, idle_inclusive = costs(idle["file"], inclusive=True)
    _, loaded_inclusive = costs(loaded["file"], inclusive=True)
    print(f"binary: {args.marginalia or binary}")
    print(f"{strokes} strokes after a warm-up of {args.warm_up}, {args.clients} clients, {args.subscribers} subscribers")
    print(f"total instructions: {idle_total:,} with 0 strokes, {loaded_total:,} with {strokes}")
    per = (loaded_total - idle_total) / strokes
    indexer = (background(loaded_inclusive) - background(idle_inclusive)) / strokes
    print(f"instructions per stroke: {per:,.0f}")
    print(f"  of which the text index in the background: {indexer:,.0f} (depends on the run's length)")
    print(f"  without it: {per - indexer:,.0f}")
    print("\ninclusive, per stroke:")
    for count, name in per_stroke(idle_inclusive, loaded_inclusive, strokes, args.top, skip_wrappers=True):
        print(f"{count:>12,}  {name}")
    print("\nself, per stroke:")
    for count, name in per_stroke(idle_self, loaded_self, strokes, args.top, skip_wrappers=False):
        print(f"{count:>12,}  {name}")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
