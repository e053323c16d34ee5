import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: drawing and erasing through pointer events")
struct EditorDrawEraseTests {
    static func square(_ editor: Editor, at x: CGFloat = 200, _ y: CGFloat = 300, size: CGFloat = 120) -> [CGPoint] {
        let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size), (x, y + 1)]
        var points: [CGPoint] = []
        for side in 0..<4 {
            for step in 0..<15 {
                let t = CGFloat(step) / 15
                points.append(editor.view(corners[side].0 + (corners[side + 1].0 - corners[side].0) * t,
                                          corners[side].1 + (corners[side + 1].1 - corners[side].1) * t))
            }
        }
        points.append(editor.view(corners[4].0, corners[4].1))
        return points
    }

    @Test func predictedSamplesShowInThePreviewButAreNeverCommitted() throws {
        let editor = try Editor.make()
        try editor.handle(PointerEvent(pointerID: 1, kind: .pen, phase: .began, sample: PointerSample(location: editor.view(100, 500))))
        let far = PointerSample(location: editor.view(400, 100))
        try editor.handle(PointerEvent(pointerID: 1, kind: .pen, phase: .moved, sample: PointerSample(location: editor.view(150, 520)),
                                       predicted: [far]))
        guard case .stroke(0, let preview, _)? = editor.live else { Issue.record("no live stroke"); return }
        #expect(preview.contains { abs($0.x - 400) < 0.01 && abs($0.y - 100) < 0.01 })
        try editor.handle(PointerEvent(pointerID: 1, kind: .pen, phase: .ended, sample: PointerSample(location: editor.view(150, 520))))
        #expect(editor.live == nil)
        let ink = try #require(try editor.annotations().first)
        #expect(ink.rect.maxX < 160 && ink.rect.minY > 490, "the predicted point is not in the stroke: \(ink.rect)")
    }

    @Test func holdingThePenStillTurnsTheStrokeIntoAShapeAndOneUndoBringsTheInkBack() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        let applied = try pen.stroke(Self.square(editor), holdAtEnd: 0.6)
        #expect(applied.count == 2)
        #expect(try editor.types() == ["square"])
        let square = try #require(try editor.annotations().first)
        #expect(abs(square.rect.minX - 199) < 3 && abs(square.rect.width - 122) < 4)
        try editor.undo()
        #expect(try editor.types() == ["ink"])
        try editor.redo()
        #expect(try editor.types() == ["square"])
    }

    @Test func withoutAHoldTheStrokeStaysInkUnlessEveryStrokeIsRecognised() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke(Self.square(editor))
        #expect(try editor.types() == ["ink"])
        editor.updatePreferences { $0.shapeRecognition.recognizeEveryStroke = true }
        try pen.stroke(Self.square(editor, at: 100, 100, size: 60))
        #expect(try editor.types() == ["ink", "square"])
        editor.updatePreferences { $0.shapeRecognition = .init(recognizeOnHold: false, recognizeEveryStroke: false) }
        try pen.stroke(Self.square(editor, at: 350, 100, size: 60), holdAtEnd: 1)
        #expect(try editor.types() == ["ink", "square", "ink"])
    }

    @Test func aScribbleHeldStillStaysInk() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        let scribble = (0..<80).map { editor.view(100 + CGFloat($0) * 3, 400 + 30 * sin(CGFloat($0) * 0.7)) }
        try pen.stroke(scribble, holdAtEnd: 0.8)
        #expect(try editor.types() == ["ink"])
    }

    @Test func anEraserSweepAcrossTwoStrokesIsOneUndoStep() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 400) })
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 450) })
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 600) })
        editor.select(.erase)
        try pen.down(editor.view(150, 480))
        try pen.move([editor.view(150, 440), editor.view(150, 380)])
        guard case .eraser(_, _, _, let removed, _)? = editor.engine.preview else { Issue.record("no eraser preview"); return }
        #expect(removed.count == 2, "the preview shows what the sweep erases as the eraser moves")
        #expect(try editor.annotations().count == 3, "the document changes when the sweep ends")
        let applied = try pen.up(editor.view(150, 380))
        #expect(applied.count == 1)
        try editor.undo()
        #expect(try editor.annotations().count == 3)
    }

    @Test func segmentEraserCutsAStrokeInTwo() throws {
        let editor = try Editor.make()
        editor.updatePreferences { $0.eraser = EraserSettings(mode: .segment, size: 6) }
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 400) })
        editor.select(.erase)
        try pen.stroke([editor.view(200, 430), editor.view(200, 370)])
        let annotations = try editor.annotations()
        #expect(annotations.count == 1)
        guard case .ink(let ink)? = annotations.first?.kind else { Issue.record("not ink"); return }
        #expect(ink.paths.count == 2)
    }

    @Test func thePensEraserEndErasesWhileHeldAndTheToolStays() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 400) })
        pen.isEraserEnd = true
        try pen.stroke([editor.view(150, 420), editor.view(150, 380)])
        #expect(try editor.annotations().isEmpty)
        #expect(editor.tool == .draw)
    }

    @Test func aSecondFingerCancelsAFingerStrokeWithoutATrace() throws {
        let editor = try Editor.make()
        editor.updatePreferences { $0.inputMode = .drawWithFinger }
        var finger = ScriptedPointer(editor: editor, kind: .touch, pointerID: 1)
        try finger.down(editor.view(100, 400))
        try finger.move((1...10).map { editor.view(100 + CGFloat($0) * 10, 400) })
        var second = ScriptedPointer(editor: editor, kind: .touch, pointerID: 2)
        try second.down(editor.view(300, 300))
        try finger.up(editor.view(200, 400))
        try second.up(editor.view(300, 300))
        #expect(try editor.annotations().isEmpty)
        #expect(editor.live == nil)
        #expect(!editor.session.history.canUndo)
    }

    @Test func aSecondFingerUndoesAFingerEraseInProgress() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke((0...20).map { editor.view(100 + CGFloat($0) * 10, 400) })
        editor.updatePreferences { $0.inputMode = .drawWithFinger }
        editor.select(.erase)
        var finger = ScriptedPointer(editor: editor, kind: .touch, pointerID: 5)
        try finger.down(editor.view(150, 420))
        try finger.move([editor.view(150, 380)])
        guard case .eraser(_, _, _, let removed, _)? = editor.engine.preview else { Issue.record("no eraser preview"); return }
        #expect(removed.count == 1)
        var second = ScriptedPointer(editor: editor, kind: .touch, pointerID: 6)
        try second.down(editor.view(300, 300))
        #expect(try editor.annotations().count == 1, "the cancelled sweep leaves no trace")
    }

    @Test func inPencilOnlyModeATouchPansAndNeverDraws() throws {
        let editor = try Editor.make()
        editor.updatePreferences { $0.inputMode = .pencilOnly }
        editor.viewport.zoom = 2
        let before = editor.viewport.contentOffset
        var finger = ScriptedPointer(editor: editor, kind: .touch)
        try finger.stroke([CGPoint(x: 400, y: 600), CGPoint(x: 400, y: 500), CGPoint(x: 400, y: 400)])
        #expect(try editor.annotations().isEmpty)
        #expect(editor.viewport.contentOffset.y > before.y, "dragging up scrolls down")
        // A palm resting while the pen draws changes nothing.
        var pen = ScriptedPointer(editor: editor, pointerID: 7)
        try pen.down(editor.view(100, 400))
        var palm = ScriptedPointer(editor: editor, kind: .touch, pointerID: 8)
        try palm.down(CGPoint(x: 600, y: 900))
        try palm.move([CGPoint(x: 620, y: 880)])
        try pen.move((1...10).map { editor.view(100 + CGFloat($0) * 10, 400) })
        try pen.up(editor.view(200, 400))
        try palm.up(CGPoint(x: 620, y: 880))
        #expect(try editor.types() == ["ink"])
    }

    @Test func eventsOutOfOrderAndNaNChangeNothing() throws {
        let editor = try Editor.make()
        let nan = PointerSample(location: CGPoint(x: CGFloat.nan, y: 3))
        try editor.handle(PointerEvent(pointerID: 9, kind: .pen, phase: .moved, sample: PointerSample(location: editor.view(1, 1))))
        try editor.handle(PointerEvent(pointerID: 9, kind: .pen, phase: .ended, sample: PointerSample(location: editor.view(1, 1))))
        try editor.handle(PointerEvent(pointerID: 3, kind: .pen, phase: .began, sample: nan))
        var pen = ScriptedPointer(editor: editor)
        try pen.stroke([editor.view(100, 100), editor.view(120, 110)])
        try editor.handle(PointerEvent(pointerID: 1, kind: .pen, phase: .ended, sample: PointerSample(location: editor.view(1, 1))))
        #expect(try editor.annotations().count == 1)
        // A zero-length stroke (a tap) is a dot, not an error.
        try pen.tap(editor.view(300, 300))
        #expect(try editor.annotations().count == 2)
    }

    @Test func aLongStrokeFinishesWithFarFewerPoints() throws {
        let editor = try Editor.make()
        var pen = ScriptedPointer(editor: editor)
        let points = (0..<100_000).map { i -> CGPoint in
            let t = CGFloat(i) / 100_000
            return editor.view(100 + 400 * t, 400 + 100 * sin(t * 12))
        }
        try pen.stroke(points)
        guard case .ink(let ink)? = try editor.annotations().first?.kind else { Issue.record("no ink"); return }
        #expect(ink.paths.count == 1)
        #expect(ink.paths[0].count < 2_000)
    }
}
