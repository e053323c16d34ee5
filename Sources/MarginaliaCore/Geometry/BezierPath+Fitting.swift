#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// The same curve drawn with fewer cubic segments: each run of cubics that join smoothly
    /// (the arms on either side of a joint point the same way, as in a Catmull–Rom curve
    /// through ink samples) is replaced by as few cubics as stay within `tolerance` of it.
    ///
    /// A replacement cubic starts and ends where the run's first and last segments do, leaves
    /// and arrives along their tangents (so the replacements still join smoothly), and its
    /// arm lengths are fitted by least squares to samples of the run (each segment's start
    /// and middle); if it misses, the samples are matched to their nearest parameters on the
    /// candidate (a Newton step) and the fit repeated once. A candidate is taken only when
    /// every sample lies within seven tenths of `tolerance` of the point it is matched to,
    /// and a run grows one segment at a time while one is. Segments are never split, so every end point of the result is an end
    /// point of the original; corners, lines, moves and closes are kept as they are.
    /// A `tolerance` that is not positive and finite returns the path unchanged.
    public func fittingCurves(tolerance: CGFloat) -> BezierPath {
        guard tolerance > 0, tolerance.isFinite else { return self }
        var result = BezierPath()
        result.elements.reserveCapacity(elements.count)
        var run: [CubicSegment] = []
        var current: CGPoint?
        func flush() {
            if run.count == 1 {
                result.addCurve(to: run[0].p3, control1: run[0].c1, control2: run[0].c2)
            } else if !run.isEmpty {
                var fit = CubicFit(segments: run, tolerance: tolerance)
                fit.append(to: &result)
            }
            run.removeAll(keepingCapacity: true)
        }
        for element in elements {
            if case .curve(let end, let c1, let c2) = element, let start = current {
                let segment = CubicSegment(p0: start, c1: c1, c2: c2, p3: end)
                if let previous = run.last, !previous.joinsSmoothly(segment) { flush() }
                run.append(segment)
                current = end
                continue
            }
            flush()
            result.elements.append(element)
            if case .close = element { current = nil } else { current = element.endPoint ?? current }
        }
        flush()
        return result
    }
}

/// One cubic Bézier segment, its four points.
struct CubicSegment {
    var p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint

    func point(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
        return CGPoint(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x, y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
    }

    /// The direction the segment leaves its start in (zero for a point).
    var startDirection: CGPoint {
        let q = c1 != p0 ? c1 : (c2 != p0 ? c2 : p3)
        return CGPoint(x: q.x - p0.x, y: q.y - p0.y)
    }

    /// The direction the segment arrives at its end from, pointing back along it.
    var endDirection: CGPoint {
        let q = c2 != p3 ? c2 : (c1 != p3 ? c1 : p0)
        return CGPoint(x: q.x - p3.x, y: q.y - p3.y)
    }

    /// True when `next` leaves this segment's end the way this one arrives (no corner).
    func joinsSmoothly(_ next: CubicSegment) -> Bool {
        guard next.p0 == p3 else { return false }
        let a = endDirection, b = next.startDirection
        let la = (a.x * a.x + a.y * a.y).squareRoot(), lb = (b.x * b.x + b.y * b.y).squareRoot()
        guard la > 0, lb > 0 else { return false }
        // Opposite directions within about a hundredth of a degree.
        let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
        return dot < 0 && abs(cross) <= 2e-4 * la * lb
    }
}

/// Greedy fitting of one smooth run of cubics (``BezierPath/fittingCurves(tolerance:)``).
struct CubicFit {
    let segments: [CubicSegment]
    let tolerance: CGFloat
    /// Samples per original segment (its start and middle).
    static let samplesPerSegment = 2
    /// Fits tried for a run, each after matching the samples to the last one's parameters.
    static let attempts = 2
    /// A first fit off by more than this many tolerances is not reparameterised.
    static let hopeless: CGFloat = 4
    /// The samples of every segment, then the last segment's end.
    private let samples: [CGPoint]
    /// The length of the sample polyline up to each sample.
    private let lengths: [CGFloat]
    /// Scratch: the parameters of the samples of the run being fitted.
    private var parameters: [CGFloat] = []

    init(segments: [CubicSegment], tolerance: CGFloat) {
        self.segments = segments
        self.tolerance = tolerance
        var samples: [CGPoint] = [], lengths: [CGFloat] = []
        samples.reserveCapacity(segments.count * Self.samplesPerSegment + 1)
        lengths.reserveCapacity(segments.count * Self.samplesPerSegment + 1)
        for segment in segments {
            for k in 0..<Self.samplesPerSegment { samples.append(segment.point(at: CGFloat(k) / CGFloat(Self.samplesPerSegment))) }
        }
        samples.append(segments[segments.count - 1].p3)
        var length: CGFloat = 0
        lengths.append(0)
        for i in 1..<samples.count {
            length += Self.distance(samples[i - 1], samples[i])
            lengths.append(length)
        }
        self.samples = samples
        self.lengths = lengths
    }

    /// Appends the fitted cubics (or the originals where none fits) to `path`: from each
    /// start, the run grows one segment at a time while a cubic still fits it.
    mutating func append(to path: inout BezierPath) {
        var start = 0
        while start < segments.count {
            var end = start + 1, curve = segments[start]
            while end < segments.count, let longer = fit(start, end + 1) {
                end += 1
                curve = longer
            }
            path.addCurve(to: curve.p3, control1: curve.c1, control2: curve.c2)
            start = end
        }
    }

    /// One cubic within the tolerance of segments `from..<to`, or nil.
    mutating func fit(_ from: Int, _ to: Int) -> CubicSegment? {
        let first = segments[from], last = segments[to - 1]
        let p0 = first.p0, p3 = last.p3
        guard let t0 = Self.unit(first.startDirection), let t1 = Self.unit(last.endDirection) else { return nil }
        let low = from * Self.samplesPerSegment, high = to * Self.samplesPerSegment
        let offset = lengths[low], total = lengths[high] - offset
        guard total > 0 else { return nil }
        parameters.removeAll(keepingCapacity: true)
        for i in low...high { parameters.append((lengths[i] - offset) / total) }
        let run = samples[low...high]
        let chord = Self.distance(p0, p3)
        // The samples are held to seven tenths of the tolerance, so that the curve between
        // them (a segment's start and middle lie under a point apart on ink) stays within it.
        let limit = 0.49 * tolerance * tolerance
        for attempt in 0..<Self.attempts {
            let curve = Self.leastSquares(run, parameters, p0, t0, p3, t1, chord: chord, length: total)
            // Past this error the attempt is given up: the last attempt misses past the limit,
            // an earlier one is hopeless past `hopeless` tolerances.
            let last = attempt == Self.attempts - 1
            let giveUp = last ? limit : Self.hopeless * Self.hopeless * limit
            guard let error = Self.largestError(curve, run, parameters, below: giveUp) else { return nil }
            if error <= limit { return curve }
            for i in 1..<(parameters.count - 1) { parameters[i] = Self.newton(curve, run[low + i], parameters[i]) }
        }
        return nil
    }

    /// The cubic from p0 along t0 to p3 arriving along -t1 whose arm lengths best fit the
    /// samples at their parameters (Schneider's normal equations); arms that come out
    /// negative or far longer than the run fall back to a third of the chord.
    static func leastSquares(_ samples: ArraySlice<CGPoint>, _ u: [CGFloat], _ p0: CGPoint, _ t0: CGPoint,
                             _ p3: CGPoint, _ t1: CGPoint, chord: CGFloat, length: CGFloat) -> CubicSegment {
        var c00: CGFloat = 0, c01: CGFloat = 0, c11: CGFloat = 0, x0: CGFloat = 0, x1: CGFloat = 0
        for (i, sample) in zip(u.indices, samples) {
            let t = u[i], s = 1 - t
            let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
            let a0 = CGPoint(x: t0.x * b1, y: t0.y * b1), a1 = CGPoint(x: t1.x * b2, y: t1.y * b2)
            c00 += a0.x * a0.x + a0.y * a0.y
            c01 += a0.x * a1.x + a0.y * a1.y
            c11 += a1.x * a1.x + a1.y * a1.y
            let rx = sample.x - (p0.x * (b0 + b1) + p3.x * (b2 + b3))
            let ry = sample.y - (p0.y * (b0 + b1) + p3.y * (b2 + b3))
            x0 += a0.x * rx + a0.y * ry
            x1 += a1.x * rx + a1.y * ry
        }
        let determinant = c00 * c11 - c01 * c01
        var alpha0 = chord / 3, alpha1 = chord / 3
        if abs(determinant) > 1e-12 * max(1, c00 * c11) {
            let a = (x0 * c11 - x1 * c01) / determinant, b = (c00 * x1 - c01 * x0) / determinant
            if a > 1e-6 * chord, b > 1e-6 * chord, a < 2 * length, b < 2 * length { alpha0 = a; alpha1 = b }
        }
        return CubicSegment(p0: p0, c1: CGPoint(x: p0.x + t0.x * alpha0, y: p0.y + t0.y * alpha0),
                            c2: CGPoint(x: p3.x + t1.x * alpha1, y: p3.y + t1.y * alpha1), p3: p3)
    }

    /// The largest squared distance from a sample to the curve's point at its parameter, or
    /// nil as soon as one sample is farther than `bound` (squared): most candidates miss, and
    /// most that miss do so within the first few samples, so the rest go unmeasured.
    static func largestError(_ curve: CubicSegment, _ samples: ArraySlice<CGPoint>, _ u: [CGFloat],
                             below bound: CGFloat) -> CGFloat? {
        var largest: CGFloat = 0
        for (t, sample) in zip(u, samples) {
            let q = curve.point(at: t)
            let dx = q.x - sample.x, dy = q.y - sample.y
            let error = dx * dx + dy * dy
            if error > bound { return nil }
            largest = max(largest, error)
        }
        return largest
    }

    /// One Newton step towards the parameter of the curve's point nearest `p`.
    static func newton(_ c: CubicSegment, _ p: CGPoint, _ t: CGFloat) -> CGFloat {
        let s = 1 - t
        let q = c.point(at: t)
        // First and second derivatives.
        let d1x = 3 * (s * s * (c.c1.x - c.p0.x) + 2 * s * t * (c.c2.x - c.c1.x) + t * t * (c.p3.x - c.c2.x))
        let d1y = 3 * (s * s * (c.c1.y - c.p0.y) + 2 * s * t * (c.c2.y - c.c1.y) + t * t * (c.p3.y - c.c2.y))
        let d2x = 6 * (s * (c.c2.x - 2 * c.c1.x + c.p0.x) + t * (c.p3.x - 2 * c.c2.x + c.c1.x))
        let d2y = 6 * (s * (c.c2.y - 2 * c.c1.y + c.p0.y) + t * (c.p3.y - 2 * c.c2.y + c.c1.y))
        let numerator = (q.x - p.x) * d1x + (q.y - p.y) * d1y
        let denominator = d1x * d1x + d1y * d1y + (q.x - p.x) * d2x + (q.y - p.y) * d2y
        guard denominator != 0 else { return t }
        let next = t - numerator / denominator
        return next.isFinite ? min(1, max(0, next)) : t
    }

    static func unit(_ v: CGPoint) -> CGPoint? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return CGPoint(x: v.x / length, y: v.y / length)
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
