#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// One subpath of a flattened path: straight segments through `points`, and from the
    /// last point back to the first when `isClosed`.
    public struct Polyline: Hashable, Sendable {
        /// The vertices, all finite; a closed polyline does not repeat its first point.
        public var points: [CGPoint]
        /// Whether a segment joins the last point back to the first.
        public var isClosed: Bool

        /// A polyline through `points`.
        public init(points: [CGPoint], isClosed: Bool) {
            self.points = points
            self.isClosed = isClosed
        }

        /// The straight segments, the closing one included; a single point gives one
        /// zero-length segment so it still counts in distance queries.
        public var segments: [(CGPoint, CGPoint)] {
            guard let first = points.first else { return [] }
            guard points.count > 1 else { return [(first, first)] }
            var result = zip(points, points.dropFirst()).map { ($0, $1) }
            if isClosed, let last = points.last, points.count > 2 { result.append((last, first)) }
            return result
        }
    }

    /// The most segments one curve is split into, so a huge or degenerate curve cannot
    /// make flattening allocate without bound.
    static let maximumSegmentsPerCurve = 1_000

    /// The path as polylines, one per subpath that draws something: each curve is replaced
    /// by straight segments that stay within `tolerance` of it.
    ///
    /// The number of segments per curve adapts to the curve: it comes from Wang's formula,
    /// n = ⌈√(3 · max‖second difference‖ / (4 · tolerance))⌉, which bounds the distance
    /// between a cubic and its chords, capped at ``maximumSegmentsPerCurve``. A subpath made
    /// only of a `move` draws nothing and is left out; a zero-length one becomes a
    /// one-point polyline. Non-finite points are skipped, and a curve with a non-finite
    /// control point becomes a straight segment to its end point.
    ///
    /// - Parameter tolerance: the largest distance allowed between curve and polyline, in
    ///   page points; a value that is not positive and finite means 0.2.
    public func flattened(tolerance: CGFloat = 0.2) -> [Polyline] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.2
        var result: [Polyline] = []
        var points: [CGPoint] = []
        var draws = false
        var subpathStart: CGPoint?
        var current: CGPoint?

        func finish(closed: Bool) {
            if draws, !points.isEmpty {
                if closed, points.count > 1, points.last == points.first { points.removeLast() }
                result.append(Polyline(points: points, isClosed: closed && points.count > 1))
            }
            points = []
            draws = false
        }
        func add(_ p: CGPoint) {
            guard p.x.isFinite, p.y.isFinite, points.last != p else { return }
            points.append(p)
        }
        /// Starts a subpath at `p` when the previous one was closed or none was begun.
        func beginIfNeeded(at p: CGPoint) {
            if current == nil {
                subpathStart = p
                current = p
            }
            if points.isEmpty, !draws, let start = current { add(start) }
        }

        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                subpathStart = p
                current = p
                add(p)
            case .line(let p):
                beginIfNeeded(at: p)
                draws = true
                add(p)
                current = p
            case .curve(let p, let c1, let c2):
                beginIfNeeded(at: p)
                draws = true
                if let start = current {
                    for q in BezierPath.flattenCubic(start, c1, c2, p, tolerance: tolerance) { add(q) }
                }
                add(p)
                current = p
            case .close:
                if current != nil { draws = true }
                finish(closed: true)
                // After `h` the current point is the subpath's start (8.5.2.1): a segment
                // that follows begins a new subpath there.
                current = subpathStart
            }
        }
        finish(closed: false)
        return result
    }

    /// Interior points of the cubic at `n` evenly spaced parameters (end points excluded).
    static func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
                             tolerance: CGFloat) -> [CGPoint] {
        let count = segmentCount(p0, p1, p2, p3, tolerance: tolerance)
        guard count > 1 else { return [] }
        return (1..<count).map { CubicMath.point(p0, p1, p2, p3, at: CGFloat($0) / CGFloat(count)) }
    }

    /// Wang's formula for a cubic, clamped to 1...``maximumSegmentsPerCurve``; 1 when any
    /// coordinate is not finite.
    static func segmentCount(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
                             tolerance: CGFloat) -> Int {
        let coordinates = [p0.x, p0.y, p1.x, p1.y, p2.x, p2.y, p3.x, p3.y]
        guard coordinates.allSatisfy({ $0.isFinite }) else { return 1 }
        func secondDifference(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
            hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y)
        }
        let m = max(secondDifference(p0, p1, p2), secondDifference(p1, p2, p3))
        let estimate = (0.75 * m / tolerance).squareRoot()
        guard estimate.isFinite else { return maximumSegmentsPerCurve }
        return Int(min(CGFloat(maximumSegmentsPerCurve), max(1, estimate.rounded(.up))))
    }
}
