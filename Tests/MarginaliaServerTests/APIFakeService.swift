import Foundation
import Marginalia
@testable import MarginaliaServer

// An in-memory DocumentServing for route tests: enough behaviour to check what the routes
// send and return, none of the store's.

struct FakeSummary: RevisionCarrying, Equatable {
    var id: String, name: String, kind = "pdf", pageCount = 1, revision = 0, savedRevision = 0, size: Int
    var created = Date(timeIntervalSince1970: 0), modified = Date(timeIntervalSince1970: 0), trashed = false
}
struct FakePage: Encodable, Sendable { var index = 0, width = 612.0, height = 792.0, rotation = 0, box = [0, 0, 612, 792.0] }
struct FakeLogged: Codable, Sendable { var revision: Int, clientId: String, kind: String, operation: [String: String] }
struct FakeApplied: RevisionCarrying { var revision: Int, applied: [FakeLogged], missed: [FakeLogged] }
struct FakeLog: RevisionCarrying { var revision: Int, operations: [FakeLogged] }
struct FakeAnnotations: RevisionCarrying { var revision: Int, annotations: [[String: String]] }
struct FakeFields: RevisionCarrying { var revision: Int, fields: [[String: String]] }
struct FakeVersion: RevisionCarrying { var number: Int, size: Int, created = Date(timeIntervalSince1970: 0), revision: Int }
struct FakeVersions: RevisionCarrying { var revision: Int, versions: [FakeVersion] }

enum FakeEvent: ServerSentEventConvertible {
    case operation(FakeLogged)
    case saved(FakeVersion)
    case renamed(FakeSummary)

    var eventName: String {
        switch self {
        case .operation: return "operation"
        case .saved: return "saved"
        case .renamed: return "renamed"
        }
    }
    var eventRevision: Int? {
        if case .operation(let entry) = self { return entry.revision }
        return nil
    }
    func eventData() throws -> Data {
        switch self {
        case .operation(let entry): return try JSONEncoder().encode(entry)
        case .saved(let version): return try JSONSerialization.data(withJSONObject: ["revision": version.revision, "number": version.number])
        case .renamed(let summary): return try JSONEncoder().encode(summary)
        }
    }
}

struct FakeError: APIErrorConvertible {
    var httpStatus: Int, code: String, message: String
    static func notFound(_ id: String) -> FakeError { FakeError(httpStatus: 404, code: "notFound", message: "no document \(id)") }
}

final class FakeDocumentService: DocumentServing, @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: (summary: FakeSummary, data: Data, log: [FakeLogged], versions: [FakeVersion])] = [:]
    private var subscribers: [String: [Int: @Sendable (FakeEvent) -> Void]] = [:]
    private var nextToken = 0
    /// Runs once inside the next `operations(_:after:)`, to simulate a write racing a replay.
    var duringNextLogRead: (@Sendable () -> Void)? {
        get { lock.withLock { pendingHook } }
        set { lock.withLock { pendingHook = newValue } }
    }
    private var pendingHook: (@Sendable () -> Void)?

    private func withDocument<T>(_ id: String, _ body: (inout (summary: FakeSummary, data: Data, log: [FakeLogged], versions: [FakeVersion])) throws -> T) throws -> T {
        try lock.withLock {
            guard var document = documents[id] else { throw FakeError.notFound(id) }
            defer { documents[id] = document }
            return try body(&document)
        }
    }

    private func notify(_ id: String, _ event: FakeEvent) {
        let handlers = lock.withLock { subscribers[id].map { Array($0.values) } ?? [] }
        handlers.forEach { $0(event) }
    }

    func list() throws -> [FakeSummary] { lock.withLock { documents.values.map(\.summary).filter { !$0.trashed } } }
    func trash() throws -> [FakeSummary] { lock.withLock { documents.values.map(\.summary).filter(\.trashed) } }
    func importDocument(name: String, data: Data, password: String? = nil) throws -> FakeSummary {
        guard data.starts(with: Data("%PDF".utf8)) else {
            throw FakeError(httpStatus: 422, code: "unprocessable", message: "not a PDF, PNG or JPEG")
        }
        let id = (0..<32).map { _ in String("0123456789abcdef".randomElement() ?? "0") }.joined()
        let summary = FakeSummary(id: id, name: name, size: data.count)
        lock.withLock { documents[id] = (summary, data, [], []) }
        return summary
    }
    func summary(_ id: String) throws -> FakeSummary { try withDocument(id) { $0.summary } }
    func pages(_ id: String) throws -> [FakePage] { _ = try summary(id); return [FakePage()] }
    func rename(_ id: String, to name: String) throws -> FakeSummary {
        let summary = try withDocument(id) { document in
            document.summary.name = name
            return document.summary
        }
        notify(id, .renamed(summary))
        return summary
    }
    func delete(_ id: String) throws -> FakeSummary { try withDocument(id) { $0.summary.trashed = true; return $0.summary } }
    func restore(_ id: String) throws -> FakeSummary { try withDocument(id) { $0.summary.trashed = false; return $0.summary } }
    func currentFile(_ id: String) throws -> CurrentFile { try withDocument(id) { CurrentFile(data: $0.data, storedLength: $0.data.count) } }
    func exportFlattened(_ id: String, comments: FlattenOptions.Comments) throws -> Data { try withDocument(id) { $0.data } }
    func annotations(_ id: String, page: Int?) throws -> FakeAnnotations {
        try withDocument(id) { document in
            FakeAnnotations(revision: document.summary.revision, annotations: document.log.map(\.operation))
        }
    }
    func fields(_ id: String) throws -> FakeFields {
        try withDocument(id) { FakeFields(revision: $0.summary.revision, fields: []) }
    }
    func apply(_ id: String, body: Data, signedInAs author: String?) throws -> FakeApplied {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let base = object["baseRevision"] as? Int, let client = object["clientId"] as? String,
              let operation = object["operation"] as? [String: String] else {
            throw FakeError(httpStatus: 400, code: "badRequest", message: "expected baseRevision, clientId and operation")
        }
        let (result, entry) = try withDocument(id) { document in
            let missed = document.log.filter { $0.revision > base }
            document.summary.revision += 1
            let entry = FakeLogged(revision: document.summary.revision, clientId: client, kind: "do", operation: operation)
            document.log.append(entry)
            return (FakeApplied(revision: entry.revision, applied: [entry], missed: missed), entry)
        }
        notify(id, .operation(entry))
        return result
    }
    func operations(_ id: String, after: Int) throws -> FakeLog {
        let hook: (@Sendable () -> Void)? = lock.withLock {
            defer { pendingHook = nil }
            return pendingHook
        }
        hook?()
        return try withDocument(id) { FakeLog(revision: $0.summary.revision, operations: $0.log.filter { $0.revision > after }) }
    }
    func subscribe(_ id: String, _ handler: @escaping @Sendable (FakeEvent) -> Void) throws -> Int {
        _ = try summary(id)
        return lock.withLock {
            nextToken += 1
            subscribers[id, default: [:]][nextToken] = handler
            return nextToken
        }
    }
    func unsubscribe(_ token: Int) {
        lock.withLock { for key in subscribers.keys { subscribers[key]?[token] = nil } }
    }
    /// The viewers the routes entered, by entry number.
    private var present: [Int: (id: String, viewer: DocumentViewer)] = [:]
    func enter(_ id: String, viewer: DocumentViewer) -> Int {
        lock.withLock {
            nextToken += 1
            present[nextToken] = (id, viewer)
            return nextToken
        }
    }
    func leave(_ entry: Int) { lock.withLock { present[entry] = nil } }
    func leave(_ id: String, clientId: String) throws -> [String: [String]] {
        lock.withLock { present = present.filter { $0.value.id != id || $0.value.viewer.clientId != clientId } }
        return try viewers(id)
    }
    func viewers(_ id: String) throws -> [String: [String]] {
        _ = try summary(id)
        return lock.withLock { ["viewers": present.sorted { $0.key < $1.key }.filter { $0.value.id == id }.map(\.value.viewer.clientId)] }
    }
    var subscriberCount: Int { lock.withLock { subscribers.values.reduce(0) { $0 + $1.count } } }
    func save(_ id: String) throws -> FakeVersion {
        let version = try withDocument(id) { document in
            let version = FakeVersion(number: document.versions.count + 1, size: document.data.count, revision: document.summary.revision)
            document.versions.append(version)
            document.summary.savedRevision = document.summary.revision
            return version
        }
        notify(id, .saved(version))
        return version
    }
    func versions(_ id: String) throws -> FakeVersions { try withDocument(id) { FakeVersions(revision: $0.summary.revision, versions: $0.versions) } }
    func restoreVersion(_ id: String, _ number: Int) throws -> FakeSummary {
        try withDocument(id) { document in
            guard document.versions.contains(where: { $0.number == number }) else {
                throw FakeError(httpStatus: 404, code: "notFound", message: "no version \(number)")
            }
            return document.summary
        }
    }
    func versionData(_ id: String, _ number: Int) throws -> Data { try withDocument(id) { $0.data } }
    func saveAs(_ id: String, name: String) throws -> FakeSummary {
        try importDocument(name: name, data: try currentFile(id).data)
    }
    /// The routes' side of the exports: what was asked, echoed as the body.
    func exportPNG(_ id: String, page: Int, scale: Double?) throws -> Data {
        _ = try summary(id)
        return Data("png page=\(page) scale=\(scale.map { String($0) } ?? "natural")".utf8)
    }
    func appearancePNG(_ id: String, annotation: String, scale: Double?) throws -> Data {
        _ = try summary(id)
        return Data("appearance \(annotation) scale=\(scale.map { String($0) } ?? "1")".utf8)
    }
    func exportRegion(_ id: String, page: Int, rect: CGRect) throws -> Data {
        _ = try summary(id)
        return Data("region page=\(page) rect=\(rect.minX),\(rect.minY),\(rect.maxX),\(rect.maxY)".utf8)
    }
}
