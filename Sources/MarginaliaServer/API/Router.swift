import Foundation

/// The values of a matched pattern's `{name}` segments.
public struct RouteParameters: Sendable {
    private let values: [String: String]
    /// Who sent the request (``AccessControl``), already checked against the route's
    /// permission; the author of the changes it makes. On a route with `{id}` its role is
    /// the one it has on that document (``DocumentAccess``).
    public let caller: Caller
    /// The caller with the role they signed in with, for questions about other documents.
    public let signedIn: Caller
    /// Roles on other documents, and owners of new ones.
    public let access: DocumentAccess
    /// Where the route records what the audit log keeps beyond its own action (an unlock).
    public let audit: AuditLog

    init(_ values: [String: String], caller: Caller = .anyone, signedIn: Caller? = nil,
         access: DocumentAccess = DocumentAccess(), audit: AuditLog = AuditLog()) {
        self.values = values
        self.caller = caller
        self.signedIn = signedIn ?? caller
        self.access = access
        self.audit = audit
    }

    /// The value of `{name}`, or a 400 error naming it.
    public func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw APIError.badRequest("missing path parameter \(name)") }
        return value
    }

    /// The value of `{name}` as a whole number within `range`, or a 400 error naming it.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int {
        try RequestNumbers.integer(try string(name), name: name, in: range)
    }
}

/// Maps a method and a path pattern such as `/api/v1/documents/{id}/operations` to a handler.
///
/// Patterns are matched segment by segment; `{name}` matches one non-empty segment. The first
/// route added that matches wins. Every route names the ``Permission`` it needs; a caller
/// without it gets 403 naming it, and the handler does not run. A path that matches with another method gets 405 with an
/// `Allow` field, none 404, both as JSON errors. A thrown error becomes its JSON error response.
public struct Router: Sendable {
    /// What a route runs.
    public typealias Handler = @Sendable (HTTPRequest, RouteParameters) async throws -> HTTPResponse

    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
        /// The name of each `{name}` segment, nil for a literal one (worked out once: every
        /// request is matched against the routes one by one).
        let parameterNames: [String?]
        let permission: Permission
        let audited: AuditAction?
        let handler: Handler
    }

    private var routes: [Route] = []
    /// Each caller's role on the document a route's `{id}` names.
    public var access = DocumentAccess()
    /// Where routes that name an ``AuditAction`` record each success.
    public var audit = AuditLog()

    public init() {}

    /// Adds a route that runs for callers with `permission`. `HEAD` requests are answered by
    /// `GET` routes.
    /// With `audited`, each success (a status below 400) appends a line to the audit log
    /// naming the caller, the `{id}` document, and the other path parameters and `format`.
    public mutating func add(_ method: String, _ pattern: String, needs permission: Permission, audited: AuditAction? = nil,
                             _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/")
        let names = segments.map { $0.hasPrefix("{") && $0.hasSuffix("}") ? String($0.dropFirst().dropLast()) : nil }
        routes.append(Route(method: method.uppercased(), segments: segments, parameterNames: names, permission: permission,
                            audited: audited, handler: handler))
    }

    /// The permission the route for `method` and `path` needs; nil when no route matches.
    public func permission(method: String, path: String) -> Permission? {
        let segments = Self.segments(of: path)
        let method = method == "HEAD" ? "GET" : method
        return routes.first { $0.method == method && match($0, segments) != nil }?.permission
    }

    /// Whether some route's pattern matches `path`, with any method.
    public func matches(path: String) -> Bool {
        let segments = Self.segments(of: path)
        return routes.contains { match($0, segments) != nil }
    }

    /// The segments of an origin-form path (``RequestTarget``), or none for anything else, which
    /// then matches no route.
    private static func segments(of path: String) -> [Substring] {
        RequestTarget.segments(of: path) ?? []
    }

    /// Answers `request` from `caller` with the matching route, or a 403/404/405 JSON error.
    public func respond(to request: HTTPRequest, caller: Caller = .anyone) async -> HTTPResponse {
        let segments = Self.segments(of: request.path)
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = match(route, segments) else { continue }
            allowed.append(route.method)
            guard route.method == method else { continue }
            do {
                let onDocument = try parameters["id"].map { try access.require(caller, on: $0) } ?? caller
                try onDocument.require(route.permission, for: "\(route.method) /\(route.segments.joined(separator: "/"))")
                let response = try await route.handler(request, RouteParameters(parameters, caller: onDocument, signedIn: caller,
                                                                                 access: access, audit: audit))
                if let action = route.audited, response.status < 400, !response.continuesADownload {
                    audit.record(action, by: caller, document: parameters["id"], detail: Self.auditDetail(parameters, request))
                }
                return response
            } catch {
                return .apiError(error)
            }
        }
        if !allowed.isEmpty {
            // RFC 9110 §15.5.6: a 405 lists the methods the path does take.
            return .apiError(APIError.methodNotAllowed(request.method, request.path))
                .adding(header: "Allow", value: Self.allowHeader(allowed))
        }
        return .apiError(APIError.notFound("no such endpoint: \(request.method) \(request.path)"))
    }

    /// What else an audit line of a route names: its path parameters but `id`, and `format`.
    static func auditDetail(_ parameters: [String: String], _ request: HTTPRequest) -> String? {
        var parts = parameters.filter { $0.key != "id" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if let format = request.query("format") { parts.append("format=\(format.prefix(20))") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The `Allow` field for a path whose routes take `methods` (`HEAD` wherever `GET` is).
    static func allowHeader(_ methods: [String]) -> String {
        var listed: [String] = []
        for method in methods + (methods.contains("GET") ? ["HEAD"] : []) where !listed.contains(method) {
            listed.append(method)
        }
        return listed.joined(separator: ", ")
    }

    private func match(_ route: Route, _ segments: [Substring]) -> [String: String]? {
        guard route.segments.count == segments.count else { return nil }
        // The literal segments first: most routes differ in one, and make no dictionary.
        for (index, name) in route.parameterNames.enumerated() where name == nil {
            guard route.segments[index] == segments[index] else { return nil }
        }
        var parameters: [String: String] = [:]
        for (index, name) in route.parameterNames.enumerated() {
            guard let name else { continue }
            guard !segments[index].isEmpty else { return nil }
            parameters[name] = String(segments[index])
        }
        return parameters
    }
}
