import Foundation

/// The signed-in user's saved signatures and initials (docs/api.md, "Saved signatures"), which
/// the editor's Sign tool lists in every browser the user signs in from:
/// `GET /api/v1/me/signatures`, `POST` to add one, and `PUT` or `DELETE
/// /api/v1/me/signatures/{signature}` to replace or remove one. The owner is always the
/// caller: a route never takes another user's name, and another user's id is answered 404.
/// On a server without named users every route answers 403 (the editor keeps them in the
/// browser there). Every change is a line of the audit log (`addSavedSignature`,
/// `replaceSavedSignature`, `removeSavedSignature`: the id, the kind and the drawing's type,
/// never the drawing nor the label).
public struct SavedSignatureRoutes: Sendable {
    /// Where they are kept; nil on a server whose store keeps none.
    public let store: (any SavedSignatureStore)?
    /// What one user may keep.
    public let limits: SavedSignatureLimits

    public init(store: (any SavedSignatureStore)?, limits: SavedSignatureLimits = SavedSignatureLimits()) {
        self.store = store
        self.limits = limits
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let (store, limits) = (self.store, self.limits)
        /// The caller's name and the store, or the refusal of a caller who is nobody in particular.
        @Sendable func owner(_ parameters: RouteParameters) throws -> (String, any SavedSignatureStore) {
            guard let name = parameters.signedIn.name, let store else { throw SavedSignatureError.noNamedUser }
            return (name, store)
        }
        @Sendable func signatureID(_ parameters: RouteParameters) throws -> String {
            let id = try parameters.string("signature")
            guard DocumentID.isValid(id) else {
                throw SavedSignatureError.malformed(path: "{signature}", reason: "'\(id.prefix(40))' is not 32 lowercase hexadecimal digits")
            }
            return id
        }
        let path = prefix + "/me/signatures"
        router.add("GET", path, needs: .view) { _, parameters in
            let (name, store) = try owner(parameters)
            let object: [String: Any] = ["version": SavedSignature.formatVersion, "signatures": try store.savedSignatures(of: name).map(\.json),
                                         "limits": ["maxSaved": limits.maxSaved, "maxImageBytes": limits.maxImageBytes]]
            return .json(data: try APIJSON.data(object))
        }
        router.add("POST", path, needs: .view) { request, parameters in
            let (name, store) = try owner(parameters)
            let signature = try SavedSignature.fromRequest(try APIJSON.bodyObject(request), id: SavedSignature.makeID(), owner: name,
                                                           now: Date(), limits: limits)
            try store.addSavedSignature(signature, maxSaved: limits.maxSaved)
            parameters.audit.record(.addSavedSignature, by: parameters.signedIn, detail: signature.auditDetail)
            return .json(data: try APIJSON.data(signature.json), status: 201)
        }
        router.add("PUT", path + "/{signature}", needs: .view) { request, parameters in
            let (name, store) = try owner(parameters)
            let signature = try SavedSignature.fromRequest(try APIJSON.bodyObject(request), id: try signatureID(parameters), owner: name,
                                                           now: Date(), limits: limits)
            let replaced = try store.replaceSavedSignature(signature)
            parameters.audit.record(.replaceSavedSignature, by: parameters.signedIn, detail: replaced.auditDetail)
            return .json(data: try APIJSON.data(replaced.json))
        }
        router.add("DELETE", path + "/{signature}", needs: .view) { _, parameters in
            let (name, store) = try owner(parameters)
            let id = try signatureID(parameters)
            try store.removeSavedSignature(id, of: name)
            parameters.audit.record(.removeSavedSignature, by: parameters.signedIn, detail: "id=\(id)")
            return .json(data: try APIJSON.data(["id": id, "removed": true]))
        }
    }
}
