#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// A smooth curve through `points`, for ink strokes: one cubic per pair of neighbours,
    /// with Catmull–Rom tangents so the curve passes through every point.
    ///
    /// The tangent at a point is half the vector between its neighbours (at the ends, half
    /// the first or last chord); each control arm is a third of it, shortened to at most
    /// half its own segment so unevenly spaced samples (a fast flick after a slow stretch)
    /// do not overshoot into loops. Non-finite points and consecutive duplicates are
    /// dropped first. One point gives a zero-length line (a dot when stroked with round
    /// caps); no points give an empty path.
    public static func smoothed(points: [CGPoint]) -> BezierPath {
        let points = distinctFinitePoints(points)
        var path = BezierPath()
        guard let first = points.first else { return path }
        path.move(to: first)
        if points.count == 1 {
            path.addLine(to: first)
        } else {
            path.addCatmullRom(through: points)
        }
        return path
    }

    /// Adds cubic segments from `points[0]` (assumed to be the current point) through the
    /// remaining points, as described in ``smoothed(points:)``.
    mutating func addCatmullRom(through points: [CGPoint]) {
        guard points.count > 1 else { return }
        let last = points.count - 1
        func tangent(_ i: Int) -> CGPoint {
            let before = points[max(0, i - 1)], after = points[min(last, i + 1)]
            return CGPoint(x: (after.x - before.x) / 2, y: (after.y - before.y) / 2)
        }
        func arm(_ tangent: CGPoint, limit: CGFloat) -> CGPoint {
            let length = hypot(tangent.x, tangent.y) / 3
            guard length > limit, length > 0 else { return CGPoint(x: tangent.x / 3, y: tangent.y / 3) }
            let scale = limit / (length * 3)
            return CGPoint(x: tangent.x * scale, y: tangent.y * scale)
        }
        var startTangent = tangent(0)
        for i in 0..<last {
            let p0 = points[i], p1 = points[i + 1]
            let endTangent = tangent(i + 1)
            let limit = hypot(p1.x - p0.x, p1.y - p0.y) / 2
            let a0 = arm(startTangent, limit: limit), a1 = arm(endTangent, limit: limit)
            addCurve(to: p1,
                     control1: CGPoint(x: p0.x + a0.x, y: p0.y + a0.y),
                     control2: CGPoint(x: p1.x - a1.x, y: p1.y - a1.y))
            startTangent = endTangent
        }
    }

    /// `points` without non-finite entries and without consecutive repeats.
    static func distinctFinitePoints(_ points: [CGPoint]) -> [CGPoint] {
        var result: [CGPoint] = []
        result.reserveCapacity(points.count)
        for point in points where SegmentGeometry.isFinite(point) && result.last != point {
            result.append(point)
        }
        return result
    }
}
