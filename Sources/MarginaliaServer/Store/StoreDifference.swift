import Foundation

/// The first way a copy of a store differs from its source (``StoreMigration/verify(_:against:)``):
/// which document, what of it, and where. ``description`` is one line.
public enum StoreDifference: Error, Equatable, Sendable, CustomStringConvertible {
    /// Documents (in or out of the trash) one store holds and the other does not.
    case documents(onlyInSource: [String], onlyInCopy: [String])
    /// A column of a document's row.
    case row(document: String, column: String, source: String, copy: String)
    /// The version lists: a version one store has and the other does not, or a column of its row.
    case version(document: String, number: Int, what: String)
    /// The bytes of version `number`, first at byte `offset` (a length is where one ends).
    case versionBytes(document: String, number: Int, offset: Int)
    /// The operation log: an entry one store has and the other does not, or a column of it.
    case logEntry(document: String, revision: Int, what: String)
    /// The numbers of a document's uploads.
    case uploads(document: String, source: [Int], copy: [Int])
    /// The bytes of upload `number`, first at byte `offset`.
    case uploadBytes(document: String, number: Int, offset: Int)
    /// The document as the service serves it (its unsaved log replayed): `aspect` is what
    /// was compared (`pages`, `annotations on page 2`, `log`…).
    case served(document: String, aspect: String)
    /// One store serves the document and the other cannot open it: why not.
    case unservable(document: String, inCopy: Bool, reason: String)

    /// The users, shares or audit log differ (``PeopleSnapshot/firstDifference(from:)``).
    case people(String)
    /// The retention settings differ: the store's (`document` nil) or a document's own.
    case retention(document: String?, source: String, copy: String)

    public var description: String {
        switch self {
        case .documents(let source, let copy):
            let missing = source.isEmpty ? "" : "the copy lacks \(Self.list(source))"
            let extra = copy.isEmpty ? "" : "the copy has \(Self.list(copy)) that the source does not"
            return [missing, extra].filter { !$0.isEmpty }.joined(separator: "; ")
        case .row(let id, let column, let source, let copy):
            return "document \(id): the row's \(column) is \(source) in the source, \(copy) in the copy"
        case .retention(let id, let source, let copy):
            return "\(id.map { "document \($0)" } ?? "the store"): the retention settings are \(source) in the source, \(copy) in the copy"
        case .version(let id, let number, let what):
            return "document \(id), version \(number): \(what)"
        case .versionBytes(let id, let number, let offset):
            return "document \(id), version \(number): the bytes differ from byte \(offset) on"
        case .logEntry(let id, let revision, let what):
            return "document \(id), log entry \(revision): \(what)"
        case .uploads(let id, let source, let copy):
            return "document \(id): the source has uploads \(source), the copy \(copy)"
        case .uploadBytes(let id, let number, let offset):
            return "document \(id), upload \(number): the bytes differ from byte \(offset) on"
        case .people(let what): return "the people differ: \(what)"
        case .served(let id, let aspect):
            return "document \(id) as served: the \(aspect) differ"
        case .unservable(let id, let inCopy, let reason):
            return "document \(id) cannot be opened from the \(inCopy ? "copy" : "source") but can from the "
                + "\(inCopy ? "source" : "copy"): \(reason)"
        }
    }

    private static func list(_ ids: [String]) -> String {
        (ids.count == 1 ? "document " : "documents ") + ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? "…" : "")
    }

    /// The offset of the first byte where `a` and `b` differ (the shorter one's length when
    /// one is a prefix of the other), nil when they are equal.
    static func firstDifference(_ a: Data, _ b: Data) -> Int? {
        if a == b { return nil }
        var offset = 0
        for (x, y) in zip(a, b) {
            if x != y { return offset }
            offset += 1
        }
        return offset
    }
}
