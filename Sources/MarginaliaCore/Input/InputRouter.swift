#if !hasFeature(Embedded)
import Foundation
#endif

/// Decides what each pointer does — use the current tool, navigate, or nothing (a palm) —
/// from the input mode, the tool and what the pen is doing, and turns event streams into
/// clean begin/move/end sequences: events out of order, unknown pointers, repeated ends and
/// NaN coordinates are dropped, never passed on.
///
/// Who uses the tool:
/// - a pen always, a mouse unless the mode is pencil-only;
/// - a finger in draw-with-finger mode, and in the default mode with a tool that does not
///   mark the page (select, text, shapes...: ``fingerUsesTool``); a finger the tool does not
///   take (a tap on empty space with Select) navigates instead (``declined(pointerID:)``).
///
/// Palm rejection, as on an iPad: while a pen is down, or within ``penGrace`` seconds of its
/// last contact, touches neither use the tool nor navigate. A touch that was already panning
/// when the pen came down is a palm that landed first: its pan is rolled back
/// (``Action/pan(dx:dy:)`` with the opposite distance) and it does nothing more.
public struct InputRouter: Sendable {
    /// What the engine should do with an event.
    public enum Action: Equatable, Sendable {
        /// A tool interaction starts (drawing, erasing, selecting...).
        case began(pointerID: Int, kind: PointerEvent.Kind, sample: PointerSample)
        /// More committed samples, and predicted ones for the live preview only.
        case moved(pointerID: Int, samples: [PointerSample], predicted: [PointerSample])
        case ended(pointerID: Int)
        /// The interaction is abandoned without a trace (a second finger arrived, a pen came
        /// down on a finger stroke, the system cancelled the touch).
        case cancelled(pointerID: Int)
        /// Scroll by a view-space distance.
        case pan(dx: CGFloat, dy: CGFloat)
        /// Zoom by `scale` about a view-space centre (two fingers).
        case pinch(scale: CGFloat, center: CGPoint)
        /// One finger lifted after moving sideways at least ``InputRouter/swipeDistance``
        /// view points, mostly horizontally, without a second finger: `dx` is how far (negative
        /// to the left). It has panned already; a single-page view turns the page.
        case swipe(dx: CGFloat)
    }

    /// How long after a pen lifts touches are still taken for a resting hand.
    public static let penGrace: Double = 1

    /// How far one finger must travel sideways for a swipe (``Action/swipe(dx:)``), and it
    /// must travel at least twice as far sideways as up or down.
    public static let swipeDistance: CGFloat = 48

    public var mode: InputMode
    /// Whether a finger uses the current tool in the default mode: true for tools that do not
    /// mark the page (the engine sets it when the tool changes).
    public var fingerUsesTool: Bool = false

    private enum Role: Equatable { case drawing, navigating, palm }
    private var roles: [Int: Role] = [:]
    private var kinds: [Int: PointerEvent.Kind] = [:]
    private var lastLocation: [Int: CGPoint] = [:]
    /// How far each navigating touch has panned, so a palm's pan can be rolled back.
    private var panned: [Int: CGPoint] = [:]
    /// Touches that navigated together with another (a pinch or a two-finger pan): no swipe.
    private var joined: Set<Int> = []
    /// When a pen last touched or lifted (event time).
    private var lastPenTime: Double?

    public init(mode: InputMode = .default) {
        self.mode = mode
    }

    /// Whether a pointer of `kind` uses the tool in this mode (before any second finger arrives).
    private func usesTool(_ kind: PointerEvent.Kind) -> Bool {
        switch (mode, kind) {
        case (_, .pen): return true
        case (.pencilOnly, .mouse): return false
        case (_, .mouse): return true
        case (.drawWithFinger, .touch): return true
        case (.default, .touch): return fingerUsesTool
        case (.pencilOnly, .touch): return false
        }
    }

    private var penIsDown: Bool { roles.contains { kinds[$0.key] == .pen && $0.value != .palm } }

    /// Whether touches are taken for a palm now.
    private func penIsActive(at time: Double) -> Bool {
        if penIsDown { return true }
        guard let last = lastPenTime else { return false }
        return time - last >= 0 && time - last < Self.penGrace
    }

    private var navigatingTouches: [Int] {
        roles.filter { $0.value == .navigating }.map { $0.key }.sorted()
    }

    /// The tool did not take a pointer it was offered (a finger tap on empty space with
    /// Select): a finger navigates from now on; anything else does nothing more.
    public mutating func declined(pointerID id: Int) {
        guard roles[id] == .drawing else { return }
        roles[id] = kinds[id] == .touch ? .navigating : .palm
        panned[id] = .zero
    }

    /// Takes touch `id` for the browser's text selection (a long press on text): when it is
    /// the one touch navigating, no palm, and has moved less than `distance` since it landed,
    /// it becomes inert (its moves no longer pan) and the answer is true.
    public mutating func takeStillTouch(_ id: Int, within distance: CGFloat) -> Bool {
        guard kinds[id] == .touch, roles[id] == .navigating, navigatingTouches == [id],
              let moved = panned[id], hypot(moved.x, moved.y) < distance else { return false }
        roles[id] = .palm
        panned[id] = nil
        return true
    }

    /// The actions for one event (often one, sometimes none, two or more when a pen or a
    /// second finger changes what the other pointers do).
    public mutating func handle(_ event: PointerEvent) -> [Action] {
        guard event.sample.isFinite else { return [] }
        let id = event.pointerID
        switch event.phase {
        case .began:
            guard roles[id] == nil else { return [] }  // a second "began" for a live pointer
            kinds[id] = event.kind
            lastLocation[id] = event.sample.location
            if event.kind == .pen { return penBegan(id, event) }
            if event.kind == .touch && penIsActive(at: event.sample.timestamp) {
                roles[id] = .palm
                return []
            }
            if event.kind == .touch, let drawingFinger = roles.first(where: { kinds[$0.key] == .touch && $0.value == .drawing })?.key {
                // A second finger: the one-finger interaction is cancelled and both navigate.
                roles[drawingFinger] = .navigating
                panned[drawingFinger] = .zero
                roles[id] = .navigating
                panned[id] = .zero
                return [.cancelled(pointerID: drawingFinger)]
            }
            if usesTool(event.kind) {
                roles[id] = .drawing
                return [.began(pointerID: id, kind: event.kind, sample: event.sample)]
            }
            roles[id] = .navigating
            panned[id] = .zero
            return []
        case .moved:
            guard let role = roles[id], let previous = lastLocation[id] else { return [] }  // moved before began
            lastLocation[id] = event.sample.location
            if kinds[id] == .pen { lastPenTime = event.sample.timestamp }
            switch role {
            case .palm:
                return []
            case .drawing:
                return [.moved(pointerID: id, samples: event.committedSamples, predicted: event.predicted.filter({ $0.isFinite }))]
            case .navigating:
                return navigate(id, from: previous, to: event.sample.location)
            }
        case .ended, .cancelled:
            guard let role = roles.removeValue(forKey: id) else { return [] }  // unknown or already ended
            if kinds[id] == .pen { lastPenTime = event.sample.timestamp }
            kinds[id] = nil
            lastLocation[id] = nil
            let travel = role == .navigating && event.phase == .ended && !joined.contains(id) ? panned[id] : nil
            panned[id] = nil
            joined.remove(id)
            if let travel, Self.isSwipe(travel) { return [.swipe(dx: travel.x)] }
            guard role == .drawing else { return [] }
            return [event.phase == .ended ? .ended(pointerID: id) : .cancelled(pointerID: id)]
        }
    }

    /// A pen comes down: every touch becomes a palm (a finger interaction is cancelled, a
    /// pan in progress is rolled back), and the pen uses the tool.
    private mutating func penBegan(_ id: Int, _ event: PointerEvent) -> [Action] {
        lastPenTime = event.sample.timestamp
        var actions: [Action] = []
        var rollback = CGPoint.zero
        for (other, role) in roles where kinds[other] == .touch && role != .palm {
            switch role {
            case .drawing: actions.append(.cancelled(pointerID: other))
            case .navigating:
                let distance = panned[other] ?? .zero
                rollback.x -= distance.x
                rollback.y -= distance.y
            case .palm: break
            }
            roles[other] = .palm
            panned[other] = nil
        }
        if rollback != .zero { actions.append(.pan(dx: rollback.x, dy: rollback.y)) }
        roles[id] = .drawing
        actions.append(.began(pointerID: id, kind: .pen, sample: event.sample))
        return actions
    }

    private mutating func navigate(_ id: Int, from previous: CGPoint, to location: CGPoint) -> [Action] {
        let fingers = navigatingTouches
        let dx: CGFloat, dy: CGFloat
        var actions: [Action] = []
        if fingers.count >= 2 { joined.formUnion(fingers) }
        if fingers.count >= 2, let other = fingers.first(where: { $0 != id }), let anchor = lastLocation[other] {
            let before = hypot(previous.x - anchor.x, previous.y - anchor.y)
            let after = hypot(location.x - anchor.x, location.y - anchor.y)
            let center = CGPoint(x: (location.x + anchor.x) / 2, y: (location.y + anchor.y) / 2)
            (dx, dy) = ((location.x - previous.x) / 2, (location.y - previous.y) / 2)
            actions.append(.pan(dx: dx, dy: dy))
            if before > 1, after > 0 { actions.append(.pinch(scale: after / before, center: center)) }
        } else {
            (dx, dy) = (location.x - previous.x, location.y - previous.y)
            actions.append(.pan(dx: dx, dy: dy))
        }
        let total = panned[id] ?? .zero
        panned[id] = CGPoint(x: total.x + dx, y: total.y + dy)
        return actions
    }

    private static func isSwipe(_ travel: CGPoint) -> Bool {
        abs(travel.x) >= swipeDistance && abs(travel.x) > 2 * abs(travel.y)
    }
}
