import Foundation
import MarginaliaEditor
import Synchronization

/// One request's entries, applied in memory and waiting for the log commit that makes them
/// durable (the group commit of ``DocumentEditing/apply(_:_:)``).
///
/// Filled under the document's state lock, and filled again there when the committer finds
/// that another process logged first (the request is then applied anew on the caught-up
/// state); ``outcome`` is set by the committer, under ``OpenDocument``'s commit queue, and the
/// request's thread sleeps on ``wakeUp`` until then. Its own lock makes each read whole; the
/// order of those steps makes them right.
final class PendingApply: Sendable {
    /// What applying the request gave.
    private struct Filled {
        var records: [OperationRecord] = []
        var entries: [LoggedOperation] = []
        var missed: [LoggedOperation] = []
        var revisionBefore = 0
        var historyBefore = UndoHistory()
        var pageCount = 0
        var outcome: Result<Void, ServiceError>?
    }

    /// What the client asked for, kept to apply it again on a caught-up state.
    let request: ApplyRequest
    private let filled = Mutex(Filled())
    /// What the request's thread sleeps on while a commit runs
    /// (``OpenDocument/awaitOutcome(of:)``): signalled once for each time it was put to sleep,
    /// when a commit answered it or handed it the next commit, so that a commit wakes only
    /// the threads it concerns.
    let wakeUp = DispatchSemaphore(value: 0)

    init(request: ApplyRequest) {
        self.request = request
    }

    /// Records what applying the request gave.
    func fill(records: [OperationRecord], entries: [LoggedOperation], missed: [LoggedOperation], revisionBefore: Int,
              historyBefore: UndoHistory, pageCount: Int) {
        filled.withLock { filled in
            filled.records = records
            filled.entries = entries
            filled.missed = missed
            filled.revisionBefore = revisionBefore
            filled.historyBefore = historyBefore
            filled.pageCount = pageCount
        }
    }

    /// The rows to append (none for an undo or redo with nothing to do: the request still
    /// waits, because the `missed` entries it answers with may not be committed yet).
    var records: [OperationRecord] { filled.withLock { $0.records } }
    /// The entries as the response and the subscribers see them.
    var entries: [LoggedOperation] { filled.withLock { $0.entries } }
    /// Entries after the request's base revision that the client had not seen.
    var missed: [LoggedOperation] { filled.withLock { $0.missed } }
    /// The document's revision before these entries.
    var revisionBefore: Int { filled.withLock { $0.revisionBefore } }
    /// The undo history before these entries, to take them back when the commit fails.
    var historyBefore: UndoHistory { filled.withLock { $0.historyBefore } }
    /// The document's page count after these entries.
    var pageCount: Int { filled.withLock { $0.pageCount } }
    /// The revision after these entries.
    var revisionAfter: Int { filled.withLock { $0.revisionBefore + $0.records.count } }
    /// Set once the entries are committed (success) or taken back (the error).
    var outcome: Result<Void, ServiceError>? {
        get { filled.withLock { $0.outcome } }
        set { filled.withLock { $0.outcome = newValue } }
    }
}
