"""Crash-safe saves (issue 8): `marginalia` killed with SIGKILL at many points while it
saves in place, incrementally and as a compact rewrite. Each time the file on disk must be
the complete old version (byte for byte) or the complete new one (qpdf --check passes and
every annotation is there), never a mixture."""

import json
import math
import shutil
import signal
import subprocess
import time

import pikepdf
import pymupdf
import pytest

from oracle_helpers import qpdf_check

INKS = 1500
# Kill points as fractions of an uninterrupted save's duration: spread over the whole run,
# and dense near its end, where the file is written and renamed into place.
KILL_FRACTIONS = (0.05, 0.25, 0.45, 0.65, 0.8, 0.88, 0.92, 0.95, 0.97, 0.99, 1.0, 1.02)
KILL_POINTS = len(KILL_FRACTIONS)


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """A 200-page PDF (pikepdf) and a JSON of 1,500 ink annotations spread over it."""
    directory = tmp_path_factory.mktemp("crash")
    pdf = pikepdf.new()
    for n in range(200):
        page = pdf.add_blank_page(page_size=(612, 792))
        content = f"BT /F1 24 Tf 72 700 Td (Page {n + 1}) Tj ET".encode()
        page.obj.Contents = pdf.make_stream(content)
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(
            F1=pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)))
    path = directory / "original.pdf"
    pdf.save(path)
    annotations = [{"type": "ink", "pageIndex": n % 200, "color": "#2040A0", "width": 2,
                    "paths": [[[72 + i * 3, 300 + 40 * math.sin(i / 5 + n)] for i in range(60)]]}
                   for n in range(INKS)]
    notes = directory / "inks.json"
    notes.write_text(json.dumps({"annotations": annotations}))
    return path, notes


def annotation_count(path) -> int:
    document = pymupdf.open(path)
    return sum(len(list(page.annots())) for page in document)


def run_and_kill(argv, delay):
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    killed = process.poll() is None
    if killed:
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=120)
    return killed


@pytest.mark.parametrize("mode", ["incremental", "compact"])
def test_a_save_killed_at_any_point_leaves_the_old_or_the_new_file(binary, original, tmp_path, mode):
    source, notes = original
    before = source.read_bytes()

    def command(target):
        if mode == "incremental":
            return [str(binary), "annotate", str(target), "--from", str(notes), "-o", str(target)]
        return [str(binary), "compact", str(target), "-o", str(target), "--object-streams"]

    # How long an uninterrupted save takes, and what the new file holds.
    reference = tmp_path / "reference.pdf"
    shutil.copyfile(source, reference)
    started = time.monotonic()
    subprocess.run(command(reference), check=True, capture_output=True, timeout=300)
    duration = time.monotonic() - started
    expected = annotation_count(reference)
    assert expected == (INKS if mode == "incremental" else 0)

    outcomes = {"old": 0, "new": 0}
    for point in range(KILL_POINTS):
        target = tmp_path / f"kill-{point}" / "work.pdf"
        target.parent.mkdir()
        shutil.copyfile(source, target)
        run_and_kill(command(target), duration * KILL_FRACTIONS[point])
        data = target.read_bytes()
        if data == before:
            outcomes["old"] += 1
            continue
        check = qpdf_check(target, None)
        assert check.returncode == 0, f"kill point {point}: a damaged file: {check.describe()}"
        assert annotation_count(target) == expected, f"kill point {point}: a partial save"
        if mode == "incremental":
            assert data.startswith(before), "an incremental save keeps the old bytes as a prefix"
        outcomes["new"] += 1
    assert outcomes["old"] + outcomes["new"] == KILL_POINTS
    print(f"{mode}: {outcomes} over {KILL_POINTS} kill points in {duration:.2f} s")
