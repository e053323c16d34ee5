import Foundation

/// Everything a store keeps about people: its users (with their token hashes), the owners and
/// shares of its documents, its audit log, its users' saved signatures and their sealed
/// certificates (copied sealed: they open with the same operator key after), as `marginalia store migrate` copies them and
/// `store verify` compares them (``StoreMigration``).
public struct PeopleSnapshot: Equatable, Sendable {
    /// A user and the SHA-256 of their token.
    public struct User: Equatable, Sendable {
        public var record: UserRecord
        public var tokenHash: String
    }

    /// One row of a document's shares: a grantee (`*` for everyone) and a role, `owner` for
    /// the owner.
    public struct Share: Equatable, Sendable {
        public var document: String
        public var grantee: String
        public var role: String
    }

    /// By name.
    public var users: [User] = []
    /// By document, then grantee.
    public var shares: [Share] = []
    /// By id.
    public var audit: [AuditEntry] = []
    /// By id.
    public var savedSignatures: [SavedSignature] = []
    /// By owner.
    public var certificates: [UserCertificate] = []

    public init(users: [User] = [], shares: [Share] = [], audit: [AuditEntry] = [], savedSignatures: [SavedSignature] = [],
                certificates: [UserCertificate] = []) {
        self.users = users
        self.shares = shares
        self.audit = audit
        self.savedSignatures = savedSignatures
        self.certificates = certificates
    }

    /// The first thing that differs from `other`, for a person; nil when they are equal.
    public func firstDifference(from other: PeopleSnapshot) -> String? {
        if users.map(\.record.name) != other.users.map(\.record.name) {
            return "users: \(users.map(\.record.name)) against \(other.users.map(\.record.name))"
        }
        if let (mine, theirs) = zip(users, other.users).first(where: { $0 != $1 }) { return "user \(mine.record.name)" + (mine.tokenHash == theirs.tokenHash ? "" : " (token hash)") }
        if shares != other.shares { return "shares: \(shares.count) row(s) against \(other.shares.count), or their values" }
        if audit.count != other.audit.count { return "audit log: \(audit.count) line(s) against \(other.audit.count)" }
        if let (mine, _) = zip(audit, other.audit).first(where: { $0 != $1 }) { return "audit line \(mine.id)" }
        if savedSignatures.map(\.id) != other.savedSignatures.map(\.id) {
            return "saved signatures: \(savedSignatures.count) against \(other.savedSignatures.count), or their ids"
        }
        if let (mine, _) = zip(savedSignatures, other.savedSignatures).first(where: { $0 != $1 }) { return "saved signature \(mine.id)" }
        if certificates != other.certificates {
            return "users' certificates: \(certificates.map(\.owner)) against \(other.certificates.map(\.owner)), or their values"
        }
        return nil
    }
}

/// A store whose people can be read whole (both stores).
public protocol PeopleReading: AnyObject, Sendable {
    /// The users, shares and audit log, in the orders of ``PeopleSnapshot``.
    func peopleSnapshot() throws -> PeopleSnapshot
}
