import Foundation
import Marginalia
import MarginaliaEditor

extension OpenDocuments {
    /// Applies `request` (checked, its pages from another document rewritten to an upload) to
    /// document `id` in memory, queues its entries and returns once a commit logged them
    /// (``DocumentEditing/apply(_:_:)`` says what that guarantees).
    func apply(_ id: String, _ request: ApplyRequest) throws -> ApplyResult {
        return try using(id) { document in
            let pending = PendingApply(request: request)
            var ahead = try queue(id, pending, document: document)
            if ahead != nil && store.isShared {
                // The client may have seen a revision another replica logged: catch up with
                // everything committed (read under the document's lock in the store) and try
                // again. Only a base revision still ahead after that is refused.
                try withDocument(id, waitingForStore: true) { _ in }
                ahead = try queue(id, pending, document: document)
            }
            if let revision = ahead { throw Self.ahead(request, of: id, revision: revision) }
            try commitLog(id, document, waitingFor: pending)
            return ApplyResult(revision: pending.revisionAfter, applied: pending.entries, missed: pending.missed)
        }
    }

    /// Applies the request in memory and queues it for the log; or, when its base revision
    /// is ahead of the document in memory, queues nothing and returns the document's revision.
    private func queue(_ id: String, _ pending: PendingApply, document: OpenDocument) throws -> Int? {
        try guarded {
            try document.withStateOnceOpen(load: { try load(id) }) { state in
                guard pending.request.baseRevision <= state.revision else { return state.revision }
                try applyInMemory(id, pending, state: &state)
                state.pending.append(pending)
                return nil
            }
        }
    }

    /// Applies the request of `pending` to the state and fills `pending` with its entries
    /// (encoded for the log) and the entries the client missed; call under the state lock.
    /// On failure the state is as before.
    func applyInMemory(_ id: String, _ pending: PendingApply, state: inout OpenDocument.State) throws {
        let request = pending.request
        let missed = try unseenEntries(id, request, state: state)
        let historyBefore = state.history
        // A mark, not a copy of the change set: copying it cost each stroke O(objects changed
        // since the last save), and left the page's /Annots shared, so that appending copied it.
        let changesBefore = state.document.file.markChanges()
        let applied: [(kind: OperationKind, operation: EditorOperation)]
        do {
            applied = try perform(request.change, by: request.clientId, on: &state, id: id)
        } catch {
            state.document.file.keepChanges(changesBefore)  // perform leaves the document as it was
            throw error
        }
        do {
            // A command's size (what an erase sweep touched, an added annotation's points) is
            // known only once applied; it is taken back below.
            if case .command(let command) = request.change { try limits.check(applied: applied.map(\.operation), of: command) }
            // A certified document allows only what its DocMDP permission allows: the engine's
            // check, the one the CLI makes before it writes (docs/signatures.md).
            try state.document.file.checkCertificationAllowsChanges()
            let (records, entries) = try Self.numbered(applied.map { ($0.kind, $0.operation, nil) }, after: state.revision,
                                                       by: request)
            pending.fill(records: records, entries: entries, missed: missed, revisionBefore: state.revision,
                         historyBefore: historyBefore, pageCount: try state.document.pageCount)
            state.document.file.keepChanges(changesBefore)
        } catch {
            Self.rollBack(applied.map(\.operation), on: state.document)
            // The inverses rewrite what they touch as it was: the file's change set too, so
            // that a refused edit leaves no trace in the file served or the next save.
            state.document.restoreChanges(changesBefore)
            state.history = historyBefore
            throw error
        }
        state.revision = pending.revisionAfter
        state.recent.append(pending.entries)
    }

    /// The first entries after the request's base revision, which its client has not seen:
    /// at most ``missedLimit`` of them (a client further behind fetches the rest with
    /// `GET …/operations?after=`, as it does for a gap in its event stream); a base revision
    /// ahead of the document is a conflict. Call under the state lock.
    func unseenEntries(_ id: String, _ request: ApplyRequest, state: OpenDocument.State) throws -> [LoggedOperation] {
        guard request.baseRevision <= state.revision else { throw Self.ahead(request, of: id, revision: state.revision) }
        return Self.firstMissed(try logEntries(id, after: request.baseRevision, upTo: state.revision, recent: state.recent,
                                               limit: Self.missedLimit.entries))
    }

    /// How much of the log one answer carries as `missed`: an answer stays small however far
    /// behind its client is (three replicas with round robin once answered 67 KB a stroke).
    static let missedLimit = (entries: 100, bytes: 256 * 1024)

    /// The longest run of `entries` from the first within ``missedLimit``'s bytes (an entry
    /// whose JSON is not at hand counts as 2 KB).
    static func firstMissed(_ entries: [LoggedOperation]) -> [LoggedOperation] {
        var bytes = 0
        var count = 0
        for entry in entries.prefix(missedLimit.entries) {
            bytes += entry.operationJSON?.utf8.count ?? 2_048
            guard bytes <= missedLimit.bytes else { break }
            count += 1
        }
        return Array(entries.prefix(count))
    }

    /// The conflict of a request whose base revision is ahead of the document's `revision`.
    static func ahead(_ request: ApplyRequest, of id: String, revision: Int) -> ServiceError {
        ServiceError.conflict("baseRevision \(request.baseRevision) is ahead of document \(id) (revision \(revision))")
            .because(Reason(.revisionAhead, [("baseRevision", .number(Double(request.baseRevision))),
                                             ("revision", .number(Double(revision)))]))
    }

    /// The log entries after `revision` up to the newest applied one (the first `limit` of
    /// them, if given), from memory when it still holds them (`recent`: the state's).
    /// A limit keeps a request from a client far behind from reading and decoding the whole
    /// log under the state lock: a stroke based on revision 0 of a 4,500-entry log took
    /// seconds, and 128 such requests stopped the document for minutes.
    func logEntries(_ id: String, after revision: Int, upTo newest: Int,
                    recent: RecentLog, limit: Int? = nil) throws -> [LoggedOperation] {
        if let held = recent.entries(after: revision, upTo: newest) { return limit.map { Array(held.prefix($0)) } ?? held }
        return try Self.storedEntries(store, id, after: revision, upTo: newest, limit: limit)
    }

    /// The committed log entries after `revision` up to `newest` (the first `limit` of them,
    /// if given), read and decoded from the store: call without the state lock where the
    /// caller can (it may be the whole log).
    static func storedEntries(_ store: any DocumentStore, _ id: String, after revision: Int, upTo newest: Int,
                              limit: Int? = nil) throws -> [LoggedOperation] {
        let count = max(0, newest - revision)
        return try store.operations(id, after: revision, limit: min(limit ?? count, count))
            .prefix { $0.revision <= newest }.map(Self.logged)
    }

    /// Applies a change to the document and the client's history; on failure both are as
    /// before, except that an undo or redo refused because someone else changed what its step
    /// touched drops that step (`UndoHistory.undo(on:revision:by:since:)`; refused as a conflict).
    private func perform(_ change: ApplyRequest.Change, by client: String, on state: inout OpenDocument.State,
                         id: String) throws -> [(kind: OperationKind, operation: EditorOperation)] {
        let next = state.revision + 1
        do {
            switch change {
            case .command(let command):
                // The engine checks the command against the document, applies it and returns
                // each undo step as applied.
                let applied = try command.apply(to: state.document, uploads: uploadReader(id))
                for (offset, operation) in applied.enumerated() {
                    state.history.record(operation, revision: next + offset, by: client)
                }
                return applied.map { (.do, $0) }
            case .undo, .redo:
                // The client's own newest step, unless someone else changed what it touched
                // since (the log after the step, from memory when it still holds it).
                let newest = state.revision
                let recent = state.recent
                let since = { (after: Int) in
                    try self.logEntries(id, after: after, upTo: newest, recent: recent)
                        .map { UndoHistory.Edit(user: $0.clientId, author: $0.author, operation: $0.operation) }
                }
                if case .undo = change {
                    return try state.history.undo(on: state.document, revision: next, by: client, since: since)
                        .map { [(kind: OperationKind.undo, operation: $0)] } ?? []
                }
                return try state.history.redo(on: state.document, revision: next, by: client, since: since)
                    .map { [(kind: OperationKind.redo, operation: $0)] } ?? []
            }
        } catch {
            throw ServiceError.wrap(error, editing: true)
        }
    }

    /// The log records and entries of the operations one request applied, numbered from
    /// `revision + 1` and signed by its client and author (`json`: the operation as logged
    /// before, nil to encode it now).
    static func numbered(_ applied: [(kind: OperationKind, operation: EditorOperation, json: String?)], after revision: Int,
                         by request: ApplyRequest) throws -> (records: [OperationRecord], entries: [LoggedOperation]) {
        var records: [OperationRecord] = []
        var entries: [LoggedOperation] = []
        for (offset, item) in applied.enumerated() {
            let number = revision + offset + 1
            let json = try item.json ?? encodeOperation(item.operation)
            records.append(OperationRecord(revision: number, clientID: request.clientId, kind: item.kind, json: json,
                                           author: request.author))
            entries.append(LoggedOperation(revision: number, clientId: request.clientId, author: request.author,
                                           kind: item.kind, operation: item.operation, json: json))
        }
        return (records, entries)
    }

    /// Undoes applied operations, newest first (best effort: each inverse fits by construction).
    static func rollBack(_ operations: [EditorOperation], on document: PDFDocument) {
        for operation in operations.reversed() { _ = try? operation.inverse.apply(to: document, dating: .replayed(Date())) }
    }

    /// Opens document `id`'s uploads for page copies.
    func uploadReader(_ id: String) -> UploadReader {
        { [store, readingLimits] number in
            do {
                return try PDFDocument(data: try store.uploadData(id, number: number), limits: readingLimits)
            } catch let error as StoreError {
                throw ServiceError.unprocessable("command.source: \(error.description)")
            }
        }
    }
}
