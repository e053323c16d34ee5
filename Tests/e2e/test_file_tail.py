"""Issue 29 item 3: after edits a tab fetches only what follows the stored version it holds
(`Range` from a 1 KiB overlap it compares), not the whole file again, and the file it
assembles is the server's byte for byte."""

from viewer_helpers import corpus_file, upload_corpus

DOCUMENT = "pypdf-example.pdf"  # about 200 KB

# Each fetch of the document's file, oldest first, as the browser's resource timing saw it.
FILE_FETCHES = """performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.endsWith('/file'))
    .map((e) => e.encodedBodySize)"""

# Whether the bytes the viewer shows are the file the server serves now.
SAME_AS_SERVER = """async () => {
    const shown = new Uint8Array(await marginalia.pdf.getData());
    const id = encodeURIComponent(marginalia.model.summary.id);
    const served = new Uint8Array(await (await fetch(`/api/v1/documents/${id}/file`, { cache: 'no-store' })).arrayBuffer());
    return shown.length === served.length && shown.every((byte, i) => byte === served[i]);
}"""


def draw_line(editor, y):
    line = editor.page_points_to_client(0, [(100 + 10 * i, y) for i in range(11)])
    editor.pen_down(line[0])
    editor.pen_moves(line[1:])
    editor.pen_up(line[-1])


def refreshed(editor, revision_at_least):
    editor.wait_until(f"marginalia.model.revision >= {revision_at_least}"
                      " && marginalia.display.fileRevision === marginalia.model.revision", timeout=15000)


def test_after_edits_the_editor_fetches_only_the_tail(new_editor, web_server):
    editor = new_editor(doc_id=upload_corpus(web_server, DOCUMENT))
    editor.js("marginalia.setTool('draw')")
    draw_line(editor, 300)
    refreshed(editor, 1)
    draw_line(editor, 350)
    refreshed(editor, 2)
    sizes = editor.js(FILE_FETCHES)
    # Opening reads the file's end (paths.js's FIRST_TAIL), then the rest before it, if any.
    first_tail = editor.js("async () => (await import('/app/js/paths.js')).FIRST_TAIL")
    size = corpus_file(DOCUMENT).stat().st_size
    opening = 1 if size <= first_tail else 2
    assert len(sizes) == opening + 2 and sum(sizes[:opening]) >= size, f"the opening's fetches are the whole file ({size} bytes): {sizes}"
    assert all(0 < fetched < 20_000 for fetched in sizes[opening:]), f"later fetches are tails: {sizes}"
    assert editor.js(SAME_AS_SERVER), "the assembled file is the server's"
