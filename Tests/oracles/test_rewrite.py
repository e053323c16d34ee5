"""(b) compact rewrites and (c) incremental updates of every corpus file, judged by qpdf,
pikepdf, PyMuPDF and pypdf."""

from dataclasses import replace

import pytest

from oracle_helpers import (facts_differences, first, pikepdf_facts, pymupdf_page_count,
                            pypdf_page_count)


def signature_facts(entry):
    """(the names of the signed fields, the certification's DocMDP P or None), read by pikepdf:
    a signed field is a /Sig field with a value; a certified document has /Perms /DocMDP."""
    import pikepdf
    with pikepdf.open(entry.path, password=entry.password or "") as pdf:
        names = []
        fields = list(pdf.Root.get("/AcroForm", {}).get("/Fields", []))
        while fields:
            field = fields.pop()
            fields.extend(field.get("/Kids", []))
            if field.get("/FT") == pikepdf.Name.Sig and "/V" in field:
                names.append(str(field.get("/T", "")))
        perms = pdf.Root.get("/Perms")
        permission = None
        if perms is not None and "/DocMDP" in perms:
            reference = perms.DocMDP.get("/Reference", [])
            params = reference[0].get("/TransformParams", {}) if len(reference) else {}
            permission = int(params.get("/P", 2))
        return names, permission


def assert_refused(entry, jobs, kind, because):
    """The job was refused (exit 1, the reason on stderr) and wrote nothing: what issue 31
    asks of a rewrite of signed bytes and of a change a certification forbids."""
    outcome = jobs.get(kind, entry)
    assert outcome.cli.returncode == 1, outcome.cli.describe()
    assert because in outcome.cli.stderr, outcome.cli.describe()
    assert outcome.input_unchanged, "the input file was modified"
    assert not outcome.output.exists(), "a refused job wrote its output"


def written(entry, jobs, kind):
    """The outcome of a writing job, after the checks that every file must pass."""
    if entry.locked:
        pytest.skip("needs a certificate or an unknown password (test_passwords covers it)")
    outcome = jobs.get(kind, entry)
    assert not outcome.cli.crashed and not outcome.cli.timed_out, outcome.cli.describe()
    assert outcome.input_unchanged, "the input file was modified"
    if not entry.opens_in("pikepdf"):
        assert outcome.cli.returncode in (0, 1), outcome.cli.describe()
        pytest.skip("no oracle opens this file; checked only that the command ends cleanly")
    assert outcome.cli.returncode == 0, outcome.cli.describe()
    assert outcome.output.is_file(), "no output file"
    return outcome


def record_warnings(qpdf_warnings, kind, entry, outcome):
    """Keep qpdf's warnings on a written file for the end-of-run summary."""
    if outcome.qpdf.warnings:
        qpdf_warnings[f"{kind} {entry.name}"] = [
            w.replace(str(outcome.output), "OUT") for w in outcome.qpdf.warnings]


def qpdf_accepts(check, original) -> bool:
    """qpdf --check passes (0, or 3 for warnings only), or its only errors are ones it already
    reported in the original (undecodable page content, say, which a writer copies but cannot
    mend)."""
    if check.passed:
        return True
    return original.returncode == 2 and check.error_kinds() <= original.error_kinds()


@pytest.mark.jobs("compact", "compact-objstm")
@pytest.mark.parametrize("kind", ["compact", "compact-objstm"])
def test_compact_rewrite(entry, kind, jobs, qpdf_warnings):
    if not entry.locked and entry.opens_in("pikepdf") and signature_facts(entry)[0]:
        assert_refused(entry, jobs, kind, "signed")  # a rewrite moves the bytes signatures cover
        return
    outcome = written(entry, jobs, kind)
    check = outcome.qpdf
    record_warnings(qpdf_warnings, kind, entry, outcome)
    assert qpdf_accepts(check, jobs.get("qpdf-original", entry)), check.describe()
    assert not check.damage_warnings, "a fresh rewrite must not need repair: " + check.describe()
    expected = pikepdf_facts(entry.path, entry.password)
    assert pymupdf_page_count(outcome.output, entry.password) == expected.page_count
    assert pypdf_page_count(outcome.output, entry.password) == expected.page_count
    got = pikepdf_facts(outcome.output, entry.password)
    problems = facts_differences(got.pages, expected.pages)
    assert not problems, first(problems)


@pytest.mark.jobs("incremental", "qpdf-original")
def test_incremental_rotate_first_page(entry, jobs, qpdf_warnings):
    if not entry.locked and entry.opens_in("pikepdf") and signature_facts(entry)[1] == 1:
        assert_refused(entry, jobs, "incremental", "certified")  # DocMDP P=1 allows no change
        return
    outcome = written(entry, jobs, "incremental")
    original_bytes = entry.path.read_bytes()
    output_bytes = outcome.output.read_bytes()
    assert output_bytes[:len(original_bytes)] == original_bytes, \
        "the original is not a byte prefix of the incremental update"
    assert len(output_bytes) > len(original_bytes), "nothing was appended"

    check, original = outcome.qpdf, jobs.get("qpdf-original", entry)
    record_warnings(qpdf_warnings, "incremental", entry, outcome)
    if check.crashed and original.crashed:
        pytest.skip("qpdf --check itself crashes on the original, so it cannot judge the update")
    assert qpdf_accepts(check, original), check.describe()
    assert not check.damage_warnings or original.damage_warnings, \
        "the update made qpdf repair a file it read cleanly: " + check.describe()

    expected = pikepdf_facts(entry.path, entry.password)
    for library, count in (("pymupdf", pymupdf_page_count), ("pypdf", pypdf_page_count)):
        if entry.opens_in(library):  # a library that cannot read the original is no judge
            assert count(outcome.output, entry.password) == expected.page_count, library
    # Page 1 turns a quarter clockwise; everything else about every page stays as it was.
    first_page = expected.pages[0]
    wanted = (replace(first_page, rotation=(first_page.rotation + 90) % 360),) + expected.pages[1:]
    problems = facts_differences(pikepdf_facts(outcome.output, entry.password).pages, wanted)
    assert not problems, first(problems)
