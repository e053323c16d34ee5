import Foundation
import PDFCore

/// What one piece of heavy work has taken of the server's ``MemoryBudget``: the documents
/// it opens charge it with every stream they decode (``PDFFile/meter``), the renderer with
/// every raster, the importer with the upload's copy. It grows its reservation as it is
/// charged, never past ``MemoryBudget/Settings/perRequest``, and gives it all back on
/// ``release()`` (or when it is freed).
public final class RequestMeter: ResourceMeter, @unchecked Sendable {
    /// The work, as refusals name it ("the PNG export of page 1").
    public let what: String
    private let budget: MemoryBudget
    private let lock = NSLock()
    // Read and written only holding `lock`.
    private var reserved: Int
    private var used = 0
    /// Set aside by holds not yet settled.
    private var holding = 0
    private var refused: ServiceError?

    init(budget: MemoryBudget, what: String, reserved: Int) {
        self.budget = budget
        self.what = what
        self.reserved = reserved
    }

    deinit {
        budget.release(reserved)
    }

    /// Bytes charged so far.
    public var charged: Int { lock.withLock { used } }

    public var refusal: (any Error)? { lock.withLock { refused } }

    public func hold(upTo bytes: Int) -> Int {
        lock.withLock {
            guard refused == nil else { return 0 }
            let cap = budget.settings.perRequest
            let wanted = min(max(0, bytes), cap - used - holding)
            let free = reserved - used - holding
            if wanted > free {
                // Grow by at least a step (fewer trips to the budget), by no more than the cap.
                let step = min(max(wanted - free, MemoryBudget.growthStep), cap - reserved)
                reserved += budget.reserve(upTo: step)
            }
            let granted = min(wanted, reserved - used - holding)
            holding += granted
            return granted
        }
    }

    public func settle(held: Int, charging bytes: Int, for detail: @autoclosure () -> String) throws {
        try lock.withLock {
            holding = max(0, holding - held)
            if let refused { throw refused }
            let bytes = max(0, bytes)
            if bytes > held {
                let cap = budget.settings.perRequest
                let refusal: ServiceError = used.addingReportingOverflow(bytes).partialValue > cap || bytes > cap
                    ? .tooLarge("\(what) needs more than the limit of \(cap) bytes of memory per request (\(MemoryBudget.Settings.options.perRequest)): \(detail()) needs more than \(held) bytes after \(used)")
                    : budget.busy(what)
                refused = refusal
                throw refusal
            }
            used += bytes
        }
    }

    /// Throws the refusal, if the meter refused anything (work that swallowed the error
    /// must not answer as if it had succeeded).
    public func check() throws {
        if let refused = lock.withLock({ refused }) { throw refused }
    }

    /// Gives the reservation back to the budget (a later charge takes a new one).
    public func release() {
        let given: Int = lock.withLock {
            defer { reserved = 0 }
            return reserved
        }
        budget.release(given)
    }
}
