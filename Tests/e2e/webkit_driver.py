"""The WebKit driver of the browser suite: WebKitGTK's MiniBrowser (Safari's engine) driven
through W3C WebDriver (Debian's webkit2gtk-driver: /usr/bin/WebKitWebDriver) with Selenium,
on an Xvfb display of its own (MiniBrowser's --headless hangs on these machines).

One MiniBrowser serves the whole session: a tab is a browser window (the first one is reused
from test to test; a test's further tabs are new windows, closed after it). Pen and mouse are
W3C pointer actions (pointerType "pen" or "mouse"). What WebKitGTK's WebDriver cannot
produce is made by script, and said so where it happens (docs/editor-web.md lists it):
- touch: WebKitGTK turns W3C touch actions into mouse events (pointerType "mouse", one
  pointerId for every finger), so touches are script-made PointerEvents shaped like Safari's;
- pen pressure and the eraser button: the driver sends pressure 1 on pointerdown, 0 on moves
  and button 0 whatever the action says (`pen_pressure = False`);
- ctrl+wheel: wheel actions arrive without the held Control key;
- the right button: its release never takes (later events still have buttons 2), so a right
  click is a script-made contextmenu event;
- downloads: nothing reports them, so the link the page clicks is intercepted and its blob
  fetched by script;
- script errors: there is no pageerror event, so `error`, `unhandledrejection` and
  `securitypolicyviolation` listeners
  are installed as soon as a page has loaded (errors before that are not seen)."""

import base64
import os
import re
import subprocess
import time

from script_events import CTRL_WHEEL, EVENT_INTERVAL_MS, POINTER_EVENTS, touch_events
from webkit_scripts import CONTEXT_MENU, DOWNLOAD_TRAP, ERROR_TRAP, FIND, SELECT

MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"

# A function's source (called with the argument) rather than an expression.
FUNCTION = re.compile(r"^(async\s+)?(function\b|(\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>)")

KEYS = {"Control": "\ue009", "Shift": "\ue008", "Alt": "\ue00a", "Meta": "\ue03d", "Escape": "\ue00c",
        "Enter": "\ue007", "Tab": "\ue004", "Backspace": "\ue003", "Delete": "\ue017", "End": "\ue010",
        "Home": "\ue011", "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
        "Space": "\ue00d", "PageUp": "\ue00e", "PageDown": "\ue00f"}


def end_with_parent():
    """A preexec_fn: Linux sends the child SIGTERM when the test process ends, even killed by a
    timeout (PR_SET_PDEATHSIG). Given to Xvfb (the browser on its display ends with it), the
    WebDriver server and the Marginalia server."""
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(1, 15)


def start_xvfb():
    """Xvfb on a free display (it picks the number and writes it to a pipe); (process, ":N")."""
    read, write = os.pipe()
    process = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                               pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=end_with_parent)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        raise RuntimeError("Xvfb did not report a display")
    return process, f":{number}"


class WebKitBrowser:
    """One MiniBrowser under one Xvfb for the session. WebKitGTK takes the system appearance
    its pages' media queries see from the GTK theme: `gtk_theme` "Adwaita:dark" gives
    `prefers-color-scheme: dark`, "HighContrast" `prefers-contrast: more`, "HighContrast:dark"
    both (a browser of its own, as WebDriver has no command to change them)."""

    engine = "webkit"

    def __init__(self, log_path, gtk_theme=None, certificates=None):
        """`certificates`: [{"host": "127.0.0.1", "certificateFile": PEM path}], TLS certificates
        the browser accepts for those hosts (WebKitGTK's `webkitgtk:browserOptions`
        `certificates`: that certificate for that host, nothing else waived)."""
        self.arguments = (log_path, gtk_theme, certificates)
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        class BrowserOptions(Options):
            # Selenium writes `webkitgtk:browserOptions` afresh: the certificates go in after.
            def to_capabilities(self):
                capabilities = super().to_capabilities()
                if certificates:
                    capabilities[Options.KEY]["certificates"] = certificates
                return capabilities

        self.xvfb, display = start_xvfb()
        try:
            options = BrowserOptions()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            env = dict(os.environ, DISPLAY=display)
            if gtk_theme:
                env["GTK_THEME"] = gtk_theme
            service = Service(executable_path=WEBKIT_DRIVER, env=env, log_output=str(log_path),
                              popen_kw={"preexec_fn": end_with_parent})
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.kill()
            raise
        self.home = self.driver.current_window_handle
        self.current = self.home
        self.home_in_use = False

    def switch(self, handle):
        if self.current != handle:
            self.driver.switch_to.window(handle)
            self.current = handle

    def new_tab(self, viewport, has_touch, scale=1):
        """`has_touch` is Chromium's; WebKit tabs always take script-made touches. `scale`, the
        device pixel ratio, is Chromium's emulation: a WebKit tab is at 1 (a test that needs
        another is `chromium_only`)."""
        if scale != 1:
            raise ValueError(f"a WebKit tab has device pixel ratio 1, not {scale}")
        self.start_again_if_gone()
        if not self.home_in_use:
            self.home_in_use = True
            handle = self.home
        else:
            self.driver.switch_to.new_window("window")
            handle = self.current = self.driver.current_window_handle
        return WebKitTab(self, handle, viewport)

    def close_tab(self, tab):
        if tab.session != self.driver.session_id or not self.alive():
            return  # a crashed page took the tab's session; the next tab starts a browser again
        self.switch(tab.handle)
        self.driver.execute("clearActionState", {})
        if tab.handle == self.home:
            self.driver.get("about:blank")  # ends the page's event stream
            self.home_in_use = False
        else:
            self.driver.close()
            self.switch_home()

    def switch_home(self):
        self.driver.switch_to.window(self.home)
        self.current = self.home

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(timeout=10)

    def alive(self):
        """Whether WebDriver's session still answers (a crashed page ends it)."""
        try:
            self.driver.current_window_handle
            return True
        except Exception:  # InvalidSessionIdException, or the driver itself gone with it
            return False

    def start_again_if_gone(self):
        """A page that crashed or hung takes WebDriver's session with it ("session deleted
        because of page crash or hang"): the test it happened in fails, and the next one gets
        a browser started again instead of failing on the dead session too."""
        if self.alive():
            return
        try:
            self.close()
        except Exception:  # the session is gone already; Xvfb is stopped either way
            pass
        self.__init__(*self.arguments)


class WebKitTab:
    """One MiniBrowser window; every call first makes it WebDriver's current window."""

    engine = "webkit"
    pen_pressure = False    # WebKitGTK's WebDriver sends pen pressure 1 on down and 0 on moves
    trusted_touch = False   # touches are script-made (see the module's docstring)

    def __init__(self, browser, handle, viewport):
        self.browser = browser
        self.handle = handle
        self.session = browser.driver.session_id
        self.viewport = viewport
        self.accepting_dialogs = False
        self._errors = []
        self._touch_state = {"down": {}, "primary": None}
        self._use()
        self._size_window()

    @property
    def driver(self):
        return self.browser.driver

    def _use(self):
        self.browser.switch(self.handle)

    def _size_window(self):
        """Sizes the window so that the page's viewport is `viewport` (the window's frame
        takes some of the window's size)."""
        width, height = self.viewport["width"], self.viewport["height"]
        self.driver.set_window_size(width, height)
        for _ in range(3):
            inner = self.driver.execute_script("return [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            outer = self.driver.get_window_size()
            self.driver.set_window_size(outer["width"] + width - inner[0], outer["height"] + height - inner[1])
            time.sleep(0.05)

    # MARK: Page

    def goto(self, url):
        self._use()
        self._collect_errors()
        origin = "/".join(url.split("/")[:3])
        # A fresh start, as Chromium's new context is: no settings left in this origin's storage.
        self.driver.get(origin + "/api/v1/documents")
        self.driver.execute_script("localStorage.clear(); sessionStorage.clear()")
        self.driver.get(url)
        self.driver.execute_script(ERROR_TRAP)

    def reload(self):
        """Loads the page again; its storage stays (unlike goto's fresh start)."""
        self._use()
        self._collect_errors()
        self.driver.refresh()
        self.driver.execute_script(ERROR_TRAP)

    def evaluate(self, source, arg=None):
        """A JS expression, or a function's source called with `arg`; awaits promises (W3C
        Execute Script does)."""
        self._use()
        from selenium.common.exceptions import JavascriptException
        text = source.strip()
        if FUNCTION.match(text):
            return self.driver.execute_script(f"return ({text})(arguments[0])", arg)
        try:
            return self.driver.execute_script(f"return ({text})")
        except JavascriptException as error:
            if "SyntaxError" not in str(error) and "Unexpected token" not in str(error):
                raise
        # Statements, not an expression (a syntax error stops a script before it runs).
        return self.driver.execute_script(text)

    def wait(self, ms):
        time.sleep(ms / 1000)

    def _collect_errors(self):
        try:
            self._errors += self.driver.execute_script("return window.__e2eErrors ?? []") or []
            self.driver.execute_script("if (window.__e2eErrors) window.__e2eErrors.length = 0")
        except Exception as error:  # an alert or a page going away
            self._errors.append(f"could not read the page's errors: {error}")

    def errors(self):
        self._use()
        self._collect_errors()
        return list(self._errors)

    def screenshot(self, path):
        """The window once it has painted what the DOM holds (WebKitGTK's snapshot otherwise
        can show the frame before the last changes)."""
        self.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        self.driver.save_screenshot(str(path))

    def close(self):
        self.browser.close_tab(self)

    # MARK: Elements

    def _find(self, selector, text=None, timeout=5):
        deadline = time.time() + timeout
        while True:
            element = self.evaluate(FIND, [selector, text])
            if element is not None:
                return element
            if time.time() > deadline:
                raise AssertionError(f"no visible element {selector!r}" + (f" with text {text!r}" if text else ""))
            time.sleep(0.05)

    def click(self, selector, text=None, button="left"):
        element = self._find(selector, text)
        if button == "right":
            # Script-made: WebKitGTK's driver never lets the right button go (its release
            # arrives as a left-button up with buttons still 2), and every later mouse and pen
            # event of the session carries the held button.
            self.evaluate(CONTEXT_MENU, element)
        else:
            element.click()
        self._answer_dialog()

    def fill(self, selector, text):
        element = self._find(selector)
        element.clear()
        element.send_keys(text)

    def select_option(self, selector, values):
        self._find(selector)
        self.evaluate(SELECT, [selector, [values] if isinstance(values, str) else list(values)])

    def set_input_files(self, selector, path):
        """WebDriver's way: send the path to the <input type=file> (hidden ones too: the
        session does not ask for strict file interactability)."""
        from selenium.webdriver.common.by import By
        self._use()
        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(str(path))

    def accept_dialogs(self):
        self.accepting_dialogs = True

    def _answer_dialog(self):
        """Accepts a confirm() the last action opened, if the test asked to."""
        if not self.accepting_dialogs:
            return
        from selenium.common.exceptions import NoAlertPresentException
        for _ in range(20):
            try:
                self.driver.switch_to.alert.accept()
                return
            except NoAlertPresentException:
                time.sleep(0.05)

    def download(self, action):
        """Runs `action`; returns (file name, bytes) of the blob the page's download link holds."""
        self.evaluate(DOWNLOAD_TRAP)
        action()
        deadline = time.time() + 15
        while not (link := self.evaluate("window.__e2eDownload")):
            if time.time() > deadline:
                raise AssertionError("the page started no download")
            time.sleep(0.05)
        encoded = self.evaluate("""async (href) => {
            const bytes = new Uint8Array(await __e2eBlobs.get(href).arrayBuffer());
            let text = '';
            for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return btoa(text);
        }""", link["href"])
        return link["name"], base64.b64decode(encoded)

    # MARK: Keyboard

    def _keys(self, actions):
        self._use()
        self.driver.execute("actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self._answer_dialog()

    def press(self, keys):
        """Playwright key names: "e", "Control+z", "Shift+ArrowUp", "Escape"."""
        *modifiers, key = keys.split("+") if keys != "+" else ["+"]
        values = [KEYS[m] for m in modifiers] + [KEYS.get(key, key)]
        self._keys([{"type": "keyDown", "value": v} for v in values] +
                   [{"type": "keyUp", "value": v} for v in reversed(values)])

    def type(self, text):
        self._keys([{"type": t, "value": c} for c in text for t in ("keyDown", "keyUp")])

    # MARK: Pointers (W3C actions)

    def _pointer(self, kind, actions):
        """One W3C action sequence of the pointer `kind`. A move outside the viewport fails the
        whole sequence here, before anything is sent: WebKitGTK stops a sequence at such a move
        with its buttons still pressed, and the next tests' input goes wrong."""
        width, height = self.viewport["width"], self.viewport["height"]
        outside = [(a["x"], a["y"]) for a in actions if a["type"] == "pointerMove"
                   and not (0 <= a["x"] < width and 0 <= a["y"] < height)]
        if outside:
            raise AssertionError(f"{kind} input outside the {width}×{height} viewport at {outside}")
        self._use()
        self.driver.execute("actions", {"actions": [
            {"type": "pointer", "id": kind, "parameters": {"pointerType": kind}, "actions": actions}]})

    @staticmethod
    def _move(x, y, **extra):
        return {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0, "origin": "viewport", **extra}

    def mouse_click(self, x, y):
        self._pointer("mouse", [self._move(x, y), {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}])
        self._answer_dialog()

    def mouse_press(self, x, y, ms):
        self._pointer("mouse", [self._move(x, y), {"type": "pointerDown", "button": 0},
                                {"type": "pause", "duration": ms}, {"type": "pointerUp", "button": 0}])

    def mouse_drag(self, points):
        self._pointer("mouse", [self._move(*points[0]), {"type": "pointerDown", "button": 0}] +
                      [self._move(x, y) for x, y in points[1:]] + [{"type": "pointerUp", "button": 0}])

    def mouse_double_click(self, x, y):
        click = [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        self._pointer("mouse", [self._move(x, y)] + click + click)

    def ctrl_wheel(self, x, y, delta_y):
        """Script-made: WebKitGTK's wheel actions arrive without the held Control key."""
        self.evaluate(CTRL_WHEEL, [x, y, delta_y])

    def pen(self, events):
        """Pen events: ("down" | "move" | "up", x, y, pressure), as one W3C action sequence of a
        pen pointer (the pressure is sent; WebKitGTK reports 1 on down and 0 on moves)."""
        actions = []
        for kind, x, y, pressure in events:
            if kind == "down":
                actions += [self._move(x, y), {"type": "pointerDown", "button": 0, "pressure": pressure}]
            elif kind == "move":
                actions.append(self._move(x, y, pressure=pressure))
            else:
                actions += [self._move(x, y), {"type": "pointerUp", "button": 0}]
        self._pointer("pen", actions)

    def touch(self, frames):
        """Script-made touch pointers shaped like Safari's (see the module's docstring)."""
        self.evaluate(POINTER_EVENTS, [touch_events(frames, self._touch_state), True, EVENT_INTERVAL_MS])
