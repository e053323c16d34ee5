"""The Chromium driver of the browser suite: Debian's Chromium through Playwright for Python,
with trusted pen and touch input through the DevTools protocol (CDP).

Each tab is a browser context of its own (fresh storage, its own viewport). The methods are
the driver interface that `editor_harness.Editor` builds on; `webkit_driver.WebKitTab` has
the same methods."""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


class ChromiumBrowser:
    """One headless Chromium for the session."""

    engine = "chromium"

    def __init__(self, sync_api, switches=(), playwright=None):
        """`switches`: more Chromium command-line switches; `playwright`: a running Playwright
        to share (one thread cannot start a second), else one of its own."""
        self._owns_playwright = playwright is None
        self._playwright = playwright or sync_api.sync_playwright().start()
        self._browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *switches])

    def with_switches(self, *switches):
        """Another Chromium, started with `switches`, on this one's Playwright (close it first)."""
        return ChromiumBrowser(None, switches, self._playwright)

    def new_tab(self, viewport, has_touch, scale=1):
        return ChromiumTab(self._browser, viewport, has_touch, scale)

    def close(self):
        self._browser.close()
        if self._owns_playwright:
            self._playwright.stop()


class ChromiumTab:
    """One page in a context of its own."""

    engine = "chromium"
    # Facilities the harness asks about (see docs/editor-web.md, "The browser suite").
    pen_pressure = True     # CDP's `force` arrives as the pen's pressure
    trusted_touch = True    # Input.dispatchTouchEvent makes real touch pointers

    def __init__(self, browser, viewport, has_touch, scale=1):
        """`scale`: the device pixel ratio (2 for an iPad's screen)."""
        self.context = browser.new_context(viewport=viewport, has_touch=has_touch, device_scale_factor=scale)
        self.page = self.context.new_page()
        self._errors = []
        self.page.on("pageerror", lambda error: self._errors.append(str(error)))
        # What the page's Content-Security-Policy refused (an inline style, an eval) counts as
        # an error too: Chromium reports it on the console only.
        self.page.on("console", lambda message: self._errors.append(f"CSP: {message.text} at {message.location}")
                     if message.type == "error" and "Content Security Policy" in message.text else None)
        self.cdp = self.context.new_cdp_session(self.page)

    # MARK: Page

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        """Loads the page again; its storage stays."""
        self.page.reload()

    def evaluate(self, source, arg=None):
        """A JS expression, or a function's source called with `arg`; awaits promises.
        (Through the debugger: the editor's CSP forbids eval.)"""
        return self.page.evaluate(source, arg)

    def wait(self, ms):
        self.page.wait_for_timeout(ms)

    def errors(self):
        return list(self._errors)

    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def emulate_media(self, color_scheme, contrast):
        """The system's appearance the page's media queries see (`prefers-color-scheme`:
        "light" or "dark"; `prefers-contrast`: "no-preference" or "more")."""
        self.page.emulate_media(color_scheme=color_scheme, contrast=contrast)

    def close(self):
        self.context.close()

    # MARK: Elements

    def click(self, selector, text=None, button="left"):
        locator = self.page.locator(selector)
        if text is not None:
            locator = locator.filter(has_text=text)
        locator.first.click(button=button)

    def fill(self, selector, text):
        self.page.fill(selector, text)

    def select_option(self, selector, values):
        self.page.select_option(selector, values)

    def set_input_files(self, selector, path):
        self.page.set_input_files(selector, str(path))

    def accept_dialogs(self):
        self.page.on("dialog", lambda dialog: dialog.accept())

    def download(self, action):
        """Runs `action` (which makes the page download a file); returns (file name, bytes)."""
        with self.page.expect_download() as info:
            action()
        download = info.value
        with open(download.path(), "rb") as handle:
            return download.suggested_filename, handle.read()

    # MARK: Keyboard

    def press(self, keys):
        """Playwright key names: "e", "Control+z", "Shift+ArrowUp", "Escape"."""
        self.page.keyboard.press(keys)

    def type(self, text):
        self.page.keyboard.type(text)

    # MARK: Mouse

    def mouse_click(self, x, y):
        self.page.mouse.click(x, y)

    def mouse_press(self, x, y, ms):
        """Presses the left button at (x, y) for `ms` milliseconds."""
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.wait_for_timeout(ms)
        self.page.mouse.up()

    def mouse_drag(self, points):
        self.page.mouse.move(*points[0])
        self.page.mouse.down()
        for x, y in points[1:]:
            self.page.mouse.move(x, y)
        self.page.mouse.up()

    def mouse_double_click(self, x, y):
        self.page.mouse.dblclick(x, y)

    def ctrl_wheel(self, x, y, delta_y):
        self.page.mouse.move(x, y)
        self.page.keyboard.down("Control")
        self.page.mouse.wheel(0, delta_y)
        self.page.keyboard.up("Control")

    # MARK: Pen and touch (trusted, through CDP)

    def pen(self, events):
        """Pen events: ("down" | "move" | "up", x, y, pressure). CDP sends a pen as mouse events
        with pointerType pen; `force` is the pressure."""
        for kind, x, y, pressure in events:
            event = {"x": x, "y": y, "button": "left", "pointerType": "pen", "force": pressure}
            if kind == "down":
                event.update(type="mousePressed", buttons=1, clickCount=1)
            elif kind == "move":
                event.update(type="mouseMoved", buttons=1)
            else:
                event.update(type="mouseReleased", buttons=0, clickCount=1, force=0)
            self.cdp.send("Input.dispatchMouseEvent", event)

    def touch(self, frames):
        """Touch frames: each a dict {finger id: (x, y)} of the fingers down at that moment; a
        finger appears (touchStart) or moves (touchMove); an empty frame lifts them all. Fingers
        still down stay down into the next call (a touch held while a pen draws)."""
        down = getattr(self, "_touch_down", set())
        for frame in frames:
            points = [{"x": x, "y": y, "id": finger} for finger, (x, y) in frame.items()]
            if not frame:
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            elif set(frame) - down:
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
            else:
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points})
            down = set(frame)
        self._touch_down = down
