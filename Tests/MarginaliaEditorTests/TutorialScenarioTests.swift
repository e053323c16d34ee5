import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

/// The PDFKit ink tutorial's scenario, driven by scripted pointer events through the
/// engine: pen strokes on page 1, a stroke that crosses onto page 2 (it stays on page 1,
/// clipped), eraser taps between strokes that erase nothing, a tap on a stroke that erases
/// it, save and reopen — and the saved file read back by PyMuPDF.
@Suite("Tutorial scenario")
struct TutorialScenarioTests {
    @Test func penStrokesCrossingEraseSaveReopen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("tutorial.pdf")
        try OperationTests.document().write(to: url)

        let session = try EditorSession(url: url)
        let editor = try Editor(session: session, viewSize: CGSize(width: 800, height: 1000), clock: ManualClock())
        editor.updatePreferences { $0.eraser = EraserSettings(mode: .stroke, size: 8) }
        var pen = ScriptedPointer(editor: editor)
        let page1 = editor.viewport.frame(ofPage: 0)
        let page2 = editor.viewport.frame(ofPage: 1)

        // Two strokes on page 1 (view space, y down), well apart.
        let a = (0...40).map { CGPoint(x: page1.minX + 100 + CGFloat($0) * 5, y: page1.minY + 200 + 20 * sin(CGFloat($0) / 4)) }
        let b = (0...40).map { CGPoint(x: page1.minX + 100 + CGFloat($0) * 5, y: page1.minY + 400) }
        try pen.stroke(a)
        try pen.stroke(b)
        // A stroke from page 1 down across the gap onto page 2.
        let crossing = (0...60).map { CGPoint(x: page1.minX + 300, y: page1.maxY - 100 + CGFloat($0) * 5) }
        #expect(crossing.last.map { page2.contains($0) } == true, "the stroke really reaches page 2")
        try pen.stroke(crossing)
        #expect(try session.document.annotations(onPage: 0).count == 3)
        #expect(try session.document.annotations(onPage: 1).isEmpty, "a stroke stays on the page it began on")
        let crossed = try #require(try session.document.annotations(onPage: 0).last)
        #expect(crossed.rect.minY >= -2 && crossed.rect.height < 120, "clipped to page 1 (half the pen width may overhang), with a tight rect")

        // Eraser taps between the strokes erase nothing; a tap on stroke b erases it.
        editor.select(.erase)
        try pen.tap(CGPoint(x: page1.minX + 200, y: page1.minY + 300))
        try pen.tap(CGPoint(x: page1.minX + 50, y: page1.minY + 50))
        #expect(try session.document.annotations(onPage: 0).count == 3)
        try pen.tap(CGPoint(x: page1.minX + 150, y: page1.minY + 400))
        #expect(try session.document.annotations(onPage: 0).count == 2)

        try session.save()
        let reopened = try PDFDocument(url: url)
        #expect(try reopened.annotations(onPage: 0).count == 2)
        #expect(try reopened.annotations(onPage: 1).isEmpty)

        // PyMuPDF reads the saved file: two ink annotations on page 1, none on page 2.
        let script = "import sys, pymupdf; d = pymupdf.open(sys.argv[1]); print([len([a for a in p.annots() if a.type[1] == 'Ink']) for p in d])"
        let output = try PythonOracle.run(script, on: url.path)
        #expect(output.hasPrefix("[2, 0, 0]"), "PyMuPDF saw \(output)")
    }
}
