"""Issue 36 (large files, annotations by page): a document of many pages opens with the
annotations of the pages it opens at only (`GET …/annotations?pages=0-4`), page 1 is drawn, and
every page's annotations are taken once it is: a far page's annotation, in the file from the
start, is in the model and the engine, drawn on its page and selectable when scrolled to."""

import pikepdf
import pytest

from editor_harness import api
from viewer_helpers import canvas_pixels, numbered_pages_pdf

PAGES = 40
FAR = 35

ENGINE_CALL = "async (request) => (await import('/app/js/engine.js')).call(request)"
ANNOTATION_REQUESTS = ("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname + new URL(e.name).search)"
                       ".filter((path) => path.endsWith('/annotations') || path.includes('/annotations?'))")


def square(pdf, name, rect):
    """A filled red square annotation named `name`, with its appearance stream."""
    width, height = rect[2] - rect[0], rect[3] - rect[1]
    appearance = pikepdf.Stream(pdf, f"1 0 0 rg 0 0 {width} {height} re f".encode())
    appearance.Type, appearance.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    appearance.BBox = [0, 0, width, height]
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name("/Square"), Rect=rect, NM=pikepdf.String(name),
        C=[1, 0, 0], IC=[1, 0, 0], F=4, AP=pikepdf.Dictionary(N=appearance)))


@pytest.fixture(scope="module")
def annotated_pdf(tmp_path_factory):
    """40 pages, each with its number as text; a square on page 1 and one on page 36."""
    pdf = numbered_pages_pdf(PAGES)
    pdf.pages[0].Annots = pdf.make_indirect([square(pdf, "near-square", [100, 300, 250, 400])])
    pdf.pages[FAR].Annots = pdf.make_indirect([square(pdf, "far-square", [200, 300, 350, 400])])
    path = tmp_path_factory.mktemp("opening") / "annotated.pdf"
    pdf.save(path)
    return path


def test_a_long_document_takes_its_far_pages_annotations_after_the_first_page(new_editor, web_server, annotated_pdf):
    doc = api(web_server, "POST", "/api/v1/documents?name=annotated.pdf", annotated_pdf.read_bytes(), "application/pdf")["id"]
    editor = new_editor(doc_id=doc)
    asked = editor.js(ANNOTATION_REQUESTS)
    print(f"\n{editor.engine}: annotation requests {asked}")
    assert asked[0].endswith("/annotations?pages=0-4"), f"the opening pages' annotations first: {asked}"
    assert any(path.endswith("/annotations") for path in asked[1:]), f"then every page's: {asked}"
    assert editor.js("!!document.querySelector('.page[data-page=\"0\"].rendered')"), "page 1 is drawn"

    # Opened: the model and the engine hold every page's annotations, the far page's too.
    assert editor.js("[...marginalia.model.annotations.keys()].sort()") == ["far-square", "near-square"]
    hit = editor.js(ENGINE_CALL, {"call": "hitTest", "pageIndex": FAR, "point": [275, 350]})
    assert hit.get("id") == "far-square", f"the engine finds the far square: {hit}"

    # Scrolled to: the far page is drawn with the square, which a tap of Select picks up.
    editor.show_page(FAR)
    assert editor.js(f"marginalia.viewer.views[{FAR}].built") is True
    red = canvas_pixels(editor, FAR, [(275, 350)])[0]
    assert red[0] > 200 and red[1] < 80 and red[2] < 80, f"the far square is drawn: {red}"
    editor.js("marginalia.setTool('select')")
    x, y = editor.page_point_to_client(FAR, 275, 350)
    editor.mouse_click(x, y)
    editor.wait_until("marginalia.selection().ids.includes('far-square')")
    editor.screenshot("opening-annotations-far-page")
    assert editor.js("marginalia.selection().ids") == ["far-square"]


def test_the_opening_range_and_the_whole_list_taken_by_the_model(blank_page):
    """The pages asked for first (a few around the page opened at, within the document; every
    page of a short one) and the model taking every page's list in place of those, at the
    older revision, naming the pages whose annotations it had or has now."""
    result = blank_page.js("""async () => {
        const { openingRange } = await import('/app/js/openingannotations.js');
        const { DocumentModel } = await import('/app/js/model.js');
        const ranges = [[5, 0], [6, 0], [40, 0], [40, 10], [40, 39], [40, 200], [0, 0]].map(([count, page]) => openingRange(count, page));
        const note = (id, pageIndex) => ({id, type: 'square', pageIndex, rect: [0, 0, 10, 10]});
        const model = new DocumentModel();
        model.load({id: 'x', pages: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((index) => ({index, box: [0, 0, 612, 792], rotation: 0}))},
                   [note('a', 1), note('b', 2)], 3);
        let heard = 0;
        model.onChange(() => { heard += 1; });
        const pages = model.replaceAnnotations([note('a', 1), note('b', 2), note('far', 9)], Math.min(model.revision, 5));
        return [ranges, [...pages].sort(), [...model.annotations.keys()], model.revision, model.annotationsOnPage(9).map((a) => a.id), heard];
    }""")
    assert result == [
        [None, [0, 4], [0, 4], [9, 13], [35, 39], [35, 39], None],
        [1, 2, 9], ["a", "b", "far"], 3, ["far"], 0,
    ]
