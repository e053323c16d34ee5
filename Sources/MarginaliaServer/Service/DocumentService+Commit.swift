import Foundation
import Marginalia
import MarginaliaEditor

// MARK: - Group commit of the operation log

extension DocumentService {
    /// Returns once `pending` is committed to the log, committing whatever is queued when no
    /// earlier committer took it; throws the commit's error when it failed (and everything
    /// queued with it was taken back).
    func commitLog(_ id: String, _ document: OpenDocument, waitingFor pending: PendingApply) throws {
        while true {
            if let outcome = document.awaitOutcome(of: pending) { return try outcome.get() }
            // No commit running and ours still queued: commit everything queued.
            document.committing { commitQueued(id, document) }
            document.endCommit()
        }
    }

    /// Commits every queued entry of the document in one transaction; call holding its
    /// commit lock. On success the subscribers hear the entries in revision order, then each
    /// request's outcome is set. On failure every entry applied in memory but not committed
    /// (the batch and whatever queued behind it meanwhile, which was applied on top of it)
    /// is taken back, newest first, and each of those requests gets the error.
    func commitQueued(_ id: String, _ document: OpenDocument) {
        let batch: [PendingApply] = document.locked {
            defer { document.pending.removeAll() }
            return document.pending
        }
        guard let last = batch.last else { return }
        let records = batch.flatMap(\.records)
        var failure: ServiceError?
        if !records.isEmpty {
            do {
                try store.appendOperations(id, records, pageCount: last.pageCount)
            } catch {
                failure = ServiceError.wrap(error)
            }
        }
        guard let failure else {
            document.locked {
                document.notifying = true
                defer { document.notifying = false }
                for pending in batch {
                    for entry in pending.entries { notify(id, .operation(entry)) }
                }
            }
            document.resolve(batch, .success(()))
            if !records.isEmpty { textChanged(id) }
            return
        }
        let uncommitted = (try? document.withState(load: { throw failure }) { state in
            let uncommitted = batch + document.pending
            document.pending.removeAll()
            for pending in uncommitted.reversed() {
                Self.rollBack(pending.entries.map(\.operation), on: state.document)
            }
            let first = uncommitted[0]
            state.history = first.historyBefore
            state.revision = first.revisionBefore
            document.recent.removeAll(after: first.revisionBefore)
            return uncommitted
        }) ?? batch
        document.resolve(uncommitted, .failure(failure))
    }
}
