import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("BezierPath smoothing")
    struct SmoothingTests {
        @Test func smoothedCurvePassesThroughEveryPoint() {
            let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 25), CGPoint(x: 40, y: 0), CGPoint(x: 60, y: 10)]
            let path = BezierPath.smoothed(points: points)
            #expect(path.elements.count == points.count)
            #expect(path.elements.first == .move(to: points[0]))
            #expect(path.elements.compactMap(\.endPoint) == points)
            for p in points { #expect(path.distance(to: p) < 1e-9) }
        }

        @Test func tangentsAreContinuousAtInteriorPoints() {
            let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 25), CGPoint(x: 40, y: 0)]
            let elements = BezierPath.smoothed(points: points).elements
            for i in 1..<(elements.count - 1) {
                guard case .curve(let p, _, let incoming) = elements[i], case .curve(_, let outgoing, _) = elements[i + 1] else {
                    Issue.record("expected curves")
                    continue
                }
                // Incoming and outgoing control arms point in opposite directions from p.
                let u = CGPoint(x: p.x - incoming.x, y: p.y - incoming.y), v = CGPoint(x: outgoing.x - p.x, y: outgoing.y - p.y)
                #expect(abs(u.x * v.y - u.y * v.x) < 1e-9 && u.x * v.x + u.y * v.y > 0)
            }
        }

        @Test func unevenSpacingDoesNotOvershoot() {
            // A long stretch then a tiny hook: the arms are limited to half their segment.
            let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 101, y: 1), CGPoint(x: 100, y: 2)]
            let path = BezierPath.smoothed(points: points)
            let bounds = path.bounds
            #expect(bounds.maxX < 102 && bounds.minY > -1 && bounds.maxY < 3)
        }

        @Test func degenerateInputs() {
            #expect(BezierPath.smoothed(points: []).isEmpty)
            let p = CGPoint(x: 3, y: 4)
            #expect(BezierPath.smoothed(points: [p, p, p]).elements == [.move(to: p), .line(to: p)])
            let two = BezierPath.smoothed(points: [.zero, CGPoint(x: 9, y: 0)])
            #expect(two.bounds == CGRect(x: 0, y: 0, width: 9, height: 0), "two points: a straight segment")
            let withNaN = BezierPath.smoothed(points: [.zero, CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 9, y: 0)])
            #expect(withNaN == two)
        }
    }
}
