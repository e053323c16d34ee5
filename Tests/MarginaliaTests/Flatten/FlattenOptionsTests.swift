import Foundation
import Testing
@testable import Marginalia
import PDFCore

/// ``PDFDocument/flatten(_:pages:where:)`` (issue 34, item 2): everything flattened by default,
/// form fields included, with the comments dropped, summarised or drawn as icons.
@Suite("Flattening everything")
struct FlattenOptionsTests {
    /// A filled form with a note (and a reply and a review state on it) and a rectangle
    /// carrying text on page 1.
    static func reviewedForm() throws -> PDFDocument {
        let document = try FormTestDocuments.form()
        try document.fillForm([("person.first", .text("Ada"))])
        var note = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 400, y: 700, width: 20, height: 20), color: .yellow)
        note.id = "note"
        note.contents = "Is this right?"
        note.author = "Ana"
        var reply = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 420, y: 700, width: 20, height: 20), color: .yellow)
        reply.id = "reply"
        reply.contents = "Yes, checked."
        reply.author = "Ben"
        reply.inReplyTo = "note"
        reply.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        var state = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 420, y: 700, width: 20, height: 20), color: nil)
        state.id = "state"
        state.author = "Cy"
        state.inReplyTo = "note"
        state.state = AnnotationState(review: .accepted)
        state.creationDate = Date(timeIntervalSince1970: 1_700_000_100)
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 380, y: 100, width: 60, height: 40), color: .red)
        square.id = "square"
        square.contents = "Move this box."
        for annotation in [note, reply, state, square] { try document.addAnnotation(annotation, toPage: 0) }
        return document
    }

    static func xObjectCount(_ document: PDFDocument, page: Int = 0) throws -> Int {
        let page = try document.page(at: page)
        let resources = try document.file.dictionary(page.dictionary["Resources"])
        return try document.file.dictionary(resources?["XObject"])?.count ?? 0
    }

    @Test func byDefaultEverythingGoesAndNotesAreNotDrawn() throws {
        let dropped = try Self.reviewedForm()
        let result = try dropped.flatten()
        #expect(result.summaryPages == 0)
        let reopened = try FormTestDocuments.reopened(dropped)
        #expect(try reopened.file.catalog()["AcroForm"] == nil, "the form is removed")
        #expect(try reopened.annotations(onPage: 0).isEmpty)
        #expect(try reopened.pageCount == 1)
        // Drawn as icons, the note adds exactly one drawing to the page; dropped, none.
        let icons = try Self.reviewedForm()
        try icons.flatten(FlattenOptions(comments: .icons))
        #expect(try Self.xObjectCount(icons) == Self.xObjectCount(dropped) + 1)
    }

    @Test func theSummaryListsCommentsUnderTheirAnnotationInReadingOrder() throws {
        let document = try Self.reviewedForm()
        let summary = try CommentSummary(of: document, pages: nil, where: { _ in true })
        #expect(summary.entries.map(\.depth) == [0, 1, 1, 0])
        #expect(summary.entries.map(\.text) == ["Is this right?", "Yes, checked.", nil, "Move this box."])
        #expect(summary.entries[0].heading.hasPrefix("Note \u{B7} Ana"))
        #expect(summary.entries[1].heading.hasPrefix("Reply \u{B7} Ben \u{B7} ") && summary.entries[1].heading.hasSuffix(" UTC"))
        #expect(summary.entries[2].heading == "Cy set Accepted")
        #expect(summary.entries[3].heading.hasPrefix("Rectangle \u{B7} Unknown author"))

        let result = try document.flatten(FlattenOptions(comments: .summary))
        #expect(result.summaryPages == 1)
        let reopened = try FormTestDocuments.reopened(document)
        #expect(try reopened.pageCount == 2)
        let words = try reopened.text(ofPage: 1).words.map(\.text).joined(separator: " ")
        #expect(words.contains("Is this right?") && words.contains("Yes, checked.") && words.contains("Move this box."), "\(words)")
        #expect(try reopened.annotations(onPage: 1).isEmpty)
    }

    @Test func aDocumentWithoutCommentsGetsNoSummaryPage() throws {
        let document = try FormTestDocuments.form()
        #expect(try document.flatten(FlattenOptions(comments: .summary)).summaryPages == 0)
        #expect(try document.pageCount == 1)
    }

    @Test func keepingTheFormFlattensOnlyTheMarkup() throws {
        let document = try Self.reviewedForm()
        try document.flatten(FlattenOptions(forms: false))
        let reopened = try FormTestDocuments.reopened(document)
        #expect(try reopened.file.catalog()["AcroForm"] != nil)
        #expect(try reopened.annotations(onPage: 0).allSatisfy { $0.subtype == "Widget" })
        #expect(try !reopened.acroForm().fields.isEmpty)
    }

    @Test func theFormBelongsToEveryPageAndSignedFormsNeedConsent() throws {
        let document = try Self.reviewedForm()
        #expect(throws: PDFError.self) { try document.flatten(FlattenOptions(), pages: [0]) }
        let signed = try FormTestDocuments.form(signed: true)
        #expect(throws: FormError.signedDocument) { try signed.flatten() }
        try signed.flatten(FlattenOptions(evenIfSigned: true))
        #expect(try signed.file.catalog()["AcroForm"] == nil)
    }
}
