import Foundation
import Synchronization

/// A value in a `Mutex` that threads can also wait on (a pool waiting for a connection,
/// worker threads waiting for jobs, admission waiting for memory), which
/// `Synchronization.Mutex` alone cannot do.
///
/// The value lives in a `Mutex`, so it enters as `sending` and is reached only inside
/// ``withLock(_:)`` and ``wait(until:for:)``, whose results leave as `sending`: the compiler
/// checks what crosses threads through it, and the box is `Sendable` without `@unchecked`.
/// Beside it, a condition variable only wakes waiters: a waiter holds the condition's lock
/// while it looks at the value and until it sleeps, and ``signal()`` and ``broadcast()`` take
/// that lock too, so a change made before a wake-up is never missed between a waiter's look
/// and its sleep. (Change the value, then wake: the order every caller keeps.)
final class Waitable<Value>: Sendable {
    private let value: Mutex<Value>
    /// Wakes waiters; guards no data.
    private let wakeUps = NSCondition()

    init(_ value: sending Value) {
        self.value = Mutex(value)
    }

    /// Runs `body` holding the value's lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try value.withLock(body)
    }

    /// Runs `body` holding the value's lock when it is free now; nil, without waiting, when
    /// another thread holds it.
    func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        try value.withLockIfAvailable(body)
    }

    /// Runs `body` on the value now and again each time a waiter is woken, until it returns a
    /// result or `deadline` passes (nil: no deadline); at the deadline `body` runs once more,
    /// and nil is the answer when it still has none.
    func wait<Result, Failure: Error>(
        until deadline: Date? = nil, for body: (inout sending Value) throws(Failure) -> sending Result?
    ) throws(Failure) -> sending Result? {
        wakeUps.lock()
        defer { wakeUps.unlock() }
        while true {
            if let result = try value.withLock(body) { return result }
            if let deadline {
                guard wakeUps.wait(until: deadline) else { return try value.withLock(body) }
            } else {
                wakeUps.wait()
            }
        }
    }

    /// Wakes one waiter, which runs its `body` again.
    func signal() {
        wakeUps.lock()
        defer { wakeUps.unlock() }
        wakeUps.signal()
    }

    /// Wakes every waiter.
    func broadcast() {
        wakeUps.lock()
        defer { wakeUps.unlock() }
        wakeUps.broadcast()
    }
}
