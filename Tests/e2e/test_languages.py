"""The editor in other languages (issue 33, docs/i18n.md): the chrome's words come from
Web/i18n/LANG.json, chosen by `?lang=`, Settings or the browser; plurals and numbers follow
the language's rules (Intl); Arabic and Hebrew lay the chrome out right to left while the page
stays as the PDF draws it, so a pen lands where it is put; and choosing a language in Settings
reloads the editor without losing what was just drawn."""

import json
import time

from editor_harness import ROOT, api

CATALOGS = ROOT / "Web" / "i18n"
# A blank band of page 1 of the sample (page space, points): below the text.
BAND_Y = 300


def catalog(code):
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))


def open_in(editor, code):
    """Opens the editor's document with `?lang=CODE` and the Draw tool."""
    editor.goto(f"/?doc={editor.doc_id}&lang={code}")
    editor.wait_opened()
    editor.js("marginalia.setTool('draw')")
    editor.show_page(0, zoom=1)


def translated(editor, key, count):
    """What the page's own i18n module answers for a plural key."""
    return editor.js("([key, count]) => import('/app/js/i18n.js').then((m) => m.t(key, { count }))", [key, count])


def inks(editor):
    return [a for a in editor.annotations() if a["type"] == "ink"]


def test_the_editor_in_german_shows_german_labels(new_editor):
    editor = new_editor()
    open_in(editor, "de")
    de = catalog("de")
    assert editor.js("[document.documentElement.lang, document.documentElement.dir]") == ["de", "ltr"]
    assert editor.attribute('button[data-tool="draw"]', "aria-label") == "Zeichnen"
    assert editor.attribute('button[data-tool="undo"]', "aria-label") == "Rückgängig"
    assert editor.attribute("#toolbar", "aria-label") == de["chrome.editorTools"]
    # Numbers as German writes them: a percentage with a space before the sign (Intl).
    assert editor.text(".zoom-label") == "100\u00a0%"
    # Plurals by the language's rules.
    assert translated(editor, "review.replies", 1) == "1 Antwort"
    assert translated(editor, "review.replies", 2) == "2 Antworten"
    # How a browser's language tag finds a catalog (docs/i18n.md).
    tags = ["de-AT", "fr-CA", "es-419", "ja-JP", "zh-CN", "zh-Hans-SG", "zh-TW", "zh-Hant", "ar-EG", "he-IL", "iw", "pt-BR"]
    assert editor.js("(tags) => import('/app/js/i18n.js').then((m) => tags.map(m.supportedLanguage))", tags) == [
        "de", "fr", "es", "ja", "zh-Hans", "zh-Hans", None, None, "ar", "he", None, None]
    editor.click_toolbar("settings")
    editor.wait_until("!document.getElementById('popover').hidden")
    assert editor.text("#popover .popover-title") == "Einstellungen"
    assert editor.value('#popover select[data-setting="language"]') == "auto"
    editor.painted()
    editor.screenshot("languages-german-settings")
    assert not editor.errors


def test_arabic_lays_the_chrome_out_right_to_left_and_the_pen_lands_where_it_is(new_editor):
    editor = new_editor()
    open_in(editor, "ar")
    assert editor.js("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert editor.attribute('button[data-tool="draw"]', "aria-label") == "رسم"
    assert translated(editor, "review.replies", 2) == "ردّان"
    assert translated(editor, "review.replies", 1) == "رد واحد"
    # The toolbar reads from the right: the navigation group (Documents, pages, zoom) is at the
    # right end, the actions at the left.
    nav, actions = editor.box("#nav-group"), editor.box("#action-group")
    assert nav[0] > actions[0] + actions[2] / 2, (nav, actions)
    editor.painted()
    editor.screenshot("languages-arabic-rtl")

    # Where the page is on screen, measured from its element, not from the editor's transform.
    width, height = editor.js("[marginalia.model.pages[0].width, marginalia.model.pages[0].height]")
    left, top, shown_width, shown_height = editor.box('.page[data-page="0"]')
    scale = shown_width / width
    assert abs(shown_height - height * scale) < 1.5, (shown_width, shown_height, width, height)

    def client(x, y):
        return (left + x * scale, top + (height - y) * scale)

    drawn = [(100 + 200 * i / 24, BAND_Y + 12 * ((i % 4) - 1.5)) for i in range(25)]
    for (x, y), mapped in zip(drawn[::8], editor.page_points_to_client(0, drawn[::8])):
        assert abs(mapped[0] - client(x, y)[0]) < 1.5 and abs(mapped[1] - client(x, y)[1]) < 1.5, (x, y, mapped)
    editor.pen_stroke([client(x, y) for x, y in drawn])
    editor.wait_until("[...marginalia.model.allAnnotations()].some((a) => a.type === 'ink')")
    editor.commands_answered()
    [ink] = inks(editor)
    points = [p for path in ink["paths"] for p in path]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert abs(min(xs) - 100) < 4 and abs(max(xs) - 300) < 4, xs
    assert BAND_Y - 18 - 4 < min(ys) and max(ys) < BAND_Y + 18 + 4, ys
    assert abs(sum(ys) / len(ys) - BAND_Y) < 6, ys
    # The page is never mirrored (with the pages' area right to left too, the stroke above
    # lands 268 pt off: the scroll offsets mean another thing there).
    assert editor.js("getComputedStyle(document.getElementById('scroller')).direction") == "ltr"
    assert not editor.errors


def wait_reloaded(editor, code, timeout=20):
    """Waits until the page has loaded again in language `code` (the editor reloads itself)."""
    deadline = time.time() + timeout
    while True:
        try:
            if editor.js(f"!window.beforeTheSwitch && document.documentElement.lang === '{code}'"):
                break
        except Exception as error:  # noqa: BLE001 - the page is between two documents
            if time.time() > deadline:
                raise AssertionError(f"no reload into {code}: {error}") from error
        if time.time() > deadline:
            raise AssertionError(f"no reload into {code}")
        time.sleep(0.1)
    editor.wait_opened()


def test_choosing_a_language_in_settings_keeps_what_was_just_drawn(new_editor):
    editor = new_editor()
    assert editor.js("document.documentElement.lang") == "en"
    editor.js("window.beforeTheSwitch = true")
    # A slow server: each command leaves a second late, so the language is chosen while the
    # stroke's command is still on its way (a reload then would lose it).
    editor.js("""() => { const sent = window.fetch;
        window.commandsHeld = 0;
        window.fetch = (url, options) => {
            if (options?.method !== 'POST' || !String(url).endsWith('/commands')) return sent(url, options);
            window.commandsHeld += 1;
            return new Promise((resolve) => setTimeout(resolve, 1000)).then(() => sent(url, options)); }; }""")
    points = [(100 + 200 * i / 16, BAND_Y) for i in range(17)]
    editor.pen_stroke(editor.page_points_to_client(0, points))
    editor.wait_until("window.commandsHeld === 1")
    editor.click_toolbar("settings")
    editor.wait_until("!!document.querySelector('#popover select[data-setting=\"language\"]')")
    editor.select_option('#popover select[data-setting="language"]', "he")
    wait_reloaded(editor, "he")
    assert editor.js("document.documentElement.dir") == "rtl"
    assert editor.attribute('button[data-tool="undo"]', "aria-label") == catalog("he")["toolbar.undo"]
    assert len(inks(editor)) == 1, "the stroke drawn just before the switch is on the server"
    editor.painted()
    editor.screenshot("languages-hebrew-after-switch")
    assert editor.js("[...marginalia.model.allAnnotations()].filter((a) => a.type === 'ink').length") == 1
    # The choice is kept: a reload without ?lang= stays in Hebrew; "As the browser" goes back.
    editor.reload()
    assert editor.js("document.documentElement.lang") == "he"
    editor.click_toolbar("settings")
    editor.wait_until("!!document.querySelector('#popover select[data-setting=\"language\"]')")
    assert editor.value('#popover select[data-setting="language"]') == "he"
    editor.js("window.beforeTheSwitch = true")
    editor.select_option('#popover select[data-setting="language"]', "auto")
    wait_reloaded(editor, "en")
    assert len(inks(editor)) == 1
