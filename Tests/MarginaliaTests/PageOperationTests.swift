import Foundation
import Testing
@testable import Marginalia

@Suite("Page operations")
struct PageOperationTests {
    static let modes = [PDFWriteOptions(mode: .incremental), PDFWriteOptions(mode: .compact),
                        PDFWriteOptions(mode: .compact, useObjectStreams: true)]

    @Test func inheritedAttributesAndLabels() throws {
        let document = try TestDocuments.pages(7)
        #expect(try document.pageCount == 7)
        let page = try document.page(at: 4)
        #expect(page.rotation == 90)
        #expect(page.bounds(for: .mediaBox) == CGRect(x: 0, y: 0, width: 612, height: 792))
        #expect(page.effectiveAttributes["Resources"]?.dictionaryValue?["Inherited"] == true)
        #expect(try document.page(at: 0).label == "i")
        #expect(try document.page(at: 1).label == "ii")
        #expect(try document.page(at: 2).label == "P-10")
        #expect(try document.page(at: 6).label == "P-14")
        #expect(throws: PDFError.self) { try document.page(at: 7) }
        #expect(throws: PDFError.self) { try document.page(at: -1) }
    }

    @Test(arguments: modes)
    func insertBlankPages(options: PDFWriteOptions) throws {
        let document = try TestDocuments.pages(5)
        try document.insertBlankPage(size: CGSize(width: 200, height: 300), at: 0)
        try document.insertBlankPage(size: CGSize(width: 400, height: 500), at: 3)
        try document.insertBlankPage(size: CGSize(width: 100, height: 100), at: 7)
        let saved = try TestDocuments.reopen(document, options: options)
        #expect(try saved.pageCount == 8)
        #expect(try TestDocuments.markers(saved) == ["?", "% page 1", "% page 2", "?", "% page 3", "% page 4", "% page 5", "?"])
        #expect(try saved.page(at: 0).bounds(for: .mediaBox).size == CGSize(width: 200, height: 300))
        #expect(try saved.page(at: 3).bounds(for: .mediaBox).size == CGSize(width: 400, height: 500))
        #expect(try saved.page(at: 7).bounds(for: .mediaBox).size == CGSize(width: 100, height: 100))
        #expect(try saved.page(at: 0).rotation == 0, "a blank page in a rotated node must not look rotated")
    }

    @Test func invalidSizesAndIndexesThrow() throws {
        let document = try TestDocuments.pages(2)
        #expect(throws: PDFError.self) { try document.insertBlankPage(size: CGSize(width: 0, height: 10), at: 0) }
        #expect(throws: PDFError.self) { try document.insertBlankPage(size: CGSize(width: Double.nan, height: 10), at: 0) }
        #expect(throws: PDFError.self) { try document.insertBlankPage(size: CGSize(width: 10, height: 10), at: 3) }
        #expect(throws: PDFError.self) { try document.removePage(at: 2) }
        #expect(throws: PDFError.self) { try document.movePage(from: 0, to: 5) }
        #expect(throws: PDFError.self) { try document.rotatePage(at: 0, by: 45) }
        #expect(!document.hasChanges, "failed operations change nothing")
    }

    @Test(arguments: modes)
    func removeMoveRotate(options: PDFWriteOptions) throws {
        let document = try TestDocuments.pages(7)
        try document.removePage(at: 1)  // 1 3 4 5 6 7
        try document.movePage(from: 0, to: 5)  // 3 4 5 6 7 1
        try document.movePage(from: 4, to: 1)  // 3 7 4 5 6 1
        try document.rotatePage(at: 0, by: 90)
        try document.rotatePage(at: 1, by: -90)
        let saved = try TestDocuments.reopen(document, options: options)
        #expect(try TestDocuments.markers(saved) == ["% page 3", "% page 7", "% page 4", "% page 5", "% page 6", "% page 1"])
        #expect(try saved.page(at: 0).rotation == 180)
        #expect(try saved.page(at: 1).rotation == 0)
        #expect(try saved.page(at: 5).rotation == 90, "a moved page keeps its inherited rotation")
        #expect(try saved.page(at: 5).effectiveAttributes["Resources"]?.dictionaryValue?["Inherited"] == true)
    }

    @Test func removingTheOnlyPageIsRefused() throws {
        let document = try TestDocuments.pages(1)
        #expect(throws: PDFError.self) { try document.removePage(at: 0) }
    }

    @Test func incrementalPageEditAppendsOnlyTouchedObjects() throws {
        let document = try TestDocuments.pages(9)
        let original = try document.dataRepresentation()
        try document.rotatePage(at: 4, by: 90)
        let written = try document.dataRepresentation()
        #expect(written.prefix(original.count) == original)
        let appended = String(decoding: written[original.count...], as: UTF8.self)
        #expect(appended.components(separatedBy: " 0 obj").count - 1 == 1, "only the rotated page is rewritten")
    }

    @Test(arguments: modes)
    func importPagesFromAnotherDocument(options: PDFWriteOptions) throws {
        let target = try TestDocuments.pages(2)
        let source = try TestDocuments.pages(4)
        try target.insertPages(from: source, indexes: [3, 0], at: 1)
        let saved = try TestDocuments.reopen(target, options: options)
        #expect(try TestDocuments.markers(saved) == ["% page 1", "% page 4", "% page 1", "% page 2"])
        #expect(try saved.page(at: 1).rotation == 90, "inherited attributes come along")
    }
}
