import Foundation
import MarginaliaEditor

/// One request's entries, applied in memory and waiting for the log commit that makes them
/// durable (the group commit of ``DocumentService/apply(_:_:)``).
///
/// Filled under the document's state lock, and filled again there when the committer finds
/// that another process logged first (the request is then applied anew on the caught-up
/// state); ``outcome`` is read and written only under the lock of ``OpenDocument``'s commit
/// condition, and the other fields are read by the request's thread only after it is set.
// @unchecked: its fields are guarded by `OpenDocument`'s locks as said above, not by a lock of its own.
final class PendingApply: @unchecked Sendable {
    /// What the client asked for, kept to apply it again on a caught-up state.
    let request: ApplyRequest
    /// The rows to append (none for an undo or redo with nothing to do: the request still
    /// waits, because the `missed` entries it answers with may not be committed yet).
    private(set) var records: [OperationRecord] = []
    /// The entries as the response and the subscribers see them.
    private(set) var entries: [LoggedOperation] = []
    /// Entries after the request's base revision that the client had not seen.
    private(set) var missed: [LoggedOperation] = []
    /// The document's revision before these entries.
    private(set) var revisionBefore = 0
    /// The undo history before these entries, to take them back when the commit fails.
    private(set) var historyBefore = SharedHistory()
    /// The document's page count after these entries.
    private(set) var pageCount = 0
    /// Set once the entries are committed (success) or taken back (the error).
    var outcome: Result<Void, ServiceError>?

    init(request: ApplyRequest) {
        self.request = request
    }

    /// Records what applying the request gave.
    func fill(records: [OperationRecord], entries: [LoggedOperation], missed: [LoggedOperation], revisionBefore: Int,
              historyBefore: SharedHistory, pageCount: Int) {
        self.records = records
        self.entries = entries
        self.missed = missed
        self.revisionBefore = revisionBefore
        self.historyBefore = historyBefore
        self.pageCount = pageCount
    }

    /// The revision after these entries.
    var revisionAfter: Int { revisionBefore + records.count }
}
