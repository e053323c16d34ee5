import Foundation
import MarginaliaEditor

/// What a stored document was made from.
public enum DocumentKind: String, Codable, Sendable {
    /// A PDF uploaded as it is.
    case pdf
    /// A PNG or JPEG image turned into a one-page PDF.
    case image
}

/// How an entry of the operation log came about: how it moved its client's undo stacks (a new
/// action, an undo logged as the inverse applied, a redo), the engine's ``UndoHistory/Move``.
public typealias OperationKind = UndoHistory.Move

/// A document's row in the catalogue.
public struct DocumentRecord: Equatable, Sendable {
    public var id: String
    public var name: String
    public var kind: DocumentKind
    public var created: Date
    public var modified: Date
    /// When the document went to the trash; nil when it is not there.
    public var trashedAt: Date?
    /// The revision of the last logged operation (0 before any).
    public var revision: Int
    /// The revision the stored file contains.
    public var savedRevision: Int
    /// Operations after this revision make up the undo history (a version restore starts a
    /// new history).
    public var historyBase: Int
    /// Pages in the current state (unsaved edits included).
    public var pageCount: Int
    /// The file in `files/` that saves append to.
    public var file: String
    /// Bytes of the stored state (the latest version).
    public var size: Int
}

/// A saved version of a document: a prefix of one of its files.
public struct VersionRecord: Equatable, Sendable {
    /// 1 for the imported file, then one more per save or restore.
    public var number: Int
    /// The length of the prefix of ``file`` that is this version.
    public var byteLength: Int
    /// The document's revision when the version was made.
    public var revision: Int
    public var created: Date
    /// The file in `files/` holding the version.
    public var file: String
    /// Whether a redaction made this version, removing every version before it
    /// (``DocumentStore/redactHistory(_:_:)``).
    public var historyRedacted = false
}

/// One entry of a document's operation log. The store keeps the operation as JSON text and
/// does not look inside it.
public struct OperationRecord: Equatable, Sendable {
    public var revision: Int
    public var clientID: String
    public var kind: OperationKind
    public var json: String
    public var created: Date
    /// The name of the person who made the change, as their client sent it with the command;
    /// nil when unknown (no name was sent, or the entry was logged before authors were kept:
    /// SQLite schema version 2, PostgreSQL schema version 4).
    public var author: String?

    public init(revision: Int, clientID: String, kind: OperationKind, json: String, created: Date = Date(),
                author: String? = nil) {
        self.revision = revision
        self.clientID = clientID
        self.kind = kind
        self.json = json
        self.created = created
        self.author = author
    }
}

/// A document as opening it needs it, read from one consistent state of the store
/// (``DocumentStore/loadDocument(_:)``).
public struct StoredDocument: Sendable {
    /// The document's row.
    public var record: DocumentRecord
    /// The latest version of the row's current file: the state `data` holds.
    public var version: VersionRecord
    /// The bytes of `version`.
    public var data: Data
    /// The log entries after the row's history base, in order.
    public var log: [OperationRecord]
    /// The file on disk whose first `version.byteLength` bytes are `data`, for a store that
    /// keeps its files on disk (SQLite): read by mapping it rather than copying `data`.
    public var file: URL?

    public init(record: DocumentRecord, version: VersionRecord, data: Data, log: [OperationRecord], file: URL? = nil) {
        self.record = record
        self.version = version
        self.data = data
        self.log = log
        self.file = file
    }
}

/// What ``DocumentStore/appendOperations(_:expecting:_:now:rebase:)`` writes: entries that
/// continue the log, and the document's page count after them.
public struct LogAppend: Sendable {
    public var records: [OperationRecord]
    public var pageCount: Int

    public init(records: [OperationRecord], pageCount: Int) {
        self.records = records
        self.pageCount = pageCount
    }
}

/// Where in a document's history an append was made: after `revision`, on the content of
/// `file` (nil: any).
public struct LogPosition: Equatable, Sendable {
    public var revision: Int
    public var file: String?

    public init(revision: Int, file: String? = nil) {
        self.revision = revision
        self.file = file
    }

    /// Whether `record` is still at this position.
    public func matches(_ record: DocumentRecord) -> Bool {
        record.revision == revision && (file == nil || record.file == file)
    }
}

/// A change another process made to a shared store (``DocumentStore/observeChanges(_:)``).
public enum StoreChange: Equatable, Sendable {
    /// Log entries `first...last` of a document were committed.
    case operations(document: String, first: Int, last: Int)
    /// A document was saved as version `version`.
    case saved(document: String, version: Int)
    /// A document was renamed.
    case renamed(document: String)
    /// A document went to the trash (`true`) or came back (`false`).
    case trashed(document: String, Bool)
    /// An earlier version of a document became its content, as the new version `version`.
    case versionRestored(document: String, version: Int)
    /// The store lost its change feed for a while and has it back: changes may have been
    /// missed, so whoever relays them should compare with the store.
    case resynchronise
}
