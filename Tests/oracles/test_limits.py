"""Resource limits (issue 8): every hostile input under 10 MB ends, through `check`,
`annotations` and `flatten`, in a result or a typed error (exit status 0 or 1, never a
signal), within 2 GiB of memory, with the library's default limits. And the limits are
configurable: MARGINALIA_LIMITS changes them, and a bad setting is a usage error."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from hostile_inputs import HOSTILE, MAX_INPUT

MEMORY_BOUND = 2 << 30
TIME_BOUND = 300  # seconds for one command: generous for a debug build on a loaded machine


def run_measured(argv: list[str], env: dict | None = None) -> tuple[int, str, int, float]:
    """(status, output, peak RSS in bytes, seconds) of one run; the status is negative for a signal."""
    started = time.monotonic()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        output, _ = process.communicate(timeout=TIME_BOUND)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"{' '.join(argv[:2])} ran longer than {TIME_BOUND} s")
    # communicate() reaped the child; its peak RSS is in the children's usage, the largest so far.
    peak = __import__("resource").getrusage(__import__("resource").RUSAGE_CHILDREN).ru_maxrss * 1024
    return process.returncode, output.decode(errors="replace"), peak, time.monotonic() - started


@pytest.fixture(scope="module")
def hostile_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("case", HOSTILE, ids=[case.name for case in HOSTILE])
def test_hostile_input_ends_in_a_result_or_a_typed_error_within_bounds(case, binary, hostile_dir):
    data = case.build()
    assert len(data) < MAX_INPUT, f"{case.name} is {len(data)} bytes"
    path = hostile_dir / f"{case.name}.pdf"
    path.write_bytes(data)
    outputs = []
    for command in (["check", str(path)], ["annotations", str(path), "--json"],
                    ["flatten", str(path), "-o", str(hostile_dir / f"{case.name}-flat.pdf")]):
        status, output, peak, seconds = run_measured([str(binary), *command])
        print(f"{case.name} {command[0]}: exit {status}, {seconds:.1f} s, peak {peak >> 20} MiB")
        assert status in (0, 1), f"{command[0]} {case.name}: exit {status}\n{output[-2000:]}"
        assert "Fatal error" not in output and "Stack dump" not in output, output[-2000:]
        if status == 1:
            assert output.strip(), "a failure says what was wrong"
        outputs.append(output)
    # ru_maxrss of RUSAGE_CHILDREN is the largest child so far: every run stayed under it.
    assert peak < MEMORY_BOUND, f"a run of {case.name} peaked at {peak >> 20} MiB"
    if case.expect:
        assert any(case.expect in output for output in outputs), outputs


def test_limits_are_configurable_from_the_environment(binary, tmp_path):
    sample = tmp_path / "sample.pdf"
    subprocess.run([str(binary), "sample", "-o", str(sample)], check=True, capture_output=True)
    env = dict(os.environ, MARGINALIA_LIMITS="maxPageCount=2")
    result = subprocess.run([str(binary), "info", str(sample)], env=env, capture_output=True, text=True)
    assert result.returncode == 1 and "limit exceeded: more than 2 pages (maxPageCount)" in result.stderr
    env["MARGINALIA_LIMITS"] = "maxPageCount=3, maxDecodedStreamSize=1M"
    assert subprocess.run([str(binary), "info", str(sample)], env=env, capture_output=True).returncode == 0
    env["MARGINALIA_LIMITS"] = "maxDocumentDecodedSize=1K"
    result = subprocess.run([str(binary), "check", str(sample)], env=env, capture_output=True, text=True)
    assert result.returncode == 1 and "past 1024 decoded bytes in all" in result.stdout
    for bad in ("maxPages=3", "maxPageCount=0", "maxPageCount=lots", "maxPageCount"):
        env["MARGINALIA_LIMITS"] = bad
        result = subprocess.run([str(binary), "info", str(sample)], env=env, capture_output=True, text=True)
        assert result.returncode == 2 and "MARGINALIA_LIMITS" in result.stderr, (bad, result.stderr)
