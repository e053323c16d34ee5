import Foundation
import Testing
@testable import MarginaliaCore

extension GeometryTests {
    /// `CubicFit` against a model of it that measures every sample of every candidate: the
    /// fit stops measuring a candidate at its first sample past what it would accept, and must
    /// choose exactly the curves the model does.
    @Suite("Curve fitting against its model")
    struct FittingModelTests {
        /// The greedy fit of ``CubicFit`` written plainly: each candidate's largest error over
        /// all its samples, then the same decisions (accept within the limit; give up on the
        /// last attempt, or on a first one past `hopeless` tolerances; else reparameterise).
        static func modelFit(_ segments: [CubicSegment], tolerance: CGFloat) -> [CubicSegment] {
            var samples: [CGPoint] = []
            for segment in segments {
                for k in 0..<CubicFit.samplesPerSegment { samples.append(segment.point(at: CGFloat(k) / CGFloat(CubicFit.samplesPerSegment))) }
            }
            samples.append(segments[segments.count - 1].p3)
            var lengths: [CGFloat] = [0]
            for i in 1..<samples.count { lengths.append(lengths[i - 1] + CubicFit.distance(samples[i - 1], samples[i])) }
            func fit(_ from: Int, _ to: Int) -> CubicSegment? {
                let first = segments[from], last = segments[to - 1]
                guard let t0 = CubicFit.unit(first.startDirection), let t1 = CubicFit.unit(last.endDirection) else { return nil }
                let low = from * CubicFit.samplesPerSegment, high = to * CubicFit.samplesPerSegment
                let total = lengths[high] - lengths[low]
                guard total > 0 else { return nil }
                var u = (low...high).map { (lengths[$0] - lengths[low]) / total }
                let run = samples[low...high], limit = 0.49 * tolerance * tolerance
                for attempt in 0..<CubicFit.attempts {
                    let curve = CubicFit.leastSquares(run, u, first.p0, t0, last.p3, t1, chord: CubicFit.distance(first.p0, last.p3), length: total)
                    var error: CGFloat = 0
                    for (t, sample) in zip(u, run) {
                        let q = curve.point(at: t)
                        error = max(error, (q.x - sample.x) * (q.x - sample.x) + (q.y - sample.y) * (q.y - sample.y))
                    }
                    if error <= limit { return curve }
                    if attempt == CubicFit.attempts - 1 || error > CubicFit.hopeless * CubicFit.hopeless * limit { return nil }
                    for i in 1..<(u.count - 1) { u[i] = CubicFit.newton(curve, run[low + i], u[i]) }
                }
                return nil
            }
            var result: [CubicSegment] = [], start = 0
            while start < segments.count {
                var end = start + 1, curve = segments[start]
                while end < segments.count, let longer = fit(start, end + 1) {
                    end += 1
                    curve = longer
                }
                result.append(curve)
                start = end
            }
            return result
        }

        static func segments(_ points: [CGPoint]) -> [CubicSegment] {
            var segments: [CubicSegment] = [], current = CGPoint.zero
            for element in BezierPath.smoothed(points: points).elements {
                if case .curve(let end, let c1, let c2) = element { segments.append(CubicSegment(p0: current, c1: c1, c2: c2, p3: end)) }
                current = element.endPoint ?? current
            }
            return segments
        }

        static func fitted(_ segments: [CubicSegment], tolerance: CGFloat) -> [CubicSegment] {
            var path = BezierPath()
            path.move(to: segments[0].p0)
            var fit = CubicFit(segments: segments, tolerance: tolerance)
            fit.append(to: &path)
            var result: [CubicSegment] = [], current = segments[0].p0
            for case .curve(let end, let c1, let c2) in path.elements {
                result.append(CubicSegment(p0: current, c1: c1, c2: c2, p3: end))
                current = end
            }
            return result
        }

        /// A wandering pen: steps of 0.5-3 pt whose heading turns by up to `turn` radians.
        static func walk(_ random: inout SeededGenerator, count: Int, turn: Double) -> [CGPoint] {
            var point = CGPoint(x: 300, y: 400), heading = Double.random(in: 0..<(2 * .pi), using: &random)
            return (0..<count).map { _ in
                heading += Double.random(in: -turn...turn, using: &random)
                let step = Double.random(in: 0.5...3, using: &random)
                point = CGPoint(x: ((point.x + step * cos(heading)) * 100).rounded() / 100,
                                y: ((point.y + step * sin(heading)) * 100).rounded() / 100)
                return point
            }
        }

        static func same(_ a: [CubicSegment], _ b: [CubicSegment]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.p0 == $1.p0 && $0.c1 == $1.c1 && $0.c2 == $1.c2 && $0.p3 == $1.p3 }
        }

        @Test(arguments: [0.05, 0.2, 1.0])
        func theBenchmarkStrokesFitAsTheModelDoes(tolerance: Double) {
            var shortened = 0
            for page in 0..<200 {
                let segments = Self.segments(FittingTests.wave(phase: Double(page) / 50))
                let fitted = Self.fitted(segments, tolerance: tolerance), model = Self.modelFit(segments, tolerance: tolerance)
                #expect(Self.same(fitted, model), "page \(page + 1): \(fitted.count) curves against the model's \(model.count)")
                if fitted.count != segments.count { shortened += 1 }
            }
            #expect(shortened > 0, "no stroke was shortened: the comparison tested nothing")
        }

        @Test(arguments: [0.05, 0.3, 1.0])
        func wanderingStrokesFitAsTheModelDoes(turn: Double) {
            var random = SeededGenerator(seed: 36)
            for stroke in 0..<150 {
                let tolerance = [0.05, 0.2, 0.8][stroke % 3]
                let segments = Self.segments(Self.walk(&random, count: 40 + stroke, turn: turn))
                let fitted = Self.fitted(segments, tolerance: tolerance), model = Self.modelFit(segments, tolerance: tolerance)
                #expect(Self.same(fitted, model), "stroke \(stroke), tolerance \(tolerance): \(fitted.count) curves against \(model.count)")
            }
        }
    }
}
