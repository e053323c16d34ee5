"""The editor under the keyboard, a finger and the system's appearance (issue 15, keyboard and
accessibility): one Tab stop for the toolbar with arrow keys through it and into More; Tab
through the annotations of the page in view in the engine's order, with Enter, Delete and
Escape; text selected by a long press and extended by Shift+arrows, Ctrl/Cmd+A for the page's
text; the chrome's dark and more-contrast themes."""

import contextlib
import pathlib

import pytest

from editor_harness import ARTIFACTS, Editor, api, send_command

ENGINE_CALL = "async (request) => (await import('/app/js/engine.js')).call(request)"


def command(editor, body):
    return send_command(editor, body, "test-keys")


def focused(editor):
    """What has the keyboard: its data-tool, data-id, class or tag."""
    return editor.js("""(() => { const e = document.activeElement; if (!e) return null;
        return e.dataset?.tool ?? e.dataset?.id ?? (e.className || e.tagName); })()""")


def in_toolbar(editor):
    return editor.js("!!document.activeElement?.closest('#toolbar')")


# MARK: 1. The toolbar


def test_the_toolbar_is_one_tab_stop_with_arrow_keys_home_end_and_the_more_menu(new_editor):
    # At 1000 px the least used buttons are in More (overflow.js).
    editor = new_editor(viewport={"width": 1000, "height": 900})
    assert editor.attribute("#toolbar", "role") == "toolbar"
    assert editor.js("!document.querySelector('[data-tool=\"more\"]').hidden")
    row = editor.js("""[...document.querySelectorAll('#toolbar button, #toolbar input')]
        .filter((c) => !c.closest('[hidden], .overflowed') && c.getClientRects().length)
        .map((c) => c.dataset.tool ?? c.className)""")
    assert editor.js("document.querySelectorAll('#toolbar [tabindex=\"0\"]').length") == 1
    # From the pages, Shift+Tab lands in the toolbar once (on the active tool), and Tab
    # leaves it again.
    tool = editor.js("marginalia.viewer.pages.dataset.tool")
    editor.js("marginalia.viewer.scroller.focus()")
    editor.press("Shift+Tab")
    assert in_toolbar(editor) and focused(editor) == tool, focused(editor)
    # Tab onwards (Chromium leaves the page; WebKit wraps round to the document's start):
    # no other control of the toolbar is ever reached.
    reached = set()
    for _ in range(4):
        editor.press("Tab")
        if in_toolbar(editor):
            reached.add(focused(editor))
    assert reached <= {tool}, f"Tab reached {reached} in the toolbar"
    editor.js("marginalia.viewer.scroller.focus()")
    editor.press("Shift+Tab")
    assert focused(editor) == tool
    # Home and End; Right and Left step and wrap.
    editor.press("Home")
    assert focused(editor) == row[0]
    editor.press("ArrowLeft")
    assert focused(editor) == row[-1] == "more"
    editor.press("ArrowRight")
    assert focused(editor) == row[0]
    editor.press("ArrowRight")
    assert focused(editor) == row[1]
    # Through the page number field (its text is selected on focus, so the arrows go on).
    field = row.index("page-input")
    for _ in range(field - 1):
        editor.press("ArrowRight")
    assert focused(editor) == "page-input"
    editor.press("ArrowRight")
    assert focused(editor) == row[field + 1]
    # The Tab stop is the control last used: out of the toolbar and back in.
    editor.press("End")
    assert focused(editor) == "more"
    editor.js("marginalia.viewer.scroller.focus()")
    editor.press("Shift+Tab")
    assert focused(editor) == "more"
    # Down opens More; Up, Down, Home and End move through its actions; Escape gives the
    # keyboard back to More.
    editor.press("ArrowDown")
    editor.wait_until("!document.getElementById('popover').hidden && document.activeElement?.classList.contains('popover-action')")
    actions = editor.js("[...document.querySelectorAll('#popover .popover-action')].map((a) => a.textContent)")
    assert len(actions) >= 3, actions
    label = lambda: editor.js("document.activeElement.textContent")
    assert label() == actions[0]
    editor.press("ArrowDown")
    assert label() == actions[1]
    editor.press("End")
    assert label() == actions[-1]
    editor.press("ArrowDown")
    assert label() == actions[0], "Down wraps"
    editor.press("ArrowUp")
    assert label() == actions[-1]
    editor.screenshot("keys-more-menu")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")
    assert focused(editor) == "more"
    # Enter on a tool picks it.
    for _ in range(row.index("erase") - row.index("more") + len(row)):
        editor.press("ArrowRight")
    assert focused(editor) == "erase"
    editor.press("Enter")
    editor.wait_until("marginalia.viewer.pages.dataset.tool === 'erase'")
    # Narrower: the control holding the stop goes into More, and the stop to one in the row.
    goes = editor.js("""['download', 'versions', 'export', 'zoomOut', 'zoomIn', 'fitWidth', 'comments', 'outline', 'settings', 'pages', 'sidebar']
        .find((name) => !document.querySelector(`[data-tool="${name}"]`).classList.contains('overflowed'))""")
    editor.js(f"document.querySelector('[data-tool=\"{goes}\"]').focus(); document.body.style.width = '640px'")
    editor.wait_until(f"document.querySelector('[data-tool=\"{goes}\"]').classList.contains('overflowed')")
    editor.wait_until("""(() => { const stops = document.querySelectorAll('#toolbar [tabindex="0"]');
        return stops.length === 1 && stops[0].getClientRects().length > 0; })()""")


# MARK: 2. Annotations under the keyboard


def add_annotations(editor):
    command(editor, {"type": "add", "annotations": [
        {"type": "freeText", "id": "greeting", "pageIndex": 0, "rect": [72, 560, 300, 600], "text": "Hello reader",
         "author": "Ada", "fontSize": 14},
        {"type": "note", "id": "memo", "pageIndex": 0, "rect": [420, 700, 440, 720], "contents": "Check the figures",
         "author": "Grace"},
        {"type": "circle", "id": "ring", "pageIndex": 0, "rect": [380, 380, 480, 440], "color": "#0000FF", "author": "Ada"}]})
    editor.wait_until("['greeting', 'memo', 'ring'].every((id) => marginalia.model.hasAnnotation(id))", timeout=10000)


def stops(editor):
    return editor.js("[...document.querySelectorAll('.annotation-stop')].map((s) => [s.dataset.id, s.getAttribute('aria-label')])")


# Counts the toolbar's layout reads (`getClientRects` on its controls: the roving focus's
# `setStop`), from now on.
COUNT_TOOLBAR_LAYOUTS = """() => {
    window.toolbarLayouts = 0;
    const real = Element.prototype.getClientRects;
    Element.prototype.getClientRects = function () {
        if (this.closest?.('#toolbar')) window.toolbarLayouts++;
        return real.call(this);
    };
    return true;
}"""
AFTER_A_FRAME = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))"


def test_an_update_that_changes_no_tool_moves_no_tab_stop(new_editor):
    """Issue 36: the toolbar's refresh sets every tool's aria-pressed on each editor update;
    the roving focus lays the toolbar out (to move its Tab stop) only when a tool changed, not
    on every update of a 2,000-page opening."""
    editor = new_editor()
    editor.js(COUNT_TOOLBAR_LAYOUTS)
    editor.js("marginalia.viewer.zoomBy(1.25)")
    editor.js("marginalia.setTool('draw')")  # the tool already chosen
    editor.js(AFTER_A_FRAME)
    assert editor.js("window.toolbarLayouts") == 0, "no layout for updates that change no tool"
    editor.js("marginalia.setTool('erase')")
    editor.js(AFTER_A_FRAME)
    assert editor.js("window.toolbarLayouts") > 0, "another tool moves the stop never focused"
    assert editor.attribute('[data-tool="erase"]', "tabindex") == "0"


def test_tab_reaches_the_annotations_in_the_engines_order_enter_edits_delete_removes_escape_leaves(new_editor):
    editor = new_editor()
    add_annotations(editor)
    editor.js("marginalia.setTool('draw')")
    editor.painted()
    assert editor.count(".annotation-stop") == 0, "only with Select"
    editor.js("marginalia.setTool('select')")
    editor.wait_until("document.querySelectorAll('.annotation-stop').length >= 3")
    order = [a["id"] for a in editor.js(ENGINE_CALL, {"call": "keyboardOrder", "pageIndex": 0})["annotations"]]
    assert [s[0] for s in stops(editor)] == order
    # Reading order on the screen: the note (top right) before the text box and the circle.
    assert order.index("memo") < order.index("greeting") < order.index("ring"), order
    names = dict(stops(editor))
    assert names["greeting"] == "Text box by Ada: Hello reader", names
    assert names["memo"] == "Note by Grace: Check the figures"
    assert names["ring"] == "Ellipse by Ada"
    # Tab from the toolbar: through every annotation, each selected as it gets the focus.
    editor.js("document.querySelector('#toolbar [tabindex=\"0\"]').focus()")
    seen = []
    for _ in order:
        editor.press("Tab")
        seen.append(focused(editor))
        assert editor.js("marginalia.selection().ids") == [seen[-1]]
    assert seen == order
    editor.screenshot("keys-annotation-focus")
    # Shift+Tab goes back; Escape clears the selection and gives the keyboard to the pages.
    editor.press("Shift+Tab")
    assert focused(editor) == order[-2]
    editor.press("Escape")
    assert editor.js("marginalia.selection().ids") == []
    assert editor.js("document.activeElement === marginalia.viewer.scroller")

    # Enter on the text box opens its editor; Escape there ends editing.
    editor.js("document.querySelector('.annotation-stop[data-id=\"greeting\"]').focus()")
    editor.press("Enter")
    editor.wait_until("!!document.querySelector('.text-editor')")
    editor.press("Escape")
    editor.wait_until("!document.querySelector('.text-editor')")
    # Enter on the circle opens its Style popover.
    editor.js("document.querySelector('.annotation-stop[data-id=\"ring\"]').focus()")
    editor.press("Enter")
    editor.wait_until("!document.getElementById('popover').hidden && document.getElementById('popover').getAttribute('aria-label') === 'Style'")
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    # Delete removes the focused annotation in one command (one undo step); the focus goes on.
    editor.js("document.querySelector('.annotation-stop[data-id=\"ring\"]').focus()")
    before = len(editor.annotations())
    editor.press("Delete")
    editor.wait_until("!marginalia.model.hasAnnotation('ring')", timeout=10000)
    assert len(editor.annotations()) == before - 1
    assert editor.count('.annotation-stop[data-id="ring"]') == 0
    editor.wait_until("document.activeElement?.classList.contains('annotation-stop')")
    editor.js("marginalia.viewer.scroller.focus()")
    editor.press("Control+z")
    editor.wait_until("marginalia.model.hasAnnotation('ring')", timeout=10000)
    assert len(editor.annotations()) == before


def test_enter_opens_a_notes_editor_and_backspace_removes(new_editor):
    editor = new_editor()
    add_annotations(editor)
    editor.js("marginalia.setTool('select')")
    editor.wait_until("!!document.querySelector('.annotation-stop[data-id=\"memo\"]')")
    editor.js("document.querySelector('.annotation-stop[data-id=\"memo\"]').focus()")
    editor.press("Enter")
    editor.wait_until("!!document.querySelector('.note-editor, .text-editor, #popover:not([hidden]) textarea')")
    editor.press("Escape")
    editor.js("document.querySelector('.annotation-stop[data-id=\"greeting\"]').focus()")
    editor.press("Backspace")
    editor.wait_until("!marginalia.model.hasAnnotation('greeting')", timeout=10000)


# MARK: 3. Dark and more-contrast chrome

# Text of the chrome and what it is drawn on: each element's colour against the first
# background behind it that is not transparent.
CONTRASTS = r"""() => {
    const parse = (c) => { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; };
    const background = (e) => {
        for (; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c[3] > 0.5) return c;
        }
        return [255, 255, 255, 1];
    };
    const samples = {
        'tool label': '.tool-button:not([aria-pressed="true"]):not(.overflowed) .tool-label',
        'active tool label': '#tool-group .tool-button[aria-pressed="true"] .tool-label',
        'page count': '.page-count', 'zoom': '.zoom-label', 'popover title': '#popover .popover-title',
        'popover label': '#popover .popover-label', 'popover text': '#popover .switch, #popover .popover-action',
        'popover hint': '#popover .hint', 'status': '#status', 'thumbnail label': '.thumb-label',
        'review text': '.review-row .review-type', 'review meta': '.review-summary',
    };
    const out = {};
    for (const [name, selector] of Object.entries(samples)) {
        const e = [...document.querySelectorAll(selector)].find((x) => x.getClientRects().length);
        if (e) out[name] = [parse(getComputedStyle(e).color), background(e)];
    }
    return out;
}"""


WIDE = {"width": 1440, "height": 900}


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def show_chrome(editor):
    """Opens what the themes colour: the thumbnails, the comments, a popover, a status line."""
    editor.click_toolbar("sidebar")
    editor.click_toolbar("comments")
    editor.wait_until("document.querySelectorAll('.review-row').length > 0")
    editor.js("marginalia.status('Saved: the status line')")
    editor.click_toolbar("settings")
    editor.wait_until("!document.getElementById('popover').hidden")
    editor.painted()  # the popover and the status line at rest: their colours measured as shown


def measured(editor):
    found = editor.js(CONTRASTS)
    assert {"tool label", "active tool label", "popover title", "status", "review text"} <= set(found), found
    return {name: round(contrast(color, back), 2) for name, (color, back) in found.items()}


def test_the_light_chromes_text_meets_wcag_aa(new_editor):
    """The default appearance, in every engine: at least 4.5:1 for every sampled text (wide
    enough for the tools' labels)."""
    editor = new_editor(viewport=WIDE)
    show_chrome(editor)
    ratios = measured(editor)
    editor.screenshot("keys-theme-light")
    assert min(ratios.values()) >= 4.5, ratios


# The themes: (name, prefers-color-scheme, prefers-contrast, WebKitGTK's GTK theme for them,
# the contrast every sampled text must reach).
THEMES = [("dark", "dark", "no-preference", "Adwaita:dark", 4.5), ("more", "light", "more", "HighContrast", 7),
          ("dark-more", "dark", "more", "HighContrast:dark", 7)]


@contextlib.contextmanager
def themed_editor(browser, new_editor, web_server, doc_id, theme):
    """An editor whose page sees `theme`'s system appearance: in Chromium the session's tab
    with the media features emulated; in WebKit a MiniBrowser of its own started under that
    GTK theme (WebKitGTK reads the appearance from it; WebDriver cannot set it)."""
    _, scheme, contrast, gtk_theme, _ = theme
    if browser.engine == "chromium":
        editor = new_editor(viewport=WIDE, doc_id=doc_id)
        editor.emulate_media(scheme, contrast)
        yield editor
        editor.emulate_media("light", "no-preference")
        return
    from webkit_driver import WebKitBrowser
    themed = WebKitBrowser(ARTIFACTS / f"webkit-driver-{theme[0]}.log", gtk_theme=gtk_theme)
    try:
        editor = Editor(themed.new_tab(WIDE, False), web_server, doc_id)
        assert editor.js(f"matchMedia('(prefers-color-scheme: {scheme})').matches && "
                         f"matchMedia('(prefers-contrast: {contrast})').matches"), gtk_theme
        yield editor
        assert not editor.errors, editor.errors
    finally:
        themed.close()


def test_dark_and_more_contrast_colour_the_chrome_and_never_the_page(browser, new_editor, web_server, document):
    backgrounds = {}
    for theme in THEMES:
        name, need = theme[0], theme[-1]
        with themed_editor(browser, new_editor, web_server, document, theme) as editor:
            show_chrome(editor)
            ratios = measured(editor)
            editor.screenshot(f"keys-theme-{name}")
            # The panels and a selected annotation's bar, without the popover over them.
            editor.press("Escape")
            editor.js("marginalia.setTool('select'); marginalia.select(marginalia.model.allAnnotations()[0].id)")
            editor.wait_until("document.getElementById('popover').hidden && document.querySelector('.selection-bar') !== null")
            editor.painted()
            editor.screenshot(f"keys-theme-{name}-panels")
            assert min(ratios.values()) >= need, (name, ratios)
            backgrounds[name] = editor.js("getComputedStyle(document.getElementById('toolbar')).backgroundColor")
            # The page is the document: white, its canvas untouched.
            assert editor.js("getComputedStyle(document.querySelector('.page')).backgroundColor") == "rgb(255, 255, 255)"
    assert backgrounds["dark"] != backgrounds["more"] and backgrounds["dark"] != "rgb(255, 255, 255)", backgrounds


# MARK: 4. Text by touch and keyboard

FIRST_LINE = """(() => { const s = [...marginalia.viewer.views[0].textLayer.querySelectorAll('span')]
    .find((e) => e.textContent.startsWith('Marginalia is a PDF')); const r = s.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height]; })()"""


def text_ready(editor):
    editor.wait_until("(marginalia.viewer.views[0].textLayer?.querySelectorAll('span').length ?? 0) > 5", timeout=10000)
    editor.js("marginalia.setTool('select')")
    editor.painted()
    return editor.js(FIRST_LINE)


def selected_text(editor):
    return editor.js("window.getSelection().toString()")


LONG_PRESS_MS = "async () => (await import('/app/js/textselection.js')).LONG_PRESS_MS"


def long_press(editor, point, then=None, finger=1):
    """A finger held still on `point` until the long press's timer has fired, then moved
    through `then` and lifted."""
    editor.touch([{finger: point}])
    editor.timers_run(editor.js(LONG_PRESS_MS))
    editor.touch([{finger: p} for p in (then or [])] + [{}])


def test_a_long_press_selects_the_word_and_the_finger_extends_it_unless_a_pen_is_active(new_editor):
    editor = new_editor(has_touch=True)
    box = text_ready(editor)
    word = (box[0] + 12, box[1] + box[3] / 2)
    scroll = editor.js("[marginalia.viewer.scroller.scrollLeft, marginalia.viewer.scroller.scrollTop]")
    before = len(editor.annotations())
    # Held still on "Marginalia": the word; the finger then drags the selection's end along
    # the line, and the page does not scroll under it.
    long_press(editor, word, then=[(word[0] + 60 * i, word[1]) for i in range(1, 4)])
    editor.screenshot("keys-long-press")
    text = selected_text(editor)
    assert text.startswith("Marginalia is"), f"selected {text!r}"
    assert editor.js("[marginalia.viewer.scroller.scrollLeft, marginalia.viewer.scroller.scrollTop]") == scroll
    assert len(editor.annotations()) == before and editor.js("marginalia.selection().ids") == []
    # A short tap is no long press: it clears the selection and selects nothing.
    editor.touch([{1: word}, {}])
    editor.timers_run(editor.js(LONG_PRESS_MS))
    assert selected_text(editor) == ""
    # A finger that moves before the time is up scrolls instead.
    editor.touch([{1: word}] + [{1: (word[0], word[1] - 12 * i)} for i in range(1, 5)])
    editor.timers_run(editor.js(LONG_PRESS_MS))
    editor.touch([{}])
    assert selected_text(editor) == ""
    editor.wait_steady("[marginalia.viewer.scroller.scrollLeft, marginalia.viewer.scroller.scrollTop]")  # the pan's glide
    box = editor.js(FIRST_LINE)
    word = (box[0] + 12, box[1] + box[3] / 2)

    # Palm rejection: while a pen is down the finger is a palm, and for a second after it lifts.
    pen = editor.page_point_to_client(0, 500, 120)
    editor.pen_down(pen)
    long_press(editor, word, finger=2)
    assert selected_text(editor) == "", "a touch while the pen is down selected text"
    editor.pen_up(pen)
    long_press(editor, word, finger=3)
    assert selected_text(editor) == "", "a touch within a second of the pen selected text"
    # The engine's palm rule counts a second from the pen's lift on the events' clocks: the
    # time passing is the input here, not a wait for a state.
    editor.hold(1100)
    long_press(editor, word, finger=4)
    assert selected_text(editor) == "Marginalia"
    # Which characters make the word is the engine's rule (`wordAt`, Unicode's word
    # boundaries), the one find's whole words use: the full stop after "Swift" is not the
    # word's, as on iOS, Android, macOS and in every browser (the page text's token is
    # "Swift."); a press on a full stop's near half, where it meets the word, still gives it.
    long_press(editor, client_point_of(editor, "Swift", 2), finger=5)
    editor.screenshot("keys-long-press-word-rule")
    assert selected_text(editor) == "Swift"
    long_press(editor, client_point_of(editor, "Swift.", 5, fraction=0.25), finger=6)
    assert selected_text(editor) == "Swift"


def client_point_of(editor, text, character, fraction=0.5):
    """The client point `fraction` of the way across character `character` of `text` on the
    first line, at its middle height."""
    return tuple(editor.js(f"""(() => {{ const node = [...marginalia.viewer.views[0].textLayer.querySelectorAll('span')]
        .map((e) => e.firstChild).find((n) => n?.data.startsWith('Marginalia is a PDF'));
        const at = node.data.indexOf({text!r}) + {character}, range = document.createRange();
        range.setStart(node, at); range.setEnd(node, at + 1); const r = range.getBoundingClientRect();
        return [r.left + r.width * {fraction}, r.top + r.height / 2]; }})()"""))


def test_shift_arrows_extend_the_text_selection_and_ctrl_a_selects_the_pages_text(new_editor):
    editor = new_editor()
    box = text_ready(editor)
    y = box[1] + box[3] / 2
    editor.mouse_drag([(box[0] + 1, y), (box[0] + box[2] * 0.1, y), (box[0] + box[2] * 0.2, y)])
    start = selected_text(editor)
    assert start.startswith("Marginalia"), start
    for _ in range(3):
        editor.press("Shift+ArrowRight")
    grown = selected_text(editor)
    assert grown.startswith(start) and len(grown) == len(start) + 3, (start, grown)
    editor.press("Shift+ArrowLeft")
    assert selected_text(editor) == grown[:-1]
    editor.press("Shift+ArrowDown")
    assert len(selected_text(editor)) > len(grown), "a line more"
    assert editor.js("marginalia.viewer.views[0].textLayer.contains(window.getSelection().focusNode)")
    # Ctrl/Cmd+A with the keyboard in the pages: this page's text, and no more.
    editor.js("window.getSelection().removeAllRanges(); marginalia.viewer.scroller.focus()")
    editor.press("Control+a")
    everything = selected_text(editor)
    layer = editor.js("marginalia.viewer.views[0].textLayer.textContent")
    assert everything.replace("\n", "").replace(" ", "") == layer.replace(" ", ""), (everything[:80], layer[:80])
    assert editor.js("""(() => { const r = window.getSelection().getRangeAt(0);
        return r.commonAncestorContainer === marginalia.viewer.views[0].textLayer; })()""")
    editor.screenshot("keys-select-all")
    # In the toolbar Ctrl+A selects nothing (not the whole editor).
    editor.js("window.getSelection().removeAllRanges(); document.querySelector('#toolbar [tabindex=\"0\"]').focus()")
    editor.press("Control+a")
    assert selected_text(editor) == ""


def theme_colours():
    """The chrome's colour properties in each theme, from editor.css and theme.css."""
    import re
    web = pathlib.Path(__file__).resolve().parents[2] / "Web" / "css"
    base, theme = (web / "editor.css").read_text(), (web / "theme.css").read_text()

    def block(text, opening):
        start = text.index("{", text.index(":root", text.index(opening)))
        return dict(re.findall(r"--([\w-]+):\s*#([0-9a-fA-F]{6})", text[start:text.index("}", start)]))
    light = block(base, ":root")
    dark = {**light, **block(theme, "@media (prefers-color-scheme: dark) {")}
    more = {**light, **block(theme, "@media (prefers-contrast: more)")}
    dark_more = {**dark, **block(theme, "@media (prefers-color-scheme: dark) and (prefers-contrast: more)")}
    return {"light": (light, 4.5), "dark": (dark, 4.5), "more": (more, 7), "dark-more": (dark_more, 7)}


# Every text colour of the chrome and the backgrounds editor.css draws it on.
TEXT_ON = [("ink", "bar"), ("ink", "bg"), ("ink", "surface"), ("ink", "well"), ("ink", "sidebar"), ("ink", "pressed"),
           ("ink", "chip"), ("ink", "accent-soft"), ("muted", "bar"), ("muted", "surface"), ("muted", "sidebar"),
           ("muted", "bg"), ("accent", "accent-soft"), ("accent", "surface"), ("accent", "bar"), ("accent", "sidebar"),
           ("danger", "surface"), ("danger", "danger-soft"), ("ok", "ok-soft"), ("toast-ink", "toast"),
           ("on-accent", "accent"), ("on-accent", "danger")]


def test_every_text_colour_of_every_theme_meets_its_level():
    """Not a browser test (it runs once): the pairs no screenshot shows, an error status line
    among them. AA (4.5:1) in the light and dark themes, AAA (7:1) with more contrast."""
    rgb = lambda h: [int(h[i:i + 2], 16) for i in (0, 2, 4)]
    for name, (colours, need) in theme_colours().items():
        low = {f"{a} on {b}": round(contrast(rgb(colours[a]), rgb(colours[b])), 2) for a, b in TEXT_ON}
        assert min(low.values()) >= need, (name, {k: v for k, v in low.items() if v < need})


def test_a_long_press_selection_offers_a_copy_button(new_editor):
    """Issue 26, what users reach for: touch has no keys to copy with, so text selected by a
    long press gets a Copy button above it, which copies the engine's text of the selection
    (as Ctrl+C does) and goes; a tap elsewhere takes it away with the selection."""
    editor = new_editor(has_touch=True)
    box = text_ready(editor)
    word = (box[0] + 12, box[1] + box[3] / 2)
    # What reaches the clipboard: a copy event's text (Chromium), or what is handed to the
    # asynchronous clipboard where the browser refuses the copy command (WebKitGTK here).
    editor.js("""window.copiedText = null;
        window.addEventListener('copy', (e) => { window.copiedText = e.clipboardData.getData('text/plain'); });
        if (navigator.clipboard) {
          const write = navigator.clipboard.writeText.bind(navigator.clipboard);
          navigator.clipboard.writeText = (text) => { window.copiedText = text; return write(text); };
        }""")
    long_press(editor, word, then=[(word[0] + 60 * i, word[1]) for i in range(1, 3)])
    editor.wait_until("!!document.querySelector('.text-actions .text-copy')")
    selected = selected_text(editor)
    assert selected.startswith("Marginalia is"), selected
    bar = editor.box(".text-actions")
    assert bar[1] + bar[3] <= box[1] + 1, (bar, box)  # above the line, not over it
    editor.screenshot("long-press-copy")
    x, y, width, height = editor.box(".text-actions .text-copy")
    editor.touch([{1: (x + width / 2, y + height / 2)}, {}])
    editor.wait_until("window.copiedText !== null")
    assert editor.js("window.copiedText").startswith("Marginalia is")
    assert editor.count(".text-actions") == 0
    # Again, then a tap elsewhere: the selection and the button go.
    long_press(editor, word)
    editor.wait_until("!!document.querySelector('.text-actions')")
    far = editor.page_point_to_client(0, 300, 600)
    editor.touch([{1: far}, {}])
    editor.wait_until("!document.querySelector('.text-actions')")
