import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Operations and undo")
struct OperationTests {
    /// A three-page document built by the renderer, each page saying its number.
    static func document() throws -> PDFDocument {
        let renderer = PDFRenderer()
        let data = try renderer.data { context in
            for page in 1...3 {
                try context.beginPage()
                try context.draw("Page \(page)", at: CGPoint(x: 72, y: 700), font: StandardFontFace(.helvetica), size: 14)
            }
        }
        return try PDFDocument(data: data)
    }

    static func ink(_ id: String, page: Int) -> PDFAnnotation {
        var a = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 80)]])), rect: .zero,
                              color: .red, pageIndex: page)
        a.id = id
        return a
    }

    func ids(_ document: PDFDocument, _ page: Int) throws -> [String] {
        try document.annotations(onPage: page).map(\.id)
    }

    @Test func everyOperationUndoesAndRedoes() throws {
        let document = try Self.document()
        var history = UndoHistory()
        history.record(try EditorOperation.addAnnotation(Self.ink("a", page: 0)).apply(to: document))
        history.record(try EditorOperation.addAnnotation(Self.ink("b", page: 0)).apply(to: document))
        var changed = try #require(try document.annotations(onPage: 0).first { $0.id == "a" })
        let before = changed
        changed.color = .blue
        changed.border.width = 5
        history.record(try EditorOperation.changeAnnotation(before: before, after: changed).apply(to: document))
        history.record(try EditorOperation.removeAnnotation(try #require(try document.annotations(onPage: 0).first { $0.id == "b" })).apply(to: document))
        history.record(try EditorOperation.insertPage(index: 1, width: 300, height: 400).apply(to: document))
        history.record(try EditorOperation.removePage(index: 3, pageObject: nil).apply(to: document))  // "Page 3"
        #expect(try document.pageCount == 3)
        #expect(try ids(document, 0) == ["a"])
        #expect(try document.annotations(onPage: 0).first?.color?.hex == "#0000FF")

        // Undo everything, step by step.
        _ = try history.undo(on: document)   // page 3 back
        #expect(try document.pageCount == 4)
        _ = try history.undo(on: document)   // blank page gone
        #expect(try document.pageCount == 3)
        _ = try history.undo(on: document)   // b back
        #expect(try ids(document, 0) == ["a", "b"])
        _ = try history.undo(on: document)   // a's old colour
        #expect(try document.annotations(onPage: 0).first { $0.id == "a" }?.color?.hex == "#FF0000")
        _ = try history.undo(on: document)
        _ = try history.undo(on: document)
        #expect(try ids(document, 0).isEmpty)
        #expect(try history.undo(on: document) == nil)
        let text = try Self.pageTexts(document)
        #expect(text == ["Page 1", "Page 2", "Page 3"])

        // And redo it all.
        while try history.redo(on: document) != nil {}
        #expect(try document.pageCount == 3)
        #expect(try ids(document, 0) == ["a"])
        #expect(try Self.pageTexts(document) == ["Page 1", "", "Page 2"])
    }

    /// The text of each page's content, crudely: what its Tj operands say.
    static func pageTexts(_ document: PDFDocument) throws -> [String] {
        try (0..<document.pageCount).map { index in
            let page = try document.page(at: index)
            var text = ""
            let contents = try document.file.resolve(page.dictionary["Contents"] ?? .null)
            let streams = contents.arrayValue ?? [contents]
            for stream in streams {
                guard let s = try document.file.resolve(stream).streamValue else { continue }
                let bytes = String(decoding: try s.decodedBytes(), as: UTF8.self)
                if let range = bytes.range(of: "(Page ") {
                    text += "Page " + String(bytes[range.upperBound...].prefix { $0 != ")" })
                }
            }
            return text
        }
    }

    @Test func undoWorksAcrossSaves() throws {
        let document = try Self.document()
        var history = UndoHistory()
        history.record(try EditorOperation.addAnnotation(Self.ink("x", page: 2)).apply(to: document))
        let saved = try document.dataRepresentation()
        #expect(try PDFDocument(data: saved).annotations(onPage: 2).count == 1)
        _ = try history.undo(on: document)
        #expect(try PDFDocument(data: try document.dataRepresentation()).annotations(onPage: 2).isEmpty)
    }

    @Test func newActionClearsRedoAndDepthIsKept() throws {
        let document = try Self.document()
        var history = UndoHistory(depth: 3)
        for i in 0..<5 { history.record(try EditorOperation.addAnnotation(Self.ink("i\(i)", page: 0)).apply(to: document)) }
        #expect(history.undoStack.count == 3)
        _ = try history.undo(on: document)
        #expect(history.canRedo)
        history.record(try EditorOperation.addAnnotation(Self.ink("new", page: 0)).apply(to: document))
        #expect(!history.canRedo)
    }

    @Test func aFailingGroupLeavesTheDocumentUnchanged() throws {
        let document = try Self.document()
        let group = EditorOperation.group(name: "erase", [
            .addAnnotation(Self.ink("piece", page: 0)),
            .removeAnnotation(Self.ink("does-not-exist", page: 0)),
        ])
        #expect(throws: OperationError.annotationNotFound(id: "does-not-exist", page: 0)) { try group.apply(to: document) }
        #expect(try ids(document, 0).isEmpty)
        #expect(throws: OperationError.self) { try EditorOperation.removePage(index: 7, pageObject: nil).apply(to: document) }
    }

    @Test func operationsRoundTripThroughJSON() throws {
        let operations: [EditorOperation] = [
            .addAnnotation(Self.ink("a", page: 1)),
            .changeAnnotation(before: Self.ink("a", page: 1), after: Self.ink("a", page: 1)),
            .insertPage(index: 2, width: 595, height: 842),
            .removePage(index: 0, pageObject: 12),
            .group(name: "erase", [.removeAnnotation(Self.ink("b", page: 0)), .addAnnotation(Self.ink("c", page: 0))]),
        ]
        let data = try JSONEncoder().encode(operations)
        let decoded = try JSONDecoder().decode([EditorOperation].self, from: data)
        #expect(decoded.count == operations.count)
        for (a, b) in zip(operations, decoded) {
            #expect(a.name == b.name)
        }
        if case .addAnnotation(let annotation, _) = decoded[0] {
            #expect(annotation.id == "a" && annotation.pageIndex == 1 && annotation.kind == Self.ink("a", page: 1).kind)
        } else {
            Issue.record("not an add")
        }
    }
}
