import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor

@Suite("Moving and resizing annotations")
struct GeometryEditingTests {
    static let page = CGRect(x: 0, y: 0, width: 612, height: 792)

    @Test func moveCarriesTheGeometryAndStaysOnThePage() {
        let ink = PDFAnnotation(kind: .ink(.init(paths: [[CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 50)]])),
                                rect: CGRect(x: 8, y: 8, width: 24, height: 44))
        let moved = AnnotationGeometryEditing.moved(ink, dx: 100, dy: 200, within: Self.page)
        guard case .ink(let data) = moved.kind else { Issue.record("not ink"); return }
        #expect(data.paths[0] == [CGPoint(x: 110, y: 210), CGPoint(x: 130, y: 250)])
        #expect(moved.rect == CGRect(x: 108, y: 208, width: 24, height: 44))
        // Pushed past the left and top edges: clamped.
        let clamped = AnnotationGeometryEditing.moved(ink, dx: -50, dy: 1000, within: Self.page)
        #expect(clamped.rect.minX == 0 && clamped.rect.maxY == 792)
    }

    @Test func resizeScalesEveryKind() {
        let line = PDFAnnotation(kind: .line(.init(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 50))),
                                 rect: CGRect(x: 0, y: 0, width: 100, height: 50))
        let resized = AnnotationGeometryEditing.resized(line, to: CGRect(x: 10, y: 10, width: 200, height: 25))
        guard case .line(let data) = resized.kind else { Issue.record("not a line"); return }
        #expect(data.start == CGPoint(x: 10, y: 10) && data.end == CGPoint(x: 210, y: 35))
        let highlight = PDFAnnotation(kind: .textMarkup(.highlight, quads: [.init(rect: CGRect(x: 0, y: 0, width: 10, height: 10))]),
                                      rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let bigger = AnnotationGeometryEditing.resized(highlight, to: CGRect(x: 0, y: 0, width: 20, height: 20))
        guard case .textMarkup(_, let quads) = bigger.kind else { Issue.record("not markup"); return }
        #expect(quads[0].points.contains(CGPoint(x: 20, y: 20)))
    }

    @Test func aspectRatioIsKeptForImages() {
        let stamp = PDFAnnotation(kind: .stamp(.init()), rect: CGRect(x: 0, y: 0, width: 40, height: 20))
        let resized = AnnotationGeometryEditing.resized(stamp, to: CGRect(x: 0, y: 0, width: 100, height: 100), keepAspectRatio: true)
        #expect(resized.rect == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(AnnotationGeometryEditing.resized(stamp, to: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)) == stamp)
    }
}
