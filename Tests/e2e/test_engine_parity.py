"""The engine parity fixtures (Tests/Fixtures/parity) answered by the browser's WebAssembly build
must match the answers the native engine recorded (EngineParityTests in `swift test`): the
same pointer events give the same commands and the same previews, in Chromium and in WebKit.
Numbers compare to 0.011 (the libm of each platform may differ in the last digits)."""

import json
import pathlib
import re

import pytest

FIXTURES = sorted((pathlib.Path(__file__).resolve().parents[1] / "Fixtures" / "parity").glob("*.json"))
NUMBER = re.compile(r"^[MLCZ]*(-?\d+(?:\.\d+)?)[MLCZ]*$")


def same(a, b, path):
    """None when the answers agree, else where they differ."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return None if abs(a - b) <= 0.011 else f"{path}: {a} != {b}"
    if isinstance(a, str) and isinstance(b, str):
        if a == b:
            return None
        x, y = a.split(" "), b.split(" ")
        if len(x) == len(y) and all(p == q or (NUMBER.match(p) and NUMBER.match(q)
                                                and re.sub(r"[-\d.]", "", p) == re.sub(r"[-\d.]", "", q)
                                                and abs(float(NUMBER.match(p)[1]) - float(NUMBER.match(q)[1])) <= 0.011)
                                    for p, q in zip(x, y)):
            return None
        return f"{path}: {a[:80]!r} != {b[:80]!r}"
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        return next((d for i, (p, q) in enumerate(zip(a, b)) if (d := same(p, q, f"{path}[{i}]"))), None)
    if isinstance(a, dict) and isinstance(b, dict):
        if sorted(a) != sorted(b):  # (the drivers' transport may reorder an object's keys)
            return f"{path}: keys {sorted(a)} != {sorted(b)}"
        return next((d for k in a if (d := same(a[k], b[k], f"{path}.{k}"))), None)
    return None if a == b else f"{path}: {a!r} != {b!r}"


def engine_answers(page, script, calls):
    """Runs `script` (which leaves its answers in `window.parityAnswers`) and reads them back
    with a wait: WebKitGTK's driver once answered a script that had run "Could not parse script
    result" (CI, 2026-12-06), which the editor's own waits already ride over."""
    try:
        page.js(script, calls)
    except Exception as error:  # noqa: BLE001 - only the driver's one transient answer
        if "Could not parse script result" not in str(error):
            raise
    return page.wait_until("window.parityAnswers", timeout=15000)


def serials(value):
    """Every annotation serial in an answer (the `serials` lists of `annotations` and the one
    `serial` of `annotation`), in order."""
    if isinstance(value, list):
        return [s for item in value for s in serials(item)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (v if k == "serials" and isinstance(v, list)
                                                        else [v] if k == "serial" and type(v) is int else serials(v))]
    return []


def shift_serials(value, offset):
    """`value` with every serial less `offset`."""
    if isinstance(value, list):
        return [shift_serials(item, offset) for item in value]
    if isinstance(value, dict):
        return {k: ([s - offset for s in v] if k == "serials" and isinstance(v, list)
                    else v - offset if k == "serial" and type(v) is int else shift_serials(v, offset))
                for k, v in value.items()}
    return value


def on_the_recorded_serials(answers, expected):
    """The answers with their serials counted from where the recorded ones start. A serial only
    says "the same JSON as before" (equal) or "newer" (greater), across lists too, so the
    editor's page, whose own start may already have set annotations in the shared engine before
    the test's calls, counts from further on (9 for the recorded 2, now and then in CI)."""
    found, recorded = serials(answers), serials(expected)
    if not found or not recorded:
        return answers
    return shift_serials(answers, min(found) - min(recorded))


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_the_browser_engine_gives_the_native_answers(blank_page, fixture):
    calls = json.loads(fixture.read_text())["calls"]
    answers = engine_answers(blank_page, """async (calls) => {
        const engine = await import('/app/js/engine.js');
        await engine.loadEngine();
        window.parityAnswers = calls.map((step) => { try { return engine.call(step.call); } catch (e) { return {error: String(e.message)}; } });
        return true;
    }""", calls)
    assert len(answers) == len(calls)
    answers = on_the_recorded_serials(answers, [step["expect"] for step in calls])
    for index, (step, answer) in enumerate(zip(calls, answers)):
        difference = same(answer, step["expect"], f"calls[{index}] ({step['call']['call']})")
        assert difference is None, difference


POINTER_FIXTURES = [f for f in FIXTURES if any(step["call"]["call"] == "pointer" for step in json.loads(f.read_text())["calls"])]


@pytest.mark.parametrize("fixture", POINTER_FIXTURES, ids=[f.stem for f in POINTER_FIXTURES])
def test_pointer_events_as_numbers_give_the_native_answers(blank_page, fixture):
    """The same fixtures with every pointer event sent as the editor sends it, as numbers
    (engine.js `pointer`, docs/engine.md "Pointer events as numbers"): the recorded answers of
    the JSON call, a pen stroke's preview read back from numbers included."""
    calls = json.loads(fixture.read_text())["calls"]
    answers = engine_answers(blank_page, """async (calls) => {
        const engine = await import('/app/js/engine.js');
        await engine.loadEngine();
        window.parityAnswers = calls.map((step) => {
            try {
                return step.call.call === 'pointer' && step.call.events.length === 1 ? engine.pointer(step.call.events[0]) : engine.call(step.call);
            } catch (e) { return {error: String(e.message)}; }
        });
        return true;
    }""", calls)
    assert len(answers) == len(calls)
    answers = on_the_recorded_serials(answers, [step["expect"] for step in calls])
    for index, (step, answer) in enumerate(zip(calls, answers)):
        difference = same(answer, step["expect"], f"calls[{index}] ({step['call']['call']})")
        assert difference is None, difference
