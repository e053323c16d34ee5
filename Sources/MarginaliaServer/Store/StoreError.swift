import Foundation
import MarginaliaCore

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
    /// PostgreSQL refused a statement: its SQLSTATE, its message and the statement.
    case postgres(sqlState: String, message: String, statement: String)
    /// The database cannot be reached now (down, restarting, refusing connections): the
    /// request may be tried again later.
    case unavailable(String)
    /// Another process changed the document first (a save or restore that no longer fits):
    /// nothing was written. `found` says what it changed, for the editor (``StoreConflict``).
    case conflict(String, StoreConflict = .changed)

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
        case .postgres(let state, let message, let statement):
            return "PostgreSQL error \(state) (\(message)) in: \(statement.prefix(200))"
        case .unavailable(let why): return "the database is unavailable: \(why)"
        case .conflict(let why, _): return why
        }
    }
}

extension StoreError {
    /// A redaction made from version `basedOn` at revision `revision` finds the document at
    /// version `latest` and revision `current` (``DocumentStore/redactHistory(_:bytes:basedOn:revision:pageCount:now:)``);
    /// nil when it is still where the redaction was made.
    static func redactionOutdated(_ id: String, basedOn: Int, revision: Int, latest: Int, current: Int) -> StoreError? {
        guard latest != basedOn || current != revision else { return nil }
        return .conflict("document \(id) moved to version \(latest), revision \(current) before the redaction of version "
                         + "\(basedOn) at revision \(revision) was stored", .redactionOvertaken(latest: latest))
    }
}

/// What another process changed first, when the store refuses with
/// ``StoreError/conflict(_:_:)``: each case is a refusal the editor says in the user's language
/// (``reason``), because the user does something else about it.
public enum StoreConflict: Equatable, Sendable {
    /// The document was saved as version `latest` since version `basedOn`, the one the save
    /// was made from: reload to see that version.
    case savedSince(latest: Int, basedOn: Int)
    /// Edits were logged while a version was being restored: nothing was restored.
    case restoreOvertaken
    /// The document moved to version `latest` while its redactions were applied: nothing
    /// was stored.
    case redactionOvertaken(latest: Int)
    /// Anything else: the document was saved or changed by someone else since.
    case changed

    /// The reason the API answers with the conflict.
    public var reason: Reason {
        switch self {
        case .savedSince(let latest, let basedOn):
            return Reason(.savedSince, [("version", .number(Double(latest))), ("basedOn", .number(Double(basedOn)))])
        case .restoreOvertaken: return Reason(.restoreOvertaken)
        case .redactionOvertaken(let latest): return Reason(.redactionOvertaken, [("version", .number(Double(latest)))])
        case .changed: return Reason(.changedSince)
        }
    }
}
