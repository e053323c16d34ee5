#if !hasFeature(Embedded)
import Foundation
#endif

/// Decides what each pointer does — draw with the current tool, navigate, or nothing — from
/// the input mode, and turns event streams into clean begin/move/end sequences: events out
/// of order, unknown pointers, repeated ends and NaN coordinates are dropped, never passed on.
public struct InputRouter: Sendable {
    /// What the engine should do with an event.
    public enum Action: Equatable, Sendable {
        /// A tool interaction starts (drawing, erasing, selecting...).
        case began(pointerID: Int, kind: PointerEvent.Kind, sample: PointerSample)
        /// More committed samples, and predicted ones for the live preview only.
        case moved(pointerID: Int, samples: [PointerSample], predicted: [PointerSample])
        case ended(pointerID: Int)
        /// The interaction is abandoned without a trace (a second finger arrived, the system
        /// cancelled the touch).
        case cancelled(pointerID: Int)
        /// Scroll by a view-space distance.
        case pan(dx: CGFloat, dy: CGFloat)
        /// Zoom by `scale` about a view-space centre (two fingers).
        case pinch(scale: CGFloat, center: CGPoint)
    }

    public var mode: InputMode

    private enum Role: Equatable { case drawing, navigating, palm }
    private var roles: [Int: Role] = [:]
    private var kinds: [Int: PointerEvent.Kind] = [:]
    private var lastLocation: [Int: CGPoint] = [:]

    public init(mode: InputMode = .default) {
        self.mode = mode
    }

    /// Whether a pointer of `kind` draws in this mode (before any second finger arrives).
    private func draws(_ kind: PointerEvent.Kind) -> Bool {
        switch (mode, kind) {
        case (_, .pen): return true
        case (.default, .mouse), (.drawWithFinger, .mouse): return true
        case (.pencilOnly, .mouse): return false
        case (.drawWithFinger, .touch): return true
        case (_, .touch): return false
        }
    }

    private var penIsDown: Bool { roles.contains { kinds[$0.key] == .pen && $0.value == .drawing } }

    private var navigatingTouches: [Int] {
        roles.filter { $0.value == .navigating }.map({ $0.key }).sorted()
    }

    /// The actions for one event (often one, sometimes none, two when a second finger turns
    /// a stroke into navigation).
    public mutating func handle(_ event: PointerEvent) -> [Action] {
        guard event.sample.isFinite else { return [] }
        let id = event.pointerID
        switch event.phase {
        case .began:
            guard roles[id] == nil else { return [] }  // a second "began" for a live pointer
            kinds[id] = event.kind
            lastLocation[id] = event.sample.location
            if event.kind == .touch && mode == .pencilOnly && penIsDown {
                roles[id] = .palm
                return []
            }
            if event.kind == .touch, let drawingFinger = roles.first(where: { kinds[$0.key] == .touch && $0.value == .drawing })?.key {
                // A second finger: the one-finger stroke is cancelled and both navigate.
                roles[drawingFinger] = .navigating
                roles[id] = .navigating
                return [.cancelled(pointerID: drawingFinger)]
            }
            if draws(event.kind) {
                roles[id] = .drawing
                return [.began(pointerID: id, kind: event.kind, sample: event.sample)]
            }
            roles[id] = .navigating
            return []
        case .moved:
            guard let role = roles[id], let previous = lastLocation[id] else { return [] }  // moved before began
            lastLocation[id] = event.sample.location
            switch role {
            case .palm:
                return []
            case .drawing:
                return [.moved(pointerID: id, samples: event.committedSamples, predicted: event.predicted.filter({ $0.isFinite }))]
            case .navigating:
                let fingers = navigatingTouches
                if fingers.count >= 2, let other = fingers.first(where: { $0 != id }), let anchor = lastLocation[other] {
                    let before = hypot(previous.x - anchor.x, previous.y - anchor.y)
                    let after = hypot(event.sample.location.x - anchor.x, event.sample.location.y - anchor.y)
                    let center = CGPoint(x: (event.sample.location.x + anchor.x) / 2, y: (event.sample.location.y + anchor.y) / 2)
                    var actions: [Action] = [.pan(dx: (event.sample.location.x - previous.x) / 2, dy: (event.sample.location.y - previous.y) / 2)]
                    if before > 1, after > 0 { actions.append(.pinch(scale: after / before, center: center)) }
                    return actions
                }
                return [.pan(dx: event.sample.location.x - previous.x, dy: event.sample.location.y - previous.y)]
            }
        case .ended, .cancelled:
            guard let role = roles.removeValue(forKey: id) else { return [] }  // unknown or already ended
            kinds[id] = nil
            lastLocation[id] = nil
            guard role == .drawing else { return [] }
            return [event.phase == .ended ? .ended(pointerID: id) : .cancelled(pointerID: id)]
        }
    }
}
