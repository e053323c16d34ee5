import Foundation

/// What a signed-in person may do (docs/api.md, "People and roles"). Each role includes the
/// ones before it: a commenter may do what a reader may, and so on.
public enum Role: String, CaseIterable, Comparable, Sendable {
    /// Views and downloads documents.
    case reader
    /// Also replies to comments and sets review states.
    case commenter
    /// Also edits annotations, pages and forms, unlocks, saves and makes new documents.
    case editor
    /// Also manages documents (trash, restore, purge), versions and people.
    case admin

    /// The roles' names in order, for help text and errors: `reader|commenter|editor|admin`.
    public static let spelled = allCases.map(\.rawValue).joined(separator: "|")

    /// The role named `text`, or a typed error naming the roles there are.
    public init(named text: String) throws(PeopleError) {
        guard let role = Role(rawValue: text) else { throw .unknownRole(text) }
        self = role
    }

    /// Whether this role has `permission`.
    public func grants(_ permission: Permission) -> Bool {
        self >= permission.leastRole
    }

    /// The role's place in the order reader < commenter < editor < admin.
    private var rank: Int {
        switch self {
        case .reader: return 0
        case .commenter: return 1
        case .editor: return 2
        case .admin: return 3
        }
    }

    public static func < (a: Role, b: Role) -> Bool { a.rank < b.rank }
}

/// One thing a route needs the caller to be allowed to do. Every route names one
/// (``Router/add(_:_:needs:_:)``), checked before its handler runs.
public enum Permission: String, CaseIterable, Sendable {
    /// Reading a document: its file, pages, annotations, exports, versions, log and events.
    case view
    /// Replying to comments and setting review states.
    case comment
    /// Changing a document's content or name, unlocking, saving, making new documents.
    case edit
    /// The trash, restoring and purging documents, restoring versions, managing people.
    case manage

    /// The least role that has this permission.
    public var leastRole: Role {
        switch self {
        case .view: return .reader
        case .comment: return .commenter
        case .edit: return .editor
        case .manage: return .admin
        }
    }
}
