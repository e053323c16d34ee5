import Foundation
import Marginalia
import Testing
@testable import MarginaliaEditor

extension StrokesTests {
    @Suite("Stroke simplifier")
    struct StrokeSimplifierTests {
        @Test func straightRunKeepsOnlyItsEnds() {
            let points = (0...100).map { CGPoint(x: CGFloat($0), y: 2 * CGFloat($0)) }
            #expect(StrokeSimplifier.keptIndices(of: points, tolerance: 0.01) == [0, 100])
        }

        @Test func cornersAreKept() {
            let points = StrokeFixtures.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50)], perSide: 25)
            #expect(StrokeSimplifier.keptIndices(of: points, tolerance: 0.1) == [0, 25, 50])
        }

        @Test func shortInputIsKeptWhole() {
            #expect(StrokeSimplifier.keptIndices(of: [], tolerance: 1).isEmpty)
            #expect(StrokeSimplifier.keptIndices(of: [CGPoint(x: 1, y: 1)], tolerance: 1) == [0])
        }

        @Test func everyDroppedPointIsWithinTolerance() {
            let points = StrokeFixtures.jittered(StrokeFixtures.sample(3000) { t in
                CGPoint(x: 500 * t, y: 80 * sin(t * 11))
            }, by: 0.4)
            let tolerance: CGFloat = 0.5
            let kept = StrokeSimplifier.keptIndices(of: points, tolerance: tolerance)
            #expect(kept.count < points.count / 2)
            for pair in zip(kept, kept.dropFirst()) {
                for index in pair.0...pair.1 {
                    let d = SegmentGeometry.distance(from: points[index], toSegment: points[pair.0], points[pair.1])
                    #expect(d <= tolerance)
                }
            }
        }

        @Test func zigzagKeepsEveryCorner() {
            // Every point is a corner: each split peels off about one point, so a recursive
            // version would nest thousands of calls deep.
            let points = (0..<3000).map { CGPoint(x: CGFloat($0), y: $0 % 2 == 0 ? 0 : 10) }
            #expect(StrokeSimplifier.keptIndices(of: points, tolerance: 1).count == points.count)
        }
    }
}

@Suite("Stroke simplifier on pathological input")
struct StrokeSimplifierPathologyTests {
    /// A zigzag whose amplitude grows along it: every RDP split peels off one point, the
    /// quadratic case. Blocks keep it bounded, and every dropped point stays within tolerance.
    @Test func growingZigzagStaysWithinToleranceAndFinishes() {
        let points = (0..<200_000).map { i in CGPoint(x: CGFloat(i) * 0.01, y: (i % 2 == 0 ? 1 : -1) * CGFloat(i) * 0.001) }
        let kept = StrokeSimplifier.keptIndices(of: points, tolerance: 0.1)
        #expect(kept.first == 0 && kept.last == points.count - 1)
        #expect(kept == kept.sorted())
        // Spot-check the guarantee on a stretch across a block boundary.
        for (a, b) in zip(kept, kept.dropFirst()) where a >= 2_000 && b <= 2_100 {
            for index in (a + 1)..<b {
                #expect(SegmentGeometry.distance(from: points[index], toSegment: points[a], points[b]) <= 0.1 + 1e-9)
            }
        }
    }

    @Test func blockBoundariesAreKept() {
        let line = (0..<(StrokeSimplifier.blockSize * 2 + 10)).map { CGPoint(x: CGFloat($0), y: 0) }
        let kept = StrokeSimplifier.keptIndices(of: line, tolerance: 1)
        #expect(kept == [0, StrokeSimplifier.blockSize, StrokeSimplifier.blockSize * 2, line.count - 1])
    }
}
