import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// The refusals of reasons version 2 (docs/api.md, "Reasons") carry their identifier and
/// arguments where they are made: the per-request limits and the revision and trash conflicts
/// over HTTP, the store's conflicts as the real store refuses them, answered by the service.
@Suite("Refusal reasons of the limits and the store's conflicts")
struct RefusalReasonTests {
    /// Runs `body` against a server over the real DocumentService with `limits`, holding the
    /// sample document (three pages).
    private static func withAPI(_ limits: RequestLimits = RequestLimits(),
                                _ body: (UInt16, String, DocumentService) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reasons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try DocumentService(directory: directory, limits: limits)
        let id = try service.catalogue.importDocument(name: "sample.pdf", data: Fixtures.sample).id
        let app = MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: directory.path), token: nil)
        try withServer(handler: app.handler) { server in try body(server.port, id, service) }
    }

    /// The `error` object of a JSON error answer with `status`.
    private static func refusal(_ response: TestResponse, status: Int) throws -> [String: Any] {
        #expect(response.status == status, "\(response.text.prefix(300))")
        return try #require(try response.json()["error"] as? [String: Any])
    }

    /// The `args` of a refusal, each value as text (numbers as JSON writes them).
    private static func args(_ error: [String: Any]) -> [String: String]? {
        (error["args"] as? [String: Any])?.mapValues { "\($0)" }
    }

    private static func operations(_ port: UInt16, _ id: String, _ json: String) throws -> TestResponse {
        try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(json.utf8))
    }

    private static func body(_ operation: EditorOperation, base: Int = 0) throws -> String {
        let encoded = String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
        return #"{"baseRevision":\#(base),"clientId":"tab-reasons","operation":\#(encoded)}"#
    }

    @Test func eachPerRequestLimitSaysWhichWithTheCountTheLimitAndTheOption() throws {
        try Self.withAPI(RequestLimits(maxAnnotations: 2, maxPages: 1, maxPoints: 50)) { port, id, service in
            let three = EditorOperation.group(name: "paste", (0..<3).map { Fixtures.add("r-\($0)", x: 50 + Double($0) * 10) })
            let annotations = try Self.refusal(try Self.operations(port, id, try Self.body(three)), status: 413)
            #expect(annotations["reason"] as? String == "limit.annotations")
            #expect(Self.args(annotations) == ["count": "3", "max": "2", "option": "--max-annotations"])

            let twoPages = EditorOperation.group(name: "paste", [Fixtures.add("p-0", page: 0), Fixtures.add("p-1", page: 1)])
            let pages = try Self.refusal(try Self.operations(port, id, try Self.body(twoPages)), status: 413)
            #expect(pages["reason"] as? String == "limit.pages")
            #expect(Self.args(pages) == ["count": "2", "max": "1", "option": "--max-pages"])

            let samples = (0..<51).map { "[\(100 + $0),100]" }.joined(separator: ",")
            let stroke = #"{"baseRevision":0,"clientId":"tab-reasons","action":{"stroke":{"pageIndex":0,"points":[\#(samples)]}}}"#
            let points = try Self.refusal(try Self.operations(port, id, stroke), status: 413)
            #expect(points["reason"] as? String == "limit.points")
            #expect(Self.args(points) == ["count": "51", "max": "50", "option": "--max-points"])

            // Extracting pages is held to --max-pages too.
            #expect(throws: ServiceError.tooLarge("pages: extracting 2 pages, more than the limit of 1 pages per request (--max-pages)")
                .because(Reason(.pagesPerRequest, [("count", .number(2)), ("max", .number(1)), ("option", .string("--max-pages"))]))) {
                try service.catalogue.extractPages(id, pages: [0, 1], name: "two.pdf")
            }
            #expect(try service.catalogue.summary(id).revision == 0)
        }
    }

    @Test func aRevisionAheadAndAPurgeOutsideTheTrashNameTheirRemedy() throws {
        try Self.withAPI { port, id, _ in
            let ahead = try Self.refusal(try Self.operations(port, id, try Self.body(Fixtures.add("late"), base: 7)), status: 409)
            #expect(ahead["code"] as? String == "conflict")
            #expect(ahead["reason"] as? String == "conflict.revisionAhead")
            #expect(Self.args(ahead) == ["baseRevision": "7", "revision": "0"])

            let purge = try Self.refusal(try TestHTTP.request(port: port, "DELETE", "/api/v1/trash/\(id)"), status: 409)
            #expect(purge["reason"] as? String == "conflict.notInTrash")
            #expect(purge["args"] == nil)
        }
    }

    @Test func theStoresConflictsSayWhatChangedMeanwhile() throws {
        try Self.withAPI { _, id, service in
            _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("a1")), base: 0))
            let saved = try service.saving.save(id)
            #expect(saved.number == 2)
            let store = service.store
            let stored = try store.versionData(id, number: 2)
            func answer(_ work: () throws -> Any) -> ServiceError? {
                do { _ = try work() } catch { return ServiceError.wrap(error) }
                return nil
            }
            // A save made from version 1, as another replica that missed version 2 would.
            let stale = answer { try store.saveVersion(id, bytes: stored + Data("% late\n".utf8), basedOn: 1, revision: 1,
                                                        pageCount: 3, now: Date()) }
            #expect(stale?.httpStatus == 409)
            #expect(stale?.reason == Reason(.savedSince, [("version", .number(2)), ("basedOn", .number(1))]))
            // A restore that starts its history at revision 0 while the log is at 1.
            let restore = answer { try store.restoreVersion(id, number: 1, revision: 0, pageCount: 3, now: Date()) }
            #expect(restore?.reason == Reason(.restoreOvertaken))
            // A redaction of version 1 stored after version 2 was saved.
            let redaction = answer { try store.redactHistory(id, bytes: stored, basedOn: 1, revision: 1, pageCount: 3, now: Date()) }
            #expect(redaction?.reason == Reason(.redactionOvertaken, [("version", .number(2))]))
            // Nothing of those was written.
            #expect(try store.versions(id).map(\.number) == [1, 2])
        }
    }

    /// Reasons version 3: a PDF past a reading limit is refused with that limit's own
    /// identifier and value, each of the reader's limits has one, and the table's names are
    /// the reader's (`Reason.ReadingLimit` mirrors PDFCore's `PDFLimits.Name`).
    @Test func eachReadingLimitIsNamedWithItsValue() throws {
        #expect(Reason.ReadingLimit.allCases.map(\.rawValue) == PDFLimits.Name.allCases.map(\.rawValue))
        var limits = PDFLimits()
        limits.maxPageCount = 2
        let refused = ServiceError.wrap(PDFError.limitExceeded("more than 2 pages (maxPageCount)", limit: .maxPageCount, max: 2))
        #expect(refused.httpStatus == 413)
        #expect(refused.reason == Reason(.readingLimitNamed(.maxPageCount), [("max", .number(2)), ("option", .string("MARGINALIA_LIMITS"))]))
        // A limit in bytes gives its value as a size.
        let stream = ServiceError.wrap(PDFError.limitExceeded("decoded stream larger than 64 bytes", limit: .maxDecodedStreamSize, max: 64))
        #expect(stream.reason == Reason(.readingLimitNamed(.maxDecodedStreamSize), [("maxBytes", .number(64)), ("option", .string("MARGINALIA_LIMITS"))]))
        // The reader's own refusal of a three-page file under that limit, as the service reports it.
        let document = try PDFDocument(data: Fixtures.sample, limits: limits)
        do {
            _ = try document.pageCount
            Issue.record("three pages read under a limit of two")
        } catch {
            #expect(ServiceError.wrap(error).reason == Reason(.readingLimitNamed(.maxPageCount), [("max", .number(2)), ("option", .string("MARGINALIA_LIMITS"))]))
        }
    }
}
