import Foundation

/// The whole web application: access control, static files and the `/api/v1` routes, as one
/// ``HTTPHandler`` for an ``HTTPServer``.
public struct MarginaliaApp: Sendable {
    /// The API routes.
    public let router: Router
    /// The browser editor's files.
    public let staticFiles: StaticFiles
    /// The token check.
    public let access: AccessControl

    /// Builds the application over `service`: the documents, search, organising and
    /// retention endpoints, the people, saved signatures and audit endpoints over `users`, and
    /// signing with users' certificates sealed under `signingKey` (``SigningRoutes``),
    /// time-stamped by `timestamp` when given.
    public init(service: DocumentService, staticFiles: StaticFiles, token: String?, transport: TransportSecurity = .plain,
                users: (any UserStore)? = nil, jwt: JWTVerifier? = nil, signingKey: SigningKey? = nil,
                timestamp: SigningTimestamp? = nil) {
        self.init(staticFiles: staticFiles, token: token, transport: transport, users: users, jwt: jwt) { router in
            DocumentRoutes(service: service).register(into: &router)
            SigningRoutes(service: service, certificates: service.store as? any CertificateStore, key: signingKey,
                          transport: transport, timestamp: timestamp).register(into: &router)
            SearchRoutes(service: service).register(into: &router)
            OrganizingRoutes(service: service).register(into: &router)
            RetentionRoutes(service: service).register(into: &router)
        }
    }

    private init(staticFiles: StaticFiles, token: String?, transport: TransportSecurity, users: (any UserStore)?, jwt: JWTVerifier?,
                 routes: (inout Router) -> Void) {
        var router = Router()
        router.access = DocumentAccess(sharing: users as? any SharingStore)
        router.audit = AuditLog(store: users as? any AuditStore)
        AuditRoutes().register(into: &router)
        UserRoutes(users: users).register(into: &router)
        PeopleRoutes().register(into: &router)
        FontRoutes().register(into: &router)
        SavedSignatureRoutes(store: users as? any SavedSignatureStore).register(into: &router)
        routes(&router)
        self.router = router
        self.staticFiles = staticFiles
        self.access = AccessControl(token: token, securesCookie: transport.securesCookies, users: users, jwt: jwt,
                                    audit: router.audit)
    }

    /// Answers one request.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        if request.path == "*" {
            // `OPTIONS *` (RFC 9110 §9.3.7) asks about the server as a whole: no data, no token.
            return HTTPResponse(status: 204, headers: [("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")])
        }
        let caller: Caller
        switch access.decide(request) {
        case .answer(let response): return response
        case .proceed(let signedIn): caller = signedIn
        }
        if let file = staticFiles.respond(to: request) { return file }
        let response = await router.respond(to: request, caller: caller)
        return response.header("Cache-Control") == nil ? response.adding(header: "Cache-Control", value: "no-store") : response
    }

    /// The handler to give an ``HTTPServer``.
    public var handler: HTTPHandler {
        { request in await respond(to: request) }
    }
}

extension MarginaliaApp {
    /// What `marginalia serve` answers every request with: the probes (``HealthEndpoints``)
    /// first, then the application over `service`; over HTTPS every answer carries HSTS
    /// (``TransportSecurity``). The HTTP fuzz target drives the same handler.
    public static func servedHandler(for service: DocumentService, staticFiles: StaticFiles, token: String?,
                                     transport: TransportSecurity = .plain, jwt: JWTVerifier? = nil,
                                     signingKey: SigningKey? = nil, timestamp: SigningTimestamp? = nil) -> HTTPHandler {
        let app = MarginaliaApp(service: service, staticFiles: staticFiles, token: token, transport: transport,
                                users: service.store as? any UserStore, jwt: jwt, signingKey: signingKey, timestamp: timestamp)
        return transport.wrapping(HealthEndpoints(service: service).wrapping(app.handler))
    }
}
