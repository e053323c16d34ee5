import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("SegmentGeometry")
    struct SegmentGeometryTests {
        typealias G = SegmentGeometry

        @Test func pointToSegmentDistance() {
            let a = CGPoint(x: 0, y: 0), b = CGPoint(x: 10, y: 0)
            #expect(G.distance(from: CGPoint(x: 5, y: 3), toSegment: a, b) == 3)
            #expect(G.distance(from: CGPoint(x: -3, y: 4), toSegment: a, b) == 5, "beyond an end: to the end point")
            #expect(G.distance(from: CGPoint(x: 13, y: -4), toSegment: a, b) == 5)
            #expect(G.distance(from: CGPoint(x: 3, y: 4), toSegment: a, a) == 5, "a zero-length segment is a point")
            #expect(G.closestParameter(on: a, b, to: CGPoint(x: 2.5, y: 9)) == 0.25)
            #expect(G.distance(from: CGPoint(x: CGFloat.nan, y: 0), toSegment: a, b) == .infinity)
        }

        @Test func segmentIntersection() {
            let o = CGPoint.zero
            #expect(G.segmentsIntersect(o, CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)))
            #expect(!G.segmentsIntersect(o, CGPoint(x: 4, y: 4), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)))
            #expect(G.segmentsIntersect(o, CGPoint(x: 5, y: 5), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)),
                    "an end point touching the other segment")
            #expect(G.segmentsIntersect(o, CGPoint(x: 10, y: 0), CGPoint(x: 5, y: 0), CGPoint(x: 20, y: 0)),
                    "collinear overlap")
            #expect(!G.segmentsIntersect(o, CGPoint(x: 10, y: 0), CGPoint(x: 11, y: 0), CGPoint(x: 20, y: 0)),
                    "collinear, apart")
            #expect(!G.segmentsIntersect(o, CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: 10, y: 1)),
                    "parallel")
            #expect(G.segmentsIntersect(CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 3), o, CGPoint(x: 6, y: 6)),
                    "a point on a segment")
        }

        @Test func segmentToSegmentDistance() {
            let o = CGPoint.zero
            #expect(G.distance(betweenSegment: o, CGPoint(x: 10, y: 0), andSegment: CGPoint(x: 0, y: 3), CGPoint(x: 10, y: 3)) == 3)
            #expect(G.distance(betweenSegment: o, CGPoint(x: 10, y: 0), andSegment: CGPoint(x: 13, y: 4), CGPoint(x: 20, y: 10)) == 5)
            #expect(G.distance(betweenSegment: o, CGPoint(x: 10, y: 10), andSegment: CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)) == 0)
            // A T shape: the stem ends 2 below the bar's middle.
            #expect(G.distance(betweenSegment: CGPoint(x: -5, y: 0), CGPoint(x: 5, y: 0),
                               andSegment: CGPoint(x: 0, y: -2), CGPoint(x: 0, y: -9)) == 2)
        }

        // MARK: - Circles

        @Test func segmentThroughACircle() {
            let ts = G.segmentCircleIntersections(a: CGPoint(x: -10, y: 0), b: CGPoint(x: 10, y: 0), center: .zero, radius: 5)
            #expect(ts == [0.25, 0.75])
            let fromInside = G.segmentCircleIntersections(a: .zero, b: CGPoint(x: 10, y: 0), center: .zero, radius: 5)
            #expect(fromInside == [0.5])
            let reversed = G.segmentCircleIntersections(a: CGPoint(x: 10, y: 0), b: .zero, center: .zero, radius: 5)
            #expect(reversed == [0.5])
            #expect(G.segmentCircleIntersections(a: CGPoint(x: -1, y: 0), b: CGPoint(x: 1, y: 0), center: .zero, radius: 5).isEmpty,
                    "wholly inside")
            #expect(G.segmentCircleIntersections(a: CGPoint(x: 6, y: 0), b: CGPoint(x: 9, y: 0), center: .zero, radius: 5).isEmpty,
                    "the line crosses the circle, the segment does not")
            #expect(G.segmentCircleIntersections(a: CGPoint(x: -10, y: 5), b: CGPoint(x: 10, y: 5), center: .zero, radius: 5).isEmpty,
                    "a tangent only touches")
            let endOnCircle = G.segmentCircleIntersections(a: CGPoint(x: 5, y: 0), b: CGPoint(x: 20, y: 0), center: .zero, radius: 5)
            #expect(endOnCircle == [0])
        }

        @Test(arguments: [4.9, 4.999, 4.999999, 4.99999999] as [CGFloat])
        func thinCrossingsNearTheTangent(height: CGFloat) throws {
            let a = CGPoint(x: -10, y: height), b = CGPoint(x: 10, y: height)
            let ts = G.segmentCircleIntersections(a: a, b: b, center: .zero, radius: 5)
            try #require(ts.count == 2)
            #expect(ts[0] < ts[1])
            let half = (25 - height * height).squareRoot()
            for (t, x) in zip(ts, [-half, half]) {
                let p = G.point(on: a, b, at: t)
                #expect(approximately(p.x, x, 1e-6))
                #expect(approximately(hypot(p.x, p.y), 5, 1e-12))
            }
        }

        @Test func circleCrossingsWithLargeCoordinates() {
            let center = CGPoint(x: 1e6, y: -1e6)
            let ts = G.segmentCircleIntersections(a: CGPoint(x: 1e6 - 100, y: -1e6 + 3), b: CGPoint(x: 1e6 + 100, y: -1e6 + 3),
                                                  center: center, radius: 5)
            #expect(ts.count == 2)
            #expect(approximately(ts[0], 0.48, 1e-9) && approximately(ts[1], 0.52, 1e-9))
        }

        // MARK: - Capsules

        @Test func segmentCapsuleCrossings() {
            let start = CGPoint.zero, end = CGPoint(x: 20, y: 0)
            // Through the straight sides.
            let across = G.segmentCapsuleIntersections(a: CGPoint(x: 10, y: -10), b: CGPoint(x: 10, y: 10),
                                                       capsuleStart: start, capsuleEnd: end, radius: 5)
            #expect(across.count == 2 && approximately(across[0], 0.25) && approximately(across[1], 0.75))
            // Along the axis through both caps: the end circles' inner crossings are not boundary.
            let along = G.segmentCapsuleIntersections(a: CGPoint(x: -10, y: 0), b: CGPoint(x: 30, y: 0),
                                                      capsuleStart: start, capsuleEnd: end, radius: 5)
            #expect(along.count == 2 && approximately(along[0], 0.125) && approximately(along[1], 0.875))
            // Through a cap: x = 23 meets the circle around (20, 0) at y = ±4.
            let cap = G.segmentCapsuleIntersections(a: CGPoint(x: 23, y: -10), b: CGPoint(x: 23, y: 10),
                                                    capsuleStart: start, capsuleEnd: end, radius: 5)
            #expect(cap.count == 2 && approximately(cap[0], 0.3) && approximately(cap[1], 0.7))
            // A degenerate capsule is a circle.
            let circle = G.segmentCapsuleIntersections(a: CGPoint(x: -10, y: 0), b: CGPoint(x: 10, y: 0),
                                                       capsuleStart: .zero, capsuleEnd: .zero, radius: 5)
            #expect(circle == [0.25, 0.75])
        }
    }
}
