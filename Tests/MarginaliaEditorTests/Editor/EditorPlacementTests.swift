import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: shapes, text, notes and images")
struct EditorPlacementTests {
    @Test func theShapeToolDrawsTheRememberedKind() throws {
        let editor = try Editor.make()
        editor.select(.shape)
        editor.updatePreferences { $0.shape = ShapeToolSettings(kind: .arrow, strokeColor: .blue, width: 3, fillColor: nil) }
        var pen = ScriptedPointer(editor: editor)
        try pen.down(editor.view(100, 100))
        try pen.move([editor.view(200, 200)])
        guard case .annotation(let preview)? = editor.live else { Issue.record("no preview"); return }
        #expect(AnnotationJSON.typeName(of: preview) == "line")
        try pen.up(editor.view(200, 200))
        let arrow = try #require(try editor.annotations().first)
        guard case .line(let line) = arrow.kind else { Issue.record("not a line"); return }
        #expect(line.endEnding == .openArrow && arrow.color == .blue && arrow.border.width == 3)
        // A tap places the kind at its default size: an arrow 72 points long across the tap.
        try pen.tap(editor.view(300, 300))
        let annotations = try editor.annotations()
        #expect(annotations.count == 2)
        let tapped = try #require(annotations.last)
        guard case .line(let placed) = tapped.kind else { Issue.record("not a line"); return }
        #expect(placed.endEnding == .openArrow && abs(placed.end.x - placed.start.x - AnnotationDraft.tappedShapeSize) < 0.01)
    }

    @Test func dragMakesATextBoxThatTheUserTypesIntoAndTapEditsIt() throws {
        let editor = try Editor.make()
        editor.select(.text)
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 500), editor.view(300, 460)])
        let pending = try #require(editor.pendingText)
        guard case .newTextBox(let rect) = pending.target else { Issue.record("not a new box"); return }
        #expect(abs(rect.minX - 100) < 0.5 && abs(rect.width - 200) < 0.5)
        try editor.commitText("Hello there")
        let box = try #require(try editor.annotations().first)
        guard case .freeText(let text) = box.kind else { Issue.record("not free text"); return }
        #expect(text.text == "Hello there" && text.fontSize == 14)
        // Tap the box: its text comes back for editing; the change is one undo step.
        try pen.tap(editor.view(150, 480))
        #expect(editor.pendingText?.text == "Hello there")
        try editor.commitText("Goodbye")
        guard case .freeText(let changed)? = try editor.annotations().first?.kind else { Issue.record("gone"); return }
        #expect(changed.text == "Goodbye")
        try editor.undo()
        guard case .freeText(let restored)? = try editor.annotations().first?.kind else { Issue.record("gone"); return }
        #expect(restored.text == "Hello there")
        // Cancelled or empty text adds nothing.
        try pen.tap(editor.view(400, 200))
        editor.cancelText()
        try pen.tap(editor.view(400, 200))
        #expect(try editor.commitText("   ") == nil)
        #expect(try editor.annotations().count == 1)
    }

    @Test func aNoteIsPlacedByTapWithItsText() throws {
        let editor = try Editor.make()
        editor.select(.note)
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(300, 300))
        try editor.commitText("Check this")
        let note = try #require(try editor.annotations().first)
        #expect(AnnotationJSON.typeName(of: note) == "note" && note.contents == "Check this")
        #expect(note.flags.contains(.noZoom))
    }

    @Test func anImageIsPlacedAtNaturalSizeThenSelectedAndResizedKeepingItsProportions() throws {
        let editor = try Editor.make()
        try editor.setImageToPlace(TestImages.png(width: 40, height: 20))
        #expect(editor.tool == .image)
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(300, 300))
        let image = try #require(try editor.annotations().first)
        guard case .stamp(let stamp) = image.kind else { Issue.record("not a stamp"); return }
        #expect(stamp.imageData != nil)
        #expect(abs(image.rect.width - 40) < 0.01 && abs(image.rect.height - 20) < 0.01 && abs(image.rect.midX - 300) < 0.01)
        #expect(editor.tool == .select && editor.selection.map(\.id) == [image.id])
        // Drag its upper-right handle to make it wider only: the height follows.
        try pen.stroke([editor.view(image.rect.maxX, image.rect.maxY), editor.view(image.rect.maxX + 40, image.rect.maxY)])
        let resized = try #require(try editor.annotations().first)
        #expect(abs(resized.rect.width / resized.rect.height - 2) < 0.01)
    }

    /// An iPhone's HEIC (Tests/Fixtures/images/photo-turned.heic: 64 × 48 stored, turned a
    /// quarter clockwise by its `irot`) is placed at its upright size, and the saved stamp
    /// draws it upright.
    @Test func aHEICPhotoIsPlacedUprightAtItsNaturalSize() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/images/photo-turned.heic")
        let editor = try Editor.make()
        try editor.setImageToPlace(try Data(contentsOf: fixture))
        #expect(editor.imageToPlace?.size == CGSize(width: 48, height: 64))
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(300, 300))
        let image = try #require(try editor.annotations().first)
        #expect(abs(image.rect.width - 48) < 0.01 && abs(image.rect.height - 64) < 0.01)
    }

    @Test func somethingThatIsNotAnImageIsATypedError() throws {
        let editor = try Editor.make()
        #expect(throws: ImageError.self) { try editor.setImageToPlace(Data("not an image".utf8)) }
        #expect(editor.imageToPlace == nil && editor.tool == .draw)
    }
}
