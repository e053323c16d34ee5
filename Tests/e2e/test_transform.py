"""Web/js/transform.js mirrors the engine's Viewport transform: the worked example of
docs/coordinates.md (a 612×792 page at zoom 2), a crop box away from the origin, and the
round trip through the inverse."""

import pytest


@pytest.fixture()
def transform(blank_page):
    def call(expression):
        return blank_page.js(f"""async () => {{
            const t = await import('/app/js/transform.js');
            return {expression};
        }}""")

    return call


@pytest.mark.parametrize("rotation, expected", [
    (0, [[0, 1584], [1224, 1584], [0, 0]]),
    (90, [[0, 0], [0, 1224], [1584, 0]]),
    (180, [[1224, 0], [0, 0], [1224, 1584]]),
    (270, [[1584, 1224], [1584, 0], [0, 1224]]),
])
def test_worked_example_of_the_coordinates_page(transform, rotation, expected):
    points = transform(f"""[[0, 0], [612, 0], [0, 792]].map((p) =>
        t.apply(t.pageToView({{box: [0, 0, 612, 792], rotation: {rotation}}}, 2), p))""")
    assert [c for p in points for c in p] == pytest.approx([c for p in expected for c in p])


def test_crop_box_origin_and_inverse(transform):
    result = transform("""(() => {
        const page = {box: [36, 36, 576, 756], rotation: 90};
        const forward = t.pageToView(page, 1.5, [100, 50]);
        const back = t.viewToPage(page, 1.5, [100, 50]);
        return [t.apply(forward, [36, 36]), t.apply(back, t.apply(forward, [200, 300])), t.displayedSize(page)];
    })()""")
    corner, round_trip, size = result
    assert corner == pytest.approx([100, 50])  # lower-left of the crop box shows top-left at /Rotate 90
    assert round_trip == pytest.approx([200, 300])
    assert size == {"width": 720, "height": 540}


def test_rotation_is_normalised_like_the_engine(transform):
    assert transform("[450, -90, 359, 91, NaN].map(t.normaliseRotation)") == [90, 270, 270, 90, 0]
    assert transform("[0.01, 20, NaN].map(t.clampZoom)") == [0.1, 16, 1]
