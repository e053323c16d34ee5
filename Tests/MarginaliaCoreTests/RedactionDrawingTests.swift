import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": a redaction mark's outline is one description
/// (``AnnotationDrawing/redaction(quads:rect:hasColor:opacity:)``) that the appearance writer
/// paints and the browser's overlay draws (`annotationDrawing`).
@Suite("Redaction drawing: the mark's outline for the appearance and the browser")
struct RedactionDrawingTests {
    static func points(_ path: BezierPath) -> [CGPoint] {
        path.elements.compactMap { $0.endPoint }
    }

    @Test func aMarkOverTextOutlinesEachQuadInOnePathAPointWide() {
        let quads = [AnnotationDrawingTests.quad(10, 10, 50, 20), AnnotationDrawingTests.quad(10, 22, 30, 32)]
        let drawing = AnnotationDrawing.redaction(quads: quads, rect: .zero, hasColor: true, opacity: 0.5)
        #expect(drawing.marks.count == 1)
        let mark = drawing.marks[0]
        #expect(mark.stroke && mark.fill == nil && mark.lineWidth == 1 && mark.lineJoin == 0 && mark.lineCap == 0 && mark.dash.isEmpty)
        // Each quad from its lower-left corner round, closed.
        #expect(Self.points(mark.path) == [quads[0][2], quads[0][3], quads[0][1], quads[0][0], quads[1][2], quads[1][3], quads[1][1], quads[1][0]])
        #expect(mark.path.elements.filter { $0 == .close }.count == 2)
        #expect(drawing.opacity == 0.5 && drawing.blendMode == nil)
        #expect(drawing.bounds == CGRect(x: 9, y: 9, width: 42, height: 24))
    }

    @Test func anAreasOutlineLiesHalfItsWidthInsideTheAreaWhichIsTheBox() {
        let area = CGRect(x: 100, y: 100, width: 200, height: 60)
        let drawing = AnnotationDrawing.redaction(quads: [], rect: area, hasColor: true)
        #expect(Self.points(drawing.marks[0].path) == [CGPoint(x: 100.5, y: 100.5), CGPoint(x: 299.5, y: 100.5),
                                                       CGPoint(x: 299.5, y: 159.5), CGPoint(x: 100.5, y: 159.5)])
        #expect(drawing.bounds == area)
        // An area thinner than the outline: inset to its middle, not past it.
        let thin = AnnotationDrawing.redaction(quads: [], rect: CGRect(x: 10, y: 10, width: 0.6, height: 30), hasColor: true)
        #expect(Self.points(thin.marks[0].path).map(\.x).allSatisfy { abs($0 - 10.3) < 1e-9 })
    }

    @Test func aMarkWithoutAColourDrawsNothing() {
        let drawing = AnnotationDrawing.redaction(quads: [], rect: CGRect(x: 0, y: 0, width: 50, height: 50), hasColor: false)
        #expect(drawing.marks.isEmpty)
        #expect(drawing.bounds == CGRect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test func theBridgeAnswersARedactionsOutlineAndNeedsARectOnlyWithoutQuads() throws {
        let area = try AnnotationDrawingTests.drawing(##"{"type": "redact", "rect": [100, 100, 300, 160], "color": "#CC1A1A", "fill": "#000000"}"##)
        let marks = try #require(area["marks"]?.arrayValue)
        #expect(marks.count == 1, "\(area)")
        #expect(marks[0]["d"]?.stringValue == "M 100.5 100.5L 299.5 100.5L 299.5 159.5L 100.5 159.5Z", "\(area)")
        // The overlay colour (`fill`, what replaces the content once applied) is not the mark's.
        #expect(marks[0]["fill"] == .null && marks[0]["stroke"]?.stringValue == "#CC1A1A" && marks[0]["join"]?.stringValue == "miter")
        #expect(area["bounds"] == .array([100, 100, 300, 160].map { .number($0) }))
        let text = try AnnotationDrawingTests.drawing(##"{"type": "redact", "quads": [[0, 10, 10, 10, 0, 0, 10, 0]], "color": "#CC1A1A"}"##)
        #expect(text["bounds"] == .array([-1, -1, 11, 11].map { .number($0) }), "\(text)")
        let missing = try AnnotationDrawingTests.drawing(##"{"type": "redact", "color": "#CC1A1A"}"##)
        #expect(missing["error"]?.stringValue?.contains("rect") == true, "\(missing)")
    }
}
