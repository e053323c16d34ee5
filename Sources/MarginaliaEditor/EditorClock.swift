import Foundation
import MarginaliaCore

// The protocol is in MarginaliaCore (Sources/MarginaliaCore/Input/EditorClock.swift).

/// The real monotonic clock.
public final class SystemClock: EditorClock, Sendable {
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
