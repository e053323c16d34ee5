import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Editor: Export view as PDF")
struct EditorViewExportTests {
    @Test func theVisiblePartOfTheCurrentPageBecomesAOnePagePDF() throws {
        let editor = try Editor.make()
        try editor.perform(.addAnnotation(OperationTests.ink("stroke", page: 0)))
        editor.viewport.zoom(to: 4, anchor: editor.view(100, 100))
        let visible = try #require(editor.visiblePageRect(0))
        // 800 x 1000 view points at zoom 4 show 200 x 250 points of the page, or less at its edge.
        #expect(visible.width <= 200.5 && visible.height <= 250.5 && visible.contains(CGPoint(x: 100, y: 100)))
        let pdf = try PDFDocument(data: try editor.visibleAreaPDF())
        #expect(try pdf.pageCount == 1)
        let box = try pdf.page(at: 0).bounds(for: .cropBox)
        #expect(abs(box.minX - visible.minX) < 1e-3 && abs(box.width - visible.width) < 1e-3 && abs(box.height - visible.height) < 1e-3)
        #expect(try pdf.annotations(onPage: 0).isEmpty, "the ink is burned in")
        #expect(try editor.annotations().count == 1, "the document itself is not changed")
        #expect(editor.visiblePageRect(7) == nil)
    }
}
