import Foundation

/// Where the server keeps its documents: the catalogue, the operation log, the versions and
/// the PDF bytes (docs/store.md).
///
/// Two implementations: ``SQLiteDocumentStore`` (a data folder with an SQLite catalogue and
/// the PDF files, the default, for one server process) and ``PostgresDocumentStore`` (one
/// PostgreSQL database shared by any number of `marginalia serve` replicas,
/// docs/scale-out.md). ``DocumentService`` uses only this protocol.
///
/// Every method is thread-safe and throws ``StoreError`` only. Methods that change a
/// document change it in one transaction; in a shared store (``isShared``) they lock the
/// document's row first, so changes from different processes to one document are serialised
/// and each sees the others' committed state.
public protocol DocumentStore: AnyObject, Sendable {
    /// Where the store is, for people: a folder, or a PostgreSQL URL without its password.
    var location: String { get }
    /// Whether other processes may change the store at the same time (PostgreSQL replicas).
    /// A service over a shared store checks what it holds in memory against the store
    /// before it answers.
    var isShared: Bool { get }
    /// How this process's commits to a log shared with other replicas went since it started
    /// (``LogAppendCounts``); nil for a store no other process writes.
    var logAppendCounts: LogAppendCounts? { get }

    /// Adds a document with version 1 (revision 0) holding `pdf`.
    func createDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date) throws -> DocumentRecord
    /// Adds a document only when the store holds none at all (in or out of the trash),
    /// atomically, so that replicas starting together on an empty store add one between
    /// them; nil when the store was not empty.
    func createFirstDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int, now: Date) throws -> DocumentRecord?
    /// One document's row.
    func document(_ id: String) throws -> DocumentRecord
    /// The documents in the trash (`trashed`) or out of it, newest modified first.
    func documents(trashed: Bool) throws -> [DocumentRecord]
    /// Renames a document (the name is checked with ``DocumentID/validateName(_:)``).
    func rename(_ id: String, to name: String, now: Date) throws -> DocumentRecord
    /// Moves a document to the trash (`true`) or back (`false`).
    func setTrashed(_ id: String, _ trashed: Bool, now: Date) throws -> DocumentRecord

    /// What opening a document needs, read as one consistent state: the row, the latest
    /// version of its current file, that version's bytes and the log after the history base.
    func loadDocument(_ id: String) throws -> StoredDocument

    /// Appends entries to a document's log in one transaction, holding the document's lock.
    ///
    /// `append` was made on the state `expected` describes (the revision its first entry
    /// follows, and the file its content comes from). When the document is still there, the
    /// entries are committed as they are. When another process logged first (or restored a
    /// version), the store calls `rebase` with the document's row and the entries logged after
    /// `expected.revision`, still holding the lock, and commits what it returns instead.
    /// Either way the entries must continue the row's revision densely; they are committed with
    /// the row's new revision, page count and modification time when this returns. Nothing is
    /// written when `rebase` throws or returns no entries. Store calls made from inside
    /// `rebase` on the same thread join the transaction (PostgreSQL); a store whose document
    /// lock is the one process that owns it (SQLite) calls `rebase` outside its transaction
    /// and checks the row again before it appends. A store may call `rebase` more than once
    /// (PostgreSQL first rebases without the lock, then checks the row as it appends): each
    /// call is handed the entries after the position the previous call's entries followed,
    /// and may be handed some the state holds already, which it skips.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when the entries do not continue the log.
    func appendOperations(_ id: String, expecting expected: LogPosition, _ append: LogAppend, now: Date,
                          rebase: (_ current: DocumentRecord, _ newer: [OperationRecord]) throws -> LogAppend) throws
    /// The log entries of a document after `revision`, in order: the first `limit` of them
    /// when a limit is given (a client far behind needs only the first few, and a long log
    /// must not be read whole to answer it).
    func operations(_ id: String, after revision: Int, limit: Int?) throws -> [OperationRecord]
    /// A document's row and its log entries after `revision`, read in one consistent view
    /// (never entries from after a version restore with the row from before it).
    func documentAndLog(_ id: String, after revision: Int) throws -> (record: DocumentRecord, newer: [OperationRecord])

    /// Runs `body` holding the document's lock, so that no other process changes the
    /// document meanwhile; store calls `body` makes on the same thread join the lock's
    /// transaction (a shared store) and are committed with it. A store only one process
    /// uses runs `body` as it is (the service serialises its own work per document).
    ///
    /// - Throws: ``StoreError/notFound(_:)``, or what `body` throws (nothing it wrote through
    ///   the store is kept then).
    func withDocumentLock<T>(_ id: String, _ body: () throws -> T) throws -> T

    /// Stores `pdf` as the next upload of document `id` (pages to insert from, kept as long as
    /// the document: the log names uploads by number) and returns its number (1, 2…).
    ///
    /// - Throws: ``StoreError/notFound(_:)``.
    func addUpload(_ id: String, pdf: Data) throws -> Int
    /// The bytes of upload `number` of document `id`.
    ///
    /// - Throws: ``StoreError/notFound(_:)`` when there is no such upload.
    func uploadData(_ id: String, number: Int) throws -> Data
    /// The numbers of document `id`'s uploads, in order (none for a document without any).
    /// The next upload takes the number after the last, so a copy of a store must copy them
    /// all (`marginalia store migrate`).
    func uploadNumbers(_ id: String) throws -> [Int]
    /// Removes a document for good: its row, versions, log and every byte of it (versions,
    /// restores, uploads). The rows go first, so a crash leaves at worst bytes no row names.
    ///
    /// - Throws: ``StoreError/notFound(_:)``.
    func purge(_ id: String) throws

    /// Records a save: `bytes` is the latest version's bytes with an incremental update
    /// appended, made from version `basedOn`; it becomes a new version at `revision`.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when `basedOn` is no longer the latest version
    ///   (another process saved or restored meanwhile: nothing is written);
    ///   ``StoreError/invalidRequest(_:)`` when `bytes` does not extend the stored state or
    ///   `revision` is ahead of the log.
    func saveVersion(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                     now: Date) throws -> VersionRecord
    /// Records a save given only what it appends: `update` (the bytes an incremental update
    /// adds to version `basedOn`, which must be the latest) becomes a new version at
    /// `revision`, as ``saveVersion(_:bytes:basedOn:revision:pageCount:now:)`` with those
    /// bytes after the stored ones would, without the caller holding the stored bytes.
    ///
    /// - Throws: as ``saveVersion(_:bytes:basedOn:revision:pageCount:now:)``.
    func appendVersion(_ id: String, update: Data, basedOn: Int, revision: Int, pageCount: Int,
                       now: Date) throws -> VersionRecord
    /// The versions of a document, oldest first.
    func versions(_ id: String) throws -> [VersionRecord]
    /// The bytes of version `number`.
    func versionData(_ id: String, number: Int) throws -> Data
    /// The file on disk holding version `number` as its first `length` bytes, for a store
    /// that keeps files on disk (to map rather than copy); nil for one that does not.
    func versionFile(_ id: String, number: Int) throws -> (url: URL, length: Int)?
    /// Makes version `number`'s content the document's state as a new version (a new file
    /// that later saves append to), with the saved revision and the history base set to
    /// `revision`, which must be the document's revision.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when the log moved past `revision` meanwhile.
    func restoreVersion(_ id: String, number: Int, revision: Int, pageCount: Int, now: Date) throws -> VersionRecord

    /// The store's retention settings (docs/store.md, "Retention"); none set: keep everything.
    func retention() throws -> StoreRetention
    /// Replaces the store's retention settings (checked with ``StoreRetention/validate()``).
    func setRetention(_ retention: StoreRetention) throws
    /// A document's own retention policy, or nil when the store's applies.
    ///
    /// - Throws: ``StoreError/notFound(_:)``.
    func retention(of id: String) throws -> RetentionPolicy?
    /// Gives a document a policy of its own, or nil to follow the store's.
    ///
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/invalidRequest(_:)`` for numbers out of range.
    func setRetention(of id: String, _ policy: RetentionPolicy?) throws
    /// Forgets versions of a document for good, in one transaction: the rows of
    /// `prune.removed` go, each rewrite's versions move to its new file under their new
    /// lengths (the document's file too, when it was the old one), and then every file (or
    /// chunk) that named versions before and names none after is removed, bytes and all.
    /// The new files are written first; a failure removes them and changes nothing.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when the latest version is no longer
    ///   `prune.latest`; ``StoreError/invalidRequest(_:)`` when a rewrite names a version
    ///   that is not in its old file.
    func pruneVersions(_ id: String, _ prune: VersionPrune) throws

    /// Makes `bytes` (a redacted rewrite of the latest version) the document's whole history,
    /// so that the store keeps no copy of what the redaction removed (docs/redaction.md, "On
    /// the server"): `bytes` becomes version `basedOn + 1` (``VersionRecord/historyRedacted``)
    /// in a new file that later saves append to; in one transaction every other version's row
    /// and every log entry go, and the saved revision and the history base become `revision`;
    /// then every other file or chunk of the document (earlier versions, restores, rewrites,
    /// uploads) is removed. Then call ``clearFreedSpace()``, outside the document's lock.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when `basedOn` is no longer the latest version or
    ///   `revision` not the document's revision (nothing is written); ``StoreError/notFound(_:)``.
    func redactHistory(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int, now: Date) throws -> VersionRecord

    /// Clears the space deleted rows leave in the store's files, so that no byte of them
    /// stays there (after ``redactHistory(_:bytes:basedOn:revision:pageCount:now:)``): SQLite
    /// rebuilds the catalogue and empties its write-ahead log; PostgreSQL rewrites the tables.
    /// Outside a transaction (not inside ``withDocumentLock(_:_:)``).
    func clearFreedSpace() throws

    /// Checks that the store answers now (the readiness endpoint).
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` when it does not.
    func checkReady() throws
    /// Calls `handler` for every change another process makes to the store (never for this
    /// store's own changes), on a thread of the store's. A store that no other process
    /// changes never calls it.
    func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void)
    /// Stops background work (the change listener) and closes connections.
    func close()
}

extension DocumentStore {
    /// No log shared with other processes, nothing to count.
    public var logAppendCounts: LogAppendCounts? { nil }

    /// ``createDocument(name:kind:pdf:pageCount:now:)`` now.
    @discardableResult
    public func createDocument(name: String, kind: DocumentKind, pdf: Data, pageCount: Int) throws -> DocumentRecord {
        try createDocument(name: name, kind: kind, pdf: pdf, pageCount: pageCount, now: Date())
    }

    /// ``rename(_:to:now:)`` now.
    public func rename(_ id: String, to name: String) throws -> DocumentRecord {
        try rename(id, to: name, now: Date())
    }

    /// ``saveVersion(_:bytes:basedOn:revision:pageCount:now:)`` of version `basedOn`'s bytes
    /// with `update` after them.
    public func appendVersion(_ id: String, update: Data, basedOn: Int, revision: Int, pageCount: Int,
                              now: Date) throws -> VersionRecord {
        try saveVersion(id, bytes: try versionData(id, number: basedOn) + update, basedOn: basedOn, revision: revision,
                        pageCount: pageCount, now: now)
    }

    /// No file on disk: read ``versionData(_:number:)``.
    public func versionFile(_ id: String, number: Int) throws -> (url: URL, length: Int)? { nil }

    /// ``setTrashed(_:_:now:)`` now.
    public func setTrashed(_ id: String, _ trashed: Bool) throws -> DocumentRecord {
        try setTrashed(id, trashed, now: Date())
    }

    /// Appends `entries`, which must continue the document's log from its current revision
    /// (no other process may have logged since): a convenience over
    /// ``appendOperations(_:expecting:_:now:rebase:)`` for a single writer.
    public func appendOperations(_ id: String, _ entries: [OperationRecord], pageCount: Int, now: Date = Date()) throws {
        guard let first = entries.first else { return }
        let append = LogAppend(records: entries, pageCount: pageCount)
        try appendOperations(id, expecting: LogPosition(revision: first.revision - 1), append, now: now) { _, _ in append }
    }

    /// One version.
    ///
    /// - Throws: ``StoreError/notFound(_:)`` when the document has no version `number`.
    public func version(_ id: String, number: Int) throws -> VersionRecord {
        guard let version = try versions(id).first(where: { $0.number == number }) else {
            throw StoreError.notFound("version \(number) of document \(id)")
        }
        return version
    }
}

extension DocumentStore {
    /// Every log entry of a document after `revision`, in order.
    public func operations(_ id: String, after revision: Int) throws -> [OperationRecord] {
        try operations(id, after: revision, limit: nil)
    }
}
