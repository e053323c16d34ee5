/// What one request body holds of the server's ``MemoryBudget`` while it is received and
/// handled: given back when the request is over (its context is freed after the response).
final class BodyReservation: @unchecked Sendable {
    private let budget: MemoryBudget
    /// Bytes reserved; grown only on the connection's thread, before the handler runs.
    var bytes: Int

    init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        self.bytes = bytes
    }

    deinit {
        budget.release(bytes)
    }
}
