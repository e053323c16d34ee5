import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: every tool, saved, read back by PyMuPDF")
struct EditorSavedFileTests {
    @Test func everyToolsAnnotationSurvivesSaveAndPyMuPDFReadsIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("editor-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("all-tools.pdf")
        try OperationTests.document().write(to: url)
        let editor = try Editor(session: EditorSession(url: url), viewSize: CGSize(width: 800, height: 1000), clock: ManualClock())
        var pen = ScriptedPointer(editor: editor)

        try pen.stroke((0...30).map { editor.view(100 + CGFloat($0) * 5, 700 + 10 * sin(CGFloat($0))) })       // Ink
        try pen.stroke(EditorDrawEraseTests.square(editor, at: 100, 500, size: 80), holdAtEnd: 0.7)              // Square
        editor.select(.shape)
        editor.updatePreferences { $0.shape.kind = .arrow }
        try pen.stroke([editor.view(300, 500), editor.view(420, 560)])                                          // Line
        editor.select(.text)
        try pen.stroke([editor.view(100, 400), editor.view(300, 370)])
        try editor.commitText("Typed text")                                                                     // FreeText
        editor.select(.note)
        try pen.tap(editor.view(450, 400))
        try editor.commitText("A note")                                                                         // Text
        try editor.setImageToPlace(TestImages.png(width: 30, height: 30))
        try pen.tap(editor.view(500, 200))                                                                      // Stamp
        try editor.session.save()
        try editor.undo()  // undo keeps working after a save
        #expect(try editor.annotations().count == 5)

        let script = """
            import sys, pymupdf
            page = pymupdf.open(sys.argv[1])[0]
            print(sorted(a.type[1] for a in page.annots()))
            """
        let output = try PythonOracle.run(script, on: url.path)
        #expect(output.hasPrefix("['FreeText', 'Ink', 'Line', 'Square', 'Stamp', 'Text']"), "PyMuPDF saw \(output)")
    }
}
