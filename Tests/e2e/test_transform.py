"""The browser's page ↔ view transform is the engine's (Viewport, through the WebAssembly
build): the worked example of docs/coordinates.md (a 612×792 page at zoom 2, each rotation),
a crop box away from the origin, and the round trip through the engine's inverse."""

import pytest


@pytest.fixture()
def engine(blank_page):
    def call(expression):
        return blank_page.js(f"""async () => {{
            const engine = await import('/app/js/engine.js');
            await engine.loadEngine();
            const apply = (m, [x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
            return {expression};
        }}""")

    return call


@pytest.mark.parametrize("rotation, expected", [
    (0, [[0, 1584], [1224, 1584], [0, 0]]),
    (90, [[0, 0], [0, 1224], [1584, 0]]),
    (180, [[1224, 0], [0, 0], [1224, 1584]]),
    (270, [[1584, 1224], [1584, 0], [0, 1224]]),
])
def test_worked_example_of_the_coordinates_page(engine, rotation, expected):
    points = engine(f"""(() => {{
        engine.call({{call: 'init', pages: [{{box: [0, 0, 612, 792], rotation: {rotation}}}], viewSize: [800, 600]}});
        const {{ pages }} = engine.call({{call: 'setViewport', zoom: 2}});
        return [[0, 0], [612, 0], [0, 792]].map((p) => apply(pages[0].matrix, p));
    }})()""")
    assert [c for p in points for c in p] == pytest.approx([c for p in expected for c in p])


def test_crop_box_origin_and_inverse(engine):
    result = engine("""(() => {
        engine.call({call: 'init', pages: [{box: [36, 36, 576, 756], rotation: 90}], viewSize: [400, 300]});
        const viewport = engine.call({call: 'setViewport', zoom: 1.5, offset: [100, 50]});
        const [x, y, w, h] = viewport.pages[0].frame;
        const corner = apply(viewport.pages[0].matrix, [36, 36]);
        // A page point through the frame into the view (content minus scroll plus inset), and back.
        const inFrame = apply(viewport.pages[0].matrix, [200, 300]);
        const view = [x + inFrame[0] - viewport.offset[0] + viewport.inset[0], y + inFrame[1] - viewport.offset[1] + viewport.inset[1]];
        const back = engine.call({call: 'toPage', point: view});
        return [corner, back.pageIndex, back.point, [w, h]];
    })()""")
    corner, page, round_trip, size = result
    assert corner == pytest.approx([0, 0])  # lower-left of the crop box shows top-left at /Rotate 90
    assert page == 0 and round_trip == pytest.approx([200, 300])
    assert size == [1080, 810]  # 720 × 540 displayed, at zoom 1.5


def test_rotation_and_zoom_are_normalised_by_the_engine(engine):
    rotations = engine("""[450, -90, 359, 91].map((r) => {
        engine.call({call: 'init', pages: [{box: [0, 0, 100, 200], rotation: r}], viewSize: [500, 500]});
        const [, , w, h] = engine.call({call: 'setViewport', zoom: 1}).pages[0].frame;
        return w > h ? 'landscape' : 'portrait';
    })""")
    assert rotations == ["landscape", "landscape", "landscape", "landscape"]
    zooms = engine("""[0.01, 20].map((z) => engine.call({call: 'setViewport', zoom: z}).zoom)""")
    assert zooms == [0.1, 16]
