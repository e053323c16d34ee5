import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Shape, text and note tools")
struct ShapeToolTests {
    @Test(arguments: ShapeTool.Kind.allCases)
    func eachShapeIsAnEditableAnnotation(kind: ShapeTool.Kind) throws {
        let session = EditorSession(document: try OperationTests.document())
        let style = ShapeTool.Style(stroke: .blue, width: 3, fill: kind == .line || kind == .arrow ? nil : .yellow)
        let shape = try #require(ShapeTool.shape(kind, from: CGPoint(x: 300, y: 100), to: CGPoint(x: 100, y: 200), style: style, pageIndex: 0))
        try session.perform(.addAnnotation(shape))
        let stored = try #require(try PDFDocument(data: try session.document.dataRepresentation()).annotations(onPage: 0).first)
        let expected = ["rectangle": "Square", "ellipse": "Circle", "triangle": "Polygon", "line": "Line", "arrow": "Line"][kind.rawValue]
        #expect(stored.subtype == expected)
        #expect(stored.color?.hex == "#0000FF" && stored.border.width == 3)
        if case .line(let line) = stored.kind { #expect(line.endEnding == (kind == .arrow ? .openArrow : .none)) }
        try session.undo()
        #expect(try session.document.annotations(onPage: 0).isEmpty)
    }

    @Test func tinyOrBadDragsMakeNothing() {
        #expect(ShapeTool.shape(.rectangle, from: .zero, to: CGPoint(x: 1, y: 1), style: .init(), pageIndex: 0) == nil)
        #expect(ShapeTool.shape(.line, from: .zero, to: CGPoint(x: CGFloat.nan, y: 9), style: .init(), pageIndex: 0) == nil)
        #expect(ShapeTool.note(at: CGPoint(x: CGFloat.infinity, y: 0), text: "", pageIndex: 0) == nil)
    }

    @Test func pagesInsertAfterTheCurrentOneAndUndo() throws {
        let session = EditorSession(document: try OperationTests.document())
        try session.insertBlankPage(after: 0)
        #expect(try session.document.pageCount == 4)
        #expect(try session.document.page(at: 1).bounds(for: .mediaBox).size == CGSize(width: 612, height: 792))
        try session.removePage(3)
        #expect(try OperationTests.pageTexts(session.document) == ["Page 1", "", "Page 2"])
        try session.undo()
        try session.undo()
        #expect(try OperationTests.pageTexts(session.document) == ["Page 1", "Page 2", "Page 3"])
    }

    @Test func textBoxAndNote() throws {
        let session = EditorSession(document: try OperationTests.document())
        let box = try #require(ShapeTool.textBox(in: CGRect(x: 72, y: 600, width: 200, height: 5), text: "Hello", pageIndex: 0))
        #expect(box.rect.height >= 14 * 1.6)
        try session.perform(.addAnnotation(box))
        let note = try #require(ShapeTool.note(at: CGPoint(x: 500, y: 700), text: "Remember", pageIndex: 0))
        try session.perform(.addAnnotation(note))
        let stored = try session.document.annotations(onPage: 0)
        #expect(stored.map(\.subtype) == ["FreeText", "Text"])
        #expect(stored[1].flags.contains(.noZoom))
    }
}
