import Foundation
import Marginalia
import MarginaliaEditor

// MARK: - Group commit of the operation log

extension DocumentService {
    /// Returns once `pending` is committed to the log, committing whatever is queued when no
    /// earlier committer took it; throws the commit's error when it failed (and everything
    /// queued with it was taken back).
    func commitLog(_ id: String, _ document: OpenDocument, waitingFor pending: PendingApply) throws {
        try document.committing {
            // A committer that ran while this thread waited for the lock may have taken it.
            if pending.outcome == nil { commitQueued(id, document) }
            switch pending.outcome {
            case .success?: return
            case .failure(let error)?: throw error
            case nil: throw ServiceError.internalError("an edit of document \(id) was left out of the log")
            }
        }
    }

    /// Commits every queued entry of the document in one transaction; call holding its
    /// commit lock. On success each request's outcome is set and the subscribers hear the
    /// entries in revision order. On failure every entry applied in memory but not committed
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
                    pending.outcome = .success(())
                    for entry in pending.entries { notify(id, .operation(entry)) }
                }
            }
            return
        }
        try? document.withState(load: { throw failure }) { state in
            let uncommitted = batch + document.pending
            document.pending.removeAll()
            for pending in uncommitted.reversed() {
                Self.rollBack(pending.entries.map(\.operation), on: state.document)
            }
            let first = uncommitted[0]
            state.history = first.historyBefore
            state.revision = first.revisionBefore
            document.recent.removeAll(after: first.revisionBefore)
            for pending in uncommitted { pending.outcome = .failure(failure) }
        }
    }
}
