import Foundation

/// The people of the store over the API, for admins (docs/api.md, "People and roles"):
/// `GET /api/v1/users`, `POST /api/v1/users` (the token is in that answer only; a signed-in
/// admin's, so the first user comes from the command line) and `DELETE /api/v1/users/{name}`
/// (revokes). The same as `marginalia users add|list|revoke`.
public struct UserRoutes: Sendable {
    /// Where users are kept; the routes answer 404 without one.
    public let users: (any UserStore)?

    public init(users: (any UserStore)?) {
        self.users = users
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let users = self.users
        @Sendable func store() throws -> any UserStore {
            guard let users else { throw APIError.notFound("this server keeps no users") }
            return users
        }
        router.add("GET", prefix + "/users", needs: .manage) { _, _ in
            let now = Date()
            return .json(data: try APIJSON.data(["users": try store().users().map { Self.json($0, now: now) }]))
        }
        router.add("POST", prefix + "/users", needs: .manage) { request, parameters in
            // A server without users stays as it is until its operator adds the first one: an
            // anonymous caller cannot turn sign-in on for everyone else.
            guard parameters.signedIn.name != nil else {
                throw APIError.forbidden("the first user is added with `marginalia users add`; over the API a signed-in admin adds users")
            }
            let body = try APIJSON.bodyObject(request)
            guard let name = body["name"] as? String, let roleText = body["role"] as? String else {
                throw APIError.badRequest("expected {\"name\": NAME, \"role\": \"\(Role.spelled)\", \"expires\"?: ISO 8601 time}")
            }
            let now = Date()
            var expires: Date?
            if let text = body["expires"] as? String {
                guard let date = ISO8601DateFormatter().date(from: text) else {
                    throw APIError.badRequest("expires: '\(text.prefix(40))' is not an ISO 8601 time such as 2027-01-31T18:00:00Z")
                }
                guard date > now else { throw PeopleError.expiryPassed(date) }
                expires = date
            }
            let token = AccessControl.makeToken()
            let user = try store().addUser(UserRecord(name: try PeopleError.validateName(name), role: try Role(named: roleText),
                                                      created: now, expires: expires), tokenHash: TokenHash.of(token))
            parameters.audit.record(.addUser, by: parameters.signedIn, detail: "\(user.name) role=\(user.role.rawValue)")
            var object = Self.json(user, now: now)
            object["token"] = token
            return .json(data: try APIJSON.data(object), status: 201)
        }
        router.add("DELETE", prefix + "/users/{name}", needs: .manage) { _, parameters in
            let user = try store().revokeUser(try parameters.string("name"), now: Date())
            parameters.audit.record(.revokeUser, by: parameters.signedIn, detail: user.name)
            return .json(data: try APIJSON.data(Self.json(user, now: Date())))
        }
    }

    /// `{"name", "role", "state", "created", "expires", "revoked"}` (never the token's hash).
    static func json(_ user: UserRecord, now: Date) -> [String: Any] {
        let format = ISO8601DateFormatter()
        return ["name": user.name, "role": user.role.rawValue, "state": user.state(at: now), "created": format.string(from: user.created),
                "expires": user.expires.map(format.string(from:)) ?? NSNull(), "revoked": user.revoked.map(format.string(from:)) ?? NSNull()]
    }
}
