"""The browser names annotation kinds from the engine's vocabulary table (issue 28): the
annotation JSON `type` of a pdf.js subtype and the label people read come from the engine's
`annotationVocabulary` answer, never from a JavaScript table. The judges are
docs/annotations-json.md (the types) and Web/i18n/en.json (the labels). Runs in Chromium and
in WebKit."""

from viewer_helpers import upload_corpus, wait_rendered

NAMES = """async (subtypes) => {
  const { typeOfSubtype } = await import('/app/js/vocabulary.js');
  const { typeLabel } = await import('/app/js/annotationtypes.js');
  return subtypes.map((s) => [typeOfSubtype(s), typeLabel(typeOfSubtype(s))]);
}"""


def test_the_editor_names_kinds_from_the_engines_table(new_editor, web_server):
    editor = new_editor(doc_id=upload_corpus(web_server, "pdfjs-annotation-caret-ink.pdf"))
    wait_rendered(editor)
    names = editor.js(NAMES, ["Text", "PolyLine", "StrikeOut", "FreeText", "FileAttachment", "Caret", "Link", "FooBar"])
    assert names == [
        ["note", "Note"], ["polyline", "Polyline"], ["strikeOut", "Strike-out"], ["freeText", "Text box"],
        # Kinds Marginalia keeps as they are: their subtype lowercased; a private one named by it.
        ["fileattachment", "File attachment"], ["caret", "Caret"], ["link", "link"], ["foobar", "foobar"],
    ]
    # The file's caret and ink, as the server lists them, are the types pdf.js's subtypes map to
    # (popups aside: pdf.js folds them into their parents).
    model = sorted(a["type"] for a in editor.annotations() if a["type"] != "popup")
    viewer = editor.js("""async () => {
      const { typeOfSubtype } = await import('/app/js/vocabulary.js');
      const page = await marginalia.viewer.pdf.getPage(1);
      return (await page.getAnnotations()).map((a) => typeOfSubtype(a.subtype)).filter((t) => t !== 'popup').sort();
    }""")
    assert viewer == model and "caret" in model, (viewer, model)
