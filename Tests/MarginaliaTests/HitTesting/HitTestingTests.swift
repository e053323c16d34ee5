import Foundation
import Testing
@testable import Marginalia

@Suite("Hit testing")
struct HitTestingTests {
    /// A V-shaped ink stroke, an unfilled circle, a filled square on top of the circle, a
    /// note and a highlight.
    static func document() throws -> PDFDocument {
        let document = try TestDocuments.pages(1)
        var ink = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 100, y: 300), CGPoint(x: 150, y: 200), CGPoint(x: 200, y: 300)]])),
                                rect: .zero)
        ink.id = "ink"
        ink.border.width = 4
        var circle = PDFAnnotation(kind: .circle, rect: CGRect(x: 300, y: 300, width: 100, height: 100))
        circle.id = "circle"
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 370, y: 370, width: 60, height: 60))
        square.id = "square"
        square.interiorColor = Color(red: 1, green: 1, blue: 0)
        var note = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 500, y: 700, width: 20, height: 20))
        note.id = "note"
        var highlight = PDFAnnotation(kind: .textMarkup(.highlight, quads: [.init(rect: CGRect(x: 50, y: 600, width: 200, height: 20))]),
                                      rect: .zero)
        highlight.id = "highlight"
        for a in [ink, circle, square, note, highlight] { try document.addAnnotation(a, toPage: 0) }
        return document
    }

    @Test(arguments: [
        (CGPoint(x: 150, y: 201), "ink"),      // on the stroke's bottom vertex
        (CGPoint(x: 101, y: 298), "ink"),      // at the start of the left arm
        (CGPoint(x: 150, y: 280), nil),        // inside the V's bounding box, off the stroke
        (CGPoint(x: 300, y: 350), "circle"),   // on the circle's border
        (CGPoint(x: 340, y: 340), nil),        // inside an unfilled circle
        (CGPoint(x: 400, y: 400), "square"),   // inside the filled square, which is on top
        (CGPoint(x: 510, y: 710), "note"),
        (CGPoint(x: 100, y: 610), "highlight"),
        (CGPoint(x: 10, y: 10), nil),
    ] as [(CGPoint, String?)])
    func pointHitsGeometryNotBoundingBox(point: CGPoint, expected: String?) throws {
        let document = try Self.document()
        #expect(try document.annotation(at: point, onPage: 0, tolerance: 2)?.id == expected)
    }

    @Test func topmostFirst() throws {
        let document = try Self.document()
        // On the circle's border where the square covers it: both, square first.
        let hits = try document.annotationIndex(forPage: 0).annotations(at: CGPoint(x: 385, y: 395), tolerance: 1)
        #expect(hits.map(\.id).prefix(1) == ["square"])
    }

    @Test func eraserSweepTouchesByOutline() throws {
        let document = try Self.document()
        // A horizontal sweep through the middle of the V, between its arms: touches the ink.
        let across = BezierPath(polyline: [CGPoint(x: 90, y: 250), CGPoint(x: 210, y: 250)], closed: false)
        #expect(try document.annotations(touching: across, width: 4, onPage: 0).map(\.id) == ["ink"])
        // A short sweep inside the V, touching neither arm: nothing.
        let inside = BezierPath(polyline: [CGPoint(x: 145, y: 285), CGPoint(x: 155, y: 285)], closed: false)
        #expect(try document.annotations(touching: inside, width: 4, onPage: 0).isEmpty)
        // A sweep inside the unfilled circle misses it; into the filled square hits it.
        let inCircle = BezierPath(polyline: [CGPoint(x: 330, y: 330), CGPoint(x: 345, y: 330)], closed: false)
        #expect(try document.annotations(touching: inCircle, width: 2, onPage: 0).isEmpty)
        let inSquare = BezierPath(polyline: [CGPoint(x: 395, y: 395), CGPoint(x: 405, y: 405)], closed: false)
        #expect(try document.annotations(touching: inSquare, width: 2, onPage: 0).map(\.id) == ["square"])
    }

    @Test func indexFollowsEdits() throws {
        let document = try Self.document()
        let index = try document.annotationIndex(forPage: 0)
        var ink = try #require(index.annotations.first { $0.id == "ink" })
        ink.kind = .ink(.init(paths: [[CGPoint(x: 50, y: 50), CGPoint(x: 60, y: 60)]]))
        try document.updateAnnotation(ink)
        #expect(try document.annotation(at: CGPoint(x: 150, y: 201), onPage: 0)?.id == nil)
        #expect(try document.annotation(at: CGPoint(x: 55, y: 55), onPage: 0)?.id == "ink")
        try document.removeAnnotations(ids: ["square"])
        #expect(try document.annotation(at: CGPoint(x: 400, y: 400), onPage: 0) == nil)
        var added = PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 30, height: 30))
        added.interiorColor = .red
        added.id = "new"
        try document.addAnnotation(added, toPage: 0)
        #expect(try document.annotation(at: CGPoint(x: 15, y: 15), onPage: 0)?.id == "new")
    }

    @Test func hiddenAnnotationsAreNotHit() throws {
        let document = try TestDocuments.pages(1)
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 0, y: 0, width: 30, height: 30))
        square.interiorColor = .red
        square.flags.insert(.hidden)
        try document.addAnnotation(square, toPage: 0)
        #expect(try document.annotation(at: CGPoint(x: 15, y: 15), onPage: 0) == nil)
    }

    @Test func thousandsOfStrokesStayFast() throws {
        var annotations: [PDFAnnotation] = []
        for i in 0..<3000 {
            let x = CGFloat(i % 60) * 10, y = CGFloat(i / 60) * 15
            var a = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: x, y: y), CGPoint(x: x + 6, y: y + 8), CGPoint(x: x + 9, y: y)]])), rect: .zero)
            a.rect = CGRect(x: x - 1, y: y - 1, width: 11, height: 10)
            annotations.append(a)
        }
        let index = AnnotationIndex(annotations: annotations)
        let start = Date()
        var touched = 0
        for step in 0..<200 {
            let x = CGFloat(step) * 3
            touched += index.annotations(touching: BezierPath(polyline: [CGPoint(x: x, y: 0), CGPoint(x: x + 3, y: 740)], closed: false), width: 6).count
        }
        #expect(touched > 0)
        #expect(Date().timeIntervalSince(start) < 20, "200 sweeps over 3,000 strokes")
    }
}
