import Foundation
import Marginalia
import MarginaliaEditor
import Synchronization

/// The facade the HTTP routes call: documents, pages, annotations, edits with undo and redo,
/// saving and versions, over a ``DocumentStore``.
///
/// Thread-safe. Each document is opened lazily into memory once (the stored file with the
/// operations logged since its last save replayed onto it) and its requests run one at a
/// time; different documents run in parallel. Every method throws ``ServiceError`` only.
///
/// Durability: an applied entry is committed to the operation log before ``apply(_:_:)``
/// returns, so a new service on the same store after a crash brings every acknowledged
/// edit back.
///
/// Replicas: over a shared store (``DocumentStore/isShared``, PostgreSQL) any number of
/// services in different processes serve the same documents. Each commit checks, under the
/// document's lock in the database, that no other replica logged first, and otherwise
/// catches up and applies its requests again on top; reads and saves first catch up with
/// the store; the other replicas' changes reach this one's subscribers (docs/scale-out.md).
public final class DocumentService: Sendable {
    /// The store underneath.
    public let store: any DocumentStore
    /// Undo steps kept per document.
    public let undoDepth: Int
    /// How much one editing request may ask (annotations, pages, points).
    public let limits: RequestLimits
    /// The memory heavy work may take, per request and in all (``MemoryBudget``).
    public let budget: MemoryBudget
    /// The limits every document is read with (docs/limits.md).
    public let readingLimits: PDFLimits
    /// The documents in memory, by id.
    private let open = Mutex<[String: OpenDocument]>([:])
    /// Keeps the text index current (nil when the service was made without one); set once, by `init`.
    private let indexer = Mutex<TextIndexer?>(nil)
    /// Keeps the text index current (nil when the service was made without one).
    var textIndexer: TextIndexer? { indexer.withLock { $0 } }
    /// The page words the one-document find has read (``search(_:query:options:from:limit:)``).
    let pageWords = PageWordsCache()
    /// The versions' files served lately.
    let versionFiles = VersionFiles()
    let events = EventHub()
    /// Who has each document open (the `/events` streams that named a client).
    let presence = PresenceBook()
    /// Other replicas' changes, handled one at a time in the order they arrived.
    let remoteChanges = DispatchQueue(label: "marginalia.store-changes")

    /// A service over the SQLite store in `directory` (created when missing).
    ///
    /// - Throws: ``ServiceError/internalError(_:)`` when the store cannot be opened.
    /// Its text index is SQLite FTS5 in the same directory (``SQLiteTextIndex``).
    public convenience init(directory: URL, undoDepth: Int = 100, limits: RequestLimits = RequestLimits(),
                            budget: MemoryBudget = MemoryBudget(), readingLimits: PDFLimits = .default) throws {
        do {
            let store = try SQLiteDocumentStore(directory: directory)
            let index = try StoreLocation.folder(directory).openTextIndex(for: store)
            self.init(store: store, undoDepth: undoDepth, limits: limits, textIndex: index, budget: budget,
                      readingLimits: readingLimits)
        } catch {
            throw ServiceError.wrap(error)
        }
    }

    /// A service over `store`. Only one service may use an SQLite store's directory at a
    /// time; any number (in different processes) may share a PostgreSQL store.
    ///
    /// - Parameters:
    ///   - textIndex: where documents are indexed for search, kept current in the background
    ///     as documents are uploaded, edited and removed; nil for no search.
    ///   - budget: the memory heavy work may take (shared with the HTTP server's bodies).
    ///   - readingLimits: the limits documents are read with.
    public init(store: any DocumentStore, undoDepth: Int = 100, limits: RequestLimits = RequestLimits(),
                textIndex: (any TextIndex)? = nil, budget: MemoryBudget = MemoryBudget(),
                readingLimits: PDFLimits = .default) {
        self.store = store
        self.undoDepth = max(1, undoDepth)
        self.limits = limits
        self.budget = budget
        self.readingLimits = readingLimits
        store.observeChanges { [weak self] change in
            guard let self else { return }
            remoteChanges.async { self.receive(change) }
        }
        if let textIndex {
            let made = TextIndexer(index: textIndex, isCurrent: { [weak self] id in self?.textIndexIsCurrent(id) ?? true }) {
                [weak self] id in try self?.indexedDocument(id)
            }
            indexer.withLock { $0 = made }
            reconcileTextIndex()
        }
    }

    deinit {
        textIndexer?.stop()
    }

    /// Whether the store answers (the readiness endpoint).
    ///
    /// - Throws: ``ServiceError/unavailable(_:)`` when it does not.
    public func checkReady() throws {
        try guarded { try store.checkReady() }
    }

    // MARK: - Catalogue

    /// The documents not in the trash, newest modified first.
    public func list() throws -> [DocumentSummary] {
        try guarded { try store.documents(trashed: false).map(DocumentSummary.init) }
    }

    /// The documents in the trash, newest modified first.
    public func trash() throws -> [DocumentSummary] {
        try guarded { try store.documents(trashed: true).map(DocumentSummary.init) }
    }

    /// One document's summary.
    public func summary(_ id: String) throws -> DocumentSummary {
        try guarded { DocumentSummary(try store.document(id)) }
    }

    /// Renames a document and tells its subscribers.
    public func rename(_ id: String, to name: String) throws -> DocumentSummary {
        try changeRecord(id) { DocumentSummary(try store.rename(id, to: name)) } event: { .renamed($0) }
    }

    /// Moves a document to the trash and tells its subscribers. It stays readable and
    /// editable by id; ``restore(_:)`` brings it back.
    public func delete(_ id: String) throws -> DocumentSummary {
        defer { textChanged(id) }
        return try changeRecord(id) { DocumentSummary(try store.setTrashed(id, true)) } event: { .deleted($0) }
    }

    /// Brings a document back from the trash.
    public func restore(_ id: String) throws -> DocumentSummary {
        defer { textChanged(id) }
        return try changeRecord(id) { DocumentSummary(try store.setTrashed(id, false)) } event: { .restored($0) }
    }

    private func changeRecord(_ id: String, _ change: () throws -> DocumentSummary,
                              event: (DocumentSummary) -> DocumentEvent) throws -> DocumentSummary {
        try guarded {
            let entry = try entry(id)
            return try entry.locked {
                let summary = try change()
                notify(id, event(summary))
                return summary
            }
        }
    }

    // MARK: - Open documents

    /// The in-memory entry of a document, made on first use (not yet loaded).
    func entry(_ id: String) throws -> OpenDocument {
        try DocumentID.validate(id)
        if let existing = existingEntry(id) { return existing }
        _ = try store.document(id)  // not found: no entry is made
        return open.withLock { open in
            if let existing = open[id] { return existing }
            let made = OpenDocument(id: id)
            open[id] = made
            return made
        }
    }

    /// The in-memory entry of document `id` when one was made, without making one.
    func existingEntry(_ id: String) -> OpenDocument? {
        open.withLock { $0[id] }
    }

    /// Runs `body` on the loaded state of document `id` with nothing left uncommitted: under
    /// its commit lock, after committing whatever edits are queued, and under its state lock
    /// with nothing queued. So what `body` reads or saves is exactly what the log holds.
    ///
    /// Edits take only the state lock, so some can be applied in memory during the first
    /// commit; those are committed in a second one holding the state lock, which lets no more
    /// in. (Without it a save could store an edit whose log entry was not yet committed, and
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
    func withDocument<T>(_ id: String, waitingForStore: Bool = false, meter: RequestMeter? = nil,
                         _ body: (inout OpenDocument.State) throws -> T) throws -> T {
        try guarded {
            let entry = try entry(id)
            return try entry.committing {
                commitQueued(id, entry)
                let current: (record: DocumentRecord, newer: [OperationRecord])?
                if store.isShared {
                    let read = { try self.store.documentAndLog(id, after: entry.loadedRevision ?? .max) }
                    current = try waitingForStore ? store.withDocumentLock(id, read) : read()
                } else {
                    current = nil
                }
                return try entry.locked {
                    if !entry.pending.isEmpty { commitQueued(id, entry, stateHeld: true) }
                    return try entry.withState(held: true, load: { try load(id, into: entry, meter: meter) }) { state in
                        state.document.file.meter = meter
                        defer { state.document.file.meter = nil }
                        if let current {
                            let caughtUp = try catchUp(id, entry, &state, to: current.record, newer: current.newer)
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
    /// The recent log of `entry` starts with the replayed entries.
    func load(_ id: String, into entry: OpenDocument, meter: RequestMeter? = nil) throws -> OpenDocument.State {
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
        } catch PDFError.limitExceeded(let message) {
            throw ServiceError.from(PDFError.limitExceeded(message))
        } catch {
            throw ServiceError.internalError("the stored file of document \(id) cannot be opened: \(error)")
        }
        var history = SharedHistory(depth: undoDepth)
        var revision = record.savedRevision
        var replayed: [LoggedOperation] = []
        for entry in stored.log {
            let logged = try Self.logged(entry)
            let operation = logged.operation
            replayed.append(logged)
            history.replay(entry.kind, operation, client: entry.clientID, revision: entry.revision)
            guard entry.revision > record.savedRevision else { continue }
            do {
                try operation.apply(to: document, uploads: uploadReader(id))
            } catch {
                throw ServiceError.internalError("document \(id): logged revision \(entry.revision) cannot be replayed: \(error)")
            }
            revision = entry.revision
        }
        entry.pending.removeAll()
        entry.recent.removeAll()
        entry.recent.append(replayed)
        return OpenDocument.State(document: document, history: history, revision: max(revision, record.revision),
                                  savedRevision: record.savedRevision, file: record.file,
                                  baseVersion: stored.version.number)
    }

    /// Forgets the in-memory entry of a document removed for good.
    func forget(_ id: String) {
        open.withLock { $0[id] = nil }
        events.drop(id)
        versionFiles.forget(id)
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
            return try JSONDecoder().decode(EditorOperation.self, from: Data(record.json.utf8))
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
    /// sorted, begin with a field of the operation instead).
    static func isLogVersion1(_ json: String) -> Bool {
        ["addAnnotation", "removeAnnotation", "changeAnnotation", "insertPage", "removePage", "restorePage",
         "fillField", "group"].contains { json.hasPrefix("{\"\($0)\":") }
    }

    static func encodeOperation(_ operation: EditorOperation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(operation), as: UTF8.self)
        } catch {
            throw ServiceError.internalError("an operation could not be encoded: \(error)")
        }
    }
}

// MARK: - Subscriptions

extension DocumentService {
    /// Calls `handler` for every event of document `id` from now on: each applied entry,
    /// saves, renames, moves to and from the trash and version restores, made by this
    /// service or (over a shared store) by another replica. Operation events come in
    /// revision order, each once. The handler runs on the thread that made the change (or
    /// that relays another replica's), after the change is in the log or catalogue, while the
    /// document's locks are held: keep it short, such as queueing the event for a stream, and
    /// do not call the service for this document from it (the locks are not recursive).
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` or ``ServiceError/badRequest(_:)`` for a bad id.
    public func subscribe(_ id: String, _ handler: @escaping @Sendable (DocumentEvent) -> Void) throws -> SubscriptionToken {
        let summary = try summary(id)
        // Over a shared store, entries up to the stored revision count as known, so a catch-up
        // does not announce older ones.
        return events.subscribe(id, after: store.isShared ? summary.revision : nil, handler)
    }

    /// Stops a subscription; unknown tokens are ignored.
    public func unsubscribe(_ token: SubscriptionToken) {
        events.unsubscribe(token)
    }

    /// Calls the subscribers of `id`.
    func notify(_ id: String, _ event: DocumentEvent) {
        events.publish(id, event, fetch: fetchEntries(id))
    }

    /// Announces entries a catch-up applied, as a committer announces its own; call under
    /// the document's state lock, so they go out before any later entry of this process.
    func announce(_ id: String, _ entries: [LoggedOperation]) {
        for entry in entries { notify(id, .operation(entry)) }
    }

    /// Reads entries of `id` from the log for the event hub.
    func fetchEntries(_ id: String) -> EventHub.Fetch {
        { [store] after, through in
            try store.operations(id, after: after).prefix { $0.revision <= through }.map(Self.logged)
        }
    }
}
