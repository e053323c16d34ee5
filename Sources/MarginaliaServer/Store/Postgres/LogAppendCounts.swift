import Synchronization

/// How a PostgreSQL store's commits to the operation log went since the process started,
/// served by `GET /healthz` as `logAppends` (docs/scale-out.md): the figures that say what
/// round robin costs beyond sticky routing (docs/benchmarks.md), counted where they happen
/// rather than read from the database's transaction count, which every read adds to.
public struct LogAppendCounts: Sendable, Equatable {
    /// Batches committed to the log (each one durable before its requests are answered).
    public var committed = 0
    /// `marginalia_append` calls refused because another replica had logged first.
    public var refused = 0
    /// Batches taken back and put on top of the other replicas' entries (the `rebase` closure run).
    public var rebases = 0
    /// Batches committed in the transaction that holds the document's row lock (`FOR UPDATE`):
    /// after a refused append, or at once for a document overtaken last time.
    public var locked = 0

    public init(committed: Int = 0, refused: Int = 0, rebases: Int = 0, locked: Int = 0) {
        self.committed = committed
        self.refused = refused
        self.rebases = rebases
        self.locked = locked
    }

    /// The counts as the probe's JSON object.
    public var json: [String: Int] {
        ["committed": committed, "refused": refused, "rebases": rebases, "locked": locked]
    }
}

/// The counters behind ``LogAppendCounts``, shared by a store's threads.
final class LogAppendCounters: Sendable {
    private let counts = Mutex(LogAppendCounts())

    /// Adds to the counts.
    func count(_ change: (inout LogAppendCounts) -> Void) {
        counts.withLock { change(&$0) }
    }

    /// The counts so far.
    var snapshot: LogAppendCounts { counts.withLock { $0 } }
}
