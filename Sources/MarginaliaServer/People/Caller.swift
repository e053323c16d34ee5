import Foundation

/// Who sent a request, as ``AccessControl`` found out: every route is given one
/// (``RouteParameters/caller``) and checks it against the permission it needs.
public struct Caller: Sendable, Equatable {
    /// The signed-in user's name, the author of every change they make; nil on a server
    /// without users, where clients name their authors themselves.
    public let name: String?
    /// What the caller may do.
    public let role: Role
    /// The only documents the caller may use (a JWT's `documents`); nil when the documents'
    /// shares decide.
    public let documents: Set<String>?

    public init(name: String?, role: Role, documents: Set<String>? = nil) {
        self.name = name
        self.role = role
        self.documents = documents
    }

    /// A caller on a server without users: anyone past the shared token (or any local
    /// caller on loopback) may do everything, as before people existed.
    public static let anyone = Caller(name: nil, role: .admin)

    /// A signed-in user.
    public init(_ user: UserRecord) {
        self.init(name: user.name, role: user.role)
    }

    /// Checks that the caller has `permission` for `action` (such as
    /// `POST /api/v1/documents/{id}/save`, or the command `add`).
    ///
    /// - Throws: a 403 ``APIError`` naming the action, the permission, the least role that
    ///   has it, and the caller's role.
    public func require(_ permission: Permission, for action: String) throws(APIError) {
        guard role.grants(permission) else {
            throw APIError.forbidden("""
                \(action) needs the permission '\(permission.rawValue)' (role \(permission.leastRole.rawValue) or above); \
                \(name.map { "'\($0)'" } ?? "the caller") is a \(role.rawValue)
                """)
        }
    }
}
