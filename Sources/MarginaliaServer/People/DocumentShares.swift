import Foundation

/// Who may use one document besides the admins (docs/api.md, "Sharing"): its owner (the user
/// who made it: an import, a save-as, an extract) and the roles it is shared with, per user
/// name or with everyone (``everyone``).
public struct DocumentShares: Equatable, Sendable {
    /// The owner's name; nil for a document no signed-in user made, which every user may use
    /// with their own role (as every document before people existed).
    public var owner: String?
    /// The role each grantee was given: a user's name, or ``everyone``.
    public var grants: [String: Role]

    /// The grantee that stands for every user, as the store keeps it.
    public static let everyone = "*"
    /// How the API and the CLI name ``everyone``.
    public static let everyoneName = "everyone"

    /// The shares as the API gives them: `{"owner", "shares": [{"to", "role"}]}`, sorted by
    /// grantee, `everyone` for every user.
    public var json: [String: Any] {
        let named = grants.map { (to: $0.key == Self.everyone ? Self.everyoneName : $0.key, role: $0.value) }
        return ["owner": owner ?? NSNull(),
                "shares": named.sorted { $0.to < $1.to }.map { ["to": $0.to, "role": $0.role.rawValue] }]
    }

    public init(owner: String? = nil, grants: [String: Role] = [:]) {
        self.owner = owner
        self.grants = grants
    }

    /// The role `caller` has on the document, or nil when it is not theirs to see.
    ///
    /// An admin may do everything everywhere, and the owner everything to their document
    /// (share it, trash it). Anyone else gets the larger of what was shared with them and with
    /// everyone, but never more than their own role: a reader shared a document as editor
    /// still only reads it. Without an owner the document is open to every user's own role.
    public func role(of caller: Caller) -> Role? {
        guard let name = caller.name, caller.role != .admin else { return caller.role }
        guard let owner else { return caller.role }
        if owner == name { return .admin }
        guard let granted = [grants[name], grants[Self.everyone]].compactMap({ $0 }).max() else { return nil }
        return min(granted, caller.role)
    }
}

/// The owners and shares of a store's documents (both stores; a document's rows go with it
/// when it is purged). Throws ``StoreError``.
public protocol SharingStore: AnyObject, Sendable {
    /// The owner and the shares of document `id` (none for a document without).
    func shares(of id: String) throws -> DocumentShares
    /// Makes `name` the document's owner (replacing any other).
    func setOwner(of id: String, to name: String) throws
    /// Shares the document with `grantee` (a user's name or ``DocumentShares/everyone``) as
    /// `role`, replacing an earlier share with them; nil removes it.
    func share(_ id: String, with grantee: String, as role: Role?) throws
}
