import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: weights, brushes, note icons, fixed-size stamps")
struct EditorStylingTests {
    @Test func weightsAreNamedWidthsPerPen() throws {
        let editor = try Editor.make()
        #expect(editor.currentInkWeight == .medium, "the default pen is 2 pt, its Medium")
        editor.setInkWeight(.thick)
        #expect(editor.preferences.pen.width == 4 && editor.currentInkWeight == .thick)
        editor.updatePreferences { $0.currentInk = .highlighter }
        editor.setInkWeight(.fine)
        #expect(editor.preferences.highlighter.width == 8)
        #expect(editor.preferences.pen.width == 4, "each pen keeps its own width")
        editor.updatePreferences { $0.highlighter.width = 9.5 }
        #expect(editor.currentInkWeight == nil, "a slider width is no named weight")
        editor.setShapeWeight(.thick)
        #expect(editor.preferences.shape.width == 4 && LineWeight.named(shapeWidth: 4) == .thick)
        #expect(LineWeight.allCases.map { $0.width(for: .marker) } == [3, 6, 10])
    }

    @Test func strokesAreDrawnWithThePresetsBrush() throws {
        let editor = try Editor.make()
        editor.updatePreferences { $0.currentInk = .pencil }
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 100), editor.view(150, 140), editor.view(220, 120)])
        editor.updatePreferences { $0.currentInk = .pen }
        editor.setInkBrush(.crayon)
        try pen.stroke([editor.view(100, 300), editor.view(250, 320)])
        let brushes = try editor.annotations().map { annotation -> InkBrush? in
            if case .ink(let ink) = annotation.kind { return ink.brush }
            return nil
        }
        #expect(brushes == [.pencil, .crayon])
        #expect(editor.preferences.pen.brush == .crayon)
        // The live preview carries the preset, brush included, so the UI previews the texture.
        try pen.down(editor.view(300, 300))
        guard case .stroke(_, _, let preset)? = editor.live else { Issue.record("no preview"); return }
        #expect(preset.brush == .crayon)
    }

    @Test func notesShowTheChosenIconAndSelectedNotesChangeToIt() throws {
        let editor = try Editor.make()
        try editor.setNoteIcon(.key)
        editor.select(.note)
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(300, 600))
        try editor.commitText("Look here")
        let note = try #require(try editor.annotations().first)
        guard case .note(let made) = note.kind else { Issue.record("not a note"); return }
        #expect(made.icon == "Key")
        editor.select(.select)
        try pen.tap(editor.view(305, 595))
        #expect(editor.selection.map(\.id) == [note.id])
        try editor.setNoteIcon(.help)
        guard case .note(let changed) = try editor.annotations()[0].kind else { Issue.record("not a note after the icon change"); return }
        #expect(changed.icon == "Help" && editor.preferences.noteIcon == .help)
        try editor.undo()
        guard case .note(let undone) = try editor.annotations()[0].kind else { Issue.record("not a note after the undo"); return }
        #expect(undone.icon == "Key")
    }

    @Test func fixedSizeStampsAreHitWhereTheyAreDrawn() throws {
        let editor = try Editor.make()
        var stamp = PDFAnnotation(kind: .stamp(.init(name: "Approved")), rect: CGRect(x: 200, y: 400, width: 100, height: 40),
                                  color: .red, pageIndex: 0)
        stamp.flags = [.print, .noZoom]
        try editor.perform(.addAnnotation(stamp))
        editor.viewport.zoom(to: 2, anchor: editor.view(200, 440))
        // At zoom 2 the stamp is still 100 x 40 view points, hung from its top-left corner.
        let box = editor.viewRect(of: try editor.annotations()[0])
        #expect(abs(box.width - 100) < 1e-6 && abs(box.height - 40) < 1e-6)
        #expect(box.origin.x.distance(to: editor.view(200, 440).x).magnitude < 1e-6)
        editor.select(.select)
        var pen = ScriptedPointer(editor: editor)
        // The page rect scaled by the zoom would reach here; the drawn stamp does not.
        try pen.tap(editor.view(280, 405))
        #expect(editor.selection.isEmpty)
        try pen.tap(CGPoint(x: box.midX, y: box.midY))
        #expect(editor.selection.map(\.id) == [stamp.id])
        // An ordinary stamp scales with the page.
        #expect(abs(editor.viewRect(of: PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 10, height: 10), pageIndex: 0)).width - 20) < 1e-6)
    }
}
