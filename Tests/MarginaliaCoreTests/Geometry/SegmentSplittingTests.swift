import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("SegmentGeometry splitting")
    struct SegmentSplittingTests {
        typealias G = SegmentGeometry

        /// Whether two lists of pieces match point for point within 1e-6.
        func same(_ a: [[CGPoint]], _ b: [[CGPoint]]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { x, y in
                x.count == y.count && zip(x, y).allSatisfy { approximately($0, $1, 1e-6) }
            }
        }

        // MARK: - Circle

        @Test func circleCutsAStraightStroke() {
            let pieces = G.split(polyline: [CGPoint(x: -10, y: 0), CGPoint(x: 10, y: 0)], outsideCircle: .zero, radius: 5)
            #expect(same(pieces, [[CGPoint(x: -10, y: 0), CGPoint(x: -5, y: 0)], [CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 0)]]))
        }

        @Test(arguments: [4.9, 4.99, 4.9999] as [CGFloat])
        func thinCrossingWithNoVertexInsideStillCuts(height: CGFloat) {
            let stroke = [CGPoint(x: -30, y: height), CGPoint(x: -10, y: height), CGPoint(x: 10, y: height), CGPoint(x: 30, y: height)]
            let pieces = G.split(polyline: stroke, outsideCircle: .zero, radius: 5)
            let x = (25 - height * height).squareRoot()
            #expect(same(pieces, [[stroke[0], stroke[1], CGPoint(x: -x, y: height)],
                                  [CGPoint(x: x, y: height), stroke[2], stroke[3]]]))
        }

        @Test func strokeStartingOrEndingInside() {
            let stroke = [CGPoint(x: 1, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 2)]
            let pieces = G.split(polyline: stroke, outsideCircle: .zero, radius: 3)
            #expect(same(pieces, [[CGPoint(x: 3, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 2)]]))
            let back = G.split(polyline: stroke.reversed(), outsideCircle: .zero, radius: 3)
            #expect(same(back, [[CGPoint(x: 10, y: 2), CGPoint(x: 10, y: 0), CGPoint(x: 3, y: 0)]]))
        }

        @Test func untouchedAndSwallowedStrokes() {
            let stroke = [CGPoint(x: 0, y: 10), CGPoint(x: 5, y: 10), CGPoint(x: 10, y: 12)]
            #expect(G.split(polyline: stroke, outsideCircle: .zero, radius: 5) == [stroke], "far away: unchanged")
            #expect(G.split(polyline: [CGPoint(x: -10, y: 5), CGPoint(x: 10, y: 5)], outsideCircle: .zero, radius: 5)
                        == [[CGPoint(x: -10, y: 5), CGPoint(x: 10, y: 5)]], "a tangent is not a cut")
            #expect(G.split(polyline: stroke, outsideCircle: .zero, radius: 100).isEmpty, "wholly inside")
            #expect(G.split(polyline: [], outsideCircle: .zero, radius: 5).isEmpty)
        }

        @Test func dotsAreKeptOrRemovedWhole() {
            let dot = [CGPoint(x: 1, y: 1)]
            #expect(G.split(polyline: dot, outsideCircle: .zero, radius: 5).isEmpty)
            #expect(G.split(polyline: dot, outsideCircle: CGPoint(x: 9, y: 9), radius: 5) == [dot])
            #expect(G.split(polyline: dot + dot + dot, outsideCircle: CGPoint(x: 9, y: 9), radius: 5) == [dot])
        }

        @Test func zigzagCutIntoSeveralPieces() {
            // Passes through a circle of radius 2 three times, no vertex inside.
            let zigzag = [CGPoint(x: -3, y: -10), CGPoint(x: 0, y: 10), CGPoint(x: 0, y: -10), CGPoint(x: 3, y: 10)]
            let pieces = G.split(polyline: zigzag, outsideCircle: .zero, radius: 2)
            #expect(pieces.count == 4)
            for piece in pieces {
                for p in piece { #expect(hypot(p.x, p.y) >= 2 - 1e-9) }
            }
        }

        // MARK: - Capsule

        @Test func capsuleCutsExactlyAtItsBoundary() {
            let a = CGPoint.zero, b = CGPoint(x: 20, y: 0)
            let vertical = G.split(polyline: [CGPoint(x: 10, y: -10), CGPoint(x: 10, y: 10)], outsideCapsule: a, b: b, radius: 5)
            #expect(same(vertical, [[CGPoint(x: 10, y: -10), CGPoint(x: 10, y: -5)], [CGPoint(x: 10, y: 5), CGPoint(x: 10, y: 10)]]))
            let throughCap = G.split(polyline: [CGPoint(x: 23, y: -10), CGPoint(x: 23, y: 10)], outsideCapsule: a, b: b, radius: 5)
            #expect(same(throughCap, [[CGPoint(x: 23, y: -10), CGPoint(x: 23, y: -4)], [CGPoint(x: 23, y: 4), CGPoint(x: 23, y: 10)]]))
            // Enters through one cap, leaves through the other, no extra vertices between.
            let along = G.split(polyline: [CGPoint(x: -10, y: 3), CGPoint(x: 30, y: 3)], outsideCapsule: a, b: b, radius: 5)
            #expect(same(along, [[CGPoint(x: -10, y: 3), CGPoint(x: -4, y: 3)], [CGPoint(x: 24, y: 3), CGPoint(x: 30, y: 3)]]))
        }

        @Test func thinCrossingOfACapsule() {
            // At y = 4.999 the stroke grazes the capsule's side from cap to cap.
            let y: CGFloat = 4.999
            let stroke = [CGPoint(x: -10, y: y), CGPoint(x: 30, y: y)]
            let pieces = G.split(polyline: stroke, outsideCapsule: .zero, b: CGPoint(x: 20, y: 0), radius: 5)
            let x = (25 - y * y).squareRoot()
            #expect(same(pieces, [[stroke[0], CGPoint(x: -x, y: y)], [CGPoint(x: 20 + x, y: y), stroke[1]]]))
            // A diagonal sweep across a short segment with both vertices outside.
            let cross = G.split(polyline: [CGPoint(x: 0, y: 6), CGPoint(x: 6, y: 0)], outsideCapsule: CGPoint(x: -10, y: -10),
                                b: CGPoint(x: 10, y: 10), radius: 0.5)
            #expect(cross.count == 2)
            let gapStart = cross[0].last ?? .zero, gapEnd = cross[1].first ?? .zero
            #expect(approximately(G.distance(from: gapStart, toSegment: CGPoint(x: -10, y: -10), CGPoint(x: 10, y: 10)), 0.5, 1e-9))
            #expect(approximately(G.distance(from: gapEnd, toSegment: CGPoint(x: -10, y: -10), CGPoint(x: 10, y: 10)), 0.5, 1e-9))
        }

        @Test func degenerateCapsuleIsACircle() {
            let stroke = [CGPoint(x: -10, y: 1), CGPoint(x: 10, y: 1)]
            #expect(same(G.split(polyline: stroke, outsideCapsule: .zero, b: .zero, radius: 3),
                         G.split(polyline: stroke, outsideCircle: .zero, radius: 3)))
        }

        @Test(arguments: 0..<25)
        func randomSplitsMatchADenseSampling(seed: Int) {
            var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
            let stroke = (0..<Int.random(in: 2...30, using: &random)).map { _ in random.point(in: 0...100) }
            let a = random.point(in: 0...100), b = random.point(in: 0...100)
            let radius = CGFloat.random(in: 1...30, using: &random)
            let pieces = G.split(polyline: stroke, outsideCapsule: a, b: b, radius: radius)
            func inside(_ p: CGPoint) -> Bool { G.distance(from: p, toSegment: a, b) < radius }
            // Every piece lies outside; every cut point lies on the boundary.
            for piece in pieces {
                #expect(piece.count >= 2)
                for (p, q) in zip(piece, piece.dropFirst()) {
                    for step in 1..<8 {
                        #expect(G.distance(from: G.point(on: p, q, at: CGFloat(step) / 8), toSegment: a, b) >= radius - 1e-9)
                    }
                }
                for end in [piece.first, piece.last].compactMap({ $0 }) where !stroke.contains(end) {
                    #expect(approximately(G.distance(from: end, toSegment: a, b), radius, 1e-6))
                }
            }
            // The pieces keep exactly the outside length of the stroke.
            func length(_ points: [CGPoint]) -> CGFloat {
                zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
            }
            var outside: CGFloat = 0
            for (p, q) in zip(stroke, stroke.dropFirst()) {
                let samples = 2_000
                for step in 0..<samples {
                    let mid = G.point(on: p, q, at: (CGFloat(step) + 0.5) / CGFloat(samples))
                    if !inside(mid) { outside += hypot(q.x - p.x, q.y - p.y) / CGFloat(samples) }
                }
            }
            let kept = pieces.reduce(0) { $0 + length($1) }
            #expect(abs(kept - outside) <= max(0.5, outside * 0.002), "kept \(kept), outside \(outside)")
        }

        // MARK: - Positions

        @Test func positionsInterpolatePerPointValues() throws {
            let stroke = [CGPoint(x: -10, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]
            let pressure: [CGFloat] = [0.2, 0.6, 1.0]
            let pieces = G.splitPositions(polyline: stroke, outsideCircle: CGPoint(x: 0, y: 0), radius: 5)
            #expect(pieces == [[PolylinePosition(index: 0, fraction: 0), PolylinePosition(index: 0, fraction: 0.5)],
                               [PolylinePosition(index: 1, fraction: 0.5), PolylinePosition(index: 2, fraction: 0)]])
            let cut = try #require(pieces.first?.last)
            #expect(cut.point(in: stroke) == CGPoint(x: -5, y: 0))
            #expect(try #require(cut.interpolate(pressure)) == 0.4)
            #expect(PolylinePosition(index: 2, fraction: 0).interpolate(pressure) == 1.0)
            #expect(PolylinePosition(index: 2, fraction: 0.5).interpolate(pressure) == 1.0, "no next vertex: the last value")
            #expect(PolylinePosition(index: 3, fraction: 0).point(in: stroke) == nil)
            #expect(PolylinePosition(index: -1, fraction: 0).interpolate(pressure) == nil)
        }

        @Test func nonFinitePointsBreakTheStroke() {
            let stroke = [CGPoint(x: 0, y: 20), CGPoint(x: 10, y: 20), CGPoint(x: CGFloat.nan, y: 0),
                          CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 20)]
            #expect(G.split(polyline: stroke, outsideCircle: .zero, radius: 1)
                        == [[CGPoint(x: 0, y: 20), CGPoint(x: 10, y: 20)], [CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 20)]])
        }

        @Test func badEraserShapesEraseNothingOrEverything() {
            let stroke = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]
            for radius in [0, -1, .nan] as [CGFloat] {
                #expect(G.split(polyline: stroke, outsideCircle: .zero, radius: radius) == [stroke])
                #expect(G.split(polyline: stroke, outsideCapsule: .zero, b: CGPoint(x: 5, y: 0), radius: radius) == [stroke])
            }
            #expect(G.split(polyline: stroke, outsideCircle: CGPoint(x: CGFloat.nan, y: 0), radius: 5) == [stroke])
            #expect(G.split(polyline: stroke, outsideCircle: .zero, radius: .infinity).isEmpty)
            #expect(G.split(polyline: stroke, outsideCapsule: .zero, b: .zero, radius: .infinity).isEmpty)
        }
    }
}
