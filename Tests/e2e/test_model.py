"""Web/js/model.js applies logged operations (docs/operations.md) in revision order, skips
entries it already has and reports gaps; and the engine (WebAssembly) hit tests by outline."""

import pytest


@pytest.fixture()
def run(blank_page):
    def call(body):
        return blank_page.js(f"""async () => {{
            const {{ DocumentModel }} = await import('/app/js/model.js');
            const engine = await import('/app/js/engine.js');
            await engine.loadEngine();
            const ink = (id, x) => ({{id, type: 'ink', pageIndex: 0, width: 2, paths: [[[x, 100], [x + 50, 100]]]}});
            const logged = (revision, operation) => ({{revision, clientId: 'tab-test', kind: 'do', operation}});
            const model = new DocumentModel();
            model.load({{id: 'x', pages: [{{index: 0, box: [0, 0, 612, 792], rotation: 0}}]}}, [], 0);
            {body}
        }}""")

    return call


def test_entries_apply_in_order_and_duplicates_are_skipped(run):
    result = run("""
        const a = ink('a', 10), b = ink('b', 200);
        model.applyLogged([logged(2, {op: 'addAnnotation', annotation: b}), logged(1, {op: 'addAnnotation', annotation: a})]);
        model.applyLogged([logged(1, {op: 'addAnnotation', annotation: a})]);  // the echo of our own edit
        return [model.revision, [...model.annotations.keys()]];
    """)
    assert result == [2, ["a", "b"]]


def test_a_gap_stops_and_is_reported(run):
    result = run("""
        const complete = model.applyLogged([logged(1, {op: 'addAnnotation', annotation: ink('a', 10)}), logged(3, {op: 'addAnnotation', annotation: ink('c', 10)})]);
        return [complete, model.revision, model.annotations.size];
    """)
    assert result == [False, 1, 1]


def test_group_change_and_remove(run):
    result = run("""
        const a = ink('a', 10);
        model.applyLogged([logged(1, {op: 'addAnnotation', annotation: a}), logged(2, {op: 'addAnnotation', annotation: ink('b', 300)})]);
        const moved = {...a, paths: [[[20, 120], [70, 120]]]};
        model.applyLogged([logged(3, {op: 'changeAnnotation', before: a, after: moved})]);
        const order = [...model.annotations.keys()];
        model.applyLogged([logged(4, {op: 'group', name: 'erase', operations: [{op: 'removeAnnotation', annotation: moved}, {op: 'addAnnotation', annotation: ink('piece', 20)}]})]);
        return [order, [...model.annotations.keys()], model.annotationsOnPage(0).length];
    """)
    assert result == [["a", "b"], ["b", "piece"], 2]


def test_hit_testing_follows_the_stroke_not_its_box(run):
    """The browser asks the engine (WebAssembly) what a tap hits: the stroke, not its box."""
    result = run("""
        const diagonal = {id: 'd', type: 'ink', pageIndex: 0, width: 2, paths: [[[0, 0], [100, 100]]]};
        engine.call({call: 'init', pages: [{box: [0, 0, 612, 792], rotation: 0}], viewSize: [800, 1000]});
        engine.call({call: 'setAnnotations', annotations: [diagonal]});
        const onStroke = engine.call({call: 'hitTest', pageIndex: 0, point: [50, 50]}).id;
        const inBox = engine.call({call: 'hitTest', pageIndex: 0, point: [90, 10]}).id ?? null;
        engine.call({call: 'setAnnotations', annotations: [diagonal, {...diagonal, id: 'top'}]});
        return [onStroke, inBox, engine.call({call: 'hitTest', pageIndex: 0, point: [50, 51]}).id];
    """)
    assert result == ["d", None, "top"]
