"""The allocator's trimming under a steady load of strokes (issue 29, item 2): one `marginalia
serve` on SQLite, 128 keep-alive connections posting ink strokes in the command protocol at a
steady 250 a second (open loop, as Benchmarks/run_server.py offers them), and the server's
minor page faults counted per acknowledged stroke from /proc/PID/stat.

glibc gives the free top of a thread's arena back to the kernel (`madvise`) once it passes
the trim threshold (128 KiB unless set), and the next request faults the pages in again:
8-13 faults a stroke at 250 and at 500 a second before `serve` raised the threshold (ProcessMemory,
docs/deploy.md, "The allocator"). The connections are the benchmark's: eight clients posting in turn
showed the same faults with either threshold.

The load and the counting are steady_strokes.py's (MARGINALIA_STROKE_LOAD_REPORT=FILE writes
each run's figures as JSON)."""

from __future__ import annotations

import pytest

from steady_strokes import under_steady_load

# The load's rate is steady_strokes.RATE, 250 a second. The faults are the same a stroke at
# 250 and 500 a second (debug build, 2026-12-07 16:45, load 4: 1.2 and 8.3-10.7 at 250; 1.2
# and 8.3-8.4 at 500).
#: Minor faults a stroke the server may take. Measured here (2 cores, load average 15-20):
#: 8.1-10.3 with glibc's default trim threshold (main before the setting, and this test's
#: second case), 0.9-1.2 with ProcessMemory's (docs/benchmarks.md, 2026-12-07 16:40).
FAULTS_BOUND = 5.0


def test_a_stroke_under_a_steady_load_takes_few_page_faults(binary, tmp_path):
    figures = under_steady_load(binary, tmp_path / "data")
    assert figures["faultsPerStroke"] <= FAULTS_BOUND, figures


@pytest.mark.parametrize("env", [{"MALLOC_TRIM_THRESHOLD_": "131072"},
                                 {"GLIBC_TUNABLES": "glibc.malloc.check=0:glibc.malloc.trim_threshold=131072"}],
                         ids=["MALLOC_TRIM_THRESHOLD_", "GLIBC_TUNABLES"])
def test_the_trim_threshold_set_in_the_environment_is_kept(binary, tmp_path, env):
    """glibc's default threshold, set through the environment in either of the ways
    docs/deploy.md names: serve leaves it, and the faults of the default come back (which
    also shows that the load above is one the threshold matters to)."""
    figures = under_steady_load(binary, tmp_path / "data", env=env)
    assert figures["faultsPerStroke"] > FAULTS_BOUND, figures
