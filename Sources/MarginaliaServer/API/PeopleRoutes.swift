import Foundation

/// `GET /api/v1/me`: who the server takes the caller for (docs/api.md, "People and roles");
/// the browser editor asks it once at start: a signed-in user's name signs everything the
/// tab makes, and the editor asks for a name only when there is none (a server without users).
/// And a document's owner and shares (`GET`, `PUT`, `DELETE …/shares[/{to}]`, "Sharing").
public struct PeopleRoutes: Sendable {
    public init() {}

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        router.add("GET", prefix + "/me", needs: .view) { _, parameters in
            let caller = parameters.caller
            let object: [String: Any] = ["name": caller.name ?? NSNull(), "role": caller.role.rawValue,
                                         "signedIn": caller.name != nil]
            return .json(data: try APIJSON.data(object))
        }
        let shares = prefix + "/documents/{id}/shares"
        router.add("GET", shares, needs: .view) { _, parameters in
            try Self.sharesResponse(parameters)
        }
        router.add("PUT", shares + "/{to}", needs: .manage) { request, parameters in
            guard let text = try APIJSON.bodyObject(request)["role"] as? String else {
                throw APIError.badRequest("expected {\"role\": \"\(Role.spelled)\"}")
            }
            let role = try Role(named: text)
            let (id, grantee) = (try Self.documentID(parameters), try Self.grantee(parameters))
            try Self.sharing(parameters).share(id, with: grantee, as: role)
            parameters.audit.record(.share, by: parameters.signedIn, document: id, detail: "to=\(try parameters.string("to")) role=\(role.rawValue)")
            return try Self.sharesResponse(parameters)
        }
        router.add("DELETE", shares + "/{to}", needs: .manage) { _, parameters in
            let (id, grantee) = (try Self.documentID(parameters), try Self.grantee(parameters))
            try Self.sharing(parameters).share(id, with: grantee, as: nil)
            parameters.audit.record(.share, by: parameters.signedIn, document: id, detail: "to=\(try parameters.string("to")) role=none")
            return try Self.sharesResponse(parameters)
        }
    }

    private static func documentID(_ parameters: RouteParameters) throws -> String {
        try DocumentRoutes.documentID(parameters)
    }

    /// `{to}`: a user's name, or `everyone`.
    private static func grantee(_ parameters: RouteParameters) throws -> String {
        let to = try parameters.string("to")  // percent-decoded once already (RequestTarget)
        return to == DocumentShares.everyoneName ? DocumentShares.everyone : try PeopleError.validateName(to)
    }

    private static func sharing(_ parameters: RouteParameters) throws -> any SharingStore {
        guard let sharing = parameters.access.sharing else { throw APIError.notFound("this server keeps no shares") }
        return sharing
    }

    private static func sharesResponse(_ parameters: RouteParameters) throws -> HTTPResponse {
        let id = try documentID(parameters)
        let shares = try parameters.access.sharing?.shares(of: id) ?? DocumentShares()
        var object = shares.json
        object["id"] = id
        return .json(data: try APIJSON.data(object))
    }
}
