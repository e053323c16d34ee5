import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// Runs `body` against a server over the real DocumentService with `limits`, holding the
/// sample document (three pages).
private func withLimitedAPI(_ limits: RequestLimits, _ body: (UInt16, String, DocumentService) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-limits-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = try DocumentService(directory: directory, limits: limits)
    let id = try service.catalogue.importDocument(name: "sample.pdf", data: Fixtures.sample).id
    let app = MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: directory.path), token: nil)
    try withServer(handler: app.handler) { server in try body(server.port, id, service) }
}

/// POSTs an operations body and returns the answer.
private func post(_ port: UInt16, _ id: String, _ json: String) throws -> TestResponse {
    try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/operations", body: Data(json.utf8))
}

/// A JSON array of `count` `[x, y]` points along a line across page 0.
private func points(_ count: Int) -> String {
    "[" + (0..<count).map { "[\(100 + Double($0 % 400)), \(100 + Double($0 / 400) * 0.01)]" }.joined(separator: ",") + "]"
}

private func operationBody(_ operation: EditorOperation) throws -> String {
    let encoded = String(decoding: try JSONEncoder().encode(operation), as: UTF8.self)
    return #"{"baseRevision":0,"clientId":"tab-limits","operation":\#(encoded)}"#
}

/// Asserts a 413 `tooLarge` JSON error naming `option`, and that nothing was applied or logged.
private func expectRefused(_ response: TestResponse, naming option: String, port: UInt16, id: String,
                           service: DocumentService, annotationsBefore: Int) throws {
    #expect(response.status == 413)
    let error = try #require(try response.json()["error"] as? [String: Any])
    #expect(error["code"] as? String == "tooLarge")
    let message = try #require(error["message"] as? String)
    #expect(message.contains(option), "the message names the limit: \(message)")
    #expect(try service.catalogue.summary(id).revision == 0)
    #expect(try service.editing.operations(id, after: 0).operations.isEmpty)
    #expect(try service.editing.annotations(id).annotations.count == annotationsBefore)
}

@Suite("Request limits over HTTP")
struct RequestLimitsTests {
    @Test func annotationsPerRequest() throws {
        try withLimitedAPI(RequestLimits(maxAnnotations: 5)) { port, id, service in
            let before = try service.editing.annotations(id).annotations.count
            let six = EditorOperation.group(name: "paste", (0..<6).map { Fixtures.add("limit-\($0)", x: 50 + Double($0) * 10) })
            try expectRefused(try post(port, id, try operationBody(six)), naming: "--max-annotations",
                              port: port, id: id, service: service, annotationsBefore: before)
            let five = EditorOperation.group(name: "paste", (0..<5).map { Fixtures.add("limit-\($0)", x: 50 + Double($0) * 10) })
            #expect(try post(port, id, try operationBody(five)).status == 200)
            #expect(try service.editing.annotations(id).annotations.count == before + 5)
        }
    }

    @Test func pagesPerRequest() throws {
        try withLimitedAPI(RequestLimits(maxPages: 2)) { port, id, service in
            let before = try service.editing.annotations(id).annotations.count
            let threePages = EditorOperation.group(name: "paste", (0..<3).map { Fixtures.add("page-\($0)", page: $0) })
            try expectRefused(try post(port, id, try operationBody(threePages)), naming: "--max-pages",
                              port: port, id: id, service: service, annotationsBefore: before)
            // Page insertions come one per command; a group of them is an internal step.
            let inserts = EditorOperation.group(name: "insert", (0..<3).map { _ in .insertPage(index: 0, width: 612, height: 792) })
            #expect(try post(port, id, try operationBody(inserts)).status == 400)
            #expect(try service.catalogue.summary(id).pageCount == 3)
            let twoPages = EditorOperation.group(name: "paste", (0..<2).map { Fixtures.add("page-\($0)", page: $0) })
            #expect(try post(port, id, try operationBody(twoPages)).status == 200)
        }
    }

    @Test func pointsPerStrokeAndSweep() throws {
        try withLimitedAPI(RequestLimits(maxPoints: 1_000)) { port, id, service in
            let before = try service.editing.annotations(id).annotations.count
            let stroke = { (count: Int) in
                #"{"baseRevision":0,"clientId":"tab-limits","action":{"stroke":{"pageIndex":0,"points":\#(points(count))}}}"#
            }
            try expectRefused(try post(port, id, stroke(1_001)), naming: "--max-points",
                              port: port, id: id, service: service, annotationsBefore: before)
            let sweep = #"{"baseRevision":0,"clientId":"tab-limits","action":{"erase":{"pageIndex":0,"mode":"stroke","size":5,"points":\#(points(1_001))}}}"#
            try expectRefused(try post(port, id, sweep), naming: "--max-points",
                              port: port, id: id, service: service, annotationsBefore: before)
            let path = (0..<1_001).map { CGPoint(x: 100 + Double($0 % 300), y: 200) }
            var ink = PDFAnnotation(kind: .ink(.init(paths: [path])), rect: CGRect(x: 99, y: 199, width: 302, height: 2),
                                    pageIndex: 0)
            ink.id = "too-many-points"
            try expectRefused(try post(port, id, try operationBody(.addAnnotation(ink))), naming: "--max-points",
                              port: port, id: id, service: service, annotationsBefore: before)
            #expect(try post(port, id, stroke(1_000)).status == 200)
        }
    }

    /// An erase sweep's size is only known once applied: over the limit it is taken back.
    @Test func eraseSweepOverTheAnnotationLimitIsTakenBack() throws {
        try withLimitedAPI(RequestLimits(maxAnnotations: 3)) { port, id, service in
            for n in 0..<4 {
                let body = #"{"baseRevision":\#(n),"clientId":"tab-limits","action":{"stroke":{"pageIndex":0,"points":[[300,\#(100 + n * 20)],[400,\#(100 + n * 20)]]}}}"#
                #expect(try post(port, id, body).status == 200)
            }
            let count = try service.editing.annotations(id).annotations.count
            let sweep = #"{"baseRevision":4,"clientId":"tab-limits","action":{"erase":{"pageIndex":0,"mode":"stroke","size":4,"points":[[350,80],[350,200]]}}}"#
            let refused = try post(port, id, sweep)
            #expect(refused.status == 413)
            #expect(refused.text.contains("--max-annotations"))
            #expect(try service.catalogue.summary(id).revision == 4)
            #expect(try service.editing.annotations(id).annotations.count == count)
            #expect(try post(port, id, #"{"baseRevision":4,"clientId":"tab-limits","undo":true}"#).status == 200)
            #expect(try service.editing.annotations(id).annotations.count == count - 1)
        }
    }

    @Test func undoAndRedoAreNeverRefused() throws {
        try RequestLimits(maxAnnotations: 0, maxPages: 0, maxPoints: 0).check(.undo)
        try RequestLimits(maxAnnotations: 0, maxPages: 0, maxPoints: 0).check(.redo)
    }
}
