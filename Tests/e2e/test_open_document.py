"""The engine (WebAssembly) keeps the open document's annotations (Web/js/opendocument.js asks
it): it applies logged operations (docs/operations.md) in revision order, skips entries it
already has and reports gaps, and hit tests by outline. (Natively: BridgeAnnotationStoreTests.)"""

import pytest


@pytest.fixture()
def run(blank_page):
    def call(body):
        return blank_page.js(f"""async () => {{
            const {{ OpenDocument }} = await import('/app/js/opendocument.js');
            const engine = await import('/app/js/engine.js');
            await engine.loadEngine();
            const pages = [{{index: 0, box: [0, 0, 612, 792], rotation: 0}}];
            engine.call({{call: 'init', pages, viewSize: [800, 1000]}});
            const ink = (id, x) => ({{id, type: 'ink', pageIndex: 0, width: 2, paths: [[[x, 100], [x + 50, 100]]]}});
            const logged = (revision, operation) => ({{revision, clientId: 'tab-test', kind: 'do', operation}});
            const model = new OpenDocument();
            model.load({{id: 'x', pages}}, [], 0);
            const ids = () => model.allAnnotations().map((a) => a.id);
            {body}
        }}""")

    return call


def test_entries_apply_in_order_and_duplicates_are_skipped(run):
    result = run("""
        const a = ink('a', 10), b = ink('b', 200);
        const heard = [];
        model.onChange(({pages, entries}) => heard.push([[...pages], entries.map((e) => e.revision)]));
        model.applyLogged([logged(2, {op: 'addAnnotation', annotation: b}), logged(1, {op: 'addAnnotation', annotation: a})]);
        const first = model.annotation('a');
        model.applyLogged([logged(1, {op: 'addAnnotation', annotation: a})]);  // the echo of our own edit
        return [model.revision, ids(), heard, model.annotation('a') === first];
    """)
    # The echo is not heard; an unchanged annotation is the same object each time it is asked for.
    assert result == [2, ["a", "b"], [[[0], [1, 2]]], True]


def test_a_gap_stops_and_is_reported(run):
    result = run("""
        const { complete } = model.applyLogged([logged(1, {op: 'addAnnotation', annotation: ink('a', 10)}), logged(3, {op: 'addAnnotation', annotation: ink('c', 10)})]);
        return [complete, model.revision, model.annotationCount];
    """)
    assert result == [False, 1, 1]


def test_the_engine_says_what_reloads_the_file_and_what_was_added(run):
    """session.js names no operation: the engine answers which entries reload the file (pages
    changed, a field filled) and which annotations a command's entries added."""
    result = run("""
        const added = [logged(1, {op: 'addAnnotation', annotation: ink('a', 10)}),
                       logged(2, {op: 'group', name: 'paste', operations: [{op: 'addAnnotation', annotation: ink('b', 20)}]})];
        const before = model.addedIds(added);
        const applied = model.applyLogged(added);
        const fill = {op: 'fillField', name: 'agree', before: {type: 'checkbox', on: false}, after: {type: 'checkbox', on: true}};
        const filled = model.applyLogged([logged(3, fill)]);
        const echo = model.applyLogged([logged(3, fill)]);
        return [before, model.addedIds(added), applied.reload, filled.reload, echo.reload, model.addedIds([])];
    """)
    assert result == [["a", "b"], ["a", "b"], False, True, False, []]


def test_group_change_and_remove(run):
    result = run("""
        const a = ink('a', 10);
        model.applyLogged([logged(1, {op: 'addAnnotation', annotation: a}), logged(2, {op: 'addAnnotation', annotation: ink('b', 300)})]);
        const moved = {...a, paths: [[[20, 120], [70, 120]]]};
        model.applyLogged([logged(3, {op: 'changeAnnotation', before: a, after: moved})]);
        const order = ids();
        const changed = model.annotation('a');
        model.applyLogged([logged(4, {op: 'arrangeAnnotation', id: 'b', to: 0})]);
        const arranged = ids();
        model.applyLogged([logged(5, {op: 'group', name: 'erase', operations: [{op: 'removeAnnotation', annotation: moved}, {op: 'addAnnotation', annotation: ink('piece', 20)}]})]);
        return [order, changed.paths[0][0], arranged, ids(), model.annotationsOnPage(0).length];
    """)
    assert result == [["a", "b"], [20, 120], ["b", "a"], ["b", "piece"], 2]


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


def test_asking_for_a_page_of_500_annotations_stays_cheap(run):
    """Every view asks the engine for a page's annotations each time it draws the page: for 500
    (ink strokes of 20 points, filled squares, notes) the answer, written by the WebAssembly
    engine, parsed and matched to the objects kept, stays cheap: measured 1.6 ms in Chromium and
    10 to 27 ms in WebKit on a loaded two-core machine (docs/engine.md); refused past 40 ms, which a
    cost growing faster than the count (a page asked for annotation by annotation, the whole
    document written for one page) would pass. The median of 20 askings; the objects are the
    kept ones."""
    result = run("""
        const list = [];
        for (let i = 0; i < 500; i += 1) {
            const x = (i * 37) % 560, y = (i * 53) % 740;
            if (i % 3 === 0) list.push({id: `i${i}`, type: 'ink', pageIndex: 0, width: 2, color: '#0000FF',
                paths: [Array.from({length: 20}, (_, k) => [x + k * 2.5, y + Math.sin(k) * 8])]});
            else if (i % 3 === 1) list.push({id: `s${i}`, type: 'square', pageIndex: 0, rect: [x, y, x + 30, y + 20], color: '#FF0000', fill: '#FFFF00'});
            else list.push({id: `n${i}`, type: 'note', pageIndex: 0, rect: [x, y, x + 20, y + 20], contents: `note ${i}`, author: 'Ada'});
        }
        model.load({id: 'x', pages}, list, 7);
        const first = model.annotationsOnPage(0);
        const times = [];
        let again = first;
        for (let k = 0; k < 20; k += 1) {
            const start = performance.now();
            again = model.annotationsOnPage(0);
            times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        return [first.length, again.every((a, i) => a === first[i]), times[10]];
    """)
    count, same, median = result
    print(f"annotations of a page of 500: median {median:.2f} ms")
    assert count == 500 and same
    assert median < 40, f"asking for a page of 500 annotations took {median:.2f} ms"
