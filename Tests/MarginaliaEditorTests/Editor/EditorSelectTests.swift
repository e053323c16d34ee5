import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: the Select tool through pointer events")
struct EditorSelectTests {
    /// An editor with two ink strokes (y 400 and 600) and an unfilled square at (300...400,
    /// 200...260), which is hit by its outline.
    static func editor() throws -> Editor {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke((0...10).map { editor.view(100 + CGFloat($0) * 10, 400) })
        try pen.stroke((0...10).map { editor.view(100 + CGFloat($0) * 10, 600) })
        editor.select(.shape)
        try pen.stroke([editor.view(300, 200), editor.view(350, 230), editor.view(400, 260)])
        editor.select(.select)
        return editor
    }

    @Test func tapSelectsTheAnnotationUnderThePointAndTapOnEmptySpaceClears() throws {
        let editor = try Self.editor()
        var mouse = ScriptedPointer(editor: editor, kind: .mouse)
        try mouse.tap(editor.view(150, 401))
        #expect(editor.selection.map { AnnotationJSON.typeName(of: $0) } == ["ink"])
        try mouse.tap(editor.view(300, 230))
        #expect(editor.selection.map { AnnotationJSON.typeName(of: $0) } == ["square"])
        try mouse.tap(editor.view(500, 700))
        #expect(editor.selection.isEmpty)
    }

    @Test func dragMovesTheAnnotationAsOneUndoStepClampedToThePage() throws {
        let editor = try Self.editor()
        var mouse = ScriptedPointer(editor: editor, kind: .mouse)
        let before = try #require(try editor.annotations().first { AnnotationJSON.typeName(of: $0) == "square" })
        try mouse.stroke([editor.view(300, 230), editor.view(320, 250), editor.view(350, 280)])
        var moved = try #require(try editor.annotations().first { $0.id == before.id })
        #expect(abs(moved.rect.minX - before.rect.minX - 50) < 0.5 && abs(moved.rect.minY - before.rect.minY - 50) < 0.5)
        #expect(editor.selection.map(\.id) == [before.id])
        // Dragging far off the page keeps it on the page.
        try mouse.stroke([editor.view(350, 280), editor.view(2_000, 280)])
        moved = try #require(try editor.annotations().first { $0.id == before.id })
        #expect(moved.rect.maxX <= editor.viewport.pages[0].cropBox.maxX + 0.01)
        try editor.undo()
        try editor.undo()
        #expect(try editor.annotations().first { $0.id == before.id }?.rect == before.rect)
    }

    @Test func aCornerHandleResizesTheSelection() throws {
        let editor = try Self.editor()
        var mouse = ScriptedPointer(editor: editor, kind: .mouse)
        try mouse.tap(editor.view(300, 230))
        let square = try #require(editor.selection.first)
        // Drag the upper-right corner outwards by 40 points.
        try mouse.stroke([editor.view(square.rect.maxX, square.rect.maxY), editor.view(square.rect.maxX + 40, square.rect.maxY + 40)])
        let resized = try #require(try editor.annotations().first { $0.id == square.id })
        #expect(abs(resized.rect.width - square.rect.width - 40) < 0.5)
        #expect(abs(resized.rect.minX - square.rect.minX) < 0.5, "the opposite corner stays put")
    }

    @Test func lassoSelectsSeveralStrokesAndTheSelectionCanBeRecolouredWidenedAndDeleted() throws {
        let editor = try Self.editor()
        var pen = ScriptedPointer(editor: editor, kind: .pen)
        let loop = [editor.view(80, 380), editor.view(250, 380), editor.view(250, 620), editor.view(80, 620), editor.view(80, 381)]
        try pen.stroke(loop)
        #expect(editor.selection.count == 2)
        try editor.recolorSelection(.red)
        #expect(try editor.annotations().filter { $0.color == .red }.count == 2)
        try editor.setSelectionWidth(7)
        #expect(try editor.annotations().filter { $0.border.width == 7 }.count == 2)
        try editor.deleteSelection()
        #expect(try editor.types() == ["square"])
        try editor.undo()
        try editor.undo()
        try editor.undo()
        #expect(try editor.annotations().filter { $0.color == .red }.isEmpty)
        #expect(try editor.annotations().count == 3)
    }
}
