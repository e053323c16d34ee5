import Foundation

/// Retention over the API (docs/api.md, "Retention"; docs/store.md, "Retention"):
/// - `GET`/`PUT /api/v1/retention`: the store's settings, for admins;
/// - `POST /api/v1/retention/apply`: applies them now (as the server does on its own every
///   `--retention-every` seconds), answering what was forgotten;
/// - `GET`/`PUT`/`DELETE /api/v1/documents/{id}/retention`: a document's own policy, read by
///   whoever may view it and set by whoever may manage it; `DELETE` returns it to the store's.
///
/// Settings are `{"keepVersions": N or null, "keepDays": N or null}` (and `"trashDays"` for the
/// store); null (or a missing key) sets no such limit.
public struct RetentionRoutes: Sendable {
    public let service: DocumentService

    public init(service: DocumentService) {
        self.service = service
    }

    public func register(into router: inout Router, prefix: String = MarginaliaServerInfo.apiPrefix) {
        let service = self.service
        router.add("GET", prefix + "/retention", needs: .manage) { _, _ in
            .json(data: try APIJSON.data(Self.json(try service.store.retention())))
        }
        router.add("PUT", prefix + "/retention", needs: .manage) { request, parameters in
            let body = try APIJSON.bodyObject(request)
            let settings = StoreRetention(versions: try Self.policy(body, allowing: ["trashDays"]),
                                          trashDays: try Self.wholeNumber(body, "trashDays"))
            try service.store.setRetention(settings)
            parameters.audit.record(.setRetention, by: parameters.signedIn, detail: Self.detail(settings))
            return .json(data: try APIJSON.data(Self.json(settings)))
        }
        router.add("POST", prefix + "/retention/apply", needs: .manage) { _, parameters in
            let report = try service.saving.applyRetention()
            parameters.audit.record(report, by: parameters.signedIn)
            return .json(data: try APIJSON.data(Self.json(report)))
        }
        let document = prefix + "/documents/{id}/retention"
        router.add("GET", document, needs: .view) { _, parameters in
            .json(data: try APIJSON.data(try Self.documentJSON(service, try parameters.string("id"))))
        }
        router.add("PUT", document, needs: .manage) { request, parameters in
            let id = try parameters.string("id")
            let policy = try Self.policy(try APIJSON.bodyObject(request), allowing: [])
            try service.store.setRetention(of: id, policy)
            parameters.audit.record(.setRetention, by: parameters.signedIn, document: id, detail: Self.detail(policy))
            return .json(data: try APIJSON.data(try Self.documentJSON(service, id)))
        }
        router.add("DELETE", document, needs: .manage) { _, parameters in
            let id = try parameters.string("id")
            try service.store.setRetention(of: id, nil)
            parameters.audit.record(.setRetention, by: parameters.signedIn, document: id, detail: "the store's")
            return .json(data: try APIJSON.data(try Self.documentJSON(service, id)))
        }
    }

    /// `{"keepVersions", "keepDays", "trashDays"}`.
    static func json(_ settings: StoreRetention) -> [String: Any] {
        ["keepVersions": settings.versions.keepVersions ?? NSNull(), "keepDays": settings.versions.keepDays ?? NSNull(),
         "trashDays": settings.trashDays ?? NSNull()]
    }

    /// `{"keepVersions", "keepDays", "own"}`: the policy that applies to the document, and
    /// whether it is the document's own (else the store's).
    static func documentJSON(_ service: DocumentService, _ id: String) throws -> [String: Any] {
        let own = try service.store.retention(of: id)
        let policy = try own ?? service.store.retention().versions
        return ["keepVersions": policy.keepVersions ?? NSNull(), "keepDays": policy.keepDays ?? NSNull(), "own": own != nil]
    }

    /// `{"pruned": [{"document", "versions", "bytesRemoved"}], "emptiedFromTrash": [id], "failed": {id: reason}}`.
    static func json(_ report: RetentionReport) -> [String: Any] {
        ["pruned": report.pruned.map { ["document": $0.document, "versions": $0.versions, "bytesRemoved": $0.bytesRemoved] },
         "emptiedFromTrash": report.emptiedFromTrash, "failed": report.failed]
    }

    private static func policy(_ body: [String: Any], allowing others: Set<String>) throws -> RetentionPolicy {
        let known: Set<String> = ["keepVersions", "keepDays"]
        if let unknown = body.keys.sorted().first(where: { !known.contains($0) && !others.contains($0) }) {
            throw APIError.badRequest("unknown retention setting '\(unknown.prefix(40))' (expected \((known.union(others)).sorted().joined(separator: ", ")))")
        }
        let policy = RetentionPolicy(keepVersions: try wholeNumber(body, "keepVersions"), keepDays: try wholeNumber(body, "keepDays"))
        try policy.validate()
        return policy
    }

    /// A whole number or null under `key`.
    private static func wholeNumber(_ body: [String: Any], _ key: String) throws -> Int? {
        guard let value = body[key], !(value is NSNull) else { return nil }
        // JSON's true and false arrive as NSNumbers of type char ("c"): not numbers here.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
              let whole = Int(exactly: number.doubleValue) else {
            throw APIError.badRequest("\(key) must be a whole number or null")
        }
        return whole
    }

    static func detail(_ settings: StoreRetention) -> String {
        detail(settings.versions) + " trashDays=\(settings.trashDays.map(String.init) ?? "none")"
    }

    static func detail(_ policy: RetentionPolicy) -> String {
        "keepVersions=\(policy.keepVersions.map(String.init) ?? "none") keepDays=\(policy.keepDays.map(String.init) ?? "none")"
    }
}

extension AuditLog {
    /// One line per document whose versions were forgotten and per document emptied from the
    /// trash.
    public func record(_ report: RetentionReport, by caller: Caller) {
        for pruned in report.pruned {
            record(.pruneVersions, by: caller, document: pruned.document,
                   detail: "versions \(pruned.versions.map(String.init).joined(separator: ",")); \(pruned.bytesRemoved) bytes")
        }
        for id in report.emptiedFromTrash {
            record(.purge, by: caller, document: id, detail: "retention: trash emptied")
        }
    }
}
