import Foundation

/// A value guarded by a condition variable: a `Mutex` for state that threads also wait on
/// (a pool waiting for a connection, worker threads waiting for jobs, admission waiting for
/// memory), which `Synchronization.Mutex` cannot do.
///
/// Like `Mutex`, the value enters as `sending` and is reached only inside ``withLock(_:)``
/// and ``wait(until:for:)``, whose results leave as `sending`, so the compiler checks what
/// crosses threads through it.
// @unchecked: `value` is read and written only between `condition.lock()` and `unlock()`.
final class Waitable<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Holding the lock, runs `body` now and again each time the condition is signalled, until
    /// it returns a result or `deadline` passes (nil: no deadline); at the deadline `body`
    /// runs once more, and nil is the answer when it still has none.
    func wait<Result>(until deadline: Date? = nil,
                      for body: (inout sending Value) throws -> sending Result?) rethrows -> sending Result? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = try body(&value) { return result }
            if let deadline {
                guard condition.wait(until: deadline) else { return try body(&value) }
            } else {
                condition.wait()
            }
        }
    }

    /// Wakes one waiter, which runs its `body` again.
    func signal() {
        condition.signal()
    }

    /// Wakes every waiter.
    func broadcast() {
        condition.broadcast()
    }
}
