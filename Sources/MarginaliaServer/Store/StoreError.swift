import Foundation

/// Why the document store refused or failed a request. Every case carries what a person
/// needs to fix it; ``description`` is one line.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No document (or no version) with this id or number.
    case notFound(String)
    /// A document id that is not 32 lowercase hexadecimal characters.
    case invalidID(String)
    /// A document name that is empty, too long or contains control characters.
    case invalidName(String)
    /// A request that does not fit the store's state (a revision out of sequence, say).
    case invalidRequest(String)
    /// A file of the store is missing or does not match the catalogue.
    case damaged(String)
    /// A file could not be read or written.
    case io(path: String, message: String)
    /// SQLite failed: its result code, its message and the statement that failed.
    case sqlite(code: Int32, message: String, statement: String)

    public var description: String {
        switch self {
        case .notFound(let what): return "\(what) was not found"
        case .invalidID(let id): return "\"\(id.prefix(80))\" is not a document id (32 lowercase hexadecimal characters)"
        case .invalidName(let why): return "invalid document name: \(why)"
        case .invalidRequest(let why): return why
        case .damaged(let why): return "the document store is damaged: \(why)"
        case .io(let path, let message): return "\(path): \(message)"
        case .sqlite(let code, let message, let statement):
            return "SQLite error \(code) (\(message)) in: \(statement.prefix(200))"
        }
    }
}
