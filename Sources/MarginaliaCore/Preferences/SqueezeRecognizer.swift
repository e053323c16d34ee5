#if !hasFeature(Embedded)
import Foundation
#endif

/// Tells single squeezes of the stylus from double squeezes.
///
/// A double squeeze is a second squeeze ending within ``doubleSqueezeWindow`` (0.4 s) of the
/// first; it replaces the first squeeze's single-squeeze action rather than following it. So
/// when a double squeeze has an action, a single squeeze can only be reported once the window
/// has passed without a second one. When the gesture map gives double squeezes no action
/// there is nothing to wait for, and every squeeze is reported as a single at once.
///
/// The recognizer does no timing of its own; the editor's event loop drives it:
///
/// ```swift
/// for gesture in squeezes.squeezeEnded() { perform(gestures.action(for: gesture)) }
/// // …and on every frame or timer, at the latest at `squeezes.deadline`:
/// for gesture in squeezes.tick() { perform(gestures.action(for: gesture)) }
/// ```
///
/// Times come from the injected ``EditorClock``. A third squeeze right after a double one
/// starts a new sequence. Not `Sendable`: one event loop owns it.
public final class SqueezeRecognizer {
    /// The longest time between the ends of two squeezes that still makes a double squeeze.
    public static let doubleSqueezeWindow: Double = 0.4

    /// Whether a squeeze waits for a possible second one; false reports singles at once.
    ///
    /// Set it from the gesture map whenever the map changes (``update(from:)``). Turning it
    /// off does not drop a squeeze already waiting: that one still resolves as usual.
    public var waitsForDoubleSqueeze: Bool

    private let clock: any EditorClock
    /// When the squeeze now waiting for a possible second one ended.
    private var pendingSince: Double?

    /// A recognizer reading time from `clock` and waiting for double squeezes only when
    /// `gestures` gives them an action.
    public init(clock: any EditorClock, gestures: GestureMap = .default) {
        self.clock = clock
        self.waitsForDoubleSqueeze = false
        update(from: gestures)
    }

    /// Follows a change of the gesture map.
    public func update(from gestures: GestureMap) {
        waitsForDoubleSqueeze = gestures.action(for: .doubleSqueeze) != .none
    }

    /// Whether a squeeze is waiting for a possible second one.
    public var isWaiting: Bool {
        pendingSince != nil
    }

    /// The clock time after which ``tick()`` reports the waiting squeeze as a single one, or
    /// nil when nothing waits; the editor can schedule a timer for it.
    public var deadline: Double? {
        pendingSince.map { $0 + Self.doubleSqueezeWindow }
    }

    /// Reports that the user released a squeeze, now.
    ///
    /// - Returns: The gestures recognised, oldest first: ``StylusGesture/doubleSqueeze`` when
    ///   this ends a double squeeze; ``StylusGesture/singleSqueeze`` when singles need no
    ///   wait; possibly an overdue single from an earlier squeeze that ``tick()`` was not
    ///   called in time to report. Empty when this squeeze now waits for a second one.
    public func squeezeEnded() -> [StylusGesture] {
        let now = clock.now
        var recognised: [StylusGesture] = []
        if let start = pendingSince {
            pendingSince = nil
            if now - start <= Self.doubleSqueezeWindow {
                return [.doubleSqueeze]
            }
            recognised.append(.singleSqueeze)
        }
        if waitsForDoubleSqueeze {
            pendingSince = now
        } else {
            recognised.append(.singleSqueeze)
        }
        return recognised
    }

    /// Reports the waiting squeeze as a single one once its window has closed.
    ///
    /// Call it regularly (every frame is fine, or at ``deadline``); it is cheap.
    /// - Returns: `[.singleSqueeze]` when the window closed without a second squeeze,
    ///   otherwise empty.
    public func tick() -> [StylusGesture] {
        guard let start = pendingSince, clock.now - start > Self.doubleSqueezeWindow else { return [] }
        pendingSince = nil
        return [.singleSqueeze]
    }

    /// Reports a waiting squeeze as a single one at once, without waiting for the window; for
    /// when waiting makes no sense any more (the pen left, the tool changed, the app is
    /// going to the background).
    public func flush() -> [StylusGesture] {
        guard pendingSince != nil else { return [] }
        pendingSince = nil
        return [.singleSqueeze]
    }

    /// Forgets a waiting squeeze without reporting it.
    public func reset() {
        pendingSince = nil
    }
}
