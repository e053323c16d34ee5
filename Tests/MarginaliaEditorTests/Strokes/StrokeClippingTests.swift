import Foundation
import Testing
@testable import MarginaliaEditor

extension StrokesTests {
    @Suite("Stroke clipping")
    struct StrokeClippingTests {
        let page = CGRect(x: 0, y: 0, width: 100, height: 200)

        @Test func strokeInsideIsUntouched() {
            let points = [CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 60), CGPoint(x: 90, y: 20)]
            let pieces = StrokeClipping.clip(points: points, pressures: [0.1, 0.2, 0.3], to: page)
            #expect(pieces.count == 1)
            #expect(pieces.first?.points == points)
            #expect(pieces.first?.pressures == [0.1, 0.2, 0.3])
        }

        @Test func leavingStrokeIsCutAtTheExactCrossing() throws {
            let points = [CGPoint(x: 50, y: 50), CGPoint(x: 150, y: 100)]
            let pieces = StrokeClipping.clip(points: points, pressures: [0.2, 0.6], to: page)
            let piece = try #require(pieces.first)
            #expect(pieces.count == 1)
            #expect(piece.points == [CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 75)])
            let pressures = try #require(piece.pressures)
            #expect(abs(pressures[1] - 0.4) < 1e-12)
        }

        @Test func leavingAndReenteringGivesTwoPieces() throws {
            // Crosses the top edge (y = 200) going up, comes back down through it.
            let points = [CGPoint(x: 10, y: 180), CGPoint(x: 30, y: 220), CGPoint(x: 50, y: 220),
                          CGPoint(x: 70, y: 180), CGPoint(x: 80, y: 170)]
            let pieces = StrokeClipping.clip(points: points, pressures: nil, to: page)
            #expect(pieces.count == 2)
            #expect(pieces[0].points == [CGPoint(x: 10, y: 180), CGPoint(x: 20, y: 200)])
            #expect(pieces[1].points == [CGPoint(x: 60, y: 200), CGPoint(x: 70, y: 180), CGPoint(x: 80, y: 170)])
            #expect(pieces.allSatisfy { $0.pressures == nil })
        }

        @Test func segmentPassingThroughACornerRegionIsCutTwice() {
            // Starts and ends outside; only the middle of the segment crosses the page.
            let points = [CGPoint(x: -50, y: 100), CGPoint(x: 150, y: 100)]
            let pieces = StrokeClipping.clip(points: points, pressures: [0, 1], to: page)
            #expect(pieces.count == 1)
            #expect(pieces.first?.points == [CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 100)])
            #expect(pieces.first?.pressures == [0.25, 0.75])
        }

        @Test func strokeEntirelyOutsideGivesNothing() {
            let points = [CGPoint(x: 150, y: 10), CGPoint(x: 170, y: 50)]
            #expect(StrokeClipping.clip(points: points, pressures: nil, to: page).isEmpty)
        }

        @Test func dotInsideStaysAndDotOutsideGoes() {
            #expect(StrokeClipping.clip(points: [CGPoint(x: 5, y: 5)], pressures: [0.5], to: page).count == 1)
            #expect(StrokeClipping.clip(points: [CGPoint(x: -5, y: 5)], pressures: nil, to: page).isEmpty)
        }

        @Test func nonFinitePointsAndMismatchedPressuresAreHandled() {
            let points = [CGPoint(x: 10, y: 10), CGPoint(x: CGFloat.nan, y: 3), CGPoint(x: 20, y: 20)]
            let pieces = StrokeClipping.clip(points: points, pressures: [1], to: page)
            #expect(pieces.count == 1)
            #expect(pieces.first?.points == [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20)])
            #expect(pieces.first?.pressures == nil)
        }

        @Test func everyClippedPointIsOnThePage() {
            let points = StrokeFixtures.jittered(StrokeFixtures.sample(500) { t in
                CGPoint(x: 50 + 120 * cos(t * 20), y: 100 + 220 * sin(t * 13))
            }, by: 3)
            let pieces = StrokeClipping.clip(points: points, pressures: nil, to: page)
            #expect(pieces.count > 2)
            // CGRect.contains excludes the max edges, where cut points lie; test inclusively.
            let onPage = { (p: CGPoint) in p.x >= 0 && p.x <= 100 && p.y >= 0 && p.y <= 200 }
            #expect(pieces.allSatisfy { $0.points.allSatisfy(onPage) })
        }
    }
}
