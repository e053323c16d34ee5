import Foundation

/// Where a store is: a data folder (``SQLiteDocumentStore``) or a PostgreSQL database
/// (``PostgresDocumentStore``), as `marginalia serve --store` and `MARGINALIA_STORE` name it.
public enum StoreLocation: Sendable, CustomStringConvertible {
    case folder(URL)
    case postgres(PostgresConfiguration)

    /// A `postgresql://` (or `postgres://`) URL names a database, anything else a folder.
    /// `passwordFile` is for a database only.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` for an empty location, a password file
    ///   with a folder, or an unreadable password file.
    public init(_ text: String, passwordFile: String? = nil) throws {
        guard !text.isEmpty else { throw StoreError.invalidRequest("the store location is empty") }
        if PostgresConfiguration.isURL(text) {
            self = .postgres(try PostgresConfiguration(url: text, passwordFile: passwordFile))
        } else {
            guard passwordFile == nil else {
                throw StoreError.invalidRequest("a password file is for a postgresql:// store, not the folder \(text)")
            }
            self = .folder(URL(fileURLWithPath: text))
        }
    }

    /// Opens the store (creating the folder, or the schema, when missing).
    public func open() throws -> any DocumentStore {
        switch self {
        case .folder(let url):
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw StoreError.io(path: url.path, message: "cannot create the folder (\(error.localizedDescription))")
            }
            return try SQLiteDocumentStore(directory: url)
        case .postgres(let configuration):
            return try PostgresDocumentStore(configuration: configuration)
        }
    }

    /// Opens the store only to read it (`store verify`): nothing is created, migrated or
    /// written (``SQLiteDocumentStore/init(readingFrom:)``,
    /// ``PostgresDocumentStore/init(readingFrom:)``).
    public func openForReading() throws -> any DocumentStore {
        switch self {
        case .folder(let url): return try SQLiteDocumentStore(readingFrom: url)
        case .postgres(let configuration): return try PostgresDocumentStore(readingFrom: configuration)
        }
    }

    /// The text index for search of `store` (opened from this location): SQLite FTS5 in the
    /// folder (`text-index.sqlite`); `tsvector` tables in the database (``PostgresTextIndex``),
    /// shared by every replica.
    public func openTextIndex(for store: any DocumentStore) throws -> (any TextIndex)? {
        switch self {
        case .folder(let url):
            return try SQLiteTextIndex(path: url.appendingPathComponent("text-index.sqlite").path)
        case .postgres:
            return (store as? PostgresDocumentStore).map(PostgresTextIndex.init(store:))
        }
    }

    /// The folder's path, or the URL without its password.
    public var description: String {
        switch self {
        case .folder(let url): return url.path
        case .postgres(let configuration): return configuration.redacted
        }
    }
}
