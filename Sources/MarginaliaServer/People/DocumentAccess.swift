import Foundation

/// What the routes ask about documents on behalf of a caller (docs/api.md, "Sharing"): the
/// caller's role on one document, and recording the owner of a document a user made. Over a
/// store without sharing (an application built without users, as route tests do), every caller has their own role on every
/// document and nothing is recorded.
public struct DocumentAccess: Sendable {
    /// Where owners and shares are kept.
    public let sharing: (any SharingStore)?

    public init(sharing: (any SharingStore)? = nil) {
        self.sharing = sharing
    }

    /// The caller's role on document `id`; nil when it is not theirs to see. A caller who is
    /// no signed-in user (a server without users) costs no store read.
    public func role(of caller: Caller, on id: String) throws -> Role? {
        if let documents = caller.documents { return documents.contains(id) ? caller.role : nil }
        guard caller.name != nil, let sharing else { return caller.role }
        return try sharing.shares(of: id).role(of: caller)
    }

    /// The caller's role on document `id`, or a 403 saying it is not shared with them.
    public func require(_ caller: Caller, on id: String) throws -> Caller {
        guard let role = try role(of: caller, on: id) else {
            throw APIError.forbidden("document \(id) is not shared with '\(caller.name ?? "")'")
        }
        return Caller(name: caller.name, role: role, documents: caller.documents)
    }

    /// Records a signed-in caller as the owner of document `id`, which they just made.
    public func recordOwner(_ id: String, madeBy caller: Caller) throws {
        guard let name = caller.name, let sharing else { return }
        try sharing.setOwner(of: id, to: name)
    }

    /// `made` (a new document's summary) after recording its owner.
    public func owned<Made: Encodable>(_ made: Made, by caller: Caller) throws -> Made {
        guard caller.name != nil, sharing != nil else { return made }
        guard let id = try APIJSON.object(made)["id"] as? String else {
            throw APIError.internalError("a new document's summary has no id")
        }
        try recordOwner(id, madeBy: caller)
        return made
    }

    /// The JSON objects of `list` whose `key` names a document the caller may view.
    public func visible(_ list: [[String: Any]], key: String, to caller: Caller) throws -> [[String: Any]] {
        guard caller.documents != nil || (caller.name != nil && sharing != nil) else { return list }
        return try list.filter { object in
            guard let id = object[key] as? String else { return false }
            return try role(of: caller, on: id)?.grants(.view) == true
        }
    }
}
