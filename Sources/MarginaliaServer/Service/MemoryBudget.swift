import Foundation
import Marginalia
import PDFCore

/// The memory the server's heavy work may take at once, shared by every request: request
/// bodies being received, and what exports, renders, uploads being checked, text reads and
/// the indexer decode and draw.
///
/// Heavy work is admitted (``admit(_:estimate:wait:)``) with a first reservation and runs
/// with a ``RequestMeter`` that grows it as the work decodes streams and allocates rasters,
/// up to ``Settings/perRequest``. When the budget is spent, admission waits up to
/// ``Settings/admissionWait`` for other work to give some back and then refuses with
/// ``ServiceError/busy(_:retryAfter:)`` (503 with `Retry-After`); work already running that
/// needs more than is free is stopped the same way, never made to wait while it holds a
/// reservation (two such could wait for each other). A request past its own cap is refused
/// with ``ServiceError/tooLarge(_:)`` (413) naming `--request-memory`.
///
/// Reservations count what work made in all, not what it holds at one moment, so they bound
/// its memory from above.
public final class MemoryBudget: Sendable {
    /// The budget's sizes, set with `marginalia serve` options.
    public struct Settings: Equatable, Sendable {
        /// Bytes all heavy work together may have reserved (`--memory-budget`).
        public var total: Int
        /// Bytes one request may take in all (`--request-memory`).
        public var perRequest: Int
        /// Seconds a request waits to be admitted before 503 (`--admission-wait`).
        public var admissionWait: Double

        /// The command-line option that sets each, named in refusals.
        public static let options = (total: "--memory-budget", perRequest: "--request-memory", wait: "--admission-wait")

        /// Creates settings; the defaults keep a server with eight handler threads under
        /// 1.5 GiB of resident memory (docs/server-robustness.md, "Memory").
        public init(total: Int = 768 << 20, perRequest: Int = 384 << 20, admissionWait: Double = 2) {
            self.total = total
            self.perRequest = perRequest
            self.admissionWait = admissionWait
        }
    }

    /// The sizes this budget enforces.
    public let settings: Settings
    /// Bytes reserved now; signalled when a reservation is given back.
    private let reserved = Waitable(0)

    /// The smallest step a meter grows its reservation by, so that many small charges do not
    /// each take the lock.
    static let growthStep = 8 << 20

    /// Creates a budget; a per-request cap above the total is lowered to it.
    public init(_ settings: Settings = Settings()) {
        var settings = settings
        settings.total = max(1, settings.total)
        settings.perRequest = max(1, min(settings.perRequest, settings.total))
        settings.admissionWait = max(0, settings.admissionWait.isFinite ? settings.admissionWait : 0)
        self.settings = settings
    }

    /// Bytes reserved now (for tests and the health endpoint).
    public var inUse: Int { reserved.withLock { $0 } }

    /// Admits heavy work named `what`, reserving `estimate` bytes (held to the per-request
    /// cap), waiting up to `wait` seconds (default ``Settings/admissionWait``) for them.
    ///
    /// - Throws: ``ServiceError/busy(_:retryAfter:)`` when they do not become free in time.
    public func admit(_ what: String, estimate: Int, wait: Double? = nil) throws -> RequestMeter {
        let bytes = min(max(estimate, 0), settings.perRequest)
        let deadline = Date(timeIntervalSinceNow: wait ?? settings.admissionWait)
        let total = settings.total
        let admitted = reserved.wait(until: deadline) { reserved -> Bool? in
            Self.take(bytes, from: &reserved, total: total) ? true : nil
        }
        guard admitted == true else { throw busy(what) }
        return RequestMeter(budget: self, what: what, reserved: bytes)
    }

    /// Reserves `bytes` now if they are free, without waiting (a request body arriving on a
    /// connection thread).
    func reserveNow(_ bytes: Int) -> Bool {
        let total = settings.total
        return reserved.withLock { Self.take(bytes, from: &$0, total: total) }
    }

    /// Reserves as much of `bytes` as is free now, without waiting; returns how much.
    func reserve(upTo bytes: Int) -> Int {
        let total = settings.total
        return reserved.withLock { reserved in
            let granted = min(max(0, bytes), max(0, total - reserved))
            reserved += granted
            return granted
        }
    }

    /// Gives back `bytes` and wakes the requests waiting to be admitted.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        reserved.withLock { $0 = max(0, $0 - bytes) }
        reserved.broadcast()
    }

    /// Adds `bytes` to `reserved` when that stays within `total`.
    private static func take(_ bytes: Int, from reserved: inout Int, total: Int) -> Bool {
        guard reserved + bytes <= total else { return false }
        reserved += bytes
        return true
    }

    /// The refusal for work that found the budget spent.
    func busy(_ what: String) -> ServiceError {
        let seconds = max(1, Int(settings.admissionWait.rounded(.up)))
        return ServiceError.busy("\(what) needs memory the server's budget of \(settings.total) bytes (\(Settings.options.total)) has lent to other requests; try again shortly",
                                 retryAfter: seconds)
            .because(Reason(.memoryBusy, [("retryAfter", .number(Double(seconds)))]))
    }
}
