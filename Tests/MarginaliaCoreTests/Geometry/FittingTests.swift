import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    @Suite("BezierPath curve fitting")
    struct FittingTests {
        /// The ink benchmark's stroke (Benchmarks/run_ink.py): a slow wave with a fast ripple,
        /// 300 samples rounded to 0.01 pt.
        static func wave(phase: Double = 0) -> [CGPoint] {
            (0..<300).map { i in
                let t = Double(i) / 299
                let y = 400 + 120 * sin(2 * .pi * (3 * t + phase)) + 40 * sin(2 * .pi * 17 * t)
                return CGPoint(x: ((72 + 468 * t) * 100).rounded() / 100, y: (y * 100).rounded() / 100)
            }
        }

        /// The largest distance from a point of `a` to `b`, both flattened to within 0.001 pt;
        /// distances over 0.1 pt come out as infinity (the segments of `b` are looked up in a
        /// grid of 1 pt cells, each holding those that pass within 0.1 pt of it).
        static func farthest(_ a: BezierPath, from b: BezierPath) -> CGFloat {
            var cells: [Int: [(CGPoint, CGPoint)]] = [:]
            func key(_ x: Int, _ y: Int) -> Int { x * 100_000 + y }
            for line in b.flattened(tolerance: 0.001) {
                for (p, q) in zip(line.points, line.points.dropFirst()) {
                    for x in Int((min(p.x, q.x) - 0.1).rounded(.down))...Int((max(p.x, q.x) + 0.1).rounded(.down)) {
                        for y in Int((min(p.y, q.y) - 0.1).rounded(.down))...Int((max(p.y, q.y) + 0.1).rounded(.down)) {
                            cells[key(x, y), default: []].append((p, q))
                        }
                    }
                }
            }
            var farthest: CGFloat = 0
            for point in a.flattened(tolerance: 0.001).flatMap(\.points) {
                let near = cells[key(Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))] ?? []
                let distance = near.map { SegmentGeometry.distance(from: point, toSegment: $0.0, $0.1) }.min() ?? .infinity
                farthest = max(farthest, distance)
            }
            return farthest
        }

        @Test func fewerCurvesWithinTheToleranceBothWays() {
            for phase in [0.0, 0.13, 0.5] {
                let smooth = BezierPath.smoothed(points: Self.wave(phase: phase))
                let fitted = smooth.fittingCurves(tolerance: 0.05)
                // The ripple turns within a third of a point at its peaks, between samples 1.6 pt
                // apart: there a cubic cannot span many; elsewhere it spans several.
                #expect(fitted.elements.count * 5 < smooth.elements.count * 4, "\(fitted.elements.count) of \(smooth.elements.count)")
                #expect(Self.farthest(smooth, from: fitted) <= 0.051)
                #expect(Self.farthest(fitted, from: smooth) <= 0.051)
            }
        }

        @Test func everyEndPointIsAnOriginalPointAndTheEndsAreKept() {
            let points = Self.wave()
            let fitted = BezierPath.smoothed(points: points).fittingCurves(tolerance: 0.05)
            let ends = fitted.elements.compactMap(\.endPoint)
            #expect(ends.first == points.first && ends.last == points.last)
            let original = Set(points.map { "\($0.x) \($0.y)" })
            #expect(ends.allSatisfy { original.contains("\($0.x) \($0.y)") })
        }

        @Test func fittedCurvesJoinSmoothly() {
            let elements = BezierPath.smoothed(points: Self.wave()).fittingCurves(tolerance: 0.05).elements
            for i in 1..<(elements.count - 1) {
                guard case .curve(let p, _, let incoming) = elements[i], case .curve(_, let outgoing, _) = elements[i + 1] else {
                    Issue.record("expected curves")
                    continue
                }
                let u = CGPoint(x: p.x - incoming.x, y: p.y - incoming.y), v = CGPoint(x: outgoing.x - p.x, y: outgoing.y - p.y)
                let lengths = hypot(u.x, u.y) * hypot(v.x, v.y)
                #expect(abs(u.x * v.y - u.y * v.x) <= 1e-6 * lengths && u.x * v.x + u.y * v.y > 0)
            }
        }

        @Test func collinearSamplesBecomeOneCurve() {
            let points = (0...20).map { CGPoint(x: Double($0) * 5, y: 100 + Double($0) * 2.5) }
            let fitted = BezierPath.smoothed(points: points).fittingCurves(tolerance: 0.05)
            #expect(fitted.elements.count == 2)
            #expect(fitted.elements.last?.endPoint == points.last)
        }

        @Test func cornersLinesAndClosesAreKept() {
            var path = BezierPath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 10), control2: CGPoint(x: 20, y: 10))
            // A corner at (30, 0): the next curve leaves downwards.
            path.addCurve(to: CGPoint(x: 60, y: 0), control1: CGPoint(x: 40, y: -10), control2: CGPoint(x: 50, y: -10))
            path.addLine(to: CGPoint(x: 60, y: 30))
            path.close()
            #expect(path.fittingCurves(tolerance: 0.05) == path)
        }

        @Test func aToleranceThatIsNotPositiveChangesNothing() {
            let smooth = BezierPath.smoothed(points: Self.wave())
            #expect(smooth.fittingCurves(tolerance: 0) == smooth)
            #expect(smooth.fittingCurves(tolerance: -1) == smooth)
            #expect(smooth.fittingCurves(tolerance: .nan) == smooth)
        }

        @Test func aStrokeThatTurnsBackOnItselfKeepsItsShape() {
            // Out and back along the same line: the turn is a cusp the fit must not cut.
            let points = (0...10).map { CGPoint(x: Double($0) * 4, y: 0) } + (0...9).reversed().map { CGPoint(x: Double($0) * 4, y: 1) }
            let smooth = BezierPath.smoothed(points: points)
            let fitted = smooth.fittingCurves(tolerance: 0.05)
            #expect(Self.farthest(smooth, from: fitted) <= 0.051)
            #expect(Self.farthest(fitted, from: smooth) <= 0.051)
        }
    }
}
