import Foundation
import Marginalia

// `POST …/{id}/redactions/apply` (docs/api.md, "Redactions"): applies a document's redaction
// marks and cuts its history, once the caller confirms it.

extension DocumentRoutes {
    func registerRedactions(into router: inout Router, one: String) {
        let service = self.service
        router.add("POST", one + "/redactions/apply", needs: .edit) { request, parameters in
            let id = try Self.documentID(parameters)
            let options = try Self.redactionOptions(request.body)
            let applied = try service.saving.applyRedactions(id, options: options)
            parameters.audit.record(.redact, by: parameters.signedIn, document: id, detail: Self.auditDetail(applied))
            return HTTPResponse.json(data: try APIJSON.data(try Self.redactionJSON(applied)))
                .adding(header: "X-Marginalia-Revision", value: String(applied.summary.revision))
        }
    }

    /// The keys the body may have.
    private static let redactionKeys: Set = ["confirm", "scrubMetadata"]

    /// `{"confirm": true, "scrubMetadata": BOOL?}`: without `confirm` the request is refused,
    /// saying what applying does.
    static func redactionOptions(_ body: Data) throws -> RedactionOptions {
        guard let root = try? JSONParser.parse([UInt8](body)), case .object(let object) = root else {
            throw APIError.badRequest(#"the body must be a JSON object: {"confirm": true, "scrubMetadata": false}"#)
        }
        if let unknown = object.keys.first(where: { !redactionKeys.contains($0) }) {
            throw APIError.badRequest("'\(unknown.prefix(64))' is not a key of a redaction request (confirm, scrubMetadata)")
        }
        guard object["confirm"]?.boolValue == true else {
            throw APIError.badRequest("""
                applying redactions removes the marked content for good and removes every earlier version of the document, \
                its operation log and its uploads: send {"confirm": true} to go ahead
                """)
        }
        var options = RedactionOptions()
        if let scrub = object["scrubMetadata"] {
            guard let flag = scrub.boolValue else { throw APIError.badRequest("scrubMetadata: expected true or false, not \(scrub.kindDescription)") }
            options.scrubsMetadata = flag
        }
        return options
    }

    /// The response: the report per page, what left the history, the new version and the document.
    static func redactionJSON(_ applied: AppliedRedaction) throws -> [String: Any] {
        let pages: [[String: Any]] = applied.report.pages.map { page in
            Dictionary(uniqueKeysWithValues: page.counts.map { ($0.key, $0.value as Any) })
        }
        return [
            "revision": applied.summary.revision,
            "report": ["pages": pages, "metadataScrubbed": applied.report.scrubbedMetadata] as [String: Any],
            "history": ["versionsRemoved": applied.versionsRemoved, "logEntriesRemoved": applied.logEntriesRemoved,
                        "uploadsRemoved": applied.uploadsRemoved] as [String: Any],
            "version": try APIJSON.any(applied.version),
            "document": try APIJSON.any(applied.summary),
        ]
    }

    /// The audit line's detail: the version made and what was removed, counted (never the text).
    static func auditDetail(_ applied: AppliedRedaction) -> String {
        let pages = applied.report.pages
        func total(_ count: KeyPath<RedactionReport.Page, Int>) -> Int { pages.reduce(0) { $0 + $1[keyPath: count] } }
        return "version=\(applied.version.number) pages=\(pages.count) marks=\(total(\.marks)) glyphs=\(total(\.glyphs)) "
            + "images=\(total(\.images) + total(\.imagesPainted)) paths=\(total(\.paths)) pathsCut=\(total(\.pathsCut)) annotations=\(total(\.annotations)) "
            + "versionsRemoved=\(applied.versionsRemoved.count) logEntriesRemoved=\(applied.logEntriesRemoved) "
            + "uploadsRemoved=\(applied.uploadsRemoved) metadataScrubbed=\(applied.report.scrubbedMetadata)"
    }
}
