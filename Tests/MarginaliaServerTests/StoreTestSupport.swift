import Foundation
import Marginalia
import MarginaliaEditor
@testable import MarginaliaServer

/// A fresh data directory under the system's temporary folder, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("marginalia-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

enum Fixtures {
    static let images = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func image(_ name: String) throws -> Data {
        try Data(contentsOf: images.appendingPathComponent(name))
    }

    /// A sample PDF (three pages, with annotations), made once.
    static let sample: Data = (try? SampleDocument.make(date: Date(timeIntervalSince1970: 1_700_000_000))) ?? Data()

    /// A square annotation on `page` with a fixed id.
    static func square(_ id: String, page: Int = 0, x: Double = 100) -> PDFAnnotation {
        var annotation = PDFAnnotation(kind: .square, rect: CGRect(x: x, y: 100, width: 50, height: 40), color: .black,
                                       pageIndex: page)
        annotation.id = id
        annotation.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        annotation.modificationDate = Date(timeIntervalSince1970: 1_700_000_000)
        return annotation
    }

    static func add(_ id: String, page: Int = 0, x: Double = 100) -> EditorOperation {
        .addAnnotation(square(id, page: page, x: x))
    }

    static func request(_ change: ApplyRequest.Change, base: Int, client: String = "tab-1") -> ApplyRequest {
        ApplyRequest(baseRevision: base, clientId: client, change: change)
    }
}

extension DocumentService {
    /// The ids of the annotations on `page`.
    func annotationIDs(_ id: String, page: Int = 0) throws -> [String] {
        try annotations(id, page: page).annotations.map(\.id)
    }
}
