"""Helpers for the browser editor's end-to-end tests: API calls and an engine-neutral `Editor`
wrapping one browser tab with the editor open, with pen, touch and mouse input.

A tab comes from a driver: `chromium_driver` (Playwright, trusted pen and touch through CDP)
or `webkit_driver` (Selenium WebDriver and WebKitGTK's MiniBrowser, pen and mouse through W3C
pointer actions). Tests talk to `Editor` only; what an engine's driver cannot produce, the
driver makes by script and says so (docs/editor-web.md, "The browser suite").
(A module of its own, not conftest: Tests/server has a conftest.py too, and `import conftest`
would be ambiguous.)"""

import importlib.util
import json
import pathlib
import sys
import time
import urllib.request

from script_events import EVENT_INTERVAL_MS, GESTURE_EVENTS, POINTER_EVENTS, pen_events

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
SAMPLE = ROOT / "Samples" / "sample.pdf"


def server_test_module(name):
    """Tests/server/NAME.py, a helper the server suite uses too (loaded once: the server suite,
    collected in the same run, may have loaded it already)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "Tests" / "server" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def wait_until_held(tab, held, what, seconds=20):
    """Waits until a request routed into `held` (a list Playwright's route handler appends to)
    has come, failing with `what` after `seconds`."""
    deadline = time.time() + seconds
    while not held:
        assert time.time() < deadline, f"{what} was never asked for"
        tab.wait(50)


def api(base, method, path, body=None, content_type="application/json"):
    """One API call; returns the decoded JSON (or bytes for PDFs)."""
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=30) as response:
        payload = response.read()
        if response.headers.get("Content-Type", "").startswith("application/json"):
            return json.loads(payload)
        return payload


def send_command(editor, body, client="test"):
    """One command sent over the API as another client would (`client`), on the editor's
    document at its current revision; the server's answer."""
    revision = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]
    return api(editor.base, "POST", f"/api/v1/documents/{editor.doc_id}/commands",
               {"protocol": 1, "baseRevision": revision, "clientId": client, "command": body})


# Resolves once every command the editor has queued has the server's answer: the session sends
# them one at a time through one promise chain (Web/js/session.js), awaited twice around a
# rendered frame and a task, so a command queued by an input's later steps (an await, a frame)
# is waited for too.
COMMANDS_ANSWERED = """async () => {
    await marginalia.session.queue;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await marginalia.session.queue;
}"""


def server_revision_after_input(editor):
    """The document's revision on the server once the editor has handled the input given so
    far and every command it queued has been answered: the state to check before asserting that
    an input changed nothing (issue 30: a fixed wait let a late change pass)."""
    editor.commands_answered()
    return api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}")["revision"]


# Resolves once the page has painted what its DOM says now: its fonts loaded, its pictures
# decoded (an SVG <image> has no `complete`: its address is decoded again, from the cache),
# every finite CSS transition and animation finished (a popover fading in, the status line
# sliding up), then two animation frames (the first may have been under way already; pointer
# moves, scroll events, resize and intersection observers are delivered within a frame) and a
# task (an intersection observer's callback is one).
PAINTED = """async () => {
    await document.fonts.ready;
    const address = (e) => e.getAttribute('href') ?? e.getAttribute('xlink:href');
    await Promise.all([...document.images, ...[...document.querySelectorAll('image')].filter(address)
        .map((e) => Object.assign(new Image(), { src: address(e) }))].map((i) => i.decode().catch(() => null)));
    await Promise.all(document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
}"""

# Resolves once every timer of at most `ms` that the page set before now has fired: HTML runs a
# page's timers of an equal or shorter delay that were set earlier first. For a rule the product
# keeps with a timer (a long press, a pause before asking again), named by its own constant.
TIMERS_RUN = """async (ms) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}"""

# Resolves after the next animation frame.
NEXT_FRAME = "() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))"

# The editor has finished opening its document (Editor.open in editor.js says "Opening…" until
# it has the document's pages, annotations and the events since).
OPENED = "!!window.marginalia && document.getElementById('status').textContent !== 'Opening…'"

# Page `index` drawn at the viewer's zoom with nothing pending: no render in flight, none asked
# for (a zoom schedules one), and the canvas not marked stale by a newer file.
PAGE_DRAWN = """(index) => { const viewer = marginalia.viewer, v = viewer.views[index];
    return !!v && v.renderedZoom === viewer.zoom && !v.rendering && !v.stale; }"""


def client_rect(editor, selector):
    """The client rect of the first element `selector` matches: [left, top, right, bottom]."""
    return editor.js(f"""(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; }})()""")


class Page:
    """A browser tab without the editor's set-up: scripts, waits, elements, keyboard."""

    def __init__(self, tab, base):
        self.tab = tab
        self.base = base
        self.engine = tab.engine

    @property
    def errors(self):
        """Uncaught script errors and rejections so far."""
        return self.tab.errors()

    def goto(self, path):
        self.tab.goto(self.base + path)

    def js(self, source, arg=None):
        """Evaluates a JS expression, or calls a function's source with `arg` (promises are
        awaited); returns its JSON value."""
        return self.tab.evaluate(source, arg)

    def wait_until(self, expression, timeout=5000):
        """Polls a JS expression until it is truthy. (Polled from here: Playwright's
        wait_for_function evaluates strings with eval, which the editor's CSP forbids.) The
        pauses between reads start at 10 ms and double up to 100 ms: most states come within a
        few frames, and a first pause of 100 ms made each wait cost 50 ms more on average."""
        deadline = time.time() + timeout / 1000
        pause = 10
        while True:
            try:
                value = self.js(expression)
            except Exception as error:  # noqa: BLE001 - only the driver's one transient answer
                # WebKitGTK's driver answers "Could not parse script result" for a script that
                # meets a page still loading (just after a navigation or refresh): not yet.
                if "Could not parse script result" not in str(error):
                    raise
                value = None
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for: {expression} (last value {value!r})")
            self.tab.wait(pause)
            pause = min(2 * pause, 100)

    def wait_opened(self, timeout=15000):
        """Waits until the editor has opened its document: the pages laid out, one drawn, and
        the opening done (`OPENED`: the annotations and the events since are in)."""
        self.wait_until("!!(window.marginalia && marginalia.viewer.views.length > 0 "
                        "&& document.querySelector('.page.rendered'))", timeout=timeout)
        self.wait_until(OPENED, timeout=timeout)

    def wait_page_drawn(self, index, timeout=15000):
        """Waits until page `index` is drawn at the viewer's zoom with no render pending."""
        self.wait_until(f"({PAGE_DRAWN})({index})", timeout=timeout)

    def wait_file_drawn(self, index, timeout=15000):
        """Waits until the page shows the file of the model's revision (filerefresh.js fetches
        it after a pause once the edits stop) and page `index` is drawn from it."""
        self.wait_until("marginalia.display.fileRevision === marginalia.model.revision", timeout=timeout)
        self.wait_page_drawn(index, timeout)

    def painted(self):
        """Returns once the page has painted what its DOM shows now (`PAINTED`): before a
        screenshot, or a measure of what a frame lays out, of a state already waited for."""
        self.js(PAINTED)

    def timers_run(self, ms):
        """Returns once every timer of at most `ms` the page had set has fired (`TIMERS_RUN`):
        the barrier before asserting that a timed rule (a long press, a pause before asking
        the server again) did nothing."""
        self.js(TIMERS_RUN, ms)

    def wait_steady(self, expression, frames=5, timeout=5000):
        """Polls a JS expression until its value stays the same over `frames` reads, each a
        frame after the last (a smooth scroll or a pan's glide has come to rest); the value."""
        deadline = time.time() + timeout / 1000
        last, same = self.js(expression), 0
        while same < frames:
            if time.time() > deadline:
                raise AssertionError(f"still changing: {expression} (last value {last!r})")
            self.js(NEXT_FRAME)
            value = self.js(expression)
            same = same + 1 if value == last else 0
            last = value
        return last

    def hold(self, ms):
        """Lets `ms` of time pass on purpose, where time is the input itself (a rule the engine
        keeps on the events' timestamps, such as a second of palm rejection after a pen
        lifts). Never a wait for a state: wait_until, painted and timers_run are those."""
        self.tab.wait(ms)

    # MARK: Elements (read through the DOM, the same in every engine)

    def count(self, selector):
        return self.js(f"document.querySelectorAll({json.dumps(selector)}).length")

    def visible(self, selector, text=None):
        """Whether an element matching `selector` (and containing `text`) has a box."""
        return self.js("""([selector, text]) => [...document.querySelectorAll(selector)]
            .some((e) => (text === null || e.textContent.includes(text)) && e.getClientRects().length > 0)""",
                       [selector, text])

    def attribute(self, selector, name):
        return self.js(f"document.querySelector({json.dumps(selector)})?.getAttribute({json.dumps(name)}) ?? null")

    def value(self, selector):
        return self.js(f"document.querySelector({json.dumps(selector)}).value")

    def text(self, selector):
        return self.js(f"document.querySelector({json.dumps(selector)}).textContent")

    def box(self, selector):
        """The element's client rect as (x, y, width, height)."""
        return tuple(self.js(f"""(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
            return [r.left, r.top, r.width, r.height]; }})()"""))

    # MARK: Actions

    def click(self, selector, text=None, button="left"):
        """Clicks the first visible element matching `selector` (and containing `text`)."""
        self.tab.click(selector, text, button)

    def click_toolbar(self, name):
        """Clicks toolbar button `name` (its data-tool), through the More menu when the
        toolbar is too narrow for it (overflow.js)."""
        selector = f'button[data-tool="{name}"]'
        if self.js(f"document.querySelector('{selector}')?.classList.contains('overflowed') ?? false"):
            label = self.attribute(selector, "aria-label")
            self.click('button[data-tool="more"]')
            self.click(".popover-action", text=label)
        else:
            self.click(selector)

    def fill(self, selector, text):
        self.tab.fill(selector, text)

    def select_option(self, selector, values):
        self.tab.select_option(selector, values)

    def set_input_files(self, selector, path):
        self.tab.set_input_files(selector, path)

    def accept_dialogs(self):
        """From now on, accept every confirm() the page opens."""
        self.tab.accept_dialogs()

    def download(self, action):
        """Runs `action`, which makes the page download a file; returns (file name, bytes)."""
        return self.tab.download(action)

    def draw_with_finger(self):
        """Turns Settings' "Draw with finger" on (from fresh preferences), as a user would."""
        self.js("localStorage.clear()")
        self.click("button[data-tool=settings]")
        self.click("#popover button", "Draw with finger")
        self.press("Escape")

    def press(self, keys, focus=None):
        """Presses keys (Playwright's names: "Control+z", "Shift+ArrowUp", "Escape"), after
        focusing `focus` (a selector) if given."""
        if focus is not None:
            self.js(f"document.querySelector({json.dumps(focus)}).focus()")
        self.tab.press(keys)

    def type(self, text):
        self.tab.type(text)

    def emulate_media(self, color_scheme="light", contrast="no-preference"):
        """Makes the page see a dark or light system appearance and a contrast preference
        (Chromium only: WebDriver has no command for media features; a WebKit browser takes
        them from its GTK theme, `WebKitBrowser(gtk_theme=...)`)."""
        self.tab.emulate_media(color_scheme, contrast)

    def screenshot(self, name):
        """Saves artifacts/NAME-ENGINE.png."""
        ARTIFACTS.mkdir(exist_ok=True)
        self.tab.screenshot(ARTIFACTS / f"{name}-{self.engine}.png")

    def screenshot_region(self, name, box):
        """Saves artifacts/NAME-ENGINE.png and returns the client box [x1, y1, x2, y2] of it
        as an RGB PIL image, at the screenshot's resolution."""
        from PIL import Image
        self.screenshot(name)
        image = Image.open(ARTIFACTS / f"{name}-{self.engine}.png").convert("RGB")
        scale = image.width / self.js("innerWidth")
        return image.crop(tuple(round(v * scale) for v in box))


class Editor(Page):
    """One browser tab with the editor open on a document, and input helpers."""

    def __init__(self, tab, base, doc_id):
        super().__init__(tab, base)
        self.doc_id = doc_id
        self.open()

    def reload(self):
        """Loads the editor again in the same tab (what the tab keeps, sessionStorage, stays)."""
        self.open(reload=True)

    def open(self, reload=False):
        if reload:
            self.tab.reload()
        else:
            self.goto(f"/?doc={self.doc_id}")
        self.wait_opened()
        # Zoom 1 shows the whole first page in a 900 px tall window: input lands on it. The
        # tests start where a user who chose Draw does (a first visit starts with Select:
        # test_a_first_visit_starts_with_select).
        if not reload:
            self.js("marginalia.setTool('draw')")
        self.show_page(0, zoom=1)

    def show_page(self, index, zoom=None):
        """Sets the zoom (if given) and brings page `index` into view; returns once it is the
        current page and drawn at that zoom (input lands where the page now is)."""
        self.js(("" if zoom is None else f"marginalia.viewer.setZoom({zoom}); ") + f"marginalia.viewer.goToPage({index})")
        self.wait_until(f"marginalia.viewer.currentPage === {index}")
        self.wait_page_drawn(index)

    def commands_answered(self):
        """Returns once the editor has handled the input given so far and every command it
        queued has the server's answer (`COMMANDS_ANSWERED`)."""
        self.js(COMMANDS_ANSWERED)

    @property
    def pen_pressure(self):
        """Whether the driver's pen presses with the pressure it is given."""
        return self.tab.pen_pressure

    def page_point_to_client(self, index, x, y):
        return self.js(f"marginalia.viewer.pageToClient({index}, [{x}, {y}])")

    def page_points_to_client(self, index, points):
        return self.js("([index, points]) => points.map((p) => marginalia.viewer.pageToClient(index, p))",
                       [index, [list(p) for p in points]])

    def annotations(self):
        return api(self.base, "GET", f"/api/v1/documents/{self.doc_id}/annotations")["annotations"]

    # MARK: Mouse

    def mouse_click(self, x, y):
        self.tab.mouse_click(x, y)

    def mouse_press(self, x, y, ms):
        """Holds the left button down at (x, y) for `ms` milliseconds."""
        self.tab.mouse_press(x, y, ms)

    def mouse_drag(self, points):
        """Presses the left button at the first point, moves through the others, releases."""
        self.tab.mouse_drag(points)

    def mouse_double_click(self, x, y):
        self.tab.mouse_double_click(x, y)

    def ctrl_wheel(self, x, y, delta_y):
        self.tab.ctrl_wheel(x, y, delta_y)

    # MARK: Pen

    def pen_stroke(self, points, pressure=0.6):
        """A pen stroke through client points, pressing with `pressure` (one number for the
        whole stroke or one per point; a driver without pen pressure presses as it can)."""
        force = pressure if isinstance(pressure, list) else [pressure] * len(points)
        first, last = points[0], points[-1]
        self.tab.pen([("down", first[0], first[1], force[0])] +
                     [("move", x, y, f) for (x, y), f in zip(points[1:], force[1:])] +
                     [("up", last[0], last[1], 0)])

    def pen_down(self, point, pressure=0.5):
        self.tab.pen([("down", point[0], point[1], pressure)])

    def pen_moves(self, points, pressure=0.5):
        self.tab.pen([("move", x, y, pressure) for x, y in points])

    def pen_up(self, point):
        self.tab.pen([("up", point[0], point[1], 0)])

    def synthetic_pen_stroke(self, points, button=0, buttons=1, pressure=0.5, no_samples=False):
        """A pen stroke as script-made PointerEvents, for what no driver presses: the eraser
        end (button 5, buttons bit 32), pressure in WebKit, Safari's event shapes."""
        force = pressure if isinstance(pressure, list) else [pressure] * len(points)
        self.js(POINTER_EVENTS, [pen_events(points, force, button, buttons), no_samples, EVENT_INTERVAL_MS])

    def pointer_events(self, events, no_samples=False):
        """Script-made PointerEvents: [[type, pointerId, pointerType, x, y, button, buttons,
        pressure, isPrimary], ...] (see script_events.py)."""
        self.js(POINTER_EVENTS, [events, no_samples, EVENT_INTERVAL_MS])

    # MARK: Touch

    def touch(self, frames):
        """Fingers: each frame a dict {finger: (x, y)} of the fingers down then (a finger is
        added or moves); an empty frame lifts them all. Trusted touches in Chromium (CDP),
        script-made ones shaped like Safari's in WebKit."""
        for before, after in zip(frames, frames[1:]):
            assert not after or set(after) >= set(before), "fingers lift together, in an empty frame"
        self.tab.touch(frames)

    def touch_stroke(self, points):
        """A one-finger drag through client points."""
        self.touch([{1: tuple(p)} for p in points] + [{}])

    def trackpad_pinch(self, x, y, scales, selector=None):
        """Safari's trackpad pinch (gesture events at (x, y), or on `selector`), script-made in
        every engine; returns whether each event's default was prevented."""
        return self.js(GESTURE_EVENTS, [x, y, list(scales), selector])
