import Foundation
import Testing
@testable import Marginalia
import PDFCore

@Suite struct PageCopyTests {
    static let modes = [PDFWriteOptions(), PDFWriteOptions(mode: .compact)]

    private func square(_ x: Double, page: Int) -> PDFAnnotation {
        var annotation = PDFAnnotation(kind: .square, rect: CGRect(x: x, y: 100, width: 50, height: 40), color: .red)
        annotation.pageIndex = page
        return annotation
    }

    @Test(arguments: modes)
    func duplicatingAPageSharesItsContentAndCopiesItsAnnotations(options: PDFWriteOptions) throws {
        let document = try TestDocuments.pages(3)
        let original = try document.addAnnotation(square(100, page: 1), toPage: 1)
        let ids = try document.copyPages([1], at: 2)
        #expect(ids.count == 1 && ids[0] != original.id)
        #expect(try TestDocuments.markers(document) == ["% page 1", "% page 2", "% page 2", "% page 3"])
        let page = try document.page(at: 1), copy = try document.page(at: 2)
        #expect(page.dictionary["Contents"] == copy.dictionary["Contents"], "content streams are shared")
        #expect(copy.rotation == 90, "the copy keeps what its page inherited")
        let copied = try #require(try document.annotations(onPage: 2).first)
        #expect(copied.id == ids[0] && copied.rect == original.rect)
        #expect(copied.reference != original.reference)
        #expect(copied.dictionary["AP"] != original.dictionary["AP"], "each annotation has its own appearance")
        #expect(copied.dictionary["P"]?.referenceValue == copy.reference)

        // Editing or removing the original leaves the copy whole.
        var moved = try #require(try document.annotation(id: original.id, onPage: 1))
        moved.rect = moved.rect.offsetBy(dx: 30, dy: 0)
        try document.updateAnnotation(moved)
        try document.removeAnnotations(ids: [original.id])
        let saved = try TestDocuments.reopen(document, options: options)
        #expect(try saved.pageCount == 4)
        let kept = try #require(try saved.annotations(onPage: 2).first)
        #expect(kept.id == ids[0] && kept.rect == original.rect)
        let appearance = try #require(kept.dictionary["AP"]?.dictionaryValue?["N"])
        guard case .stream = try saved.file.resolve(appearance) else { Issue.record("the copy lost its appearance"); return }
        #expect(try saved.annotations(onPage: 1).isEmpty)
    }

    @Test func givenIDsReproduceACopy() throws {
        let document = try TestDocuments.pages(2)
        try document.addAnnotation(square(100, page: 0), toPage: 0)
        try document.addAnnotation(square(200, page: 0), toPage: 0)
        let again = try TestDocuments.reopen(document)
        let ids = try document.copyPages([0], at: 1)
        #expect(try again.copyPages([0], at: 1, annotationIDs: ids) == ids)
        #expect(try again.annotations(onPage: 1).map(\.id) == ids)
        #expect(throws: PDFError.self) { try again.copyPages([0], at: 0, annotationIDs: [ids[0]]) }
        #expect(throws: PDFError.self) { try again.copyPages([0], at: 0, annotationIDs: ids + ["extra"]) }
    }

    @Test func refusesPagesOutOfRangeOrNamedTwice() throws {
        let document = try TestDocuments.pages(2)
        #expect(throws: PDFError.self) { try document.copyPages([2], at: 0) }
        #expect(throws: PDFError.self) { try document.copyPages([0, 0], at: 0) }
        #expect(throws: PDFError.self) { try document.copyPages([0], at: 3) }
        #expect(throws: PDFError.self) { try document.copyPages([], at: 0) }
        #expect(try document.pageCount == 2)
    }

    @Test(arguments: modes)
    func copyingFromAnotherDocumentBringsEverythingAndNewIDs(options: PDFWriteOptions) throws {
        let source = try TestDocuments.pages(4)
        let a = try source.addAnnotation(square(100, page: 3), toPage: 3)
        let target = try TestDocuments.pages(2)
        let ids = try target.copyPages([3, 0], from: source, at: 1)
        let saved = try TestDocuments.reopen(target, options: options)
        #expect(try TestDocuments.markers(saved) == ["% page 1", "% page 4", "% page 1", "% page 2"])
        let copied = try #require(try saved.annotations(onPage: 1).first)
        #expect(ids == [copied.id] && copied.id != a.id && copied.rect == a.rect)
        #expect(copied.dictionary["P"]?.referenceValue == (try saved.page(at: 1)).reference)
    }

    /// Page 1 links to page 2 and to page 3 and to a web address.
    private func linkedDocument() throws -> PDFDocument {
        try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3/MediaBox[0 0 612 792]>>",
            3: "<</Type/Page/Parent 2 0 R/Annots[6 0 R 7 0 R 8 0 R]/StructParents 4>>",
            4: "<</Type/Page/Parent 2 0 R>>",
            5: "<</Type/Page/Parent 2 0 R>>",
            6: "<</Type/Annot/Subtype/Link/Rect[0 0 10 10]/Dest[4 0 R/Fit]/StructParent 1>>",
            7: "<</Type/Annot/Subtype/Link/Rect[0 20 10 30]/A<</S/GoTo/D[5 0 R/Fit]>>>>",
            8: "<</Type/Annot/Subtype/Link/Rect[0 40 10 50]/A<</S/URI/URI(https://example.org)>>>>",
        ])
    }

    @Test func linksLeadingNowhereInTheTargetAreLeftOut() throws {
        let target = try TestDocuments.pages(1)
        try target.copyPages([0, 1], from: try linkedDocument(), at: 1)
        let links = try target.page(at: 1).annotationDictionaries
        #expect(links.count == 2, "the link to page 3, not copied, is gone")
        #expect(try target.file.resolve(links[0]["Dest"] ?? .null).arrayValue?.first?.referenceValue == (try target.page(at: 2)).reference)
        #expect(links[1]["A"]?.dictionaryValue?["S"]?.nameValue == "URI")
        #expect(try target.page(at: 1).dictionary["StructParents"] == nil)
        #expect(links[0]["StructParent"] == nil)
    }

    @Test func duplicatingKeepsLinksToOtherPages() throws {
        let document = try linkedDocument()
        try document.copyPages([0], at: 3)
        let links = try document.page(at: 3).annotationDictionaries
        #expect(links.count == 3)
        #expect(links[0]["Dest"]?.arrayValue?.first?.referenceValue == (try document.page(at: 1)).reference)
    }

    @Test func duplicatedFormFieldsGetNamesOfTheirOwn() throws {
        let document = try FormTestDocuments.form()
        let before = try document.acroForm().fields.map(\.name)
        try document.copyPages([0], at: 1)
        let form = try FormTestDocuments.reopened(document).acroForm()
        let names = form.fields.map(\.name)
        for name in before { #expect(names.contains(name), "\(name) is still there") }
        for name in ["person_first", "person_last", "notes_2", "agree_2", "choice_2", "fruit_2", "sig_2"] {
            #expect(names.contains(name), "\(name) was made")
        }
        let copy = try #require(form.field(named: "choice_2"))
        #expect(copy.widgets.count == 2 && copy.widgets.allSatisfy { $0.pageIndex == 1 })
        #expect(copy.states.sorted() == ["A", "B"])
        #expect(form.field(named: "person_last")?.isReadOnly == true, "inherited flags come along")
        #expect(form.field(named: "person_first")?.type == .text)
        #expect(form.field(named: "person_last")?.value == .text("Fixed"))

        // The copy fills on its own.
        let reopened = try FormTestDocuments.reopened(document)
        try reopened.setValue(.text("Copy"), forField: "notes_2")
        let filled = try reopened.acroForm()
        #expect(filled.field(named: "notes_2")?.value == .text("Copy"))
        #expect(filled.field(named: "notes")?.value == nil)
    }

    @Test func aCopiedSignatureIsNotSigned() throws {
        let document = try FormTestDocuments.form(signed: true)
        try document.copyPages([0], at: 1)
        let form = try document.acroForm()
        #expect(form.field(named: "sig")?.value != nil || form.isSigned)
        #expect(form.field(named: "sig_2")?.value == nil)
    }

    @Test func fieldsCopiedIntoADocumentWithoutAFormMakeOne() throws {
        let target = try TestDocuments.pages(1)
        try target.copyPages([0], from: try FormTestDocuments.form(), at: 1)
        let saved = try TestDocuments.reopen(target, options: PDFWriteOptions(mode: .compact))
        let form = try saved.acroForm()
        #expect(form.fields.contains { $0.name == "person_first" })
        #expect(form.fields.contains { $0.name == "agree" }, "a free name is kept")
        let acroForm = try #require(try saved.file.dictionary(try saved.file.catalog()["AcroForm"]))
        #expect(acroForm["DA"] != nil)
        #expect(try saved.file.dictionary(try saved.file.dictionary(acroForm["DR"])?["Font"])?["Helv"] != nil)
        try saved.setValue(.text("Hello"), forField: "notes")
        #expect(try saved.acroForm().field(named: "notes")?.value == .text("Hello"))
    }

    @Test func extractingMakesADocumentOfThePages() throws {
        let source = try TestDocuments.pages(5)
        try source.addAnnotation(square(100, page: 4), toPage: 4)
        let extracted = try PDFDocument(data: try source.extractPages([4, 1]))
        #expect(try TestDocuments.markers(extracted) == ["% page 5", "% page 2"])
        #expect(try extracted.annotations(onPage: 0).count == 1)
        #expect(try source.pageCount == 5, "the source is unchanged")
        #expect(extracted.file.trailer["Info"] == nil)
    }
}
