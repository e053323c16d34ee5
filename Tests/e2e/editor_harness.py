"""Helpers for the browser editor's end-to-end tests: API calls and an `Editor` wrapping one
browser tab with synthesized pen, touch and mouse input. (A module of its own, not conftest:
Tests/server has a conftest.py too, and `import conftest` would be ambiguous.)"""

import json
import pathlib
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
SAMPLE = ROOT / "Samples" / "sample.pdf"


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


class Editor:
    """One browser tab with the editor open on a document, and input helpers."""

    def __init__(self, page, base, doc_id):
        self.page = page
        self.base = base
        self.doc_id = doc_id
        self.errors = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(f"{base}/?doc={doc_id}")
        self.wait_until("!!(window.marginalia && window.marginalia.viewer.views.length > 0 "
                        "&& document.querySelector('.page.rendered'))", timeout=15000)
        self.cdp = page.context.new_cdp_session(page)
        # Zoom 1 shows the whole first page in a 900 px tall window: input lands on it.
        self.js("marginalia.viewer.setZoom(1); marginalia.viewer.goToPage(0)")
        self.settle(200)

    def wait_until(self, expression, timeout=5000):
        """Polls a JS expression until it is truthy. (page.wait_for_function evaluates strings
        with eval, which the editor's CSP forbids; page.evaluate goes through the debugger.)"""
        deadline = time.time() + timeout / 1000
        while True:
            value = self.page.evaluate(expression)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for: {expression} (last value {value!r})")
            self.page.wait_for_timeout(100)

    def js(self, expression):
        return self.page.evaluate(expression)

    def settle(self, ms=400):
        self.page.wait_for_timeout(ms)

    def page_point_to_client(self, index, x, y):
        return self.js(f"marginalia.viewer.pageToClient({index}, [{x}, {y}])")

    def pen_stroke(self, points, pressure=0.6, button="left", buttons=1):
        """A pen stroke through client points, as trusted CDP pen events with pressure (one
        number for the whole stroke, or one per point)."""
        send = self.cdp.send
        first, last = points[0], points[-1]
        force = pressure if isinstance(pressure, list) else [pressure] * len(points)
        send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": first[0], "y": first[1], "button": button,
                                          "buttons": buttons, "clickCount": 1, "pointerType": "pen", "force": force[0]})
        for (x, y), f in zip(points[1:], force[1:]):
            send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": button,
                                              "buttons": buttons, "pointerType": "pen", "force": f})
        send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": last[0], "y": last[1], "button": button,
                                          "buttons": 0, "clickCount": 1, "pointerType": "pen", "force": 0})

    def synthetic_pen_stroke(self, points, button=0, buttons=1):
        """A pen stroke as script-made PointerEvents, for buttons CDP cannot press (the eraser
        end: button 5, buttons bit 32)."""
        self.page.evaluate("""([points, button, buttons]) => {
            const fire = (type, [x, y], b, bs) => document.elementFromPoint(x, y).dispatchEvent(new PointerEvent(type, {
                pointerId: 77, pointerType: 'pen', isPrimary: true, clientX: x, clientY: y, button: b, buttons: bs,
                pressure: bs ? 0.5 : 0, bubbles: true, cancelable: true, composed: true }));
            fire('pointerdown', points[0], button, buttons);
            for (const p of points.slice(1)) fire('pointermove', p, -1, buttons);
            fire('pointerup', points[points.length - 1], button, 0);
        }""", [points, button, buttons])

    def touch_stroke(self, points):
        """A one-finger drag through client points (CDP touch events)."""
        send = self.cdp.send
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1], "id": 1}]})
        for x, y in points[1:]:
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def annotations(self):
        return api(self.base, "GET", f"/api/v1/documents/{self.doc_id}/annotations")["annotations"]

    def count(self, selector):
        return self.js(f"document.querySelectorAll({json.dumps(selector)}).length")

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
