"""Crash-safe saves (issue 8): `marginalia` killed with SIGKILL while it saves in place,
incrementally and as a compact rewrite, leaves the complete old file, byte for byte.

The kill lands inside the write, not where a sleep happens to put it (issue 30): with
`MARGINALIA_TEST_PAUSE_BEFORE_RENAME=MARKER` the writer writes and syncs its temporary file,
names it in MARKER and waits (Sources/PDFCore/Writing/AtomicFileWriter.swift). The test waits
for MARKER, checks that the temporary file holds the whole new version, kills the process
there, and then requires the old file untouched; a second run without the hook must give the
new one. A writer that truncated the target and wrote in place fails the first check."""

import json
import math
import os
import shutil
import signal
import subprocess
import time

import pikepdf
import pymupdf
import pytest

from oracle_helpers import qpdf_check

PAGES = 40
INKS = 200
HOOK = "MARGINALIA_TEST_PAUSE_BEFORE_RENAME"


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """A 40-page PDF (pikepdf) and a JSON of 200 ink annotations spread over it."""
    directory = tmp_path_factory.mktemp("crash")
    pdf = pikepdf.new()
    for n in range(PAGES):
        page = pdf.add_blank_page(page_size=(612, 792))
        content = f"BT /F1 24 Tf 72 700 Td (Page {n + 1}) Tj ET".encode()
        page.obj.Contents = pdf.make_stream(content)
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(
            F1=pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)))
    path = directory / "original.pdf"
    pdf.save(path)
    annotations = [{"type": "ink", "pageIndex": n % PAGES, "color": "#2040A0", "width": 2,
                    "paths": [[[72 + i * 3, 300 + 40 * math.sin(i / 5 + n)] for i in range(60)]]}
                   for n in range(INKS)]
    notes = directory / "inks.json"
    notes.write_text(json.dumps({"annotations": annotations}))
    return path, notes


def annotation_count(path) -> int:
    document = pymupdf.open(path)
    return sum(len(list(page.annots())) for page in document)


def wait_for_marker(process: subprocess.Popen, marker, timeout: float = 120) -> str:
    """The temporary file's path, once the writer waits before its rename."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if marker.exists():
            return marker.read_text()
        if process.poll() is not None:
            pytest.fail(f"the save ended (exit {process.returncode}) without reaching the writer's rename")
        time.sleep(0.02)
    process.kill()
    pytest.fail(f"the writer did not reach its rename within {timeout} s")


@pytest.mark.parametrize("mode", ["incremental", "compact"])
def test_a_save_killed_between_its_write_and_its_rename_leaves_the_old_file(binary, original, tmp_path, mode):
    source, notes = original
    before = source.read_bytes()
    expected = INKS if mode == "incremental" else 0

    def command(target):
        if mode == "incremental":
            return [str(binary), "annotate", str(target), "--from", str(notes), "-o", str(target)]
        return [str(binary), "compact", str(target), "-o", str(target), "--object-streams"]

    folder = tmp_path / "work"
    folder.mkdir()
    target = folder / "work.pdf"
    shutil.copyfile(source, target)
    marker = tmp_path / "paused"
    process = subprocess.Popen(command(target), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, HOOK: str(marker)})
    try:
        temporary = wait_for_marker(process, marker)
        # The kill lands inside the write: the new version is complete beside the old file.
        assert os.path.dirname(temporary) == str(folder), f"the temporary file {temporary} is not beside the target"
        assert os.path.basename(temporary) != target.name
        check = qpdf_check(temporary, None)
        assert check.returncode == 0, f"the temporary file is not a whole PDF: {check.describe()}"
        assert annotation_count(temporary) == expected
        assert target.read_bytes() == before, "the target changed before the rename"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
    assert target.read_bytes() == before, "a kill before the rename must leave the old file byte for byte"

    # Unhooked, the same save completes: the new file, whole.
    subprocess.run(command(target), check=True, capture_output=True, timeout=300)
    data = target.read_bytes()
    assert data != before
    check = qpdf_check(target, None)
    assert check.returncode == 0, check.describe()
    assert annotation_count(target) == expected
    if mode == "incremental":
        assert data.startswith(before), "an incremental save keeps the old bytes as a prefix"


def test_the_pause_hook_is_inert_when_unset_or_empty(binary, original, tmp_path):
    """Without the variable, or with it empty, a save runs through (the hook is for tests only)."""
    source, notes = original
    for value in (None, ""):
        target = tmp_path / f"inert-{value is None}.pdf"
        shutil.copyfile(source, target)
        env = {k: v for k, v in os.environ.items() if k != HOOK}
        if value is not None:
            env[HOOK] = value
        subprocess.run([str(binary), "annotate", str(target), "--from", str(notes), "-o", str(target)],
                       check=True, capture_output=True, timeout=300, env=env)
        assert annotation_count(target) == INKS
