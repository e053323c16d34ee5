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


def test_compact_removes_encryption(encrypted_entry, binary, tmp_path):
    """`compact --remove-encryption` with a known password: qpdf finds no encryption and no
    damage, and pikepdf and PyMuPDF read the same pages and text as from the original opened
    with its password."""
    fitz = pytest.importorskip("fitz")
    import subprocess
    password = encrypted_entry.user_password or encrypted_entry.owner_password or ""
    output = tmp_path / "clear.pdf"
    result = run_command([str(binary), "compact", str(encrypted_entry.path), "-o", str(output),
                          "--remove-encryption", "--password", password], timeout=120)
    assert result.returncode == 0, result.describe()
    # A signed file is rewritten all the same (only a rewrite removes encryption), and said so.
    signed = subprocess.run(["pdfsig", str(encrypted_entry.path)], capture_output=True, text=True)
    assert ("do not verify" in result.stderr) == ("Signature #1" in signed.stdout), result.describe()
    shown = subprocess.run(["qpdf", "--show-encryption", str(output)], capture_output=True, text=True)
    assert "File is not encrypted" in shown.stdout, shown.stdout + shown.stderr
    check = subprocess.run(["qpdf", "--check", str(output)], capture_output=True, text=True)
    before = subprocess.run(["qpdf", f"--password={password}", "--check", str(encrypted_entry.path)],
                            capture_output=True, text=True)
    # qpdf exits 0 when clean, 3 with warnings only, 2 with errors: ours has no errors and is
    # no worse than the original.
    severity = {0: 0, 3: 1, 2: 2}
    assert severity.get(check.returncode, 9) <= min(1, severity.get(before.returncode, 9)), check.stdout + check.stderr
    assert pikepdf_facts(output, None).page_count == pikepdf_facts(encrypted_entry.path, password).page_count
    original = fitz.open(str(encrypted_entry.path))
    assert original.authenticate(password)
    clear = fitz.open(str(output))
    assert not clear.needs_pass
    assert [page.get_text() for page in clear] == [page.get_text() for page in original]
