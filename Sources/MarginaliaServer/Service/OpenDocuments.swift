import Foundation
import Marginalia
import MarginaliaEditor
import Synchronization

/// The documents the service holds in memory, and the one way in to them: each opened lazily
/// (the stored file with the operations logged since its last save replayed onto it), its
/// requests run one at a time, different documents in parallel; edits applied in memory and
/// committed to the log together (group commit, ``OpenDocuments+Commit.swift``); other
/// replicas' entries caught up with; every change told to the document's subscribers
/// (``events``).
///
/// The parts of ``DocumentService`` (catalogue, editing, saving, search, presence, exports)
/// reach documents only through it (``ServicePart``). It owns the table of open documents and
/// the event hub; the parts own their own state (the version files, the text index, presence).
final class OpenDocuments: Sendable {
    /// The store underneath.
    let store: any DocumentStore
    /// Undo steps kept per document.
    let undoDepth: Int
    /// How much one editing request may ask (annotations, pages, points).
    let limits: RequestLimits
    /// The memory heavy work may take, per request and in all (``MemoryBudget``).
    let budget: MemoryBudget
    /// The limits every document is read with (docs/limits.md).
    let readingLimits: PDFLimits
    /// The subscribers of each document, told every change in revision order.
    let events = EventHub()
    /// The documents in memory, by id, with who uses them (``OpenDocuments+Residency.swift``).
    let table = Mutex(DocumentTable())
    /// Told the id of each document whose text changed (the search part's indexer); set once.
    private let textWatcher = TextWatcher()

    /// How long documents stay in memory, and how many at most (``DocumentResidency``).
    let residency: DocumentResidency
    /// The timer of the idle sweep (``startUnloading()``), nil when none runs.
    let sweep = Mutex<DispatchSourceTimer?>(nil)

    init(store: any DocumentStore, undoDepth: Int, limits: RequestLimits, budget: MemoryBudget,
         readingLimits: PDFLimits, residency: DocumentResidency = DocumentResidency()) {
        self.store = store
        self.residency = residency
        self.undoDepth = max(1, undoDepth)
        self.limits = limits
        self.budget = budget
        self.readingLimits = readingLimits
    }

    /// Has `watcher` told of every document whose text changes from now on, and how.
    func watchText(_ watcher: @escaping @Sendable (String, TextChange) -> Void) {
        textWatcher.watch(watcher)
    }

    /// Tells the text watcher that document `id` changed (uploaded, moved to or from the
    /// trash, a version restored, removed): it is read again.
    func textChanged(_ id: String) {
        textWatcher.tell(id, .document)
    }

    /// Tells the text watcher that `entries` of document `id` were committed to its log.
    func textLogged(_ id: String, _ entries: [LoggedOperation]) {
        textWatcher.tell(id, .logged(entries))
    }

    /// One document's summary.
    func summary(_ id: String) throws -> DocumentSummary {
        try guarded { DocumentSummary(try store.document(id)) }
    }

    // MARK: - Open documents

    /// The in-memory entry of document `id` when one was made, without making one or holding
    /// it in use (a caller keeps it only to look at its loaded state).
    func existingEntry(_ id: String) -> OpenDocument? {
        table.withLock { $0.slots[id]?.entry }
    }

    /// Runs `body` on the loaded state of document `id` with nothing left uncommitted: under
    /// its commit lock, after committing whatever edits are queued, and under its state lock
    /// with nothing queued. So what `body` reads or saves is exactly what the log holds.
    ///
    /// Edits take only the state lock, so some can be applied in memory during the first
    /// commit; those are committed in a second one while edits wait before they apply
    /// (``OpenDocument/withEditsWaiting(_:)``), which lets no more in until `body` has read. (Without it a save could store an edit whose log entry was not yet committed, and
    /// a kill before that commit left the catalogue's saved revision ahead of its log,
    /// refusing every later edit; and under a steady stream of edits a reader could wait
    /// for a quiet moment for long.)
    ///
    /// Over a shared store, the entries other replicas logged are applied first. They are
    /// read before the state lock is taken, so edits can queue meanwhile (a commit of those
    /// then catches up by itself); with `waitingForStore`, read holding the document's lock
    /// in the store, so a commit under way in another replica ends first and whatever is
    /// committed is seen.
    ///
    /// With a `meter`, loading the document and whatever `body` decodes of it are charged to it.
    func withDocument<T: Sendable>(_ id: String, waitingForStore: Bool = false, meter: RequestMeter? = nil,
                         _ body: (inout sending OpenDocument.State) throws -> sending T) throws -> T {
        try using(id) { entry in
            try entry.committing {
                commitQueued(id, entry)
                let current: (record: DocumentRecord, newer: [OperationRecord])?
                if store.isShared {
                    let read = { try self.store.documentAndLog(id, after: entry.loadedRevision ?? .max) }
                    current = try waitingForStore ? store.withDocumentLock(id, read) : read()
                } else {
                    current = nil
                }
                return try entry.withEditsWaiting {
                    commitQueued(id, entry)
                    return try entry.withState(load: { try load(id, meter: meter) }) { state in
                        state.document.file.meter = meter
                        defer { state.document.file.meter = nil }
                        if let current {
                            let caughtUp = try catchUp(id, &state, to: current.record, newer: current.newer)
                            announce(id, caughtUp)
                        }
                        return try body(&state)
                    }
                }
            }
        }
    }

    /// Opens the stored state and replays the log: entries after the history base rebuild
    /// the undo stacks; those after the saved revision are applied to the document too.
    /// Its recent log starts with the replayed entries; nothing is pending.
    func load(_ id: String, meter: RequestMeter? = nil) throws -> sending OpenDocument.State {
        let stored = try store.loadDocument(id)
        let record = stored.record
        let document: PDFDocument
        do {
            if let file = stored.file {
                // Mapped, not copied: the file stays in the page cache, not the budget.
                document = try open(mapping: file, length: stored.version.byteLength, meter: meter)
            } else {
                try meter?.charge(stored.data.count, for: "the copy of the stored file")
                document = try PDFDocument(data: stored.data, limits: readingLimits, meter: meter)
            }
        } catch let refused as ServiceError {
            throw refused
        } catch let refused as PDFError {
            guard case .limitExceeded = refused else { throw ServiceError.internalError("the stored file of document \(id) cannot be opened: \(refused)") }
            throw ServiceError.from(refused)
        } catch {
            throw ServiceError.internalError("the stored file of document \(id) cannot be opened: \(error)")
        }
        var history = UndoHistory(depth: undoDepth)
        var revision = record.savedRevision
        var replayed: [LoggedOperation] = []
        for entry in stored.log {
            let logged = try Self.logged(entry)
            let operation = logged.operation
            replayed.append(logged)
            history.replay(entry.kind, operation, revision: entry.revision, by: entry.clientID)
            guard entry.revision > record.savedRevision else { continue }
            do {
                try operation.apply(to: document, uploads: uploadReader(id), dating: .replayed(entry.created))
            } catch {
                throw ServiceError.internalError("document \(id): logged revision \(entry.revision) cannot be replayed: \(error)")
            }
            revision = entry.revision
        }
        var recent = RecentLog()
        recent.append(replayed)
        return OpenDocument.State(document: document, history: history, revision: max(revision, record.revision),
                                  savedRevision: record.savedRevision, file: record.file,
                                  baseVersion: stored.version.number, recent: recent)
    }

    /// Forgets the in-memory entry of a document removed for good, and its subscribers.
    func forget(_ id: String) {
        table.withLock { $0.slots[id] = nil }
        events.drop(id)
    }

    // MARK: - Helpers

    /// Runs `body`, turning every error into a ``ServiceError``.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ServiceError.wrap(error)
        }
    }

    static func decodeOperation(_ record: OperationRecord) throws -> EditorOperation {
        do {
            return try EditorOperation.reading(logText: record.json)
        } catch {
            throw ServiceError.internalError("logged revision \(record.revision) does not decode: \(error)")
        }
    }

    /// A log record as an entry. A record of log format version 1 (written before version 2,
    /// docs/operations.md) is decoded as such and its JSON written anew as version 2, so
    /// clients only ever see version 2.
    static func logged(_ record: OperationRecord) throws -> LoggedOperation {
        LoggedOperation(revision: record.revision, clientId: record.clientID, author: record.author, kind: record.kind,
                        operation: try decodeOperation(record), json: isLogVersion1(record.json) ? nil : record.json)
    }

    /// Whether logged JSON is version 1: its first key names the operation (version 2's keys,
    /// sorted, begin with a field of the operation instead, and no field is named like an
    /// operation).
    static func isLogVersion1(_ json: String) -> Bool {
        LoggedOperationName.allCases.contains { json.hasPrefix("{\"\($0.rawValue)\":") }
    }

    static func encodeOperation(_ operation: EditorOperation) throws -> String {
        do {
            return try operation.sortedJSON()
        } catch {
            throw ServiceError.internalError("an operation could not be encoded: \(error)")
        }
    }

    // MARK: - Events

    /// Calls the subscribers of `id`.
    func notify(_ id: String, _ event: DocumentEvent) {
        events.publish(id, event, fetch: fetchEntries(id))
    }

    /// Announces entries a catch-up applied, as a committer announces its own, to the
    /// subscribers and to the text index; call under the document's state lock, so they go out
    /// before any later entry of this process. Whichever way this process caught up (a
    /// commit, a read, a save, in the background), its indexer so hears every entry it
    /// applied, in order and without a gap, which lets a shared index take them in as edits
    /// (``TextIndexer``).
    func announce(_ id: String, _ entries: [LoggedOperation]) {
        for entry in entries { notify(id, .operation(entry)) }
        if !entries.isEmpty { textLogged(id, entries) }
    }

    /// Reads entries of `id` from the log for the event hub.
    func fetchEntries(_ id: String) -> EventHub.Fetch {
        { [store] after, through in try Self.storedEntries(store, id, after: after, upTo: through) }
    }
}
