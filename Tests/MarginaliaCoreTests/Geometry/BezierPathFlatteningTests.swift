import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("BezierPath flattening")
    struct BezierPathFlatteningTests {
        @Test(arguments: [0.2, 0.05, 1.0] as [CGFloat])
        func circleStaysWithinTolerance(tolerance: CGFloat) throws {
            let circle = BezierPath(ovalIn: CGRect(x: -100, y: -100, width: 200, height: 200))
            let polylines = circle.flattened(tolerance: tolerance)
            #expect(polylines.count == 1)
            let polyline = try #require(polylines.first)
            #expect(polyline.isClosed)
            #expect(polyline.points.first != polyline.points.last, "a closed polyline does not repeat its start")
            // The kappa cubics themselves are within 0.03 of the circle at radius 100.
            for (a, b) in polyline.segments {
                #expect(abs(hypot(a.x, a.y) - 100) <= 0.03)
                let middle = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                #expect(100 - hypot(middle.x, middle.y) <= tolerance + 0.03)
            }
            // Adaptive: finer tolerance, more points; never absurdly many.
            #expect(polyline.points.count >= 8 && polyline.points.count <= 400)
        }

        @Test func finerToleranceGivesMorePoints() {
            let circle = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 300, height: 300))
            let coarse = circle.flattened(tolerance: 1)[0].points.count
            let fine = circle.flattened(tolerance: 0.01)[0].points.count
            #expect(fine > coarse * 5)
            let small = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 3, height: 3)).flattened(tolerance: 1)[0]
            #expect(small.points.count <= 8, "a tiny curve needs few segments")
        }

        @Test func hugeCurvesHaveBoundedSegmentCounts() {
            var path = BezierPath()
            path.move(to: CGPoint(x: -1e150, y: 0))
            path.addCurve(to: CGPoint(x: 1e150, y: 0), control1: CGPoint(x: -1e150, y: 1e150),
                          control2: CGPoint(x: 1e150, y: -1e150))
            let points = path.flattened(tolerance: 1e-9).flatMap(\.points)
            #expect(points.count <= BezierPath.maximumSegmentsPerCurve + 1)
            #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }

        @Test func subpathsAndClosing() {
            var path = BezierPath()
            path.move(to: CGPoint(x: 100, y: 100))            // a move alone draws nothing
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 10, y: 0))
            path.addLine(to: CGPoint(x: 10, y: 10))
            path.addLine(to: .zero)
            path.close()
            path.addLine(to: CGPoint(x: -5, y: 0))             // starts again at the closed subpath's start
            let polylines = path.flattened()
            #expect(polylines == [
                BezierPath.Polyline(points: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)], isClosed: true),
                BezierPath.Polyline(points: [.zero, CGPoint(x: -5, y: 0)], isClosed: false),
            ])
        }

        @Test func zeroLengthSubpathIsOnePoint() {
            let dot = BezierPath(polyline: [CGPoint(x: 4, y: 4)], closed: false)
            #expect(dot.flattened() == [BezierPath.Polyline(points: [CGPoint(x: 4, y: 4)], isClosed: false)])
            #expect(dot.flattened()[0].segments.count == 1)
        }

        @Test func nonFinitePointsAreSkipped() {
            var path = BezierPath()
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
            path.addLine(to: CGPoint(x: 5, y: 0))
            path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
            let polylines = path.flattened()
            #expect(polylines == [BezierPath.Polyline(points: [.zero, CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 0)],
                                                      isClosed: false)])
        }

        @Test(arguments: [0, -1, .nan, .infinity, -.infinity] as [CGFloat])
        func badTolerancesMeanTheDefault(tolerance: CGFloat) {
            let circle = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
            #expect(circle.flattened(tolerance: tolerance) == circle.flattened())
        }
    }
}
