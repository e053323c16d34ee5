import Foundation
import Marginalia
import MarginaliaEditor

extension DocumentService {
    /// Applies a client's request to document `id` and logs what it applied.
    ///
    /// The entries are committed to the operation log before this returns; subscribers hear
    /// each one after that. Revisions go up by one per entry and are never reused. A request
    /// that fails changes nothing and logs nothing.
    ///
    /// Concurrent requests for one document share commits (group commit): each applies its
    /// change in memory and queues its entries under the document's state lock, then one
    /// committer writes everything queued in one transaction (one fsync) and answers them
    /// all. When that commit fails, every queued entry is taken back out of memory and each
    /// of those requests fails.
    ///
    /// Over a shared store, a base revision ahead of the copy in memory may be one another
    /// replica logged: the copy first catches up with the log, read under the document's
    /// lock in the store (so whatever is committed is seen), and only a base revision still
    /// ahead then is refused.
    ///
    /// - Returns: the new revision, the entries applied (none for an undo with nothing to
    ///   undo) and the entries after `request.baseRevision` that the client had not seen.
    /// - Throws: ``ServiceError/tooLarge(_:)`` when the request is over one of ``limits``;
    ///   ``ServiceError/conflict(_:)`` when `baseRevision` is ahead of every logged revision;
    ///   ``ServiceError/unprocessable(_:)`` when the change does not fit the document;
    ///   ``ServiceError/forbidden(_:)`` when its certification does not allow it;
    ///   ``ServiceError/notFound(_:)``, ``ServiceError/badRequest(_:)``.
    public func apply(_ id: String, _ request: ApplyRequest) throws -> ApplyResult {
        try request.validateClientID()
        try limits.check(request.change)
        let request = try withUploadedSource(id, request)
        let document = try guarded { try entry(id) }
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

    /// Applies the request in memory and queues it for the log; or, when its base revision
    /// is ahead of the document in memory, queues nothing and returns the document's revision.
    private func queue(_ id: String, _ pending: PendingApply, document: OpenDocument) throws -> Int? {
        try guarded {
            try document.withState(load: { try load(id, into: document) }) { state in
                guard pending.request.baseRevision <= state.revision else { return state.revision }
                try applyInMemory(id, pending, document: document, state: &state)
                document.pending.append(pending)
                return nil
            }
        }
    }

    /// Applies the request of `pending` to the state and fills `pending` with its entries
    /// (encoded for the log) and the entries the client missed; call under the state lock.
    /// On failure the state is as before.
    func applyInMemory(_ id: String, _ pending: PendingApply, document: OpenDocument,
                       state: inout OpenDocument.State) throws {
        let request = pending.request
        let missed = try unseenEntries(id, request, document: document, state: state)
        let historyBefore = state.history
        let changesBefore = state.document.file.currentChanges()
        let applied = try perform(request.change, by: request.clientId, on: &state, document: document, id: id)
        var records: [OperationRecord] = []
        var entries: [LoggedOperation] = []
        do {
            // A command's size (what an erase sweep touched, an added annotation's points) is
            // known only once applied; it is taken back below.
            if case .command(let command) = request.change { try limits.check(applied: applied.map(\.operation), of: command) }
            // A certified document allows only what its DocMDP permission allows: the engine's
            // check, the one the CLI makes before it writes (docs/signatures.md).
            try state.document.file.checkCertificationAllowsChanges()
            for (offset, item) in applied.enumerated() {
                let revision = state.revision + offset + 1
                let json = try Self.encodeOperation(item.operation)
                records.append(OperationRecord(revision: revision, clientID: request.clientId, kind: item.kind, json: json,
                                               author: request.author))
                entries.append(LoggedOperation(revision: revision, clientId: request.clientId, author: request.author,
                                               kind: item.kind, operation: item.operation, json: json))
            }
            pending.fill(records: records, entries: entries, missed: missed, revisionBefore: state.revision,
                         historyBefore: historyBefore, pageCount: try state.document.pageCount)
        } catch {
            Self.rollBack(applied.map(\.operation), on: state.document)
            // The inverses rewrite what they touch as it was: the file's change set too, so
            // that a refused edit leaves no trace in the file served or the next save.
            state.document.restoreChanges(changesBefore)
            state.history = historyBefore
            throw error
        }
        state.revision = pending.revisionAfter
        document.recent.append(pending.entries)
    }

    /// The first entries after the request's base revision, which its client has not seen:
    /// at most ``missedLimit`` of them (a client further behind fetches the rest with
    /// `GET …/operations?after=`, as it does for a gap in its event stream); a base revision
    /// ahead of the document is a conflict. Call under the state lock.
    func unseenEntries(_ id: String, _ request: ApplyRequest, document: OpenDocument,
                       state: OpenDocument.State) throws -> [LoggedOperation] {
        guard request.baseRevision <= state.revision else { throw Self.ahead(request, of: id, revision: state.revision) }
        return Self.firstMissed(try logEntries(id, after: request.baseRevision, upTo: state.revision, document: document))
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
        .conflict("baseRevision \(request.baseRevision) is ahead of document \(id) (revision \(revision))")
    }

    /// The log entries after `revision` up to the newest applied one, from memory when it
    /// still holds them (call under the state lock).
    func logEntries(_ id: String, after revision: Int, upTo newest: Int,
                    document: OpenDocument) throws -> [LoggedOperation] {
        if let held = document.recent.entries(after: revision, upTo: newest) { return held }
        return try store.operations(id, after: revision).map(Self.logged)
    }

    /// Applies a change to the document and the client's history; on failure both are as
    /// before, except that an undo or redo refused because someone else changed what its step
    /// touched drops that step (it can never be undone now; the client's next undo goes
    /// further back).
    private func perform(_ change: ApplyRequest.Change, by client: String, on state: inout OpenDocument.State,
                         document: OpenDocument, id: String) throws -> [(kind: OperationKind, operation: EditorOperation)] {
        let next = state.revision + 1
        do {
            switch change {
            case .command(let command):
                // The engine checks the command against the document, applies it and returns
                // each undo step as applied.
                let applied = try command.apply(to: state.document, uploads: uploadReader(id))
                for (offset, operation) in applied.enumerated() {
                    state.history.record(operation, client: client, revision: next + offset)
                }
                return applied.map { (.do, $0) }
            case .undo:
                guard let step = state.history.nextUndo(of: client) else { return [] }
                if let reason = try conflict(of: step, client: client, state: state, document: document, id: id) {
                    state.history.dropNextUndo(of: client)
                    throw ServiceError.conflict("cannot undo: \(reason); that step has left your undo history")
                }
                return try state.history.undo(client: client, revision: next, on: state.document).map { [(.undo, $0)] } ?? []
            case .redo:
                guard let step = state.history.nextRedo(of: client) else { return [] }
                if let reason = try conflict(of: step, client: client, state: state, document: document, id: id) {
                    state.history.dropNextRedo(of: client)
                    throw ServiceError.conflict("cannot redo: \(reason); that step has left your redo history")
                }
                return try state.history.redo(client: client, revision: next, on: state.document).map { [(.redo, $0)] } ?? []
            }
        } catch {
            throw ServiceError.wrap(error, editing: true)
        }
    }

    /// Why `client`'s `step` cannot be undone or redone: what another client's entry after it
    /// did to what the step touched (``OperationFootprint``), with its author's name; nil when none.
    private func conflict(of step: SharedHistory.Step, client: String, state: OpenDocument.State,
                          document: OpenDocument, id: String) throws -> String? {
        let footprint = OperationFootprint(step.operation)
        for entry in try logEntries(id, after: step.revision, upTo: state.revision, document: document)
        where entry.clientId != client {
            if let reason = footprint.conflict(with: OperationFootprint(entry.operation)) {
                return reason.sentence(by: entry.author)
            }
        }
        return nil
    }

    /// Undoes applied operations, newest first (best effort: each inverse fits by construction).
    static func rollBack(_ operations: [EditorOperation], on document: PDFDocument) {
        for operation in operations.reversed() { _ = try? operation.inverse.apply(to: document) }
    }

    /// The log entries of document `id` after revision `after`, with its revision.
    public func operations(_ id: String, after: Int) throws -> OperationLog {
        guard after >= 0 else { throw ServiceError.badRequest("after: expected a revision (0 or more)") }
        let document = try guarded { try entry(id) }
        return try withDocument(id) { state in
            OperationLog(revision: state.revision, operations: try logEntries(id, after: after, upTo: state.revision,
                                                                               document: document))
        }
    }

    /// The pages of document `id` in its current state.
    public func pages(_ id: String) throws -> [PageInfo] {
        try withDocument(id) { state in
            try (0..<state.document.pageCount).map { index in
                let page = try state.document.page(at: index)
                let box = page.bounds(for: .cropBox)
                return PageInfo(index: index, width: Double(box.width), height: Double(box.height), rotation: page.rotation,
                                box: [Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY)],
                                label: page.label)
            }
        }
    }

    /// The annotations of one page (0-based), or of every page when `page` is nil.
    ///
    /// - Throws: ``ServiceError/unprocessable(_:)`` when the page is out of range.
    public func annotations(_ id: String, page: Int? = nil) throws -> AnnotationList {
        try withDocument(id) { state in
            let count = try state.document.pageCount
            if let page {
                guard page >= 0 && page < count else {
                    throw ServiceError.unprocessable(OperationError.pageOutOfRange(page, pageCount: count).description)
                }
                return AnnotationList(revision: state.revision, annotations: try state.document.annotations(onPage: page))
            }
            let all = try (0..<count).flatMap { try state.document.annotations(onPage: $0) }
            return AnnotationList(revision: state.revision, annotations: all)
        }
    }
}
