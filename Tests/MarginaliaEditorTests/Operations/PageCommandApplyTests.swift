import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Page-organising commands applied to a document, each one undo step")
struct PageCommandApplyTests {
    /// The page objects in page order: which page is where.
    func order(_ document: PDFDocument) throws -> [Int] {
        try (0..<document.pageCount).map { try document.page(at: $0, readingAnnotations: false).reference.number }
    }

    /// Applies `command`, checks it became one step, undoes it (the document is back as it
    /// was), redoes it (as after the command) and returns the order after it.
    func applyUndoRedo(_ command: EditorCommand, on document: PDFDocument, uploads: UploadReader? = nil) throws -> [Int] {
        let before = try order(document)
        let applied = try command.apply(to: document, uploads: uploads)
        #expect(applied.count == 1, "one undo step")
        let after = try order(document)
        let step = try #require(applied.first)
        let undone = try step.inverse.apply(to: document)
        #expect(try order(document) == before)
        try undone.inverse.apply(to: document)
        #expect(try order(document) == after)
        return after
    }

    @Test func movingSeveralPagesKeepsThemTogetherInTheirOrder() throws {
        let document = try OperationTests.document()
        let pages = try order(document)
        let after = try applyUndoRedo(.movePages(pages: [0, 2], to: 1), on: document)
        #expect(after == [pages[1], pages[0], pages[2]])
        #expect(try EditorCommand.movePages(pages: [1], to: 1).apply(to: document).isEmpty, "a move in place is no step")
    }

    @Test func rotatingAndRemovingSeveralPagesAreOneStepEach() throws {
        let document = try OperationTests.document()
        let pages = try order(document)
        _ = try applyUndoRedo(.rotatePages(pages: [2, 0], degrees: 90), on: document)
        #expect(try (0..<3).map { try document.page(at: $0).rotation } == [90, 0, 90])
        let after = try applyUndoRedo(.removePages(pages: [0, 2]), on: document)
        #expect(after == [pages[1]])
        #expect(throws: CommandError.notAllowed("a document keeps at least one page")) {
            try EditorCommand.removePages(pages: [0]).apply(to: document)
        }
    }

    @Test func duplicatingCopiesPagesWithTheirAnnotationsAndUndoRemovesTheCopies() throws {
        let document = try OperationTests.document()
        try EditorOperation.addAnnotation(OperationTests.ink("a", page: 1)).apply(to: document)
        let pages = try order(document)
        let applied = try EditorCommand.duplicatePages(pages: [1, 2], to: 3).apply(to: document)
        guard case .copyPages(let copy) = try #require(applied.first) else { Issue.record("not a copy"); return }
        #expect(try document.pageCount == 5)
        #expect(Array(try order(document).prefix(3)) == pages)
        let copied = try document.annotations(onPage: 3)
        #expect(copied.map(\.id) == copy.annotationIDs && copied.count == 1 && copied[0].id != "a")
        #expect(copy.pageObjects == Array(try order(document).suffix(2)))

        // Undo removes exactly the copies; redo brings the same page objects back.
        let undone = try applied[0].inverse.apply(to: document)
        #expect(try order(document) == pages)
        try undone.inverse.apply(to: document)
        #expect(Array(try order(document).suffix(2)) == copy.pageObjects)
        #expect(try document.annotations(onPage: 3).map(\.id) == copy.annotationIDs)
    }

    @Test func insertingFromAnUploadCopiesItsPagesAndReplaysTheSameIDs() throws {
        let document = try OperationTests.document()
        let upload = try OperationTests.document()
        try EditorOperation.addAnnotation(OperationTests.ink("u", page: 2)).apply(to: upload)
        let bytes = try upload.dataRepresentation()
        let uploads: UploadReader = { number in
            guard number == 7 else { throw OperationError.invalid("no upload \(number)") }
            return try PDFDocument(data: bytes)
        }
        let replica = try PDFDocument(data: try document.dataRepresentation())
        let after = try applyUndoRedo(.insertPages(index: 1, source: .upload(7), pages: [2]), on: document, uploads: uploads)
        #expect(after.count == 4)
        let all = try EditorCommand.insertPages(index: 0, source: .upload(7), pages: nil).apply(to: replica, uploads: uploads)
        #expect(try replica.pageCount == 6)

        // The logged operation, decoded and replayed on a copy of the state before it, makes
        // the same annotations.
        let logged = try JSONDecoder().decode(EditorOperation.self, from: JSONEncoder().encode(all[0]))
        #expect(logged == all[0])
        let again = try PDFDocument(data: try OperationTests.document().dataRepresentation())
        try logged.apply(to: again, uploads: uploads)
        #expect(try again.annotations(onPage: 2).map(\.id) == replica.annotations(onPage: 2).map(\.id))

        #expect(throws: OperationError.self) { try EditorCommand.insertPages(index: 0, source: .upload(7), pages: nil).apply(to: document) }
        #expect(throws: OperationError.self) {
            try EditorCommand.insertPages(index: 0, source: .document("0123456789abcdef0123456789abcdef"), pages: nil)
                .apply(to: document, uploads: uploads)
        }
        #expect(throws: PDFError.self) { try EditorCommand.insertPages(index: 0, source: .upload(7), pages: [3]).apply(to: document, uploads: uploads) }
    }
}
