import Foundation

/// The two endpoints a load balancer or an orchestrator probes, answered before anything
/// else and without a token (they carry no document data; docs/scale-out.md):
///
/// - `GET /healthz`: 200 `{"status": "ok", "openDocuments": N}` while the process answers
///   requests (liveness), with how many documents it holds in memory (``DocumentResidency``;
///   the count is left out when the probes are made without a service), and on PostgreSQL
///   `logAppends`, how its commits to the log went (``LogAppendCounts``);
/// - `GET /readyz`: 200 `{"status": "ready", "store": KIND}` when the store answers (and, for
///   PostgreSQL, the change listener is connected), else 503 with the API's error body, code
///   `unavailable` (readiness: send no traffic here for now).
public struct HealthEndpoints: Sendable {
    /// What readiness asks; throws when the store does not answer.
    public let checkReady: @Sendable () throws -> Void
    /// `sqlite` or `postgresql`, for the readiness body.
    public let storeKind: String
    /// How many documents are held in memory, for the liveness body; nil: not told.
    public let openDocuments: (@Sendable () -> Int)?
    /// How the replica's commits to a shared log went, for the liveness body; nil, or an
    /// answer of nil (a store no other process writes): not told.
    public let logAppends: (@Sendable () -> LogAppendCounts?)?

    public init(storeKind: String, openDocuments: (@Sendable () -> Int)? = nil,
                logAppends: (@Sendable () -> LogAppendCounts?)? = nil,
                checkReady: @escaping @Sendable () throws -> Void) {
        self.storeKind = storeKind
        self.openDocuments = openDocuments
        self.logAppends = logAppends
        self.checkReady = checkReady
    }

    /// The probes over `service` and its store.
    public init(service: DocumentService) {
        let store = service.store
        self.init(storeKind: service.store.isShared ? "postgresql" : "sqlite", openDocuments: { service.openDocumentCount },
                  logAppends: { store.logAppendCounts }) {
            try service.checkReady()
        }
    }

    /// The answer to a probe, or nil for any other request. Another method than `GET` or
    /// `HEAD` on a probe's path is 405 with `Allow` (not the token's 401: the probes need none).
    public func respond(to request: HTTPRequest) -> HTTPResponse? {
        guard request.path == "/healthz" || request.path == "/readyz" else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse.apiError(APIError.methodNotAllowed(request.method, request.path))
                .adding(header: "Allow", value: "GET, HEAD").adding(header: "Cache-Control", value: "no-store")
        }
        switch request.path {
        case "/healthz":
            var body: [String: any Sendable] = ["status": "ok"]
            if let openDocuments { body["openDocuments"] = openDocuments() }
            if let counts = logAppends?() { body["logAppends"] = counts.json }
            return Self.json(body, status: 200)
        case "/readyz":
            do {
                try checkReady()
                return Self.json(["status": "ready", "store": storeKind], status: 200)
            } catch {
                let message = (error as? any APIErrorConvertible)?.message ?? "\(error)"
                return HTTPResponse.jsonError(status: 503, code: "unavailable", message: message)
                    .adding(header: "Cache-Control", value: "no-store")
            }
        default:
            return nil
        }
    }

    /// `handler` with the probes answered first.
    public func wrapping(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { request in
            if let probe = respond(to: request) { return probe }
            return await handler(request)
        }
    }

    private static func json(_ object: [String: any Sendable], status: Int) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse.json(data: data, status: status).adding(header: "Cache-Control", value: "no-store")
    }
}
