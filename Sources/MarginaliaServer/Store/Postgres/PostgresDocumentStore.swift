import Foundation
import Synchronization

/// The shared ``DocumentStore``: catalogue, operation log, versions and document bytes in
/// one PostgreSQL database that any number of `marginalia serve` replicas use at once
/// (docs/scale-out.md).
///
/// Writes to one document are serialised by its row lock (`SELECT … FOR UPDATE`), taken at
/// the start of every transaction that changes the document, with the revision and the
/// latest version checked inside the same transaction: two replicas can never log the same
/// revision or save over each other. Each committed change sends a notice
/// (`NOTIFY marginalia_changes`) that the other replicas' listeners turn into
/// ``StoreChange``s. Document bytes go through a ``BlobStore`` (by default the same
/// database's `blobs` table).
public final class PostgresDocumentStore: DocumentStore, Sendable {
    /// How the database is reached.
    public let configuration: PostgresConfiguration
    let pool: PostgresPool
    let blobs: any BlobStore
    /// Identifies this store's notices, so its listener can skip them.
    let origin = String(DocumentID.make().prefix(12))
    /// The channel of the change notices.
    static let channel = "marginalia_changes"
    /// Whether writes lock the document's row. Only a test that shows what goes wrong
    /// without the lock turns it off.
    var locksDocuments: Bool {
        get { locking.load(ordering: .relaxed) }
        set { locking.store(newValue, ordering: .relaxed) }
    }
    private let locking = Atomic(true)
    private let listener = Mutex<PostgresListener?>(nil)
    /// How this process's commits to the log went (``logAppendCounts``).
    let appendCounters = LogAppendCounters()
    /// How this process's commits to the log went since it started: committed, refused
    /// because another replica logged first, rebased, committed under the row lock.
    public var logAppendCounts: LogAppendCounts? { appendCounters.snapshot }
    /// The documents another replica overtook at this process's last commit of them: their
    /// next commit takes the row lock at once instead of trying an append bound to be refused
    /// (``appendOperations(_:expecting:_:now:rebase:)``). A hint only: emptied when it reaches
    /// ``overtakenLimit`` ids, so a long-lived replica does not keep every document it edited.
    let overtakenDocuments = Mutex<Set<String>>([])
    static let overtakenLimit = 4_096
    /// Whether the database has users: asked until it has one (a replica or `marginalia users`
    /// may add the first), then known for good.
    let userPresence = UserPresence(flag: nil)

    /// Connects, and creates or migrates the schema.
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` when the database cannot be reached (the
    ///   message is libpq's, which never contains the password), ``StoreError/damaged(_:)``
    ///   when its schema is newer than this program.
    public convenience init(configuration: PostgresConfiguration, blobs: (any BlobStore)? = nil) throws {
        try self.init(configuration: configuration, blobs: blobs, migrating: true)
    }

    /// Connects to a database only to read it (`marginalia store verify`): its schema is
    /// neither created nor migrated.
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` when the database cannot be reached,
    ///   ``StoreError/invalidRequest(_:)`` when its schema version is not this program's.
    public convenience init(readingFrom configuration: PostgresConfiguration) throws {
        try self.init(configuration: configuration, blobs: nil, migrating: false)
    }

    private init(configuration: PostgresConfiguration, blobs: (any BlobStore)?, migrating: Bool) throws {
        self.configuration = configuration
        pool = PostgresPool(configuration: configuration)
        self.blobs = blobs ?? PostgresBlobStore(pool: pool)
        if migrating {
            try PostgresSchema.prepare(pool)
        } else if case let version = try PostgresSchema.version(pool), version != PostgresSchema.currentVersion {
            throw StoreError.invalidRequest(
                "\(configuration.redacted) has schema version \(version); this program reads version \(PostgresSchema.currentVersion)")
        }
    }

    deinit {
        close()
    }

    public var location: String { configuration.redacted }
    /// True: replicas share the database.
    public var isShared: Bool { true }

    /// Runs `SELECT 1`, and checks that the change listener (once started) is connected.
    public func checkReady() throws {
        try pool.withConnection { try $0.query("SELECT 1") }
        if let listener = listener.withLock({ $0 }), !listener.isConnected {
            throw StoreError.unavailable("the change listener is reconnecting")
        }
    }

    /// Starts the listener (once) and calls `handler` for other replicas' changes.
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {
        listener.withLock { listener in
            let started = listener ?? PostgresListener(configuration: configuration, channel: Self.channel,
                                                       origin: origin)
            started.add(handler)
            listener = started
        }
    }

    public func close() {
        listener.withLock { listener in
            listener?.stop()
            listener = nil
        }
        pool.close()
    }

    /// The schema version of the database.
    public var schemaVersion: Int {
        get throws { try PostgresSchema.version(pool) }
    }

    // MARK: - Notices

    /// Queues a notice for the other replicas, sent when the transaction commits:
    /// `ORIGIN KIND DOCUMENT [NUMBERS]` (``PostgresListener/change(from:)`` reads it).
    func announce(_ connection: PostgresConnection, _ words: [String]) throws {
        try connection.query("SELECT pg_notify($1, $2)", [.text(Self.channel), .text(notice(words))])
    }

    func notice(_ words: [String]) -> String {
        ([origin] + words).joined(separator: " ")
    }

    // MARK: - Rows

    /// The columns ``documentRecord(_:)`` reads, in order.
    static let documentColumns = """
        d.id, d.name, d.kind, d.created, d.modified, d.trashed_at, d.revision, d.saved_revision, d.history_base,
        d.page_count, d.file,
        (SELECT v.byte_length FROM versions v WHERE v.document = d.id ORDER BY v.number DESC LIMIT 1)
        """

    static func documentRecord(_ row: PostgresRow) throws -> DocumentRecord {
        guard let id = row.text(0), let name = row.text(1), let kind = row.text(2).flatMap(DocumentKind.init(rawValue:)),
              let created = row.real(3), let modified = row.real(4), let revision = row.integer(6),
              let saved = row.integer(7), let base = row.integer(8), let pages = row.integer(9), let file = row.text(10)
        else { throw StoreError.damaged("a documents row has missing or mistyped columns") }
        return DocumentRecord(id: id, name: name, kind: kind, created: Date(timeIntervalSince1970: created),
                              modified: Date(timeIntervalSince1970: modified),
                              trashedAt: row.real(5).map(Date.init(timeIntervalSince1970:)),
                              revision: revision, savedRevision: saved, historyBase: base, pageCount: pages, file: file,
                              size: row.integer(11) ?? 0)
    }

    /// A version row with its chunk: `number, byte_length, revision, created, file, chunk, chunk_offset, redacted`.
    static let versionColumns = "number, byte_length, revision, created, file, chunk, chunk_offset, redacted"

    static func versionRow(_ row: PostgresRow) throws -> (record: VersionRecord, chunk: String, offset: Int) {
        guard let number = row.integer(0), let length = row.integer(1), let revision = row.integer(2),
              let created = row.real(3), let file = row.text(4), let chunk = row.text(5), let offset = row.integer(6)
        else { throw StoreError.damaged("a versions row has missing or mistyped columns") }
        return (VersionRecord(number: number, byteLength: length, revision: revision,
                              created: Date(timeIntervalSince1970: created), file: file,
                              historyRedacted: row.text(7) == "t"), chunk, offset)
    }

    /// An entry from the columns `revision, client_id, kind, json, created, author` starting at `from`.
    static func operationRecord(_ row: PostgresRow, from start: Int = 0) throws -> OperationRecord {
        guard let revision = row.integer(start), let client = row.text(start + 1),
              let kind = row.text(start + 2).flatMap(OperationKind.init(rawValue:)), let json = row.text(start + 3),
              let created = row.real(start + 4)
        else { throw StoreError.damaged("an operations row has missing or mistyped columns") }
        return OperationRecord(revision: revision, clientID: client, kind: kind, json: json,
                               created: Date(timeIntervalSince1970: created), author: row.text(start + 5))
    }

    /// The document's row, locked until the transaction ends when `forUpdate`.
    func fetchDocument(_ id: String, on connection: PostgresConnection, forUpdate: Bool = false) throws -> DocumentRecord {
        try DocumentID.validate(id)
        let lock = forUpdate && locksDocuments ? " FOR UPDATE OF d" : ""
        let rows = try connection.query("SELECT \(Self.documentColumns) FROM documents d WHERE d.id = $1\(lock)", [.text(id)])
        guard let row = rows.first else { throw StoreError.notFound("document \(id)") }
        return try Self.documentRecord(row)
    }

    func fetchOperations(_ id: String, after revision: Int, limit: Int? = nil, on connection: PostgresConnection) throws -> [OperationRecord] {
        // PostgreSQL reads LIMIT NULL as none.
        try connection.query("""
            SELECT revision, client_id, kind, json, created, author FROM operations
            WHERE document = $1 AND revision > $2 ORDER BY revision LIMIT $3
            """, [.text(id), .integer(revision), limit.map { .integer(max(0, $0)) } ?? .null]).map { try Self.operationRecord($0) }
    }

    func fetchVersions(_ id: String, on connection: PostgresConnection) throws
        -> [(record: VersionRecord, chunk: String, offset: Int)] {
        try connection.query("SELECT \(Self.versionColumns) FROM versions WHERE document = $1 ORDER BY number",
                             [.text(id)]).map(Self.versionRow)
    }

    /// A new chunk key for version `number` of document `id` (random, so two replicas
    /// racing to save never write the same key).
    static func chunkKey(_ id: String, _ number: Int) -> String {
        "\(id)/v\(number)-\(DocumentID.make().prefix(16))"
    }
}
