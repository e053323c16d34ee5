import Foundation
import Marginalia
import MarginaliaEditor

/// What the HTTP routes call: the documents of a ``DocumentStore``, their pages, annotations
/// and edits with per-user undo, saving and versions, search, presence and exports, as one
/// part per concern, each owning only its own state:
///
/// - ``catalogue``: the list of documents, names, the trash, uploads, copies;
/// - ``editing``: requests applied and logged (commands, undo, redo), and what the editor reads
///   of the current state (pages, annotations, fields, the log);
/// - ``saving``: saves, versions, restores, retention and redaction;
/// - ``search``: the text index and the find in one document;
/// - ``presence``: event subscriptions and who has a document open;
/// - ``exports``: flattened copies, pictures and signature checks of the current state.
///
/// The parts share the documents held in memory (``OpenDocuments``): thread-safe, each
/// document opened lazily once (the stored file with the operations logged since its last save
/// replayed onto it), its requests run one at a time; different documents run in parallel.
/// Every method throws ``ServiceError`` only.
///
/// Durability: an applied entry is committed to the operation log before
/// ``DocumentEditing/apply(_:_:)`` returns, so a new service on the same store after a crash
/// brings every acknowledged edit back.
///
/// Replicas: over a shared store (``DocumentStore/isShared``, PostgreSQL) any number of
/// services in different processes serve the same documents. Each commit checks, under the
/// document's lock in the database, that no other replica logged first, and otherwise
/// catches up and applies its requests again on top; reads and saves first catch up with
/// the store; the other replicas' changes reach this one's subscribers (docs/scale-out.md).
public final class DocumentService: Sendable {
    /// The store underneath.
    public var store: any DocumentStore { documents.store }
    /// The memory heavy work may take, per request and in all (``MemoryBudget``).
    public var budget: MemoryBudget { documents.budget }
    /// The list of documents, names, the trash, uploads and copies.
    public let catalogue: DocumentCatalogue
    /// Edits (commands, undo, redo) and the current state the editor reads.
    public let editing: DocumentEditing
    /// Saves, versions, restores, retention and redaction.
    public let saving: DocumentSaving
    /// The text index and the find in one document.
    public let search: DocumentSearch
    /// Event subscriptions and who has a document open.
    public let presence: DocumentPresence
    /// Flattened copies, pictures and signature checks of the current state.
    public let exports: DocumentExports
    /// The documents in memory, shared by the parts.
    let documents: OpenDocuments
    /// Other replicas' changes, handled one at a time in the order they arrived.
    let remoteChanges = DispatchQueue(label: "marginalia.store-changes")

    /// A service over the SQLite store in `directory` (created when missing).
    ///
    /// - Throws: ``ServiceError/internalError(_:)`` when the store cannot be opened.
    /// Its text index is SQLite FTS5 in the same directory (``SQLiteTextIndex``).
    public convenience init(directory: URL, undoDepth: Int = 100, limits: RequestLimits = RequestLimits(),
                            budget: MemoryBudget = MemoryBudget(), readingLimits: PDFLimits = .default,
                            residency: DocumentResidency = DocumentResidency()) throws {
        do {
            let store = try SQLiteDocumentStore(directory: directory)
            let index = try StoreLocation.folder(directory).openTextIndex(for: store)
            self.init(store: store, undoDepth: undoDepth, limits: limits, textIndex: index, budget: budget,
                      readingLimits: readingLimits, residency: residency)
        } catch {
            throw ServiceError.wrap(error)
        }
    }

    /// A service over `store`. Only one service may use an SQLite store's directory at a
    /// time; any number (in different processes) may share a PostgreSQL store.
    ///
    /// - Parameters:
    ///   - undoDepth: undo steps kept per document.
    ///   - limits: how much one editing request may ask (annotations, pages, points).
    ///   - textIndex: where documents are indexed for search, kept current in the background
    ///     as documents are uploaded, edited and removed; nil for no search.
    ///   - budget: the memory heavy work may take (shared with the HTTP server's bodies).
    ///   - readingLimits: the limits documents are read with.
    ///   - residency: how long documents nothing uses stay in memory, and how many at most;
    ///     the idle ones are swept out in the background.
    public init(store: any DocumentStore, undoDepth: Int = 100, limits: RequestLimits = RequestLimits(),
                textIndex: (any TextIndex)? = nil, budget: MemoryBudget = MemoryBudget(),
                readingLimits: PDFLimits = .default, residency: DocumentResidency = DocumentResidency()) {
        let documents = OpenDocuments(store: store, undoDepth: undoDepth, limits: limits, budget: budget,
                                      readingLimits: readingLimits, residency: residency)
        self.documents = documents
        search = DocumentSearch(documents: documents, textIndex: textIndex)
        saving = DocumentSaving(documents: documents, search: search)
        catalogue = DocumentCatalogue(documents: documents)
        editing = DocumentEditing(documents: documents, saving: saving)
        presence = DocumentPresence(documents: documents)
        exports = DocumentExports(documents: documents)
        store.observeChanges { [weak self] change in
            guard let self else { return }
            remoteChanges.async { self.receive(change) }
        }
        documents.startUnloading()
    }

    deinit {
        search.stop()
        documents.stopUnloading()
    }

    /// How many documents are held in memory now (``DocumentResidency``; the health
    /// endpoint's `openDocuments`).
    public var openDocumentCount: Int { documents.openDocumentCount }

    /// Whether the store answers (the readiness endpoint).
    ///
    /// - Throws: ``ServiceError/unavailable(_:)`` when it does not.
    public func checkReady() throws {
        try documents.guarded { try store.checkReady() }
    }

    /// Forgets what this service holds of document `id` (a store backup reads documents one
    /// by one through a service of its own).
    func forget(_ id: String) {
        documents.forget(id)
        saving.versionFiles.forget(id)
    }
}
