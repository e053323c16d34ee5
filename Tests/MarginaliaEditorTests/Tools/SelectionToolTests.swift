import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Selection")
struct SelectionToolTests {
    static let page = CGRect(x: 0, y: 0, width: 612, height: 792)

    static func session() throws -> EditorSession {
        let session = EditorSession(document: try OperationTests.document())
        try session.perform(.addAnnotation(OperationTests.ink("a", page: 0)))   // (10,10)-(60,80)
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 200, y: 200, width: 100, height: 100), color: .black, pageIndex: 0)
        square.id = "square"
        square.interiorColor = .yellow
        try session.perform(.addAnnotation(square))
        var locked = PDFAnnotation(kind: .square, rect: CGRect(x: 400, y: 400, width: 50, height: 50), color: .black, pageIndex: 0)
        locked.id = "locked"
        locked.flags.insert(.locked)
        try session.perform(.addAnnotation(locked))
        return session
    }

    @Test func tapSelectsTopmostAndLassoSelectsInside() throws {
        let session = try Self.session()
        #expect(try SelectionTool.select(at: CGPoint(x: 250, y: 250), onPage: 0, in: session.document)?.id == "square")
        #expect(try SelectionTool.select(at: CGPoint(x: 150, y: 150), onPage: 0, in: session.document) == nil)
        let lasso = [CGPoint(x: 0, y: 0), CGPoint(x: 320, y: 0), CGPoint(x: 320, y: 320), CGPoint(x: 0, y: 320)]
        #expect(Set(try SelectionTool.lasso(lasso, onPage: 0, in: session.document).map(\.id)) == ["a", "square"])
    }

    @Test func moveRecolourWidthDeleteAreOneUndoableStepEach() throws {
        let session = try Self.session()
        let all = try session.document.annotations(onPage: 0)
        try session.perform(try #require(SelectionTool.move(all, dx: 10, dy: 20, pageBounds: Self.page)))
        let moved = try session.document.annotations(onPage: 0)
        #expect(moved.first { $0.id == "square" }?.rect == CGRect(x: 210, y: 220, width: 100, height: 100))
        #expect(moved.first { $0.id == "locked" }?.rect == CGRect(x: 400, y: 400, width: 50, height: 50), "locked stays put")
        try session.perform(try #require(SelectionTool.recolor(moved, to: .red)))
        try session.perform(try #require(SelectionTool.setWidth(try session.document.annotations(onPage: 0), to: 6)))
        #expect(try session.document.annotations(onPage: 0).first { $0.id == "a" }?.border.width == 6)
        try session.perform(try #require(SelectionTool.delete(try session.document.annotations(onPage: 0))))
        #expect(try session.document.annotations(onPage: 0).map(\.id) == ["locked"])
        for _ in 0..<4 { try session.undo() }
        let back = try session.document.annotations(onPage: 0)
        #expect(back.first { $0.id == "square" }?.rect == CGRect(x: 200, y: 200, width: 100, height: 100))
        #expect(back.first { $0.id == "square" }?.color?.hex == "#000000")
    }

    @Test func resizeKeepsStampProportions() throws {
        let session = try Self.session()
        let square = try #require(try session.document.annotations(onPage: 0).first { $0.id == "square" })
        try session.perform(try #require(SelectionTool.resize(square, to: CGRect(x: 200, y: 200, width: 300, height: 50), pageBounds: Self.page)))
        #expect(try session.document.annotations(onPage: 0).first { $0.id == "square" }?.rect == CGRect(x: 200, y: 200, width: 300, height: 50))
        #expect(SelectionTool.setWidth([square], to: .nan) == nil)
    }
}
