import Foundation
import Marginalia
import PDFCore

/// The default ``DocumentStore``: a data directory holding the SQLite catalogue
/// (`catalogue.sqlite`) and the PDF files (`files/`); docs/store.md describes the layout.
/// One process at a time may use a directory.
///
/// Thread-safe: every catalogue access runs under one lock, one transaction per call
/// (``appendOperations(_:expecting:_:now:rebase:)`` calls its `rebase` outside both). File writes for one document (saves, restores) must not race each other;
/// the ``DocumentService`` serialises them per document.
// @unchecked: its SQLite connection (a C handle) is used only holding `lock`.
public final class SQLiteDocumentStore: DocumentStore, @unchecked Sendable {
    /// The data directory.
    public let directory: URL
    /// Where the PDF files live.
    public let filesDirectory: URL
    /// True when the store was opened with ``init(readingFrom:)``: nothing is written.
    public let isReadOnly: Bool
    private let database: SQLiteDatabase
    private let lock = NSLock()
    /// Whether the catalogue has users, known without a query while it cannot have changed.
    let userPresence: UserPresence

    /// Opens the store in `directory`, creating the directory, the catalogue and `files/`
    /// when missing, and migrating an older catalogue.
    ///
    /// - Throws: ``StoreError/io(path:message:)`` when the directory cannot be made,
    ///   ``StoreError/sqlite(code:message:statement:)`` when the catalogue cannot be opened.
    public init(directory: URL) throws {
        self.directory = directory
        filesDirectory = directory.appendingPathComponent("files", isDirectory: true)
        userPresence = UserPresence(flag: directory.appendingPathComponent(Self.usersFlagName))
        isReadOnly = false
        do {
            try FileManager.default.createDirectory(at: filesDirectory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.io(path: filesDirectory.path, message: "cannot create the folder (\(error.localizedDescription))")
        }
        database = try SQLiteDatabase(path: directory.appendingPathComponent("catalogue.sqlite").path)
        try SQLiteSchema.prepare(database)
    }

    /// Opens the store in `directory` only to read it (`marginalia store migrate` and
    /// `store verify`): no byte of the folder changes, the catalogue's write-ahead log and
    /// shared-memory index included (``SQLiteDatabase/init(readingOnly:)``), and every
    /// method that would write throws. The server must not be running on the folder.
    ///
    /// - Throws: ``StoreError/notFound(_:)`` when the folder holds no catalogue,
    ///   ``StoreError/invalidRequest(_:)`` when its schema is not this program's (reading
    ///   cannot migrate it), ``StoreError/sqlite(code:message:statement:)``.
    public init(readingFrom directory: URL) throws {
        self.directory = directory
        filesDirectory = directory.appendingPathComponent("files", isDirectory: true)
        userPresence = UserPresence(flag: directory.appendingPathComponent(Self.usersFlagName))
        isReadOnly = true
        let catalogue = directory.appendingPathComponent("catalogue.sqlite").path
        guard FileManager.default.fileExists(atPath: catalogue) else { throw StoreError.notFound("the catalogue \(catalogue)") }
        database = try SQLiteDatabase(readingOnly: catalogue)
        try SQLiteSchema.checkCurrent(database)
    }

    public var location: String { directory.path }
    /// The catalogue schema version this program writes.
    public static var schemaVersion: Int { SQLiteSchema.currentVersion }
    /// False: one process owns the directory.
    public var isShared: Bool { false }

    /// Runs a trivial query.
    public func checkReady() throws {
        _ = try withDatabase { try $0.rows("SELECT 1") }
    }

    /// Never calls `handler`: no other process changes the directory.
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {}

    /// Nothing to stop; the connection closes when the store is released.
    public func close() {}

    /// Runs `body`: one process owns the folder, and the service serialises each document.
    public func withDocumentLock<T>(_ id: String, _ body: () throws -> T) throws -> T {
        try body()
    }

    /// Runs `body` with the database, holding the store's lock (not recursive: `body` must not call the store).
    func withDatabase<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(database)
    }

    // MARK: - Files

    /// The URL of a file in `files/`. The name must be one the store makes
    /// (`<id>.pdf`, `<id>.r<n>.pdf`, a pruned history's `<id>.k<n>.pdf`, or an upload's
    /// `<id>.u<n>.pdf`), so a damaged catalogue
    /// cannot point outside.
    func fileURL(named name: String) throws -> URL {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let wellFormed: Bool
        switch parts.count {
        case 2: wellFormed = DocumentID.isValid(String(parts[0])) && parts[1] == "pdf"
        case 3:
            wellFormed = DocumentID.isValid(String(parts[0])) && parts[2] == "pdf" && ["r", "k", "u"].contains(parts[1].first)
                && parts[1].count > 1 && parts[1].utf8.dropFirst().allSatisfy { (48...57).contains($0) }
        default: wellFormed = false
        }
        guard wellFormed else { throw StoreError.damaged("the catalogue names an unexpected file \"\(name)\"") }
        return filesDirectory.appendingPathComponent(name)
    }

    /// Reads a whole file of `files/`, mapped: the kernel reads its pages as they are used,
    /// and keeps them in its page cache rather than the process's memory. Safe because a file
    /// of `files/` is never changed in place: every write replaces it (``writeFile(named:_:)``).
    func readFile(named name: String) throws -> Data {
        let url = try fileURL(named: name)
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw StoreError.io(path: url.path, message: "cannot read the file (\(error.localizedDescription))")
        }
    }

    /// Replaces (or creates) a file of `files/` atomically: temporary file, fsync, rename.
    func writeFile(named name: String, _ data: Data) throws {
        let url = try fileURL(named: name)
        guard !isReadOnly else { throw StoreError.io(path: url.path, message: "the store is open read-only") }
        do {
            try AtomicFileWriter.write(data, to: url.path)
        } catch {
            throw StoreError.io(path: url.path, message: "cannot write the file (\(error))")
        }
    }

    /// Writes `bytes` into a file of `files/` at `offset`, cutting off whatever followed it,
    /// then fsyncs: the bytes before `offset` are left as they are (mappings of them stay valid).
    func appendFile(named name: String, at offset: Int, _ bytes: Data) throws {
        let url = try fileURL(named: name)
        guard !isReadOnly else { throw StoreError.io(path: url.path, message: "the store is open read-only") }
        let fd = Glibc.open(url.path, O_WRONLY)
        guard fd >= 0 else { throw StoreError.io(path: url.path, message: "cannot open the file to append to it (errno \(errno))") }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) >= offset else {
            throw StoreError.damaged("\(url.path) is shorter than its latest version (\(offset) bytes)")
        }
        guard ftruncate(fd, off_t(offset)) == 0 else { throw StoreError.io(path: url.path, message: "cannot cut the file at byte \(offset)") }
        var written = 0
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while written < raw.count {
                let n = pwrite(fd, base + written, raw.count - written, off_t(offset + written))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.io(path: url.path, message: "cannot append at byte \(offset + written) (errno \(errno))")
                }
                written += n
            }
        }
        guard fsync(fd) == 0 else { throw StoreError.io(path: url.path, message: "fsync failed after appending") }
        AtomicFileWriter.pauseBeforeRenameWhenTesting(temporary: url.path)
    }

    /// Removes a file of `files/`, ignoring a missing one.
    func removeFile(named name: String) {
        guard !isReadOnly, let url = try? fileURL(named: name) else { return }
        try? FileManager.default.removeItem(at: url)
    }
}

// MARK: - Row decoding

extension SQLiteDocumentStore {
    /// The columns ``documentRecord(_:)`` reads, in order.
    static let documentColumns = """
        d.id, d.name, d.kind, d.created, d.modified, d.trashed_at, d.revision, d.saved_revision, d.history_base,
        d.page_count, d.file,
        (SELECT v.byte_length FROM versions v WHERE v.document = d.id ORDER BY v.number DESC LIMIT 1)
        """

    static func documentRecord(_ row: SQLiteRow) throws -> DocumentRecord {
        guard let id = row[0].textValue, let name = row[1].textValue,
              let kind = row[2].textValue.flatMap(DocumentKind.init(rawValue:)),
              let created = row[3].realValue, let modified = row[4].realValue,
              let revision = row[6].integerValue, let saved = row[7].integerValue, let base = row[8].integerValue,
              let pages = row[9].integerValue, let file = row[10].textValue
        else { throw StoreError.damaged("a documents row has missing or mistyped columns") }
        return DocumentRecord(id: id, name: name, kind: kind, created: Date(timeIntervalSince1970: created),
                              modified: Date(timeIntervalSince1970: modified),
                              trashedAt: row[5].realValue.map(Date.init(timeIntervalSince1970:)),
                              revision: revision, savedRevision: saved, historyBase: base, pageCount: pages, file: file,
                              size: row[11].integerValue ?? 0)
    }

    /// A version from the columns `number, byte_length, revision, created, file, redacted`.
    static func versionRecord(_ row: SQLiteRow) throws -> VersionRecord {
        guard let number = row[0].integerValue, let length = row[1].integerValue, let revision = row[2].integerValue,
              let created = row[3].realValue, let file = row[4].textValue
        else { throw StoreError.damaged("a versions row has missing or mistyped columns") }
        return VersionRecord(number: number, byteLength: length, revision: revision,
                             created: Date(timeIntervalSince1970: created), file: file,
                             historyRedacted: (row[5].integerValue ?? 0) != 0)
    }

    static func operationRecord(_ row: SQLiteRow) throws -> OperationRecord {
        guard let revision = row[0].integerValue, let client = row[1].textValue,
              let kind = row[2].textValue.flatMap(OperationKind.init(rawValue:)), let json = row[3].textValue,
              let created = row[4].realValue
        else { throw StoreError.damaged("an operations row has missing or mistyped columns") }
        return OperationRecord(revision: revision, clientID: client, kind: kind, json: json,
                               created: Date(timeIntervalSince1970: created), author: row[5].textValue)
    }

    /// The row of one document (read by every edit's append, so its statement is kept).
    private static let selectDocument = "SELECT \(documentColumns) FROM documents d WHERE d.id = ?"

    /// The document's row, read inside a held lock.
    func fetchDocument(_ id: String, in database: SQLiteDatabase) throws -> DocumentRecord {
        try DocumentID.validate(id)
        let rows = try database.rows(Self.selectDocument, [.text(id)], reused: true)
        guard let row = rows.first else { throw StoreError.notFound("document \(id)") }
        return try Self.documentRecord(row)
    }
}
