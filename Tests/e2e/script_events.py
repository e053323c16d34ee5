"""Input events made by a script, for what no driver can press: a pen's eraser end, Safari's
touch pointers where WebKitGTK's WebDriver has no touch (it turns W3C touch actions into
mouse events), Safari's trackpad gesture events, a pen that reports no pressure.

The events are shaped like WebKit's on an iPad (Source/WebCore/dom/ios/PointerEventIOS.cpp):
a touch's pointerId is the touch identifier, its pressure is the touch's force (0 on a screen
without force sensing), width and height are twice the touch radius, and a touch keeps
going to the element it went down on (implicit capture) or to the one that captured it
(setPointerCapture, which the browser refuses for a pointer a script made, is honoured
here), and an element removed from the page loses its capture. With `no_samples`, the events have
no getCoalescedEvents/getPredictedEvents, as in Safari before 18."""

# Milliseconds between script-made pointer events: a 120 Hz pen or touch screen.
EVENT_INTERVAL_MS = 8

# Dispatches [[type, pointerId, pointerType, x, y, button, buttons, pressure, isPrimary], ...]
# at the elements under the points (a touch: at the element it went down on), one every
# `interval` ms as a device reports them (an event's timeStamp is when it was made, and the
# editor's pan glides on from the speed of the last moves).
POINTER_EVENTS = r"""async ([events, noSamples, interval]) => {
    const targets = window.__e2eTouchTargets ?? (window.__e2eTouchTargets = new Map());
    if (!window.__e2eCapture) {
        // A browser refuses to capture a pointer it did not make: the capture is kept here.
        window.__e2eCapture = true;
        // (The editor never releases a capture: the pointer's end does.)
        const capture = Element.prototype.setPointerCapture;
        Element.prototype.setPointerCapture = function (pointerId) {
            try { capture.call(this, pointerId); } catch (error) {
                if (!targets.has(pointerId)) throw error;
                targets.set(pointerId, this);
            }
        };
    }
    for (const [index, [type, pointerId, pointerType, x, y, button, buttons, pressure, isPrimary]] of events.entries()) {
        if (index && interval) await new Promise((resolve) => setTimeout(resolve, interval));
        let target = document.elementFromPoint(x, y) ?? document.body;
        if (pointerType === 'touch') {
            if (type === 'pointerdown') targets.set(pointerId, target);
            // An element removed from the page loses its capture: the events go where they land.
            const captured = targets.get(pointerId);
            if (captured?.isConnected) target = captured;
        }
        const touch = pointerType === 'touch';
        const event = new PointerEvent(type, {
            pointerId, pointerType, isPrimary, clientX: x, clientY: y, button, buttons, pressure,
            width: touch ? 40 : 1, height: touch ? 40 : 1,
            bubbles: true, cancelable: true, composed: true, view: window });
        if (noSamples) {
            Object.defineProperty(event, 'getCoalescedEvents', { value: undefined });
            Object.defineProperty(event, 'getPredictedEvents', { value: undefined });
        }
        target.dispatchEvent(event);
        if (type === 'pointerup' || type === 'pointercancel') targets.delete(pointerId);
    }
}"""

# Safari's trackpad pinch on a Mac: gesturestart, gesturechange (scale relative to the
# start), gestureend at the pointer. WebKitGTK has no GestureEvent constructor, so plain
# Events carry Safari's fields. Returns whether each event's default was prevented.
GESTURE_EVENTS = r"""([x, y, scales, selector]) => {
    const target = selector ? document.querySelector(selector) : document.elementFromPoint(x, y);
    const fire = (type, scale) => {
        const event = new Event(type, { bubbles: true, cancelable: true });
        Object.assign(event, { scale, rotation: 0, clientX: x, clientY: y });
        return !target.dispatchEvent(event);
    };
    const prevented = [fire('gesturestart', 1)];
    for (const scale of scales) prevented.push(fire('gesturechange', scale));
    prevented.push(fire('gestureend', scales[scales.length - 1] ?? 1));
    return prevented;
}"""

# A ctrl+wheel turn at (x, y), for drivers that cannot hold Control during a wheel action.
CTRL_WHEEL = r"""([x, y, deltaY]) => {
    const target = document.elementFromPoint(x, y);
    target.dispatchEvent(new WheelEvent('wheel', {
        clientX: x, clientY: y, deltaY, deltaMode: 0, ctrlKey: true, bubbles: true, cancelable: true, composed: true }));
}"""


def touch_events(frames, state=None):
    """Pointer events for touch frames (dicts {finger: (x, y)}; an empty frame lifts every
    finger). `state` ({"down": {finger: (x, y)}, "primary": finger}) carries the fingers still
    down from one call to the next."""
    state = {"down": {}, "primary": None} if state is None else state
    down, events = state["down"], []
    for frame in frames:
        for finger, (x, y) in frame.items():
            if finger not in down:
                if not down:
                    state["primary"] = finger
                events.append(["pointerdown", 100 + finger, "touch", x, y, 0, 1, 0, state["primary"] == finger])
            elif down[finger] != (x, y):
                events.append(["pointermove", 100 + finger, "touch", x, y, -1, 1, 0, state["primary"] == finger])
            down[finger] = (x, y)
        for finger in [f for f in down if f not in frame]:
            x, y = down.pop(finger)
            events.append(["pointerup", 100 + finger, "touch", x, y, 0, 0, 0, state["primary"] == finger])
    return events


def pen_events(points, pressures, button=0, buttons=1, pointer_id=77):
    """A pen stroke's pointer events through client points with a pressure per point."""
    first, last = points[0], points[-1]
    events = [["pointerdown", pointer_id, "pen", first[0], first[1], button, buttons, pressures[0], True]]
    events += [["pointermove", pointer_id, "pen", x, y, -1, buttons, p, True] for (x, y), p in zip(points[1:], pressures[1:])]
    events.append(["pointerup", pointer_id, "pen", last[0], last[1], button, 0, 0, True])
    return events
