import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: stylus gestures, pages and preferences")
struct EditorGestureAndPageTests {
    @Test func doubleTapTogglesBetweenTheEraserAndDraw() throws {
        let editor = try Editor.make()
        try editor.stylusGesture(.doubleTap)
        #expect(editor.tool == .erase)
        try editor.stylusGesture(.doubleTap)
        #expect(editor.tool == .draw)
        // From any other tool it goes to the eraser, and from there to Draw (seed 001's
        // Toggle Eraser); Switch to Last Tool is the gesture that goes back.
        editor.select(.text)
        try editor.stylusGesture(.doubleTap)
        #expect(editor.tool == .erase)
        try editor.stylusGesture(.doubleTap)
        #expect(editor.tool == .draw)
        try editor.perform(GestureAction.lastTool)
        #expect(editor.tool == .erase)
    }

    @Test func aSingleSqueezeActsAtOnceWhenDoubleSqueezesDoNothing() throws {
        let editor = try Editor.make()
        editor.assign(.selectTool, to: .singleSqueeze)
        try editor.squeezeEnded()
        #expect(editor.tool == .select)
    }

    @Test func aDoubleSqueezeReplacesTheSingleOneAndASingleWaitsForTheWindow() throws {
        let clock = ManualClock()
        let editor = try Editor.make(clock: clock)
        editor.assign(.shapeTool, to: .singleSqueeze)
        editor.assign(.textTool, to: .doubleSqueeze)
        try editor.squeezeEnded()
        #expect(editor.tool == .draw, "a single squeeze waits for a possible second one")
        clock.advance(by: 0.2)
        try editor.squeezeEnded()
        #expect(editor.tool == .text)
        clock.advance(by: 1)
        try editor.tick()
        #expect(editor.tool == .text, "the first squeeze's single action never happens")
        try editor.squeezeEnded()
        clock.advance(by: 0.41)
        try editor.tick()
        #expect(editor.tool == .shape)
    }

    @Test func gestureUndoAndRedoAndLastTool() throws {
        let editor = try Editor.make()
        editor.assign(.undo, to: .singleSqueeze)
        editor.assign(.redo, to: .penBarrelButton)
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 100), editor.view(200, 150)])
        try editor.squeezeEnded()
        #expect(try editor.annotations().isEmpty)
        try editor.stylusGesture(.penBarrelButton)
        #expect(try editor.annotations().count == 1)
        editor.assign(.lastTool, to: .doubleTap)
        editor.select(.shape)
        try editor.stylusGesture(.doubleTap)
        #expect(editor.tool == .draw)
        #expect(editor.preferences.gestures.action(for: .doubleTap) == .lastTool)
        #expect(editor.preferences.gestures.actionsInUse.contains(.undo))
    }

    @Test func aBarrelPressMappedToUndoUndoesAndDrawsNothing() throws {
        let editor = try Editor.make()
        editor.assign(.undo, to: .penBarrelButton)
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 100), editor.view(200, 150)])
        try editor.handle(PointerEvent(pointerID: 4, kind: .pen, phase: .began, sample: PointerSample(location: editor.view(300, 300)),
                                       barrelButton: true))
        try editor.handle(PointerEvent(pointerID: 4, kind: .pen, phase: .moved, sample: PointerSample(location: editor.view(350, 300))))
        try editor.handle(PointerEvent(pointerID: 4, kind: .pen, phase: .ended, sample: PointerSample(location: editor.view(350, 300))))
        #expect(try editor.annotations().isEmpty)
    }

    @Test func insertAndRemovePagesAreUndoableAndTheViewFollows() throws {
        let editor = try Editor.make()
        editor.viewport.showPage(1)
        try editor.insertPageAfterCurrent()
        #expect(try editor.session.document.pageCount == 4)
        #expect(editor.viewport.pages.count == 4)
        #expect(editor.viewport.pages[2].size == editor.viewport.pages[1].size)
        #expect(editor.viewport.currentPage == 2)
        try editor.removeCurrentPage()
        #expect(try editor.session.document.pageCount == 3)
        try editor.undo()
        #expect(editor.viewport.pages.count == 4)
        try editor.undo()
        #expect(editor.viewport.pages.count == 3)
    }

    @Test func theLastPageCannotBeRemoved() throws {
        let editor = try Editor.make()
        try editor.removeCurrentPage()
        try editor.removeCurrentPage()
        #expect(throws: CommandError.notAllowed("a document keeps at least one page")) { try editor.removeCurrentPage() }
        #expect(try editor.session.document.pageCount == 1)
    }

    @Test func preferencesPersistToTheNextEditorAndADamagedFileFallsBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("editor-prefs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PreferencesStore(url: dir.appendingPathComponent("preferences.json"))
        let first = try Editor.make(store: store)
        first.updatePreferences {
            $0.inputMode = .pencilOnly
            $0.marker.width = 9
            $0.undoDepth = 5
        }
        first.assign(.undo, to: .doubleTap)
        let second = try Editor.make(store: store)
        #expect(second.preferences.inputMode == .pencilOnly)
        #expect(second.preferences.marker.width == 9)
        #expect(second.preferences.gestures.action(for: .doubleTap) == .undo)
        #expect(second.session.history.depth == 5)
        #expect(second.preferencesWarning == nil)
        try Data("{not json".utf8).write(to: store.url)
        let third = try Editor.make(store: store)
        #expect(third.preferences == ToolPreferences())
        #expect(third.preferencesWarning != nil)
    }

    @Test func undoDepthIsHonoured() throws {
        let editor = try Editor.make()
        editor.updatePreferences { $0.undoDepth = 2 }
        var pen = ScriptedPointer(editor: editor)
        for y in [100, 200, 300] as [CGFloat] { try pen.stroke([editor.view(100, y), editor.view(200, y)]) }
        try editor.undo()
        try editor.undo()
        #expect(try editor.undo() == nil)
        #expect(try editor.annotations().count == 1)
    }
}
