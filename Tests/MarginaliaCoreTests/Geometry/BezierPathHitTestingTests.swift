import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("BezierPath hit testing")
    struct BezierPathHitTestingTests {
        static let square = BezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50))

        // MARK: - Fill

        @Test func rectangleContainsItsInside() {
            let square = Self.square
            #expect(square.contains(CGPoint(x: 50, y: 25)))
            #expect(square.contains(CGPoint(x: 99.9, y: 0.1)))
            #expect(!square.contains(CGPoint(x: 100.1, y: 25)))
            #expect(!square.contains(CGPoint(x: 50, y: -0.1)))
            #expect(!square.contains(CGPoint(x: CGFloat.nan, y: 25)))
            #expect(!BezierPath().contains(.zero))
        }

        @Test func openSubpathsFillAsIfClosed() {
            let triangle = BezierPath(polyline: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)], closed: false)
            #expect(triangle.contains(CGPoint(x: 2, y: 2)))
            #expect(!triangle.contains(CGPoint(x: 6, y: 6)))
        }

        @Test func nonzeroAndEvenOddDifferWhereSubpathsOverlap() {
            // Two rectangles wound the same way: the overlap has winding number 2.
            var same = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
            same.append(BezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)))
            let overlap = CGPoint(x: 7, y: 7)
            #expect(same.contains(overlap))
            #expect(!same.contains(overlap, evenOdd: true))
            #expect(same.contains(CGPoint(x: 2, y: 2), evenOdd: true))

            // The second rectangle wound backwards cuts a hole under both rules.
            var opposite = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
            opposite.append(BezierPath(polyline: [CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 15), CGPoint(x: 15, y: 15),
                                                  CGPoint(x: 15, y: 5)], closed: true))
            #expect(!opposite.contains(overlap))
            #expect(!opposite.contains(overlap, evenOdd: true))
            #expect(opposite.contains(CGPoint(x: 12, y: 12)))
        }

        @Test func selfOverlappingStar() {
            // A pentagram drawn in one stroke winds its centre twice.
            let points = (0..<5).map { i -> CGPoint in
                let angle = CGFloat.pi / 2 + CGFloat(i) * 4 * CGFloat.pi / 5
                return CGPoint(x: 100 * cos(angle), y: 100 * sin(angle))
            }
            let star = BezierPath(polyline: points, closed: true)
            #expect(star.contains(.zero))
            #expect(!star.contains(.zero, evenOdd: true))
            let inPoint = CGPoint(x: 0, y: 70)   // inside the top spike: wound once
            #expect(star.contains(inPoint) && star.contains(inPoint, evenOdd: true))
        }

        @Test func circleContainsByRadius() {
            let circle = BezierPath(ovalIn: CGRect(x: -10, y: -10, width: 20, height: 20))
            for step in 0..<36 {
                let angle = CGFloat(step) * .pi / 18
                #expect(circle.contains(CGPoint(x: 9.9 * cos(angle), y: 9.9 * sin(angle))))
                #expect(!circle.contains(CGPoint(x: 10.1 * cos(angle), y: 10.1 * sin(angle))))
            }
        }

        // MARK: - Distance and stroke

        @Test func distanceToOutline() {
            #expect(Self.square.distance(to: CGPoint(x: 50, y: 60)) == 10)
            #expect(Self.square.distance(to: CGPoint(x: 50, y: 20)) == 20, "inside: distance to the nearest edge")
            #expect(Self.square.distance(to: CGPoint(x: 103, y: 54)) == 5)
            let open = BezierPath(polyline: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)], closed: false)
            #expect(open.distance(to: CGPoint(x: 0, y: 10)) == 10, "no closing segment on an open path")
            let circle = BezierPath(ovalIn: CGRect(x: -100, y: -100, width: 200, height: 200))
            #expect(approximately(circle.distance(to: .zero), 100, 0.06))
            #expect(BezierPath().distance(to: .zero) == .infinity)
            #expect(Self.square.distance(to: CGPoint(x: CGFloat.infinity, y: 0)) == .infinity)
        }

        @Test func strokeHitTestFollowsTheLineNotItsBox() {
            let diagonal = BezierPath(polyline: [.zero, CGPoint(x: 100, y: 100)], closed: false)
            #expect(diagonal.strokeContains(CGPoint(x: 50, y: 52), lineWidth: 4))
            #expect(!diagonal.strokeContains(CGPoint(x: 90, y: 10), lineWidth: 4), "inside the box, far from the line")
            let line = BezierPath(polyline: [.zero, CGPoint(x: 100, y: 0)], closed: false)
            #expect(line.strokeContains(CGPoint(x: 50, y: 4.9), lineWidth: 10))
            #expect(!line.strokeContains(CGPoint(x: 50, y: 5.1), lineWidth: 10))
            #expect(line.strokeContains(CGPoint(x: 50, y: 5.1), lineWidth: 10, tolerance: 0.2))
            #expect(line.strokeContains(CGPoint(x: 103, y: 3), lineWidth: 10), "round cap")
            #expect(!line.strokeContains(CGPoint(x: 104, y: 4), lineWidth: 10))
            #expect(!line.strokeContains(CGPoint(x: 50, y: 1), lineWidth: .nan))
            #expect(line.strokeContains(CGPoint(x: 50, y: 0), lineWidth: -3))
        }

        @Test func minimumDistanceBetweenPaths() {
            let a = BezierPath(polyline: [.zero, CGPoint(x: 100, y: 0)], closed: false)
            let b = BezierPath(polyline: [CGPoint(x: 0, y: 10), CGPoint(x: 100, y: 10)], closed: false)
            let crossing = BezierPath(polyline: [CGPoint(x: 50, y: -5), CGPoint(x: 50, y: 5)], closed: false)
            #expect(a.minimumDistance(to: b) == 10)
            #expect(a.minimumDistance(to: crossing) == 0)
            #expect(crossing.minimumDistance(to: b) == 5)
            let circle = BezierPath(ovalIn: CGRect(x: -10, y: -10, width: 20, height: 20))
            let wall = BezierPath(polyline: [CGPoint(x: 20, y: -50), CGPoint(x: 20, y: 50)], closed: false)
            #expect(approximately(circle.minimumDistance(to: wall), 10, 1e-9))
            let ring = BezierPath(ovalIn: CGRect(x: -30, y: -30, width: 60, height: 60))
            #expect(approximately(circle.minimumDistance(to: ring), 20, 0.06), "outlines, not areas")
            #expect(a.minimumDistance(to: BezierPath()) == .infinity)
        }

        // MARK: - Stroke outline

        @Test func strokeOutlineCoversTheStrokedArea() {
            var path = BezierPath()
            path.move(to: CGPoint(x: 10, y: 10))
            path.addLine(to: CGPoint(x: 60, y: 10))
            path.addLine(to: CGPoint(x: 20, y: 40))          // a sharp turn
            path.addCurve(to: CGPoint(x: 80, y: 60), control1: CGPoint(x: 40, y: 90), control2: CGPoint(x: 60, y: 0))
            let width: CGFloat = 8
            let outline = path.strokeOutline(lineWidth: width)
            #expect(outline.elements.filter { $0 == .close }.count > 3, "one closed capsule per segment")
            var random = SeededGenerator(seed: 7)
            var checked = 0
            for _ in 0..<3_000 {
                let p = random.point(in: 0...95)
                let d = path.distance(to: p)
                guard abs(d - width / 2) > 0.1 else { continue }   // too close to the edge to judge
                #expect(outline.contains(p) == (d < width / 2), "at \(p), distance \(d)")
                checked += 1
            }
            #expect(checked > 2_500)
            let bounds = outline.bounds
            #expect(approximately(bounds.minX, 6, 0.01) && approximately(bounds.minY, 6, 0.01))
        }

        @Test func strokeOutlineOfDotsAndBadWidths() {
            let dot = BezierPath(polyline: [CGPoint(x: 5, y: 5)], closed: false)
            let outline = dot.strokeOutline(lineWidth: 4)
            #expect(approximately(outline.bounds, CGRect(x: 3, y: 3, width: 4, height: 4)))
            #expect(outline.contains(CGPoint(x: 6.9, y: 5)) && !outline.contains(CGPoint(x: 7.1, y: 5)))
            for width in [0, -1, .nan, .infinity] as [CGFloat] {
                #expect(Self.square.strokeOutline(lineWidth: width).isEmpty)
            }
        }
    }
}
