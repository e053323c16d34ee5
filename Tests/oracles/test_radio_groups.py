"""Radio groups whatever the tree's shape (issue 26, item 3), judged by qpdf, PyMuPDF and Poppler.

The group `choice` (Tests/Fixtures/forms/radio-merged-button.pdf) has three buttons; the
first is a widget merged with a field of its own (it carries `/T`, as some tools write
buttons) and holds the state the group's `/V` names.
Filled with the third button's state and then with the first's, exactly one button is on
each time: in `/AS`, in what PyMuPDF reads of each widget, and in what pdftoppm draws.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest

import form_fixtures as fixtures
from oracle_helpers import run_command

pymupdf = pytest.importorskip("pymupdf")

FORM = Path(__file__).resolve().parents[1] / "Fixtures" / "forms" / "radio-merged-button.pdf"
BUTTON_X = (72, 122, 172)  # the buttons' left edges (make_radio_merged_button.py)
STATES = ("A", "B", "C")


def buttons_on(path: Path) -> dict[str, list[str]]:
    """Which buttons each judge sees on, in order: /AS (pikepdf), PyMuPDF's widgets, Poppler's pixels."""
    with pikepdf.open(path) as pdf:
        appearance = [str(k.AS)[1:] for k in pdf.Root.AcroForm.Fields[0].Kids]
    with pymupdf.open(path) as document:
        widgets = sorted(document[0].widgets(), key=lambda w: w.rect.x0)
        read = [str(w.field_value) for w in widgets]
    image = fixtures.render_poppler(path)  # a pixel a point
    drawn = ["on" if image.getpixel((x + 10, 792 - 710)) < 128 else "Off" for x in BUTTON_X]
    return {"AS": appearance, "PyMuPDF": read, "Poppler": drawn}


@pytest.mark.parametrize("state", ["C", "A"])
def test_one_button_on_after_filling_a_group_with_a_merged_button(binary, tmp_path, state):
    form = FORM
    listed = run_command([str(binary), "fields", str(form)], 120)
    assert listed.returncode == 0, listed.stderr
    assert "choice.a" not in listed.stdout and "choice" in listed.stdout
    filled = tmp_path / "filled.pdf"
    # Through another state first, so filling the first button's state turns C off again.
    first = "C" if state == "A" else "B"
    middle = tmp_path / "middle.pdf"
    for source, target, value in ((form, middle, first), (middle, filled, state)):
        result = run_command([str(binary), "fill", str(source), "-o", str(target), f"choice={value}"], 120)
        assert result.returncode == 0, result.stderr
    check = subprocess.run(["qpdf", "--check", str(filled)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    seen = buttons_on(filled)
    index = STATES.index(state)
    assert seen["AS"] == [s if i == index else "Off" for i, s in enumerate(STATES)], seen
    assert [v != "Off" for v in seen["PyMuPDF"]] == [i == index for i in range(3)], seen
    assert seen["Poppler"] == ["on" if i == index else "Off" for i in range(3)], seen
