import Foundation

/// One person who may sign in (`marginalia users add`): a name, a role, and the SHA-256 of
/// their token (``TokenHash``); the token itself is printed once and never stored.
public struct UserRecord: Equatable, Sendable {
    /// The name, unique in the store; the author of every change the user makes.
    public var name: String
    public var role: Role
    public var created: Date
    /// When the token stops being accepted; nil for never.
    public var expires: Date?
    /// When the user was revoked (`marginalia users revoke`); nil while active.
    public var revoked: Date?

    public init(name: String, role: Role, created: Date, expires: Date? = nil, revoked: Date? = nil) {
        self.name = name
        self.role = role
        self.created = created
        self.expires = expires
        self.revoked = revoked
    }

    /// Whether the user may sign in at `now`: not revoked, and not past the expiry.
    public func isActive(at now: Date) -> Bool {
        revoked == nil && (expires.map { now < $0 } ?? true)
    }

    /// `active`, `revoked` or `expired` at `now`, for `users list`.
    public func state(at now: Date) -> String {
        if revoked != nil { return "revoked" }
        return isActive(at: now) ? "active" : "expired"
    }
}

/// The people a store keeps (both stores: ``SQLiteDocumentStore`` and
/// ``PostgresDocumentStore``, so replicas share them). Thread-safe; throws ``StoreError`` for
/// the store's failures and ``PeopleError`` for refused requests.
public protocol UserStore: AnyObject, Sendable {
    /// Adds a user with the hash of their token.
    ///
    /// - Throws: ``PeopleError/userExists(_:)`` when the name is taken (revoked users too).
    func addUser(_ user: UserRecord, tokenHash: String) throws -> UserRecord
    /// Every user, revoked ones included, in the order they were added.
    func users() throws -> [UserRecord]
    /// The user whose token hashes to `tokenHash`, active or not; nil for none.
    func user(tokenHash: String) throws -> UserRecord?
    /// Marks a user revoked at `now` (their token is refused from then on); revoking a
    /// revoked user changes nothing.
    ///
    /// - Throws: ``PeopleError/noSuchUser(_:)``.
    func revokeUser(_ name: String, now: Date) throws -> UserRecord
    /// Whether the store has any user, revoked or not: a store with none serves as before
    /// people existed (the shared `--token`, or none on loopback).
    func hasUsers() throws -> Bool
}
