import Foundation
import Synchronization
import MarginaliaCore

// The protocol is in MarginaliaCore (Sources/MarginaliaCore/Input/EditorClock.swift).

/// The real monotonic clock.
public final class SystemClock: EditorClock, Sendable {
    public init() {}
    public var now: TimeInterval { ProcessInfo.processInfo.systemUptime }
}

/// A clock tests move by hand.
public final class ManualClock: EditorClock, Sendable {
    private let time: Mutex<TimeInterval>

    public init(_ start: TimeInterval = 0) {
        time = Mutex(start)
    }

    public var now: TimeInterval {
        time.withLock { $0 }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        time.withLock { $0 += max(0, seconds) }
    }
}
