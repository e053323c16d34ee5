import Synchronization

/// What one request body holds of the server's ``MemoryBudget`` while it is received and
/// handled: given back when the request is over (its context is freed after the response).
final class BodyReservation: Sendable {
    private let budget: MemoryBudget
    private let held: Mutex<Int>

    init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        held = Mutex(bytes)
    }

    /// Bytes reserved.
    var bytes: Int { held.withLock { $0 } }

    /// Holds `more` bytes besides (already taken from the budget).
    func grow(by more: Int) {
        held.withLock { $0 += more }
    }

    deinit {
        budget.release(held.withLock { $0 })
    }
}
