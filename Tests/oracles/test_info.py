"""(a) `marginalia info --json` against pikepdf on every corpus file."""

import pytest

from oracle_helpers import first, page_differences, pikepdf_facts

METADATA_KEYS = {"title", "author", "subject", "keywords", "creator", "producer",
                 "creationDate", "modificationDate"}
TOP_LEVEL_KEYS = {"file", "version", "pageCount", "encrypted", "encryption", "repaired",
                  "warnings", "metadata", "pages"}


def info_for(entry, jobs):
    """The `info --json` result for a file pikepdf opens, after the checks every test shares."""
    if entry.locked:
        pytest.skip("needs a certificate or an unknown password (test_passwords covers it)")
    result = jobs.get("info", entry)
    assert not result.crashed and not result.timed_out, result.describe()
    if not entry.opens_in("pikepdf"):
        # No oracle can read it: it must still end as a document or a one-line error.
        assert result.returncode in (0, 1), result.describe()
        pytest.skip("no oracle opens this file; checked only that info ends cleanly")
    assert result.returncode == 0, result.describe()
    return result.json()


@pytest.mark.jobs("info")
def test_info_reports_page_count(entry, jobs):
    info = info_for(entry, jobs)
    assert TOP_LEVEL_KEYS <= info.keys(), f"missing keys {TOP_LEVEL_KEYS - info.keys()}"
    assert info["metadata"] is not None and METADATA_KEYS <= info["metadata"].keys()
    facts = pikepdf_facts(entry.path, entry.password)
    assert info["pageCount"] == facts.page_count
    assert len(info["pages"]) == facts.page_count


@pytest.mark.jobs("info")
def test_info_pages_match_pikepdf(entry, jobs):
    info = info_for(entry, jobs)
    facts = pikepdf_facts(entry.path, entry.password)
    problems = page_differences(info["pages"], facts.pages, list(range(1, facts.page_count + 1)))
    assert not problems, first(problems)


@pytest.mark.jobs("info")
def test_info_metadata_matches_pikepdf(entry, jobs):
    info = info_for(entry, jobs)
    expected = pikepdf_facts(entry.path, entry.password).metadata
    if not expected:
        pytest.skip("no text-string Info entries to compare")
    problems = [f"{key}: {info['metadata'].get(key)!r} expected {value!r}"
                for key, value in expected.items() if info["metadata"].get(key) != value]
    assert not problems, first(problems)


@pytest.mark.jobs("info")
def test_info_version_is_the_effective_version(entry, jobs):
    """The header version, or the catalog's /Version when that is later (PDF 32000-1 7.5.2)."""
    info = info_for(entry, jobs)
    assert info["version"] == entry.version


@pytest.mark.jobs("info")
def test_info_reports_encryption(entry, jobs):
    info = info_for(entry, jobs)
    facts = pikepdf_facts(entry.path, entry.password)
    assert info["encrypted"] is facts.encrypted
    if not facts.encrypted:
        assert info["encryption"] is None
        return
    encryption = info["encryption"]
    assert isinstance(encryption, dict) and {"method", "revision", "permissions"} <= encryption.keys()
    revisions = [tag.split("R")[-1] for tag in entry.tag_values("enc:")]
    assert str(encryption["revision"]) in revisions
