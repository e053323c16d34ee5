"""The bundled Samples/sample.pdf, whose every fact is known, and the CLI's contract:
page ranges, page operations, atomic in-place writes, usage errors."""

import shutil
from pathlib import Path

import pytest

from oracle_helpers import (PageFacts, boxes_equal, facts_differences, first, pikepdf_facts,
                            qpdf_check, run_command)

SAMPLE = Path(__file__).resolve().parents[2] / "Samples" / "sample.pdf"
LETTER = (0.0, 0.0, 612.0, 792.0)
A4 = (0.0, 0.0, 595.276, 841.89)
CROPPED = (36.0, 36.0, 576.0, 756.0)
SAMPLE_PAGES = (
    PageFacts(LETTER, LETTER, 0, 2),
    PageFacts(A4, A4, 0, 0),
    PageFacts(LETTER, CROPPED, 90, 0),
)


def marginalia(binary, *args):
    return run_command([str(binary), *map(str, args)], timeout=120)


def json_info(binary, path, *options):
    result = marginalia(binary, "info", path, "--json", *options)
    assert result.returncode == 0, result.describe()
    return result.json()


def assert_pages(pages, expected, numbers):
    assert [p["number"] for p in pages] == numbers
    for page, facts in zip(pages, expected):
        assert boxes_equal(page["mediaBox"], facts.media_box), page
        assert boxes_equal(page["cropBox"], facts.crop_box), page
        assert page["rotation"] == facts.rotation, page
        assert page["annotationCount"] == facts.annotation_count, page


def test_sample_info(binary):
    info = json_info(binary, SAMPLE)
    assert info["version"] == "1.7"
    assert info["pageCount"] == 3
    assert info["encrypted"] is False and info["encryption"] is None
    assert info["repaired"] is False
    metadata = info["metadata"]
    assert metadata["title"] == "Marginalia sample"
    assert metadata["author"] == "The Marginalia authors"
    assert metadata["keywords"] == "Marginalia, PDF, annotations, sample"
    assert metadata["creator"] == "scripts/make_sample.py"
    assert metadata["producer"] == "Marginalia sample writer (Python)"
    assert metadata["creationDate"] is not None
    assert metadata["modificationDate"] is None
    assert_pages(info["pages"], SAMPLE_PAGES, [1, 2, 3])


def test_sample_info_text(binary):
    result = marginalia(binary, "info", SAMPLE)
    assert result.returncode == 0, result.describe()
    assert "Marginalia sample" in result.stdout


@pytest.mark.parametrize("selection, numbers", [("2", [2]), ("2-3", [2, 3]), ("1-1", [1])])
def test_page_range(binary, selection, numbers):
    info = json_info(binary, SAMPLE, "--pages", selection)
    assert info["pageCount"] == 3
    assert_pages(info["pages"], [SAMPLE_PAGES[n - 1] for n in numbers], numbers)


# Start [P1 Letter, P2 A4, P3 Letter rotated + cropped]:
#   --insert-blank 0:200x300  -> [B1 200x300, P1, P2, P3]
#   --insert-blank 3          -> [B1, P1, P2, B2 (A4, the size of page 3), P3]
#   --remove 2                -> [B1, P2, B2, P3]
#   --move 4:1                -> [P3, B1, P2, B2]
#   --rotate 2:90             -> B1 turned a quarter
PAGE_OPERATIONS = ["--insert-blank", "0:200x300", "--insert-blank", "3", "--remove", "2",
                   "--move", "4:1", "--rotate", "2:90"]
AFTER_OPERATIONS = (
    SAMPLE_PAGES[2],
    PageFacts((0.0, 0.0, 200.0, 300.0), (0.0, 0.0, 200.0, 300.0), 90, 0),
    SAMPLE_PAGES[1],
    PageFacts(A4, A4, 0, 0),
)


@pytest.mark.parametrize("mode", ["incremental", "compact"])
def test_page_operations_apply_in_order(binary, tmp_path, mode):
    output = tmp_path / "pages.pdf"
    options = ["--compact"] if mode == "compact" else []
    result = marginalia(binary, "pages", SAMPLE, "-o", output, *options, *PAGE_OPERATIONS)
    assert result.returncode == 0, result.describe()
    if mode == "incremental":
        assert output.read_bytes().startswith(SAMPLE.read_bytes())
    check = qpdf_check(output, None)
    assert check.returncode == 0, check.describe()
    problems = facts_differences(pikepdf_facts(output, None).pages, AFTER_OPERATIONS)
    assert not problems, first(problems)
    assert_pages(json_info(binary, output)["pages"], AFTER_OPERATIONS, [1, 2, 3, 4])


def test_output_may_replace_the_input(binary, tmp_path):
    """`-o` naming the input replaces it atomically with the updated file."""
    path = tmp_path / "sample.pdf"
    shutil.copyfile(SAMPLE, path)
    result = marginalia(binary, "pages", path, "-o", path, "--rotate", "1:90")
    assert result.returncode == 0, result.describe()
    assert path.read_bytes().startswith(SAMPLE.read_bytes())
    assert pikepdf_facts(path, None).pages[0].rotation == 90
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sample.pdf"], "temporary files left"


def test_compact_of_sample(binary, tmp_path):
    output = tmp_path / "compact.pdf"
    result = marginalia(binary, "compact", SAMPLE, "-o", output, "--object-streams")
    assert result.returncode == 0, result.describe()
    assert qpdf_check(output, None).returncode == 0
    assert not facts_differences(pikepdf_facts(output, None).pages, SAMPLE_PAGES)


def test_check_of_sample(binary):
    result = marginalia(binary, "check", SAMPLE)
    assert result.returncode == 0, result.describe()


@pytest.mark.parametrize("args", [
    [],
    ["no-such-command"],
    ["info"],
    ["info", SAMPLE, "--no-such-option"],
    ["pages", SAMPLE, "--rotate", "1:90"],  # no -o
    ["compact", SAMPLE],  # no -o
], ids=["nothing", "unknown-command", "info-without-file", "unknown-option",
        "pages-without-output", "compact-without-output"])
def test_usage_errors_exit_2(binary, args):
    result = marginalia(binary, *args)
    assert result.returncode == 2, result.describe()
    assert result.stderr.strip(), "a usage error says what is wrong on stderr"


def test_missing_file_exits_1(binary, tmp_path):
    result = marginalia(binary, "info", tmp_path / "missing.pdf")
    assert result.returncode == 1, result.describe()
    assert len(result.stderr_lines) == 1, result.describe()
