import Foundation
import Marginalia
import MarginaliaEditor

/// A document as the API lists it (SUMMARY in the API spec). Encodes with the spec's keys
/// and ISO 8601 dates whatever the encoder's date strategy.
public struct DocumentSummary: Equatable, Sendable, Encodable {
    public var id: String
    public var name: String
    public var kind: DocumentKind
    public var pageCount: Int
    public var revision: Int
    public var savedRevision: Int
    /// Bytes of the stored file's latest version.
    public var size: Int
    public var created: Date
    public var modified: Date
    public var trashed: Bool

    init(_ record: DocumentRecord) {
        id = record.id
        name = record.name
        kind = record.kind
        pageCount = record.pageCount
        revision = record.revision
        savedRevision = record.savedRevision
        size = record.size
        created = record.created
        modified = record.modified
        trashed = record.trashedAt != nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, kind, pageCount, revision, savedRevision, size, created, modified, trashed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(revision, forKey: .revision)
        try container.encode(savedRevision, forKey: .savedRevision)
        try container.encode(size, forKey: .size)
        try container.encode(created.formatted(.iso8601), forKey: .created)
        try container.encode(modified.formatted(.iso8601), forKey: .modified)
        try container.encode(trashed, forKey: .trashed)
    }
}

/// One page (PAGE in the API spec): the crop box in page space, its size, the rotation.
public struct PageInfo: Equatable, Sendable, Codable {
    public var index: Int
    /// Width and height of the crop box in points, before rotation.
    public var width: Double
    public var height: Double
    /// 0, 90, 180 or 270 degrees clockwise.
    public var rotation: Int
    /// The crop box `[x1, y1, x2, y2]`.
    public var box: [Double]
    /// The page's label from the document's `/PageLabels` ("iii", "A-2"); nil (left out of the
    /// JSON) when the document has none.
    public var label: String? = nil
}

extension PageInfo {
    /// A page's entry in the page list, from its geometry: the crop box before rotation.
    init(_ geometry: PDFPageGeometry) {
        let box = geometry.cropBox
        self.init(index: geometry.index, width: Double(box.width), height: Double(box.height), rotation: geometry.rotation,
                  box: [Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY)], label: geometry.label)
    }
}

/// A saved version (VERSION in the API spec).
public struct DocumentVersion: Equatable, Sendable, Encodable {
    public var number: Int
    /// Bytes of the version's file.
    public var size: Int
    public var created: Date
    /// The document's revision when the version was made.
    public var revision: Int
    /// The log entries since the version before (edits, undos and redos), when listed.
    public var changes: Int?
    /// The clients that made them, in order of their first change, when listed.
    public var clients: [String]?
    /// The names of the people who made them, distinct, in order of their first change, when
    /// listed; nil stands for the changes whose author is unknown (logged before authors were
    /// kept, or sent without a name), at the place of the first of them.
    public var authors: [String?]?
    /// Whether a redaction made this version, removing every version before it (written only
    /// when true).
    public var historyRedacted: Bool

    init(_ record: VersionRecord) {
        number = record.number
        size = record.byteLength
        created = record.created
        revision = record.revision
        historyRedacted = record.historyRedacted
    }

    private enum CodingKeys: String, CodingKey { case number, size, created, revision, changes, clients, authors, historyRedacted }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(size, forKey: .size)
        try container.encode(created.formatted(.iso8601), forKey: .created)
        try container.encode(revision, forKey: .revision)
        try container.encodeIfPresent(changes, forKey: .changes)
        try container.encodeIfPresent(clients, forKey: .clients)
        try container.encodeIfPresent(authors, forKey: .authors)
        if historyRedacted { try container.encode(true, forKey: .historyRedacted) }
    }
}

/// An entry of a document's operation log (LOGGED in the API spec): the operation as applied.
public struct LoggedOperation: Equatable, Sendable, Codable {
    public var revision: Int
    public var clientId: String
    /// The name of the person who made it, as their client sent it; nil when unknown
    /// (written only when known).
    public var author: String?
    public var kind: OperationKind
    public var operation: EditorOperation
    /// `operation` as the log stores it (JSON, sorted keys), when known: responses and
    /// events splice it in instead of encoding the operation again. Not part of equality.
    var operationJSON: String?

    public init(revision: Int, clientId: String, author: String? = nil, kind: OperationKind, operation: EditorOperation) {
        self.revision = revision
        self.clientId = clientId
        self.author = author
        self.kind = kind
        self.operation = operation
    }

    init(revision: Int, clientId: String, author: String?, kind: OperationKind, operation: EditorOperation,
         json: String?) {
        self.init(revision: revision, clientId: clientId, author: author, kind: kind, operation: operation)
        operationJSON = json
    }

    private enum CodingKeys: String, CodingKey { case revision, clientId, author, kind, operation }

    public static func == (lhs: LoggedOperation, rhs: LoggedOperation) -> Bool {
        lhs.revision == rhs.revision && lhs.clientId == rhs.clientId && lhs.author == rhs.author
            && lhs.kind == rhs.kind && lhs.operation == rhs.operation
    }
}

/// What ``DocumentEditing/apply(_:_:)`` did.
public struct ApplyResult: Equatable, Sendable, Encodable {
    /// The document's revision after the request.
    public var revision: Int
    /// The entries this request added to the log (none for an undo with nothing to undo).
    public var applied: [LoggedOperation]
    /// Entries after the request's base revision that the client had not seen.
    public var missed: [LoggedOperation]
}

/// Log entries after some revision, with the document's revision.
public struct OperationLog: Equatable, Sendable, Encodable {
    public var revision: Int
    public var operations: [LoggedOperation]
}

/// Annotations of one page or of all pages, with the document's revision.
public struct AnnotationList: Sendable, Encodable {
    public var revision: Int
    public var annotations: [PDFAnnotation]

    private enum CodingKeys: String, CodingKey { case revision, annotations }

    /// Each annotation with its object in the file (``PDFAnnotation/Listed``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(annotations.map(PDFAnnotation.Listed.init), forKey: .annotations)
    }
}

/// The versions of a document, oldest first, with the document's revision.
public struct VersionList: Equatable, Sendable, Encodable {
    public var revision: Int
    public var versions: [DocumentVersion]
}

/// What subscribers of a document hear (the server-sent events of the API spec).
public enum DocumentEvent: Sendable {
    /// An entry was applied and logged.
    case operation(LoggedOperation)
    /// The document was saved.
    case saved(revision: Int, version: DocumentVersion)
    /// The document was renamed.
    case renamed(DocumentSummary)
    /// The document went to the trash.
    case deleted(DocumentSummary)
    /// The document came back from the trash.
    case restored(DocumentSummary)
    /// An earlier version became the document's content (a new version); clients reload
    /// the file and the undo history starts again.
    case versionRestored(DocumentSummary, version: DocumentVersion)
    /// The document was deleted for good; its stream ends.
    case purged(id: String)
    /// Someone opened or closed the document: everyone who has it open now.
    case presence([DocumentViewer])
}

/// Identifies one subscription, for ``DocumentPresence/unsubscribe(_:)``.
public struct SubscriptionToken: Hashable, Sendable {
    public let documentID: String
    let number: Int
}

/// A document's file in its current state (``DocumentSaving/currentFile(_:)``): the stored
/// version it begins with (mapped from the store's file where the store keeps one) and the
/// unsaved edits as an incremental update appended to it, kept apart so that a large file is
/// never copied to be served; only a download of the whole edited file joins them.
public struct CurrentFile: Sendable, Equatable {
    /// The stored version the file begins with: these bytes stay the first bytes of every
    /// later state until a restore or retention rewrites the file.
    public let stored: Data
    /// The unsaved edits, as the bytes an incremental update appends (empty when none).
    public let update: Data
    /// The bytes' strong `ETag`, worked out once with them.
    public let tag: String

    /// A file whose tag is its bytes' digest (``Digest/entityTag(_:)``).
    public init(data: Data) {
        stored = data
        update = Data()
        tag = Digest.entityTag(data)
    }

    /// A stored version known by `storedTag` (a tag no other bytes have), with `update` after
    /// it; the tag is worked out from `storedTag` and the update, without reading the stored
    /// bytes (a digest of a 300 MB file costs more than serving the first page of it).
    public init(stored: Data, storedTag: String, update: Data = Data()) {
        self.stored = stored
        self.update = update
        tag = update.isEmpty ? storedTag : Digest.entityTag(Data(storedTag.utf8) + update)
    }

    /// Two files are the same when their tags are (a tag names its bytes), so comparing two
    /// does not read them.
    public static func == (lhs: CurrentFile, rhs: CurrentFile) -> Bool {
        lhs.tag == rhs.tag && lhs.stored.count == rhs.stored.count && lhs.update.count == rhs.update.count
    }

    /// How many of the first bytes are the stored version.
    public var storedLength: Int { stored.count }
    /// The file's length in bytes.
    public var count: Int { stored.count + update.count }

    /// The whole file (joined into one buffer when it has unsaved edits).
    public var data: Data { update.isEmpty ? stored : stored + update }

    /// The bytes at `range` (within ``count``), copied from where they lie.
    public func bytes(in range: Range<Int>) -> Data {
        let storedPart = range.clamped(to: 0..<stored.count)
        let updatePart = range.clamped(to: stored.count..<count)
        var bytes = storedPart.isEmpty ? Data() : stored.subdata(in: stored.startIndex + storedPart.lowerBound..<stored.startIndex + storedPart.upperBound)
        if !updatePart.isEmpty {
            let base = update.startIndex - stored.count
            bytes += update.subdata(in: base + updatePart.lowerBound..<base + updatePart.upperBound)
        }
        return bytes
    }
}
