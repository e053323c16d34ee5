import Foundation

/// `GET /api/v1/audit[?after=ID][&limit=N]`: the audit log, oldest first, for admins
/// (docs/api.md, "Audit log").
public struct AuditRoutes: Sendable {
    public init() {}

    /// The most lines one answer holds.
    public static let maximumLimit = 1000

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        router.add("GET", prefix + "/audit", needs: .manage) { request, parameters in
            let after = try RequestNumbers.query(request, "after", in: 0...Int(Int64.max)) ?? 0
            let limit = try RequestNumbers.query(request, "limit", in: 1...Self.maximumLimit) ?? 100
            guard let store = parameters.audit.store else { throw APIError.notFound("this server keeps no audit log") }
            let entries = try store.auditEntries(after: after, limit: limit)
            let object: [String: Any] = ["entries": entries.map(\.json), "next": entries.last?.id ?? after]
            return .json(data: try APIJSON.data(object))
        }
    }
}
