"""What every benchmark runner shares: building the release CLI, timing whole processes,
the Markdown table, the machine note and rewriting one workload's section of
docs/benchmarks.md.

A runner describes its tools as {name: (command shown in the report, argv)}, measures them
with measure() and renders the result with table(). Times are wall times of whole processes
(start-up included), runs are round-robin so that a noisy neighbour slows every tool alike,
and results are ratios to a peer measured in the same run.
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "Benchmarks" / "work"
REPORT = ROOT / "docs" / "benchmarks.md"
MIN_RUNS = 5

os.environ["PATH"] = "/opt/swift/usr/bin:" + os.environ.get("PATH", "")

REPORT_INTRO = """# Benchmarks

Benchmarks compare the `marginalia` command-line tool with other engines on the same input,
side by side in one run, and report ratios rather than absolute times (which depend on the
machine). They are not timed tests: nothing fails when a number moves. Each workload's section
below is rewritten by its runner in `Benchmarks/` (see Benchmarks/README.md).
"""


# MARK: - Command line and build

def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=int, default=7,
                        help=f"timed runs per tool (at least {MIN_RUNS})")
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--scratch-path", help="SwiftPM scratch path (default .build)")
    parser.add_argument("--marginalia", type=Path, help="use this binary; build nothing")
    parser.add_argument("--report", type=Path, default=REPORT, help="Markdown file to update")


def check_runs(parser: argparse.ArgumentParser, args) -> None:
    if args.runs < MIN_RUNS:
        parser.error(f"--runs must be at least {MIN_RUNS}")


#: The release build users get: the README's command and scripts/run.sh's, chosen by
#: Benchmarks/run_build.py (docs/benchmarks.md, workload "build"): the Swift runtime and
#: Foundation linked in, so start-up does not load and relocate them as shared libraries.
RELEASE_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib"]


def check_release_build_is_the_readmes() -> None:
    """Warn when README.md or scripts/run.sh build differently from RELEASE_BUILD: the
    benchmarks must time the build users get."""
    command = " ".join(RELEASE_BUILD)
    for path in (ROOT / "README.md", ROOT / "scripts" / "run.sh"):
        if command not in path.read_text():
            print(f"warning: {path.relative_to(ROOT)} does not build with `{command}`, "
                  "so these figures are not for the build users get", file=sys.stderr)


def build_flags(scratch_path):
    """The flags of RELEASE_BUILD after `-c release`, with the scratch path if one is given."""
    scratch = ["--scratch-path", scratch_path] if scratch_path else []
    return [*RELEASE_BUILD[4:], *scratch]


def release_bin_path(scratch_path) -> Path:
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", *build_flags(scratch_path), "--show-bin-path"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return Path(bin_path.strip()) / "marginalia"


def marginalia_binary(args) -> Path:
    """The binary to time: --marginalia as given, the existing build with --no-build, or a
    fresh release build."""
    if args.marginalia:
        return args.marginalia.resolve()
    check_release_build_is_the_readmes()
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", *build_flags(args.scratch_path)],
                       cwd=ROOT, check=True)
    return release_bin_path(args.scratch_path)


def ensure_input(path: Path, only: str) -> None:
    if not path.exists():
        subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "make_inputs.py"),
                        "--only", only], check=True)


# MARK: - Timing

def timed(argv):
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, stdin=subprocess.DEVNULL)
    return time.perf_counter() - start, done


def measure(tools, runs, check=None, prepare=None):
    """Median and minimum wall time per tool, and the reason a tool could not be measured.

    Each tool runs once to warm the file cache (and, with `check(name, completed)` returning
    a problem or "", to show that its answer is right), then `runs` times round-robin.
    `prepare(name)` runs before every run, outside the timing (e.g. to delete an output)."""
    times = {name: [] for name in tools}
    failures = {}
    for name, (_, argv) in tools.items():
        if prepare:
            prepare(name)
        _, done = timed(argv)
        if done.returncode != 0:
            failures[name] = f"exit {done.returncode}: " + done.stderr.decode(errors="replace")[:200]
        elif check:
            problem = check(name, done)
            if problem:
                failures[name] = problem
    for _ in range(runs):
        for name, (_, argv) in tools.items():
            if name in failures:
                continue
            if prepare:
                prepare(name)
            seconds, done = timed(argv)
            if done.returncode != 0:
                failures[name] = (f"exit {done.returncode} in a timed run: "
                                  + done.stderr.decode(errors="replace")[:200])
                continue
            times[name].append(seconds)
    results = {name: (statistics.median(t), min(t))
               for name, t in times.items() if t and name not in failures}
    return results, failures


def ratio(results, name, baseline):
    if name in results and baseline in results:
        return results[name][0] / results[baseline][0]
    return None


# MARK: - Report

def one_line(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def table(tools, results, failures, runs, baseline, columns=None):
    """A Markdown table of medians and minima with ratios to `baseline`. `columns` adds
    columns after the ratio: {heading: {tool name: text}}, e.g. whether each output was
    checked good."""
    columns = columns or {}
    extra_head = "".join(f" {heading} |" for heading in columns)
    extra_rule = " --- |" * len(columns)
    rows = [f"| tool | command | median (ms) | min (ms) | ratio to {baseline} |{extra_head}",
            f"| --- | --- | ---: | ---: | ---: |{extra_rule}"]
    for name, (shown, _) in tools.items():
        extra = "".join(f" {one_line(cells.get(name, ''))} |" for cells in columns.values())
        if name in failures:
            rows.append(f"| {name} | `{shown}` | failed: {one_line(failures[name])} | | |{extra}")
            continue
        median, minimum = results[name]
        r = ratio(results, name, baseline)
        shown_ratio = f"{r:.2f}x" if r is not None else "n/a"
        rows.append(f"| {name} | `{shown}` | {median * 1000:.1f} | {minimum * 1000:.1f} "
                    f"| {shown_ratio} |{extra}")
    rows.append("")
    rows.append(f"Median of {runs} runs each after one warm-up run; wall time of the whole process.")
    if results:
        spread = max(median / minimum - 1 for median, minimum in results.values())
        rows.append(f"Noise in this run: a median is up to {spread:.0%} above its minimum.")
    return "\n".join(rows)


def version(argv):
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        return (done.stdout or done.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "unknown"


def python_package_version(module: str) -> str:
    try:
        package = __import__(module)
    except ImportError:
        return f"{module} not installed"
    if module == "pikepdf":
        return f"pikepdf {package.__version__} (libqpdf {package.__libqpdf_version__})"
    if module == "pymupdf":
        return f"PyMuPDF {package.VersionBind} (MuPDF {package.VersionFitz})"
    return f"{module} {package.__version__}"


def machine_note(python_modules=("pikepdf",)):
    """Machine, tool versions and date, as a Markdown list."""
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    modules = "; ".join(python_package_version(m) for m in python_modules)
    return "\n".join([
        f"- Machine: {platform.system()} {platform.release()}, {os.cpu_count()} logical CPUs "
        f"({cpu}); shared with other jobs, so times are noisy (see under the table).",
        "- Tools: " + "; ".join(part for part in (
            version(['swift', '--version']), version(['mutool', '-v']), version(['qpdf', '--version']),
            modules, f"Python {platform.python_version()}") if part) + ".",
        f"- Run: {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}.",
    ])


def section_markers(workload: str):
    return (f"<!-- workload {workload}: written by Benchmarks/run_{workload}.py -->",
            f"<!-- end of workload {workload} -->")


def write_section(report: Path, workload: str, text: str) -> None:
    """Replace this workload's section of the report (between its markers), or append it;
    the other workloads' sections stay as they are."""
    begin, end = section_markers(workload)
    block = f"{begin}\n{text.strip()}\n{end}\n"
    current = report.read_text() if report.exists() else REPORT_INTRO
    if begin in current and end in current:
        head, rest = current.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        updated = head + block + ("\n" + tail if tail else "")
    else:
        updated = current.rstrip("\n") + "\n\n" + block
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(updated)


# MARK: - Checking outputs

def qpdf_check(path: Path) -> str:
    """"" when `qpdf --check` is clean, else its verdict and first complaint."""
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    if done.returncode == 0:
        return ""
    lines = [line for line in (done.stderr + done.stdout).splitlines()
             if "WARNING" in line or "error" in line.lower()]
    first = lines[0].replace(f"{path}: ", "").replace("WARNING: ", "") if lines else "no message"
    if done.returncode == 3:  # qpdf's exit status for "succeeded with warnings"
        return f"qpdf --check warns: {first}"
    return f"qpdf --check fails (exit {done.returncode}): {first}"


def verdict(failed: bool, qpdf: str) -> str:
    """The start of a verification cell: "FAILED" for a wrong output or a qpdf error, "ok,
    but" when qpdf only warns (it still says the operation succeeded), else "ok"; the
    caller appends its problems and qpdf's message."""
    if failed or (qpdf and "warns" not in qpdf):
        return "FAILED: "
    return "ok, but " if qpdf else "ok"


def render_page(path: Path, page: int, dpi: int, hide_annotations=False):
    """(width, height, RGB bytes) of a 1-based page rendered by poppler's pdftoppm, which
    draws annotations from their appearance streams unless told to hide them."""
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory) / "page"
        argv = ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
        if hide_annotations:
            argv.append("-hide-annotations")
        subprocess.run([*argv, str(path), str(root)], check=True, capture_output=True)
        data = root.with_suffix(".ppm").read_bytes()
    # Binary PPM: "P6", width, height, maxval, each followed by whitespace, then the pixels.
    fields, offset = [], 0
    while len(fields) < 4:
        end = offset
        while data[end] not in b" \t\r\n":
            end += 1
        if end > offset:
            fields.append(data[offset:end])
        offset = end + 1
    assert fields[0] == b"P6" and fields[3] == b"255", "expected an 8-bit binary PPM"
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[offset:offset + width * height * 3]


def mean_abs_difference(a, b) -> float:
    """Mean absolute difference per colour sample (0-255) of two renderings of one size."""
    if a[:2] != b[:2]:
        return float("inf")
    return sum(abs(x - y) for x, y in zip(a[2], b[2])) / len(a[2])
