import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaCore
@testable import MarginaliaEditor

@Suite("Editor: paste, duplicate, front and back, clearing a page")
struct EditorClipboardTests {
    /// An editor with two ink strokes and a square on page 1 (bottom to top in that order).
    static func editor() throws -> Editor {
        let editor = try EditorSelectTests.editor()
        #expect(try editor.types() == ["ink", "ink", "square"])
        return editor
    }

    /// What the browser keeps on its clipboard: the annotations' JSON.
    static func clipboard(_ annotations: [PDFAnnotation]) throws -> [JSONValue] {
        try EditorClipboard(annotations, pageIndex: annotations.first?.pageIndex ?? 0).annotations
    }

    @Test func pastesOntoTheSamePageStepDownAndRightAndUndoAsOne() throws {
        let editor = try Self.editor()
        let square = try #require(try editor.annotations().last)
        let copied = try Self.clipboard([square])
        for count in 0..<2 {
            let command = try #require(editor.engine.pasteCommand(copied, toPage: 0, samePage: true, count: count))
            _ = try editor.apply(command)
        }
        let squares = try editor.annotations().filter { AnnotationJSON.typeName(of: $0) == "square" }
        #expect(squares.count == 3 && Set(squares.map(\.id)).count == 3, "each copy has an id of its own")
        // Right and down on the screen: +x and -y on an unrotated page, 12 pt a paste at any zoom.
        #expect(abs(squares[1].rect.minX - square.rect.minX - 12) < 0.01 && abs(squares[1].rect.minY - square.rect.minY + 12) < 0.01)
        #expect(abs(squares[2].rect.minX - square.rect.minX - 24) < 0.01 && abs(squares[2].rect.minY - square.rect.minY + 24) < 0.01)
        try editor.undo()
        #expect(try editor.annotations().filter { AnnotationJSON.typeName(of: $0) == "square" }.count == 2)
    }

    @Test func pasteOntoAnotherPageKeepsThePlaceAndStaysOnThePage() throws {
        let editor = try Self.editor()
        let all = try editor.annotations()
        let command = try #require(editor.engine.pasteCommand(try Self.clipboard(all), toPage: 1, samePage: false, count: 0))
        _ = try editor.apply(command)
        let pasted = try editor.annotations(1)
        #expect(pasted.map { AnnotationJSON.typeName(of: $0) } == ["ink", "ink", "square"])
        for (copy, original) in zip(pasted, all) { #expect(copy.rect == original.rect && copy.id != original.id) }
        // Pasted again and again onto the page it came from, it piles up at the page's corner
        // instead of leaving it.
        let square = try Self.clipboard([try #require(all.last)])
        for count in 0..<80 {
            _ = try editor.apply(try #require(editor.engine.pasteCommand(square, toPage: 0, samePage: true, count: count)))
        }
        let crop = editor.viewport.pages[0].cropBox
        for annotation in try editor.annotations() { #expect(crop.insetBy(dx: -0.01, dy: -0.01).contains(annotation.rect)) }
    }

    @Test func bringToFrontAndSendToBackChangeTheDrawingOrderAndUndo() throws {
        let editor = try Self.editor()
        let before = try editor.annotations().map(\.id)
        editor.engine.selectAnnotations([before[0]])
        try editor.arrangeSelection(toFront: true)
        #expect(try editor.annotations().map(\.id) == [before[1], before[2], before[0]])
        editor.engine.selectAnnotations([before[2], before[1]])
        try editor.arrangeSelection(toFront: false)
        #expect(try editor.annotations().map(\.id) == [before[1], before[2], before[0]], "kept their order among themselves")
        editor.engine.selectAnnotations([before[0]])
        try editor.arrangeSelection(toFront: false)
        #expect(try editor.annotations().map(\.id) == [before[0], before[1], before[2]])
        try editor.undo()
        try editor.undo()
        #expect(try editor.annotations().map(\.id) == [before[1], before[2], before[0]])
        try editor.undo()
        #expect(try editor.annotations().map(\.id) == before)
        // The engine's hit test follows the drawing order: the top annotation wins.
        #expect(editor.engine.indexes[0].annotations.map(\.id) == before)
    }

    @Test func clearingAPageRemovesItsMarkupButNotLockedOnesAsOneStep() throws {
        let editor = try Self.editor()
        var locked = try #require(try editor.annotations().first)
        locked.flags.insert(.locked)
        _ = try editor.perform(.changeAnnotation(before: try #require(try editor.annotations().first), after: locked))
        try editor.clearMarkup(onPage: 0)
        #expect(try editor.annotations().map(\.id) == [locked.id])
        try editor.undo()
        let types = try editor.types()
        #expect(types == ["ink", "ink", "square"], "\(types)")
        #expect(editor.engine.clearMarkupCommand(page: 2).isEmpty, "nothing to clear on an empty page")
    }

    @Test func copyCutPasteAndDuplicateThroughTheEditorSelectTheCopies() throws {
        let editor = try Self.editor()
        let square = try #require(try editor.annotations().last)
        editor.engine.selectAnnotations([square.id])
        #expect(try editor.copySelection())
        try editor.paste(toPage: 0)
        try editor.paste(toPage: 0)
        let copies = try editor.annotations().suffix(2)
        #expect(editor.selection.map(\.id) == [copies.last!.id], "the last paste is selected")
        #expect(abs(copies.last!.rect.minX - square.rect.minX - 24) < 0.01)
        try editor.duplicateSelection()
        #expect(try editor.types().filter { $0 == "square" }.count == 4)
        #expect(abs(editor.selection[0].rect.minX - square.rect.minX - 36) < 0.01, "a duplicate lands a step beside what it copies")
        editor.engine.selectAnnotations([square.id])
        try editor.cutSelection()
        #expect(try editor.annotations().contains { $0.id == square.id } == false)
        try editor.paste(toPage: 1)
        #expect(try editor.annotations(1).map(\.rect) == [square.rect], "onto another page, in the same place")
    }

    @Test func textAndImagesFromTheSystemClipboardLandInTheMiddleOfWhatShows() throws {
        let editor = try Self.editor()
        let (page, middle) = try #require(editor.engine.pastePoint)
        try editor.pasteText("First line\nsecond")
        let text = try #require(try editor.annotations(page).last)
        guard case .freeText(let box) = text.kind else { Issue.record("not a text box: \(text.kind)"); return }
        #expect(box.text == "First line\nsecond")
        #expect(abs(text.rect.midX - middle.x) < 0.5 && abs(text.rect.midY - middle.y) < 0.5)
        #expect(editor.selection.map(\.id) == [text.id])
        try editor.pasteText("  \n ")
        #expect(try editor.annotations(page).last?.id == text.id, "blank text adds nothing")

        try editor.pasteImage(TestImages.png(width: 40, height: 20))
        let image = try #require(try editor.annotations(page).last)
        #expect(AnnotationJSON.typeName(of: image) == "stamp" && image.rect.size == CGSize(width: 40, height: 20))
        #expect(abs(image.rect.midX - middle.x) < 0.5 && abs(image.rect.midY - middle.y) < 0.5)
        try editor.undo()
        try editor.undo()
        #expect(try editor.types() == ["ink", "ink", "square"])
    }
}
