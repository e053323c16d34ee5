import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    /// Cutting a rectangle out of a path (what a redaction does to a drawing crossing a mark),
    /// judged by where the pieces are and by the path's own hit test of the filled area.
    @Suite("BezierPath rectangle cut")
    struct BezierPathRectangleCutTests {
        let mark = CGRect(x: 10, y: 10, width: 20, height: 20)

        func points(_ path: BezierPath) -> [CGPoint] {
            path.elements.flatMap { element -> [CGPoint] in
                switch element {
                case .move(let p), .line(let p): return [p]
                case .curve(let p, let c1, let c2): return [c1, c2, p]
                case .close: return []
                }
            }
        }

        func strictlyInside(_ p: CGPoint, _ r: CGRect) -> Bool {
            p.x > r.minX + 1e-9 && p.x < r.maxX - 1e-9 && p.y > r.minY + 1e-9 && p.y < r.maxY - 1e-9
        }

        func circle(center: CGPoint, radius r: CGFloat) -> BezierPath {
            let k = 0.5522847498 * r
            let (x, y) = (center.x, center.y)
            return BezierPath(elements: [
                .move(to: CGPoint(x: x + r, y: y)),
                .curve(to: CGPoint(x: x, y: y + r), control1: CGPoint(x: x + r, y: y + k), control2: CGPoint(x: x + k, y: y + r)),
                .curve(to: CGPoint(x: x - r, y: y), control1: CGPoint(x: x - k, y: y + r), control2: CGPoint(x: x - r, y: y + k)),
                .curve(to: CGPoint(x: x, y: y - r), control1: CGPoint(x: x - r, y: y - k), control2: CGPoint(x: x - k, y: y - r)),
                .curve(to: CGPoint(x: x + r, y: y), control1: CGPoint(x: x + k, y: y - r), control2: CGPoint(x: x + r, y: y - k)),
                .close,
            ])
        }

        // MARK: - Strokes

        @Test func aLineThroughTheMarkIsCutExactlyAtItsEdges() throws {
            let line = BezierPath(elements: [.move(to: CGPoint(x: 0, y: 15)), .line(to: CGPoint(x: 40, y: 25))])
            let cut = try #require(line.strokeCut(outside: mark, tolerance: 0.05))
            #expect(cut.elements == [.move(to: CGPoint(x: 0, y: 15)), .line(to: CGPoint(x: 10, y: 17.5)),
                                     .move(to: CGPoint(x: 30, y: 22.5)), .line(to: CGPoint(x: 40, y: 25))])
        }

        @Test func aPathClearOfTheMarkOrAlongItsEdgeIsNotCut() {
            let beside = BezierPath(elements: [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 40, y: 0)),
                                               .line(to: CGPoint(x: 40, y: 10)), .line(to: CGPoint(x: 10, y: 10))])
            #expect(beside.strokeCut(outside: mark, tolerance: 0.05) == nil)
            #expect(beside.fillCut(outside: mark, tolerance: 0.05) == nil)
        }

        @Test func aClosedSquareCutAtOneCornerBecomesOneOpenPieceThroughItsOtherCorners() throws {
            let square = BezierPath(elements: [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 20, y: 0)),
                                               .line(to: CGPoint(x: 20, y: 20)), .line(to: CGPoint(x: 0, y: 20)), .close])
            let cut = try #require(square.strokeCut(outside: mark, tolerance: 0.05))
            #expect(cut.elements == [.move(to: CGPoint(x: 10, y: 20)), .line(to: CGPoint(x: 0, y: 20)),
                                     .line(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 20, y: 0)),
                                     .line(to: CGPoint(x: 20, y: 10))])
        }

        @Test func aCurveIsKeptExactAwayFromTheMarkAndFollowedWithinTheToleranceWhereItCrosses() throws {
            let start = CGPoint(x: -20, y: 0), c1 = CGPoint(x: 0, y: 40), c2 = CGPoint(x: 40, y: 0), end = CGPoint(x: 60, y: 40)
            let curve = BezierPath(elements: [.move(to: start), .curve(to: end, control1: c1, control2: c2)])
            let cut = try #require(curve.strokeCut(outside: mark, tolerance: 0.05))
            #expect(!points(cut).contains { strictlyInside($0, mark) })
            // Every vertex of a straight piece is within the tolerance of the curve, sampled finely.
            let samples = (0...20_000).map { CubicMath.point(start, c1, c2, end, at: CGFloat($0) / 20_000) }
            for element in cut.elements {
                guard case .line(let p) = element else { continue }
                let nearest = samples.map { hypot($0.x - p.x, $0.y - p.y) }.min() ?? .infinity
                #expect(nearest <= 0.05 + 1e-6)
            }
            // The pieces far from the mark are curves, not lines.
            #expect(cut.elements.contains { if case .curve = $0 { return true } else { return false } })
        }

        @Test func aDotUnderTheMarkGoesAndOneBesideItStays() throws {
            let dots = BezierPath(elements: [.move(to: CGPoint(x: 20, y: 20)), .line(to: CGPoint(x: 20, y: 20)),
                                             .move(to: CGPoint(x: 50, y: 20)), .line(to: CGPoint(x: 50, y: 20))])
            let cut = try #require(dots.strokeCut(outside: mark, tolerance: 0.05))
            #expect(cut.elements == [.move(to: CGPoint(x: 50, y: 20)), .line(to: CGPoint(x: 50, y: 20))])
        }

        // MARK: - Fills

        /// Whether the cut fills every grid point the original fills outside the mark (farther
        /// than `margin` from the mark and from the original's outline) and none inside it.
        func fillsAsBefore(_ path: BezierPath, evenOdd: Bool, margin: CGFloat = 0.1) throws {
            let cut = try #require(path.fillCut(outside: mark, tolerance: 0.05))
            #expect(!points(cut).contains { strictlyInside($0, mark) })
            let outline = path.flattened(tolerance: 0.001)
            for i in 0...100 {
                for j in 0...100 {
                    let p = CGPoint(x: -20 + CGFloat(i) * 0.7 + 0.013, y: -20 + CGFloat(j) * 0.7 + 0.017)
                    if mark.insetBy(dx: -margin, dy: -margin).contains(p) && !mark.insetBy(dx: margin, dy: margin).contains(p) { continue }
                    let nearOutline = outline.contains { line in
                        line.segments.contains { SegmentGeometry.distance(from: p, toSegment: $0.0, $0.1) < margin }
                    }
                    if nearOutline { continue }
                    let expected = strictlyInside(p, mark) ? false : path.contains(p, evenOdd: evenOdd)
                    #expect(cut.contains(p, evenOdd: evenOdd) == expected, "at \(p)")
                }
            }
        }

        @Test func aFilledSquareAroundTheMarkGetsAHole() throws {
            let square = BezierPath(elements: [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 40, y: 0)),
                                               .line(to: CGPoint(x: 40, y: 40)), .line(to: CGPoint(x: 0, y: 40)), .close])
            try fillsAsBefore(square, evenOdd: false)
        }

        @Test(arguments: [false, true])
        func aFilledCircleCrossingTheMarkKeepsItsOutsidePart(evenOdd: Bool) throws {
            try fillsAsBefore(circle(center: CGPoint(x: 5, y: 15), radius: 12), evenOdd: evenOdd)
        }

        @Test(arguments: [false, true])
        func overlappingSubpathsKeepTheirWindingOutsideTheMark(evenOdd: Bool) throws {
            // Two circles in the same direction: where they overlap nonzero fills and even-odd does not.
            var path = circle(center: CGPoint(x: 8, y: 12), radius: 14)
            path.elements += circle(center: CGPoint(x: 22, y: 18), radius: 14).elements
            try fillsAsBefore(path, evenOdd: evenOdd)
        }
    }
}
