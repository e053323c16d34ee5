import Foundation
import MarginaliaCore
import PDFCore
import Synchronization

/// What one piece of heavy work has taken of the server's ``MemoryBudget``: the documents
/// it opens charge it with every stream they decode (``PDFFile/meter``), the renderer with
/// every raster, the importer with the upload's copy. It grows its reservation as it is
/// charged, never past ``MemoryBudget/Settings/perRequest``, and gives it all back on
/// ``release()`` (or when it is freed).
public final class RequestMeter: ResourceMeter, Sendable {
    /// The work, as refusals name it ("the PNG export of page 1").
    public let what: String
    private let budget: MemoryBudget

    /// What the meter holds of the budget.
    private struct State {
        var reserved: Int
        var used = 0
        /// Set aside by holds not yet settled.
        var holding = 0
        var refused: ServiceError?
    }
    private let state: Mutex<State>

    init(budget: MemoryBudget, what: String, reserved: Int) {
        self.budget = budget
        self.what = what
        state = Mutex(State(reserved: reserved))
    }

    deinit {
        budget.release(state.withLock { $0.reserved })
    }

    /// Bytes charged so far.
    public var charged: Int { state.withLock { $0.used } }

    public var refusal: (any Error)? { state.withLock { $0.refused } }

    public func hold(upTo bytes: Int) -> Int {
        state.withLock { state in
            guard state.refused == nil else { return 0 }
            let cap = budget.settings.perRequest
            let wanted = min(max(0, bytes), cap - state.used - state.holding)
            let free = state.reserved - state.used - state.holding
            if wanted > free {
                // Grow by at least a step (fewer trips to the budget), by no more than the cap.
                let step = min(max(wanted - free, MemoryBudget.growthStep), cap - state.reserved)
                state.reserved += budget.reserve(upTo: step)
            }
            let granted = min(wanted, state.reserved - state.used - state.holding)
            state.holding += granted
            return granted
        }
    }

    public func settle(held: Int, charging bytes: Int, for detail: @autoclosure () -> String) throws {
        try state.withLock { state in
            state.holding = max(0, state.holding - held)
            if let refused = state.refused { throw refused }
            let bytes = max(0, bytes)
            if bytes > held {
                let cap = budget.settings.perRequest
                let refusal: ServiceError = state.used.addingReportingOverflow(bytes).partialValue > cap || bytes > cap
                    ? ServiceError.tooLarge("\(what) needs more than the limit of \(cap) bytes of memory per request (\(MemoryBudget.Settings.options.perRequest)): \(detail()) needs more than \(held) bytes after \(state.used)")
                        .because(Reason(.requestMemory, [("maxBytes", .number(Double(cap))),
                                                         ("option", .string(MemoryBudget.Settings.options.perRequest))]))
                    : budget.busy(what)
                state.refused = refusal
                throw refusal
            }
            state.used += bytes
        }
    }

    /// Throws the refusal, if the meter refused anything (work that swallowed the error
    /// must not answer as if it had succeeded).
    public func check() throws {
        if let refused = state.withLock({ $0.refused }) { throw refused }
    }

    /// Gives the reservation back to the budget (a later charge takes a new one).
    public func release() {
        let given: Int = state.withLock { state in
            defer { state.reserved = 0 }
            return state.reserved
        }
        budget.release(given)
    }
}
