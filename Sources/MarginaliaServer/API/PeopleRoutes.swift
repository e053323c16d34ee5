import Foundation

/// `GET /api/v1/me`: who the server takes the caller for (docs/api.md, "People and roles").
/// The browser editor asks it once at start: a signed-in user's name signs everything the
/// tab makes, and the editor asks for a name only when there is none (a server without users).
public struct PeopleRoutes: Sendable {
    public init() {}

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        router.add("GET", prefix + "/me", needs: .view) { _, parameters in
            let caller = parameters.caller
            let object: [String: Any] = ["name": caller.name ?? NSNull(), "role": caller.role.rawValue,
                                         "signedIn": caller.name != nil]
            return .json(data: try APIJSON.data(object))
        }
    }
}
