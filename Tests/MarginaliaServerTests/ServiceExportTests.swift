import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

@Suite("Document service: Save as, PNG export, view PDF")
struct ServiceExportTests {
    @Test func saveAsCopiesTheCurrentStateAndLeavesTheOriginalAsItWas() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let original = try service.catalogue.importDocument(name: "photo", data: try Fixtures.image("rgb.png"))
        _ = try service.editing.apply(original.id, Fixtures.request(.operation(Fixtures.add("mark")), base: 0))
        let copy = try service.catalogue.saveAs(original.id, name: "photo (reviewed)")
        #expect(copy.id != original.id && copy.name == "photo (reviewed)" && copy.kind == .image)
        #expect(copy.revision == 0 && copy.savedRevision == 0, "the copy starts saved")
        #expect(try PDFDocument(data: try service.saving.fileData(copy.id)).annotations(onPage: 0).map(\.id) == ["mark"])
        #expect(try service.saving.versions(copy.id).versions.count == 1)
        // The original still has its edit unsaved.
        let after = try service.catalogue.summary(original.id)
        #expect(after.revision == 1 && after.savedRevision == 0)
        #expect(try service.catalogue.list().count == 2)
        #expect(throws: ServiceError.self) { try service.catalogue.saveAs(original.id, name: "  ") }
        #expect(throws: ServiceError.self) { try service.catalogue.saveAs(String(repeating: "0", count: 32), name: "x") }
    }

    @Test func anImageDocumentExportsAsAPNGOfTheImagesSizeWithItsMarks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "photo", data: try Fixtures.image("rgb.png")).id
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 2, y: 2, width: 6, height: 4), color: nil, pageIndex: 0)
        square.interiorColor = Color(red: 0, green: 0, blue: 1)
        _ = try service.editing.apply(id, Fixtures.request(.operation(.addAnnotation(square)), base: 0))
        let png = try service.exports.exportPNG(id, page: 0, scale: nil)
        let image = try ImageDecoder.decode(png)
        #expect(image.width == 16 && image.height == 12, "the image's own size")
        guard case .samples(let samples) = image.storage else { Issue.record("not decoded"); return }
        let n = image.colorSpace.componentCount
        // Page (5, 4) is row 12 - 4 - 1 = 7 from the top: inside the unsaved square.
        #expect(Array(samples[(7 * 16 + 5) * n..<(7 * 16 + 5) * n + 3]) == [0, 0, 255])
        let double = try ImageDecoder.decode(try service.exports.exportPNG(id, page: 0, scale: 2))
        #expect(double.width == 32)
        #expect(throws: ServiceError.self) { try service.exports.exportPNG(id, page: 1, scale: nil) }
    }

    @Test func aRegionOfAPageExportsAsAOnePageVectorPDF() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let service = try DocumentService(directory: folder.url)
        let id = try service.catalogue.importDocument(name: "sample", data: Fixtures.sample).id
        _ = try service.editing.apply(id, Fixtures.request(.operation(Fixtures.add("mark", page: 1)), base: 0))
        let pdf = try PDFDocument(data: try service.exports.exportRegion(id, page: 1, rect: CGRect(x: 50, y: 50, width: 200, height: 150)))
        #expect(try pdf.pageCount == 1)
        let page = try pdf.page(at: 0)
        #expect(page.bounds(for: .cropBox) == CGRect(x: 50, y: 50, width: 200, height: 150))
        #expect(try pdf.annotations(onPage: 0).isEmpty, "burned in")
        let content = String(decoding: try pdf.contentData(of: page), as: UTF8.self)
        #expect(content.contains(" Do"), "the flattened square is drawn as a form")
        #expect(throws: ServiceError.self) { try service.exports.exportRegion(id, page: 1, rect: CGRect(x: 5000, y: 5000, width: 10, height: 10)) }
    }
}
