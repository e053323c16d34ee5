"""(e) `marginalia check` on the corpus, and every command on bad input."""

import pytest

from oracle_helpers import pikepdf_reads_cleanly
from oracle_jobs import BAD_INPUT_COMMANDS, BAD_INPUT_TIMEOUT, BadInput, BadInputCase

# MARK: - check on the corpus


@pytest.mark.jobs("check")
def test_check_ends_cleanly(entry, jobs):
    """Every file, damaged or not, gets a verdict (0 or 1), never a crash or a hang."""
    if entry.locked:
        pytest.skip("needs a certificate or an unknown password (test_passwords covers it)")
    result = jobs.get("check", entry)
    assert not result.crashed and not result.timed_out, result.describe()
    assert result.returncode in (0, 1), result.describe()


@pytest.mark.jobs("check", "info")
def test_check_accepts_clean_files(entry, jobs):
    if entry.locked or entry.damaged:
        pytest.skip("tagged broken-xref or damaged, or cannot be opened")
    if not pikepdf_reads_cleanly(entry.path, entry.password):
        pytest.skip("pikepdf warns while reading it")
    result = jobs.get("check", entry)
    assert result.returncode == 0, result.describe()
    info = jobs.get("info", entry)
    assert info.returncode == 0, info.describe()
    assert info.json()["repaired"] is False, "a file that reads cleanly was reported repaired"


# MARK: - bad input

GARBAGE = [BadInput("empty"), BadInput("random"), BadInput("random-with-header")]


def truncation_sources(entries):
    """A few small corpus files of different kinds, cut in half for the bad-input tests."""
    wanted = [
        lambda e: e.has_tag("xref-table") and not e.has_tag("linearized"),
        lambda e: e.has_tag("xref-stream") and e.has_tag("objstm"),
        lambda e: e.has_tag("linearized"),
        lambda e: e.has_tag("password:none"),
    ]
    chosen = []
    for accepts in wanted:
        for entry in entries:
            if (accepts(entry) and not entry.damaged and entry not in chosen
                    and 20_000 < entry.path.stat().st_size < 2_000_000):
                chosen.append(entry)
                break
    return chosen


def pytest_generate_tests(metafunc):
    if "bad_case" in metafunc.fixturenames:
        inputs = list(GARBAGE)
        for entry in truncation_sources(metafunc.config.marginalia_entries):
            stem = entry.name.removesuffix(".pdf")
            inputs += [BadInput(f"{stem}-first-half", entry.path, "first"),
                       BadInput(f"{stem}-second-half", entry.path, "second")]
        cases = [BadInputCase(i, command) for i in inputs for command in BAD_INPUT_COMMANDS]
        metafunc.parametrize("bad_case", cases, ids=[str(c) for c in cases])


@pytest.mark.jobs("bad-input")
def test_bad_input(bad_case, jobs):
    """Garbage is refused with exit 1; a truncated file is refused or repaired; none crashes."""
    outcome = jobs.get("bad-input", bad_case)
    result = outcome.cli
    assert not result.timed_out, f"no answer within {BAD_INPUT_TIMEOUT} s: " + result.describe()
    assert not result.crashed, result.describe()
    truncated_and_repaired = (bad_case.input.truncated and result.returncode == 0
                              and bad_case.command != "check")
    if truncated_and_repaired:
        if bad_case.command == "info-json":
            assert result.json()["repaired"] is True, "a truncated file must be reported repaired"
        return
    assert result.returncode == 1, result.describe()
    if bad_case.command != "check":
        assert len(result.stderr_lines) == 1, "errors are one line on stderr: " + result.describe()
    assert not outcome.wrote_output, "a failed command left an output file behind"
