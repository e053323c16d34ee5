import Foundation
import Testing
@testable import Marginalia

/// A page tree that names one page object at two places reads as two pages sharing the
/// object (as qpdf and MuPDF read it); an edit first gives each later place a copy of its
/// own, so it changes the page it was meant for, and the saved tree stays a sound tree.
@Suite("Pages shared by two places of the tree")
struct SharedPageEditingTests {
    private func repeatedKid() throws -> PDFDocument {
        try PDFDocument(data: Data(DamageKindFiles.kinds.first { $0.description == "repeated kid" }!.bytes))
    }

    private func annotation() -> PDFAnnotation {
        PDFAnnotation(kind: .square, rect: CGRect(x: 20, y: 20, width: 50, height: 50))
    }

    @Test func readingChangesNothing() throws {
        let document = try repeatedKid()
        #expect(try document.pageCount == 2)
        #expect(try document.page(at: 0).reference == document.page(at: 1).reference)
        _ = try document.annotations(onPage: 1)
        #expect(!document.hasChanges)
    }

    @Test func anAnnotationLandsOnThePageItWasAddedTo() throws {
        let document = try repeatedKid()
        try document.addAnnotation(annotation(), toPage: 1)
        #expect(try document.page(at: 0).reference != document.page(at: 1).reference)
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.pageCount == 2)
        #expect(try saved.annotations(onPage: 0).isEmpty)
        #expect(try saved.annotations(onPage: 1).count == 1)
        let report = DocumentChecker(document: saved).run()
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(try saved.contentData(of: saved.page(at: 0)) == saved.contentData(of: saved.page(at: 1)))
    }

    /// The first place keeps the object, and with it the annotations it had; the copy's get
    /// ids of their own.
    @Test func theFirstPlaceKeepsTheObjectAndItsAnnotations() throws {
        let document = try repeatedKid()
        let first = try document.page(at: 0).reference
        let added = try document.addAnnotation(annotation(), toPage: 0)
        #expect(try document.page(at: 0).reference == first)
        #expect(try document.annotations(onPage: 0).map(\.id) == [added.id])
        try document.rotatePage(at: 1, by: 90)
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.page(at: 0).rotation == 0)
        #expect(try saved.page(at: 1).rotation == 90)
        #expect(try saved.annotations(onPage: 0).map(\.id) == [added.id])
        #expect(try saved.annotations(onPage: 1).count == 0)
    }

    /// A node with two parents: removing its last page at one place leaves the other place
    /// whole, and the saved `/Count`s add up (MuPDF trusts them).
    @Test func removingAPageOfASharedNodeKeepsCountsRight() throws {
        let document = try PDFDocument(data: Data(DamageKindFiles.sharedNode()))
        #expect(try document.pageCount == 4)
        try document.removePage(at: 3)
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.pageCount == 3)
        let root = try saved.file.dictionary(saved.file.catalog()["Pages"])
        #expect(root?["Count"]?.integerValue == 3)
        let report = DocumentChecker(document: saved).run()
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(Set(try (0..<3).map { try saved.page(at: $0).reference.number }).count == 3)
    }

    /// A page repeated a level down, under `/Count`s that add up: finding pages trusts the
    /// counts, but a tree edit walks the tree and separates the two places first, so a page
    /// inserted between them lands between them.
    @Test func aTreeEditSeparatesAPageRepeatedUnderCountsThatAddUp() throws {
        let objects = DamageKindFiles.text([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [5 0 R 6 0 R] /Count 3 >>",
            DamageKindFiles.page(parent: 5, contents: 7), DamageKindFiles.page(parent: 6, contents: 7),
            "<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 3 0 R] /Count 2 >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>"]) + [DamageKindFiles.stream(Array(DamageKindFiles.content.utf8))]
        let document = try PDFDocument(data: Data(DamageKindFiles.file(objects)))
        #expect(try document.pageCount == 3)
        // Inserting between the two places: only separate places say where "between" is.
        try document.insertBlankPage(size: CGSize(width: 50, height: 50), at: 1)
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.pageCount == 4)
        #expect(try (0..<4).map { try saved.page(at: $0).bounds(for: .mediaBox).width } == [200, 50, 200, 200])
        #expect(Set(try (0..<4).map { try saved.page(at: $0).reference.number }).count == 4)
        let report = DocumentChecker(document: saved).run()
        #expect(report.problems.isEmpty, "\(report.problems)")
    }
}
