"""(d) Encrypted corpus files: the right password opens, a missing or wrong one is refused."""

import re

import pytest

from oracle_helpers import pikepdf_facts, run_command

WRONG_PASSWORD = "not-the-password-0"


def info(binary, entry, *options):
    return run_command([str(binary), "info", str(entry.path), "--json", *options], timeout=120)


def assert_refused(result, pattern=r"password"):
    """Exit 1 with one line on stderr that says why, and no crash."""
    assert not result.crashed and not result.timed_out, result.describe()
    assert result.returncode == 1, result.describe()
    assert len(result.stderr_lines) == 1, result.describe()
    assert re.search(pattern, result.stderr, re.IGNORECASE), result.describe()


@pytest.mark.parametrize("which", ["user", "owner"])
def test_known_password_opens(encrypted_entry, which, binary):
    password = getattr(encrypted_entry, f"{which}_password")
    if password is None:
        pytest.skip(f"the manifest names no {which} password")
    result = info(binary, encrypted_entry, "--password", password)
    assert result.returncode == 0, result.describe()
    document = result.json()
    assert document["encrypted"] is True
    assert document["pageCount"] == pikepdf_facts(encrypted_entry.path, password).page_count


def test_missing_password(encrypted_entry, binary):
    """Without a password: refused when a user password is set, opened when it is empty."""
    result = info(binary, encrypted_entry)
    if encrypted_entry.needs_user_password:
        assert_refused(result)
    else:
        assert result.returncode == 0, result.describe()
        assert result.json()["encrypted"] is True


def test_wrong_password_is_refused(encrypted_entry, binary):
    if not encrypted_entry.needs_user_password:
        pytest.skip("the empty user password opens this file, so any password may be ignored")
    assert_refused(info(binary, encrypted_entry, "--password", WRONG_PASSWORD))


def test_locked_file_is_refused(locked_entry, binary):
    """Files we cannot open (public-key security, unknown password) end in a clear error."""
    pattern = (r"password|certificate|public.key|security handler|pubsec"
               if locked_entry.needs_certificate else r"password")
    assert_refused(info(binary, locked_entry), pattern)
