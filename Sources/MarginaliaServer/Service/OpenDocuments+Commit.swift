import Foundation
import Marginalia
import MarginaliaEditor

// MARK: - Group commit of the operation log

extension OpenDocuments {
    /// Returns once `pending` is committed to the log, committing whatever is queued when no
    /// earlier committer took it; throws the commit's error when it failed (and everything
    /// queued with it was taken back).
    func commitLog(_ id: String, _ document: OpenDocument, waitingFor pending: PendingApply) throws {
        while true {
            if let outcome = document.awaitOutcome(of: pending) { return try outcome.get() }
            // No commit running and ours still queued: commit everything queued.
            document.committing { commitQueued(id, document, waking: false) }
            document.endCommit()
        }
    }

    /// Commits every queued entry of the document in one transaction; call holding its
    /// commit lock. On success the subscribers hear the entries in revision order, then each
    /// request's outcome is set. On failure every entry applied in memory but not committed
    /// (the batch and whatever queued behind it meanwhile, which was applied on top of it)
    /// is taken back, newest first, and each of those requests gets the error.
    ///
    /// The store hands over the entries other processes logged since the batch was applied
    /// (a shared store's replicas). Then the batch is taken back, the state catches up with
    /// those entries, and each request is applied again on top; a request that no longer fits
    /// fails alone. PostgreSQL does this holding the document's row lock, once per commit.
    ///
    /// Each step takes the document's state lock for itself; none runs holding it for a
    /// caller (a reader that must see nothing uncommitted makes edits wait instead:
    /// ``OpenDocument/withEditsWaiting(_:)``).
    ///
    /// The requests' waiters are woken here unless `waking` is false: a committer started by
    /// ``OpenDocument/awaitOutcome(of:)`` wakes them once, when it ends its commit.
    func commitQueued(_ id: String, _ document: OpenDocument, waking: Bool = true) {
        // In memory and not committed, oldest first; and every request this commit answers.
        var batch: [PendingApply] = document.locked { guarded in
            guard let pending = guarded.state?.pending, !pending.isEmpty else { return [] }
            guarded.state?.pending.removeAll()
            guarded.commitsInFlight += 1
            return pending
        }
        var answering = batch
        guard let first = batch.first else { return }
        defer { document.locked { $0.commitsInFlight -= 1 } }
        // Without other writers an empty batch (undo with nothing to undo) needs no commit.
        guard store.isShared || batch.contains(where: { !$0.records.isEmpty }) else {
            document.resolve(batch, .success(()), waking: waking)
            return
        }
        var caughtUp: [LoggedOperation] = []
        var rejected: [(PendingApply, ServiceError)] = []
        var failure: ServiceError?
        let notLoaded = ServiceError.internalError("document \(id) is not loaded")
        do {
            let file = try document.withState(load: { throw notLoaded }) { $0.file }
            let proposed = LogAppend(records: batch.flatMap(\.records), pageCount: batch.last?.pageCount ?? 0)
            try store.appendOperations(id, expecting: LogPosition(revision: first.revisionBefore, file: file), proposed,
                                       now: Date()) { current, newer in
                // Another process logged first: put every request applied in memory on top.
                try document.withState(load: { throw notLoaded }) { state in
                    let all = batch + state.pending
                    state.pending.removeAll()
                    answering = all
                    takeBack(all, from: &state)
                    batch = []
                    let fileBefore = state.file
                    // Every entry caught up is announced, even if the commit then fails.
                    let entries = try catchUp(id, &state, to: current, newer: newer)
                    caughtUp += entries
                    let pagesStay = state.file == fileBefore && !entries.contains { Self.movesPages($0.operation) }
                    for pending in all {
                        do {
                            if pagesStay && Self.onlyAdds(pending) {
                                try replayInMemory(id, pending, state: &state)
                            } else {
                                try applyInMemory(id, pending, state: &state)
                            }
                            batch.append(pending)
                        } catch {
                            rejected.append((pending, ServiceError.wrap(error, editing: true)))
                        }
                    }
                    let pageCount = try batch.last?.pageCount ?? state.document.pageCount
                    return LogAppend(records: batch.flatMap(\.records), pageCount: pageCount)
                }
            }
        } catch {
            failure = ServiceError.wrap(error)
        }
        for (pending, error) in rejected { document.resolve([pending], .failure(error), waking: waking) }
        let rejectedSet = Set(rejected.map { ObjectIdentifier($0.0) })
        guard let failure else {
            document.locked { _ in
                for entry in caughtUp { notify(id, .operation(entry)) }
                for pending in batch {
                    for entry in pending.entries { notify(id, .operation(entry)) }
                }
            }
            document.resolve(answering.filter { !rejectedSet.contains(ObjectIdentifier($0)) }, .success(()), waking: waking)
            if !caughtUp.isEmpty || batch.contains(where: { !$0.records.isEmpty }) {
                textLogged(id, caughtUp + batch.flatMap(\.entries))
            }
            return
        }
        // The entries caught up on the way stay applied (they are in the log): subscribers and
        // the indexer hear them even though this batch failed, so neither sees a gap.
        if !caughtUp.isEmpty {
            document.locked { _ in
                for entry in caughtUp { notify(id, .operation(entry)) }
            }
            textLogged(id, caughtUp)
        }
        let queuedBehind = (try? document.withState(load: { throw failure }) { state -> [PendingApply] in
            let behind = state.pending
            state.pending.removeAll()
            takeBack(batch + behind, from: &state)
            return behind
        }) ?? []
        let failed = (answering + queuedBehind).filter { !rejectedSet.contains(ObjectIdentifier($0)) }
        document.resolve(failed, .failure(failure), waking: waking)
    }

    /// Puts a request's entries back on top of the state as they were applied (an addition
    /// does not depend on the annotations around it, so running its change again would give
    /// the same entries): new revisions, the same operations and JSON, the missed entries
    /// counted again. Call under the state lock; on failure the state is as before.
    private func replayInMemory(_ id: String, _ pending: PendingApply, state: inout OpenDocument.State) throws {
        let request = pending.request
        let missed = try unseenEntries(id, request, state: state)
        let historyBefore = state.history
        var applied: [EditorOperation] = []
        do {
            for (offset, entry) in pending.entries.enumerated() {
                applied.append(try entry.operation.apply(to: state.document, dating: .replayed(Date())))
                state.history.record(entry.operation, revision: state.revision + offset + 1, by: entry.clientId)
            }
            let (records, entries) = try Self.numbered(pending.entries.map { ($0.kind, $0.operation, $0.operationJSON) },
                                                       after: state.revision, by: request)
            pending.fill(records: records, entries: entries, missed: missed, revisionBefore: state.revision,
                         historyBefore: historyBefore, pageCount: try state.document.pageCount)
        } catch {
            Self.rollBack(applied, on: state.document)
            state.history = historyBefore
            throw ServiceError.wrap(error, editing: true)
        }
        state.revision = pending.revisionAfter
        state.recent.append(pending.entries)
    }

    /// Whether every entry of a request is a new user action that only adds annotations.
    static func onlyAdds(_ pending: PendingApply) -> Bool {
        func adds(_ operation: EditorOperation) -> Bool {
            switch operation {
            case .addAnnotation: return true
            case .group(_, let inner): return inner.allSatisfy(adds)
            default: return false
            }
        }
        return !pending.entries.isEmpty && pending.entries.allSatisfy { $0.kind == .do && adds($0.operation) }
    }

    /// Whether an operation inserts, removes, restores, rotates or moves pages.
    static func movesPages(_ operation: EditorOperation) -> Bool {
        switch operation {
        case .insertPage, .removePage, .restorePage, .rotatePage, .movePage, .copyPages: return true
        case .group(_, let inner): return inner.contains(where: movesPages)
        case .addAnnotation, .removeAnnotation, .changeAnnotation, .arrangeAnnotation, .fillField: return false
        }
    }

    /// Takes applied but uncommitted requests back out of the state, newest first, with the
    /// revision, the history and the recent log as they were before the oldest.
    private func takeBack(_ uncommitted: [PendingApply], from state: inout OpenDocument.State) {
        guard let oldest = uncommitted.first else { return }
        for pending in uncommitted.reversed() {
            Self.rollBack(pending.entries.map(\.operation), on: state.document)
        }
        state.history = oldest.historyBefore
        state.revision = oldest.revisionBefore
        state.recent.removeAll(after: oldest.revisionBefore)
    }

    /// Brings a loaded state with nothing uncommitted up to the store's `current` row: applies
    /// the entries logged after the state's revision (`newer` when the caller has them) and
    /// moves the undo history as they did, or reopens the document when its content was
    /// replaced (a version restored) or an entry does not apply. Returns the entries that
    /// are new to the state, to announce.
    func catchUp(_ id: String, _ state: inout OpenDocument.State,
                 to current: DocumentRecord, newer: [OperationRecord]? = nil) throws -> [LoggedOperation] {
        let before = state.revision
        func reopen() throws -> [LoggedOperation] {
            state = try load(id)
            return state.recent.entries(after: before, upTo: state.revision) ?? []
        }
        guard current.file == state.file else { return try reopen() }
        guard current.revision > state.revision else { return [] }
        var applied: [LoggedOperation] = []
        for record in try newer ?? store.operations(id, after: state.revision) where record.revision > state.revision {
            guard record.revision == state.revision + 1 else { return try reopen() }
            let logged = try Self.logged(record)
            do {
                try logged.operation.apply(to: state.document, dating: .replayed(record.created))
            } catch {
                return try reopen()
            }
            state.history.replay(record.kind, logged.operation, revision: record.revision, by: record.clientID)
            state.revision = record.revision
            state.recent.append([logged])
            applied.append(logged)
        }
        return applied
    }
}
