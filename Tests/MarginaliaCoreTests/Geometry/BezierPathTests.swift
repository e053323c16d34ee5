import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("BezierPath")
    struct BezierPathTests {
        // MARK: - Building

        @Test func buildingElementByElement() {
            var path = BezierPath()
            #expect(path.isEmpty && path.currentPoint == nil)
            path.move(to: CGPoint(x: 1, y: 2))
            path.addLine(to: CGPoint(x: 5, y: 2))
            path.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 6, y: 2), control2: CGPoint(x: 9, y: 6))
            #expect(path.currentPoint == CGPoint(x: 9, y: 9))
            path.close()
            path.close()
            #expect(path.currentPoint == CGPoint(x: 1, y: 2), "after close the current point is the subpath start")
            #expect(path.elements.count == 4, "a second close adds nothing")
            #expect(path.elements.last == .close)
        }

        @Test func segmentWithoutCurrentPointStartsASubpath() {
            var path = BezierPath()
            path.addLine(to: CGPoint(x: 3, y: 4))
            #expect(path.elements == [.move(to: CGPoint(x: 3, y: 4))])
            var curve = BezierPath()
            curve.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
            #expect(curve.elements == [.move(to: CGPoint(x: 1, y: 1))])
            var closeOnly = BezierPath()
            closeOnly.close()
            #expect(closeOnly.isEmpty)
        }

        @Test func quadraticBecomesTheEquivalentCubic() throws {
            var path = BezierPath()
            path.move(to: .zero)
            path.addQuadCurve(to: CGPoint(x: 90, y: 0), control: CGPoint(x: 45, y: 90))
            guard case .curve(let end, let c1, let c2) = try #require(path.elements.last) else {
                Issue.record("expected a cubic")
                return
            }
            #expect(end == CGPoint(x: 90, y: 0))
            #expect(approximately(c1, CGPoint(x: 30, y: 60)) && approximately(c2, CGPoint(x: 60, y: 60)))
            // A quadratic's apex is half its control point's height.
            #expect(approximately(path.bounds, CGRect(x: 0, y: 0, width: 90, height: 45)))
        }

        @Test func appendKeepsSubpathsSeparate() {
            var a = BezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
            a.append(BezierPath(polyline: [CGPoint(x: 5, y: 5), CGPoint(x: 6, y: 5)], closed: false))
            #expect(a.elements.count == 7)
            #expect(a.flattened().count == 2)
        }

        @Test func rectangleAndPolylineConstructors() {
            let rect = BezierPath(rect: CGRect(x: 10, y: 20, width: -4, height: 3))
            #expect(rect.elements == [.move(to: CGPoint(x: 6, y: 20)), .line(to: CGPoint(x: 10, y: 20)),
                                      .line(to: CGPoint(x: 10, y: 23)), .line(to: CGPoint(x: 6, y: 23)), .close])
            #expect(BezierPath(rect: .null).isEmpty)
            #expect(BezierPath(rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)).isEmpty)
            #expect(BezierPath(polyline: [], closed: true).isEmpty)
            let dot = BezierPath(polyline: [CGPoint(x: 2, y: 2)], closed: false)
            #expect(dot.elements == [.move(to: CGPoint(x: 2, y: 2)), .line(to: CGPoint(x: 2, y: 2))])
            let triangle = BezierPath(polyline: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)], closed: true)
            #expect(triangle.elements.count == 4 && triangle.elements.last == .close)
        }

        @Test func ovalIsFourQuarterArcsThroughTheAxes() {
            let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
            let oval = BezierPath(ovalIn: rect)
            #expect(oval.elements.count == 6)
            #expect(oval.elements.first == .move(to: CGPoint(x: 110, y: 45)))
            let ends = oval.elements.compactMap(\.endPoint)
            #expect(ends.contains(CGPoint(x: 60, y: 70)) && ends.contains(CGPoint(x: 10, y: 45))
                        && ends.contains(CGPoint(x: 60, y: 20)))
            #expect(approximately(oval.bounds, rect))
            #expect(approximately(oval.controlPointBounds, rect))
            // The kappa arc meets the circle exactly at 45°.
            let circle = BezierPath(ovalIn: CGRect(x: -1, y: -1, width: 2, height: 2))
            guard case .curve(let end, let c1, let c2) = circle.elements[1] else {
                Issue.record("expected a curve")
                return
            }
            let middle = CubicMath.point(CGPoint(x: 1, y: 0), c1, c2, end, at: 0.5)
            #expect(approximately(hypot(middle.x, middle.y), 1, 1e-12))
        }

        // MARK: - Bounds

        @Test func boundsIncludeCubicExtremaNotControlPoints() {
            var arch = BezierPath()
            arch.move(to: .zero)
            arch.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
            #expect(approximately(arch.bounds, CGRect(x: 0, y: 0, width: 100, height: 75)))
            #expect(arch.controlPointBounds == CGRect(x: 0, y: 0, width: 100, height: 100))

            // y(t) = 90 t (1 − t)(1 − 2t): extrema at t = 1/2 ∓ √3/6, where |y| = 5√3.
            var wave = BezierPath()
            wave.move(to: .zero)
            wave.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 20, y: -30))
            let peak = 5 * 3.0.squareRoot()
            #expect(approximately(wave.bounds, CGRect(x: 0, y: -peak, width: 30, height: 2 * peak), 1e-12))
        }

        /// The bounds without arrays are, to the bit, what the array-based count gave: the roots
        /// filtered, sorted and joined (kept here as it was written) over random curves, flat
        /// ones, straight ones and ones with a double root.
        @Test(arguments: 0..<8)
        func curveBoundsAsTheArrayBasedCountGaveThem(seed: Int) {
            func oldSolve(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
                guard a.isFinite, b.isFinite, c.isFinite else { return [] }
                let scale = max(abs(a), abs(b), abs(c))
                guard scale > 0 else { return [] }
                if abs(a) <= scale * 1e-12 { return b != 0 ? [-c / b] : [] }
                let na = a / scale, nb = b / scale, nc = c / scale
                let discriminant = nb * nb - 4 * na * nc
                if discriminant < 0 { return [] }
                if discriminant == 0 { return [-nb / (2 * na)] }
                let q = -0.5 * (nb + (nb < 0 ? -1 : 1) * discriminant.squareRoot())
                var roots = [q / na]
                if q != 0 { roots.append(nc / q) }
                return roots.sorted()
            }
            func oldParameters(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
                oldSolve(p3 - 3 * p2 + 3 * p1 - p0, 2 * (p2 - 2 * p1 + p0), p1 - p0).filter { $0 > 0 && $0 < 1 }
            }
            var random = SeededGenerator(seed: UInt64(seed))
            for round in 0..<500 {
                var points = (0..<4).map { _ in
                    CGPoint(x: CGFloat.random(in: -500...500, using: &random), y: CGFloat.random(in: -500...500, using: &random))
                }
                switch round % 5 {
                case 1: points[1].y = points[0].y; points[2].y = points[0].y; points[3].y = points[0].y  // flat in y
                case 2: points[1] = points[0]; points[2] = points[3]  // a straight segment
                case 3: points[2].x = 2 * points[1].x - points[0].x; points[3].x = 3 * points[1].x - 2 * points[0].x
                default: break
                }
                var path = BezierPath()
                path.move(to: points[0])
                path.addCurve(to: points[3], control1: points[1], control2: points[2])
                var minX = min(points[0].x, points[3].x), maxX = max(points[0].x, points[3].x)
                var minY = min(points[0].y, points[3].y), maxY = max(points[0].y, points[3].y)
                for t in oldParameters(points[0].x, points[1].x, points[2].x, points[3].x)
                    + oldParameters(points[0].y, points[1].y, points[2].y, points[3].y) {
                    let p = CubicMath.point(points[0], points[1], points[2], points[3], at: t)
                    minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                }
                #expect(path.bounds == CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), "round \(round)")
                let a = CGFloat.random(in: -3...3, using: &random), b = CGFloat.random(in: -3...3, using: &random)
                let c = round % 7 == 0 ? b * b / (4 * a) : CGFloat.random(in: -3...3, using: &random)
                #expect(CubicMath.solveQuadratic(a: a, b: b, c: c) == oldSolve(a, b, c))
            }
        }

        @Test func boundsOfEmptyAndDegeneratePaths() {
            #expect(BezierPath().bounds.isNull)
            #expect(BezierPath().controlPointBounds.isNull)
            let point = BezierPath(elements: [.move(to: CGPoint(x: 3, y: 4))])
            #expect(point.bounds == CGRect(x: 3, y: 4, width: 0, height: 0))
            let withNaN = BezierPath(polyline: [CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 3)],
                                     closed: false)
            #expect(withNaN.bounds == CGRect(x: 1, y: 1, width: 1, height: 2))
        }

        // MARK: - Transforms

        @Test func applyingMapsEveryPoint() {
            let path = BezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1))
            let moved = path.applying(.translation(x: 10, y: 20))
            #expect(moved.bounds == CGRect(x: 10, y: 20, width: 2, height: 1))
            var rotated = path
            rotated.apply(.rotation(degrees: 90))
            #expect(rotated.bounds == CGRect(x: -1, y: 0, width: 1, height: 2))
        }

        @Test(arguments: 0..<20)
        func transformThenInverseGivesThePathBack(seed: Int) throws {
            var random = SeededGenerator(seed: UInt64(seed))
            let path = randomPath(using: &random)
            let transform = AffineTransform.rotation(degrees: CGFloat.random(in: -180...180, using: &random))
                .appending(.scaling(x: CGFloat.random(in: 0.1...10, using: &random), y: CGFloat.random(in: -10 ... -0.1, using: &random)))
                .appending(.translation(x: CGFloat.random(in: -500...500, using: &random), y: CGFloat.random(in: -500...500, using: &random)))
            let inverse = try #require(transform.inverse)
            let back = path.applying(transform).applying(inverse)
            #expect(approximately(back, path, 1e-7))
            #expect(back.elements.count == path.elements.count)
            // Bounds transform consistently: the transformed path's tight bounds lie within
            // the transformed box of the original tight bounds.
            let box = transform.transform(path.bounds)
            let tight = path.applying(transform).bounds
            #expect(tight.minX >= box.minX - 1e-6 && tight.maxX <= box.maxX + 1e-6)
            #expect(tight.minY >= box.minY - 1e-6 && tight.maxY <= box.maxY + 1e-6)
        }

        /// A path of random lines, curves and closes, in page-sized coordinates.
        func randomPath(using random: inout SeededGenerator) -> BezierPath {
            var path = BezierPath()
            path.move(to: random.point(in: 0...600))
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: path.close()
                case 1: path.move(to: random.point(in: 0...600))
                case 2...5: path.addLine(to: random.point(in: 0...600))
                default:
                    path.addCurve(to: random.point(in: 0...600), control1: random.point(in: 0...600),
                                  control2: random.point(in: 0...600))
                }
            }
            return path
        }
    }
}
