"""Pointer events as numbers (issue 36, docs/engine.md "Pointer events as numbers"): the
editor sends each pointer event to the engine as Float64 numbers and reads a pen stroke's
preview back as numbers and the bytes of its path text. In each browser the same samples must give exactly the preview the
JSON call gives (the same SVG path text, character for character), and bad numbers must answer
a clear error, never a trap of the module. Chromium and WebKit."""

import json
import math
from pathlib import Path

import pytest

CATALOG_EN = json.loads((Path(__file__).resolve().parents[2] / "Web" / "i18n" / "en.json").read_text(encoding="utf-8"))


def spiral():
    """Pen events of a pressure spiral with coalesced and predicted samples, in view points."""
    def at(i):
        a = i / 9
        return [300 + (20 + i / 4) * math.cos(a), 400 + (20 + i / 4) * math.sin(a), 0.5 + 0.4 * math.sin(i / 7), 1 + i / 240]
    events = []
    for step in range(60):
        i = step * 3
        x, y, pressure, t = at(i)
        event = {"id": 4, "kind": "pen", "phase": "began" if step == 0 else "ended" if step == 59 else "moved",
                 "x": x, "y": y, "t": t, "pressure": pressure}
        if 0 < step < 59:
            event["coalesced"] = [at(i - 2), at(i - 1), at(i)]
            event["predicted"] = [at(i + 1), at(i + 2)]
        events.append(event)
    return events


SETUP = """async (preferences) => {
    const engine = await import('/app/js/engine.js');
    await engine.loadEngine();
    const setUp = () => {
        engine.call({call: 'init', pages: [{box: [0, 0, 612, 792]}], viewSize: [800, 1000], preferences});
        engine.call({call: 'setTool', tool: 'draw'});
    };
    window.__pointerNumbers = { engine, setUp };
}"""


@pytest.mark.parametrize("preferences", [{}, {"pen": {"usesPressure": False, "color": "#1A7F3C", "opacity": 0.5}}],
                         ids=["pressure", "one-width"])
def test_the_numbers_give_the_json_calls_preview_exactly(blank_page, preferences):
    blank_page.js(SETUP, preferences)
    answers = blank_page.js("""(events) => {
        const { engine, setUp } = window.__pointerNumbers;
        setUp();
        const viaJSON = events.map((event) => engine.call({call: 'pointer', events: [event]}));
        setUp();
        const viaNumbers = events.map((event) => engine.pointer(event));
        return { viaJSON, viaNumbers };
    }""", spiral())
    previews = 0
    for index, (expected, got) in enumerate(zip(answers["viaJSON"], answers["viaNumbers"], strict=True)):
        if index == 59:  # the stroke's end: the finishing command (with a new id of its own)
            assert [o["type"] for o in got["outputs"]] == [o["type"] for o in expected["outputs"]] == ["command"]
            assert {**got["outputs"][0]["command"], "id": None} == {**expected["outputs"][0]["command"], "id": None}
            continue
        assert got == expected, f"event {index}"
        assert got["preview"]["type"] == "stroke" and got["preview"]["append"]
        previews += 1
    assert previews == 59


def test_bad_numbers_answer_a_clear_error_and_the_engine_goes_on(blank_page):
    blank_page.js(SETUP, {})
    result = blank_page.js("""async () => {
        // The catalogs in (i18n.js's top-level await), so a refusal is said in the page's language.
        await import('/app/js/i18n.js');
        const { engine, setUp } = window.__pointerNumbers;
        setUp();
        const good = {id: 4, kind: 'pen', phase: 'began', x: 300, y: 400, t: 1, pressure: 0.5};
        const refused = (event) => { try { engine.pointer(event); return null; } catch (e) { return e.reason ? [e.reason, e.message] : e.message; } };
        const errors = [
            refused({...good, x: NaN}),
            refused({...good, phase: 'hovering'}),
            refused({...good, phase: 'moved', coalesced: Array.from({length: 10001}, () => [300, 400, 0.5, 1])}),
        ];
        return { errors, after: engine.pointer(good) };
    }""")
    assert result["errors"] == [
        "pointer numbers[4]: expected a finite number, found NaN",
        "pointer numbers[2]: expected a finite number, found NaN",
        # A limit has a reason (reasons version 3): the editor says it in its language, here English.
        ["limit.pointerSamples", CATALOG_EN["reason.limit.pointerSamples"].replace("{count}", "10,001").replace("{max}", "10,000")],
    ]
    assert result["after"]["preview"]["type"] == "stroke" and result["after"]["preview"]["reset"] is True
