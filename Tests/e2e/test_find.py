"""Find in the document (issue 15): the match-case and whole-word toggles, the engine's order
of the matches (annotations among the text) kept by the browser, and the matches fetched
again when the document changes while the bar shows a query."""

import time

from editor_harness import api, send_command


def command(editor, body, client="another-user"):
    return send_command(editor, body, client)


def count_is(editor, text, timeout=8000):
    deadline = time.time() + timeout / 1000
    while (shown := editor.js("document.querySelector('.find-count').textContent")) != text:
        assert time.time() < deadline, f"the find bar says {shown!r}, not {text!r}"
        time.sleep(0.05)


def open_find(editor, query):
    editor.press("Control+f")
    editor.wait_until("document.activeElement?.classList.contains('find-input')")
    editor.type(query)


def word_quad(editor, page, text):
    answer = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/pages/{page}/text")
    return next(word["quad"] for block in answer["blocks"] for line in block["lines"]
                for word in line["words"] if word["text"] == text)


def found(editor, query):
    """The engine's matches for `query` ("&caseSensitive=true" and the like appended)."""
    return api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/search?q={query}")["matches"]


def test_match_case_and_whole_words_are_toggles_reached_by_keyboard(new_editor):
    editor = new_editor()
    # The sample's first page: "annotation system", "two annotations:", the notes...
    every, whole = found(editor, "annotation"), found(editor, "annotation&wholeWords=true")
    assert len(whole) < len(every)
    open_find(editor, "annotation")
    count_is(editor, f"1 of {len(every)}")
    # Tab from the field reaches the toggles; Space presses them; the state is announced.
    editor.press("Tab")
    assert editor.js("document.activeElement.getAttribute('aria-label')") == "Match case"
    assert editor.js("document.activeElement.getAttribute('aria-pressed')") == "false"
    editor.press("Tab")
    assert editor.js("document.activeElement.getAttribute('aria-label')") == "Whole words"
    editor.press("Space")
    assert editor.js("document.activeElement.getAttribute('aria-pressed')") == "true"
    count_is(editor, f"1 of {len(whole)}")
    assert editor.js("marginalia.find.state().options") == {"caseSensitive": False, "wholeWords": True, "regex": False, "preset": ""}
    assert editor.count(".find-hit") == len(whole)
    editor.screenshot("find-whole-words")
    # Alt+C from the field: case must agree ("marginalia info" and the command name drop out).
    editor.press("Shift+Tab")
    editor.press("Shift+Tab")
    assert editor.js("document.activeElement.classList.contains('find-input')")
    editor.press("Control+a")
    editor.type("Marginalia")
    loose, cased = found(editor, "Marginalia&wholeWords=true"), found(editor, "Marginalia&wholeWords=true&caseSensitive=true")
    assert len(cased) < len(loose)
    count_is(editor, f"1 of {len(loose)}")
    editor.press("Alt+c")
    count_is(editor, f"1 of {len(cased)}")
    assert editor.js("document.querySelector('.find-option-case').getAttribute('aria-pressed')") == "true"
    assert editor.js("marginalia.find.state().annotations") == [m.get("annotation") for m in cased]
    editor.screenshot("find-match-case")
    # Whole words end at Unicode's word boundaries (the long press's words), not only at
    # spaces: "Swift" is found in "written in Swift." as well as in "Swift runs".
    editor.press("Control+a", focus=".find-input")
    editor.type("Swift")
    whole_swift = found(editor, "Swift&wholeWords=true&caseSensitive=true")
    assert [m["text"] for m in whole_swift] == ["Swift", "Swift"], whole_swift
    count_is(editor, "1 of 2")
    editor.screenshot("find-whole-word-before-punctuation")
    # A click turns whole words off again; a word that is never capitalised finds nothing.
    editor.click(".find-option-words")
    editor.press("Control+a", focus=".find-input")
    editor.type("Engine")
    count_is(editor, "No matches")
    editor.press("Escape")
    assert not editor.visible(".find-bar")


def test_the_matches_keep_the_engines_order_with_notes_among_the_text(new_editor):
    editor = new_editor()
    # "...own engine, ... The engine has layers: PDFCore ... editor engine decides": a note
    # just after "layers:", holding the word.
    quad = word_quad(editor, 0, "layers:")
    x, y = quad[2] + 2, quad[5] - 2
    command(editor, {"type": "add", "annotations": [
        {"type": "note", "id": "n-order", "pageIndex": 0, "rect": [x, y, x + 12, y + 12], "contents": "engine tips"}]})
    editor.wait_until("marginalia.model.hasAnnotation('n-order')")
    assert [m["kind"] for m in found(editor, "engine")] == ["page", "page", "annotation", "page"]
    open_find(editor, "engine")
    count_is(editor, "1 of 4")
    assert editor.js("marginalia.find.state().annotations") == [None, None, "n-order", None]
    # Stepping goes in that order: the third match is the note's rectangle.
    editor.press("Enter")
    editor.press("Enter")
    count_is(editor, "3 of 4")
    box = editor.js("(() => { const r = document.querySelector('.find-hit.current').getBoundingClientRect(); return [r.left, r.top]; })()")
    corner = editor.page_point_to_client(0, x, y + 12)
    assert abs(box[0] - corner[0]) < 2 and abs(box[1] - corner[1]) < 2, (box, corner)
    editor.screenshot("find-note-in-order")


def test_the_matches_follow_edits_and_keep_the_current_one(new_editor):
    editor = new_editor()
    open_find(editor, "engine")
    count_is(editor, "1 of 3")
    editor.press("Shift+Enter")
    count_is(editor, "3 of 3")  # "a headless editor engine"
    # Another user adds a note holding the word above everything on the page: the matches are
    # fetched again without a keystroke, and the current one is still "editor engine".
    command(editor, {"type": "add", "annotations": [
        {"type": "note", "id": "n-top", "pageIndex": 0, "rect": [20, 760, 32, 772], "contents": "engine here"}]})
    count_is(editor, "4 of 4")
    assert editor.js("marginalia.find.state().annotations")[0] == "n-top"
    # This tab's own edit: a text box holding the word, low on the page, shows up as a match
    # (its text is drawn on the page: a page match, not an annotation's), the current one kept.
    editor.js("""marginalia.command({type: 'add', annotations: [{type: 'freeText', id: 'ft-find', pageIndex: 0,
        rect: [72, 60, 320, 90], text: 'Engine again', fontSize: 14}]})""")
    count_is(editor, "4 of 5")
    assert editor.js("marginalia.find.state().annotations") == ["n-top", None, None, None, None]
    assert [m["kind"] for m in found(editor, "engine")][-1] == "page"
    editor.screenshot("find-after-edits")
    # Removing the note: the current match stays on "editor engine".
    command(editor, {"type": "remove", "ids": ["n-top"]})
    count_is(editor, "3 of 4")
    # Closed, the bar asks nothing more: no search is sent once the pause an open bar would
    # take before asking again (its own timer) has passed after the edit arrived.
    editor.press("Escape")
    editor.js("""() => { window.searchesSent = []; const original = window.fetch;
        window.fetch = (url, ...rest) => { if (String(url).includes('/search?')) searchesSent.push(String(url)); return original(url, ...rest); }; }""")
    command(editor, {"type": "remove", "ids": ["ft-find"]})
    editor.wait_until("!marginalia.model.hasAnnotation('ft-find')")
    editor.timers_run(editor.js("async () => (await import('/app/js/find.js')).REFRESH_PAUSE_MS"))
    assert editor.js("searchesSent") == []
    assert editor.js("document.querySelector('.find-count').textContent") == ""


def test_a_step_made_while_the_matches_are_fetched_again_is_kept(new_editor):
    editor = new_editor()
    open_find(editor, "engine")
    count_is(editor, "1 of 3")
    # The next search's answer is held back until the test lets it through.
    editor.js("""window.held = null; const fetched = window.fetch;
        window.fetch = (url, ...rest) => String(url).includes('/search?') && !window.held
          ? new Promise((resolve) => { window.held = () => resolve(fetched(url, ...rest)); })
          : fetched(url, ...rest)""")
    command(editor, {"type": "add", "annotations": [
        {"type": "note", "id": "n-top", "pageIndex": 0, "rect": [20, 760, 32, 772], "contents": "engine here"}]})
    editor.wait_until("!!window.held", timeout=8000)
    # Enter while the matches are fetched again: the second match is shown, and stays the
    # current one once the answer (with the note's match before it) is in.
    editor.js("document.querySelector('.find-input').focus()")
    editor.press("Enter")
    count_is(editor, "2 of 3")
    editor.js("window.held()")
    count_is(editor, "3 of 4")


def test_the_first_match_is_asked_alone_from_the_current_page_then_every_match(new_editor):
    editor = new_editor()
    every = found(editor, "the")
    first_on_page_2 = next(i for i, m in enumerate(every) if m["page"] >= 1)
    editor.js("marginalia.viewer.goToPage(1)")
    editor.wait_until("marginalia.viewer.currentPage === 1")
    editor.js("""window.searchesAsked = []; const fetched = window.fetch;
        window.fetch = (url, ...rest) => { if (String(url).includes('/search?')) searchesAsked.push(String(url)); return fetched(url, ...rest); }""")
    open_find(editor, "the")
    count_is(editor, f"{first_on_page_2 + 1} of {len(every)}")
    asked = editor.js("window.searchesAsked")
    assert "from=1&limit=1" in asked[-2] and "limit" not in asked[-1], asked
    assert editor.js("document.querySelector('.find-hit.current').closest('.page').dataset.page") == "1"


def test_a_part_of_a_word_and_a_phrase_are_found_as_typed(new_editor):
    editor = new_editor()
    # The sample never has the word "crop", only "cropped" and "CropBox" on its third page;
    # the phrase "rotated cropped" is there with a comma between ("A rotated, cropped page").
    crop = found(editor, "crop")
    assert len(crop) >= 3 and {m["page"] for m in crop} == {2}
    assert all(m["text"].lower() == "crop" for m in crop)
    open_find(editor, "crop")
    count_is(editor, f"1 of {len(crop)}")
    assert editor.count(".find-hit") == len(crop)
    assert editor.js("document.querySelector('.find-hit.current').closest('.page').dataset.page") == "2"
    editor.screenshot("find-part-of-a-word")
    # Whole words: none.
    editor.press("Alt+w")
    count_is(editor, "No matches")
    editor.press("Alt+w")
    editor.press("Control+a", focus=".find-input")
    editor.type("rotated cropped")
    count_is(editor, "1 of 1")
    assert [m["text"] for m in found(editor, "rotated%20cropped")] == ["rotated, cropped"]
    # In another order the words are not a match (the cross-document search would take them).
    editor.press("Control+a", focus=".find-input")
    editor.type("cropped rotated")
    count_is(editor, "No matches")
