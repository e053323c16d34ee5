import Foundation

/// The time source of the editor engine, injectable so tests decide when things happen
/// (double squeezes, shape recognition holds, autosave idle periods).
public protocol EditorClock: Sendable {
    /// Seconds since an arbitrary fixed point; only differences matter.
    var now: TimeInterval { get }
}

/// The real monotonic clock.
public struct SystemClock: EditorClock {
    public init() {}
    public var now: TimeInterval { ProcessInfo.processInfo.systemUptime }
}

/// A clock tests move by hand.
public final class ManualClock: EditorClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: TimeInterval

    public init(_ start: TimeInterval = 0) {
        time = start
    }

    public var now: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        time += max(0, seconds)
        lock.unlock()
    }
}
