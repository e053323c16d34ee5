import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Erasers")
struct EraserTests {
    /// Page 0: a horizontal stroke at y = 100 (x 50...250, 5 points), and a V stroke.
    static func document() throws -> PDFDocument {
        let document = try OperationTests.document()
        var line = PDFAnnotation(kind: .ink(.init(paths: [[50, 100, 150, 200, 250].map { CGPoint(x: $0, y: 100) }],
                                                  pressures: [[0.2, 0.4, 0.6, 0.8, 1.0]])),
                                 rect: .zero, color: .red, pageIndex: 0)
        line.id = "line"
        line.author = "Ada"
        line.border.width = 3
        var v = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 300, y: 300), CGPoint(x: 350, y: 200), CGPoint(x: 400, y: 300)]])),
                              rect: .zero, color: .blue, pageIndex: 0)
        v.id = "v"
        try document.addAnnotation(line, toPage: 0)
        try document.addAnnotation(v, toPage: 0)
        return document
    }

    @Test func strokeEraserTapBetweenStrokesErasesNothing() throws {
        let document = try Self.document()
        let eraser = Eraser(mode: .stroke, size: 6)
        // Inside the V, away from both arms; and above the line.
        #expect(try eraser.erase(from: CGPoint(x: 350, y: 280), to: CGPoint(x: 350, y: 280), onPage: 0, in: document) == nil)
        #expect(try eraser.erase(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 150, y: 120), onPage: 0, in: document) == nil)
    }

    @Test func strokeEraserTapOnAStrokeRemovesItAndUndoBringsItBack() throws {
        let document = try Self.document()
        let operation = try #require(try Eraser(mode: .stroke, size: 6).erase(from: CGPoint(x: 120, y: 101), to: CGPoint(x: 120, y: 101),
                                                                                onPage: 0, in: document))
        var history = UndoHistory()
        history.record(try operation.apply(to: document))
        #expect(try document.annotations(onPage: 0).map(\.id) == ["v"])
        _ = try history.undo(on: document)
        #expect(Set(try document.annotations(onPage: 0).map(\.id)) == ["line", "v"])
    }

    @Test func segmentEraserCutsExactlyAndKeepsProperties() throws {
        let document = try Self.document()
        // A vertical sweep at x = 120 (between the points at 100 and 150): no point is inside
        // the eraser, but the segment crosses it, so it must cut.
        let operation = try #require(try Eraser(mode: .segment, size: 10).erase(from: CGPoint(x: 120, y: 80), to: CGPoint(x: 120, y: 120),
                                                                                 onPage: 0, in: document))
        try operation.apply(to: document)
        let pieces = try document.annotations(onPage: 0).filter { $0.id != "v" }
        #expect(pieces.count == 1)
        let piece = try #require(pieces.first)
        guard case .ink(let ink) = piece.kind else { Issue.record("not ink"); return }
        #expect(ink.paths.count == 2)
        #expect(abs((ink.paths[0].last?.x ?? 0) - 115) < 1e-6, "cut at the circle's edge: 120 - 5")
        #expect(abs((ink.paths[1].first?.x ?? 0) - 125) < 1e-6)
        let pressureAtCut = try #require(ink.pressures?[0].last)
        #expect(abs(pressureAtCut - 0.46) < 1e-6, "pressure interpolated at x = 115")
        #expect(piece.color?.hex == "#FF0000" && piece.author == "Ada" && piece.border.width == 3)
        // The V was not touched.
        #expect(try document.annotations(onPage: 0).contains { $0.id == "v" })
    }

    @Test func segmentEraserIgnoresShapesAndNaN() throws {
        let document = try Self.document()
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 500, y: 500, width: 40, height: 40), pageIndex: 0)
        square.interiorColor = .green
        try document.addAnnotation(square, toPage: 0)
        #expect(try Eraser(mode: .segment).erase(from: CGPoint(x: 520, y: 520), to: CGPoint(x: 520, y: 520), onPage: 0, in: document) == nil)
        #expect(try Eraser().erase(from: CGPoint(x: CGFloat.nan, y: 0), to: .zero, onPage: 0, in: document) == nil)
    }
}
