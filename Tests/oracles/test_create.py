"""`marginalia create` judged by other engines: poppler extracts exactly the text drawn (accented
Latin, Greek and Cyrillic in DejaVu Sans), pdffonts shows embedded subsets with ToUnicode maps,
qpdf finds nothing wrong, PyMuPDF reads the metadata, subsets stay small."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pymupdf
import pytest

from oracle_helpers import qpdf_check, run_command

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
LINES = [
    "Héllo wörld, déjà vu, naïve café.",
    "Ωμέγα αλφάβητο και λέξεις.",
    "Привет, мир и доброе утро.",
]


def words(text: str) -> list[str]:
    return text.split()


@pytest.fixture(scope="module")
def dejavu():
    if not DEJAVU.exists():
        pytest.fail(f"{DEJAVU} is missing: scripts/install-deps.sh installs fonts-dejavu-core")
    return DEJAVU


def create(binary, tmp_path, name, text, *options):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / (source.stem + ".pdf")
    result = run_command([str(binary), "create", str(source), "-o", str(out), *options], 120)
    assert result.returncode == 0, result.describe()
    return out, result


def extract(path: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True).stdout.decode()


def test_text_in_three_scripts_extracts_exactly(binary, tmp_path, dejavu):
    out, _ = create(binary, tmp_path, "scripts.txt", "\n\n".join(LINES), "--font", str(dejavu), "--title", "Scripts", "--author", "Ada")
    assert words(extract(out)) == words(" ".join(LINES))
    fonts = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    assert fonts, "no fonts listed"
    for line in fonts:
        assert "+" in line.split()[0], f"not a subset: {line}"
        assert line.split()[-5:-2] == ["yes", "yes", "yes"], f"not embedded/subset/ToUnicode: {line}"
    assert qpdf_check(out, None).returncode == 0
    document = pymupdf.open(out)
    assert document.metadata["title"] == "Scripts" and document.metadata["author"] == "Ada"
    assert document.get_xml_metadata().count("Scripts") >= 1


def test_latin_page_embeds_a_small_subset(binary, tmp_path, dejavu):
    paragraph = ("The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly; "
                 "sphinx of black quartz, judge my vow. 0123456789 (,.;:!?) ")
    out, _ = create(binary, tmp_path, "latin.txt", "\n\n".join([paragraph * 3] * 12), "--font", str(dejavu))
    document = pymupdf.open(out)
    assert document.page_count >= 1
    sizes = []
    for xref in range(1, document.xref_length()):
        if document.xref_get_key(xref, "Length1")[0] != "null":
            sizes.append(len(document.xref_stream_raw(xref)))
    assert sizes, "no embedded TrueType program found"
    assert max(sizes) < 40_000, f"font program of {max(sizes)} bytes for a page of Latin text"


def test_markdown_structure_and_pages(binary, tmp_path):
    text = "# Title\n\nIntro with **bold** and *italic*.\n\n" + "\n\n".join(
        f"## Section {i}\n\n" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 12 for i in range(12))
    out, _ = create(binary, tmp_path, "doc.md", text, "--page-size", "a4")
    document = pymupdf.open(out)
    assert document.page_count >= 3, "long text breaks onto several pages"
    assert abs(document[0].rect.width - 595.28) < 0.5 and abs(document[0].rect.height - 841.89) < 0.5
    extracted = extract(out)
    assert "Section 11" in extracted and extracted.count("Lorem") == 12 * 12
    assert document.metadata["title"] == "Title"
    assert qpdf_check(out, None).returncode == 0


def test_single_page_grows_with_the_text(binary, tmp_path):
    short, _ = create(binary, tmp_path, "short.md", "# One\n\nA line.", "--single-page")
    long, _ = create(binary, tmp_path, "long.md", "# One\n\n" + "A longer text. " * 400, "--single-page")
    a, b = pymupdf.open(short), pymupdf.open(long)
    assert a.page_count == 1 and b.page_count == 1
    assert b[0].rect.height > a[0].rect.height + 200
    assert "A longer text." in extract(long)


def test_bad_fonts_and_images(binary, tmp_path):
    source = tmp_path / "x.md"
    source.write_text("# T\n\n![missing picture](nowhere.png)\n\ntext\n")
    result = run_command([str(binary), "create", str(source), "-o", str(tmp_path / "a.pdf"), "--font", str(tmp_path / "none.ttf")], 60)
    assert result.returncode == 1 and "none.ttf" in result.stderr
    damaged = tmp_path / "damaged.ttf"
    damaged.write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 200)
    result = run_command([str(binary), "create", str(source), "-o", str(tmp_path / "b.pdf"), "--font", str(damaged)], 60)
    assert result.returncode == 1 and "damaged.ttf" in result.stderr
    out = tmp_path / "c.pdf"
    result = run_command([str(binary), "create", str(source), "-o", str(out)], 60)
    assert result.returncode == 0 and "nowhere.png" in result.stderr
    assert "[missing picture]" in extract(out)


def test_builtin_sample_has_pages_form_and_annotations(binary, tmp_path):
    import pypdf

    out = tmp_path / "sample.pdf"
    result = run_command([str(binary), "sample", "-o", str(out)], 60)
    assert result.returncode == 0, result.describe()
    assert qpdf_check(out, None).returncode == 0
    document = pymupdf.open(out)
    assert document.page_count == 3
    assert document.metadata["title"] == "Welcome to Marginalia"
    assert [(w.field_name, w.field_type_string) for w in document[1].widgets()] == [("name", "Text"), ("subscribe", "CheckBox")]
    assert [a.type[1] for a in document[2].annots()] == ["Highlight", "Ink", "Square", "FreeText", "Text"]
    fields = pypdf.PdfReader(out).get_fields()
    assert set(fields) == {"name", "subscribe"}
    assert "Welcome to Marginalia" in extract(out) and "A form to fill" in extract(out)


def test_free_text_in_other_scripts_embeds_a_font(binary, tmp_path, dejavu):
    """FreeText appearances use the same font machinery: Greek and Cyrillic text in the default
    family embeds Nimbus Sans (URW's Helvetica) as a subset, and once flattened the text
    extracts exactly."""
    import json

    from annotation_fixtures import SAMPLE

    text = "Ωμέγα και Привет, déjà vu"
    spec = {"annotations": [{"type": "freeText", "pageIndex": 0, "rect": [72, 300, 400, 360], "text": text,
                             "fontSize": 16, "color": "#FFFFDD", "width": 1}]}
    source = tmp_path / "free.json"
    source.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    annotated, flat = tmp_path / "annotated.pdf", tmp_path / "flat.pdf"
    result = run_command([str(binary), "annotate", str(SAMPLE), "--from", str(source), "-o", str(annotated)], 60)
    assert result.returncode == 0, result.describe()
    fonts = subprocess.run(["pdffonts", str(annotated)], check=True, capture_output=True, text=True).stdout
    assert any("+NimbusSans-Regular" in line and line.split()[-5:-2] == ["yes", "yes", "yes"] for line in fonts.splitlines())
    assert qpdf_check(annotated, None).returncode == 0
    result = run_command([str(binary), "flatten", str(annotated), "-o", str(flat), "--types", "freeText"], 60)
    assert result.returncode == 0, result.describe()
    assert text in subprocess.run(["pdftotext", "-enc", "UTF-8", "-f", "1", "-l", "1", str(flat), "-"],
                                  check=True, capture_output=True).stdout.decode()
