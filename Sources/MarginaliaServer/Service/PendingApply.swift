import Foundation
import MarginaliaEditor

/// One request's entries, applied in memory and waiting for the log commit that makes them
/// durable (the group commit of ``DocumentService/apply(_:_:)``).
///
/// Built under the document's state lock; ``outcome`` is read and written only under the
/// lock of ``OpenDocument``'s commit condition.
final class PendingApply: @unchecked Sendable {
    /// The rows to append (none for an undo or redo with nothing to do: the request still
    /// waits, because the `missed` entries it answers with may not be committed yet).
    let records: [OperationRecord]
    /// The entries as the response and the subscribers see them.
    let entries: [LoggedOperation]
    /// The document's revision before these entries.
    let revisionBefore: Int
    /// The undo history before these entries, to take them back when the commit fails.
    let historyBefore: SharedHistory
    /// The document's page count after these entries.
    let pageCount: Int
    /// Set once the entries are committed (success) or taken back (the error).
    var outcome: Result<Void, ServiceError>?

    init(records: [OperationRecord], entries: [LoggedOperation], revisionBefore: Int, historyBefore: SharedHistory,
         pageCount: Int) {
        self.records = records
        self.entries = entries
        self.revisionBefore = revisionBefore
        self.historyBefore = historyBefore
        self.pageCount = pageCount
    }

    /// The revision after these entries.
    var revisionAfter: Int { revisionBefore + records.count }
}
