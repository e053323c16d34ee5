#if !hasFeature(Embedded)
import Foundation
#endif

/// Distances and intersections of straight segments and circles in page space: the
/// arithmetic under hit testing, the stroke eraser and the segment eraser.
///
/// Every function accepts any input without trapping. A non-finite coordinate gives an
/// infinite distance, no intersection and no crossing parameters.
public enum SegmentGeometry {
    // MARK: - Points and segments

    /// The parameter `t` in `0...1` of the point of segment `a b` closest to `p`
    /// (0 for a zero-length segment).
    public static func closestParameter(on a: CGPoint, _ b: CGPoint, to p: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0, lengthSquared.isFinite else { return 0 }
        let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared
        guard t.isFinite else { return 0 }
        return min(1, max(0, t))
    }

    /// The point at parameter `t` of segment `a b`.
    public static func point(on a: CGPoint, _ b: CGPoint, at t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The distance from `p` to the closest point of segment `a b`.
    public static func distance(from p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
        guard isFinite(p), isFinite(a), isFinite(b) else { return .infinity }
        let closest = point(on: a, b, at: closestParameter(on: a, b, to: p))
        return hypot(p.x - closest.x, p.y - closest.y)
    }

    /// Whether segments `a1 a2` and `b1 b2` share at least one point (touching and
    /// overlapping collinear segments count).
    public static func segmentsIntersect(_ a1: CGPoint, _ a2: CGPoint, _ b1: CGPoint, _ b2: CGPoint) -> Bool {
        guard isFinite(a1), isFinite(a2), isFinite(b1), isFinite(b2) else { return false }
        let d1 = orientation(b1, b2, a1), d2 = orientation(b1, b2, a2)
        let d3 = orientation(a1, a2, b1), d4 = orientation(a1, a2, b2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
            return true
        }
        // Touching or collinear cases: an end point lying on the other segment.
        return (d1 == 0 && onSegment(b1, b2, a1)) || (d2 == 0 && onSegment(b1, b2, a2))
            || (d3 == 0 && onSegment(a1, a2, b1)) || (d4 == 0 && onSegment(a1, a2, b2))
    }

    /// The shortest distance between segments `a1 a2` and `b1 b2`: 0 when they intersect,
    /// otherwise the smallest of the four end-point-to-segment distances (for two segments
    /// that do not cross, the closest pair always involves an end point).
    public static func distance(betweenSegment a1: CGPoint, _ a2: CGPoint,
                                andSegment b1: CGPoint, _ b2: CGPoint) -> CGFloat {
        guard isFinite(a1), isFinite(a2), isFinite(b1), isFinite(b2) else { return .infinity }
        if segmentsIntersect(a1, a2, b1, b2) { return 0 }
        return min(distance(from: a1, toSegment: b1, b2), distance(from: a2, toSegment: b1, b2),
                   distance(from: b1, toSegment: a1, a2), distance(from: b2, toSegment: a1, a2))
    }

    /// Twice the signed area of triangle `a b c`: positive when `c` lies to the left of
    /// `a → b` (counterclockwise in y-up space), negative to the right, 0 when collinear.
    public static func orientation(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Whether `p`, known to be collinear with `a b`, lies within the segment's box.
    private static func onSegment(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Bool {
        p.x >= min(a.x, b.x) && p.x <= max(a.x, b.x) && p.y >= min(a.y, b.y) && p.y <= max(a.y, b.y)
    }

    static func isFinite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }

    // MARK: - Circles and capsules

    /// The parameters `t` in `0...1`, ascending, where segment `a b` crosses the boundary
    /// of the circle around `center`.
    ///
    /// Solves |a + t(b − a) − center|² = radius². A segment that only touches the circle
    /// (a double root) does not cross it and gives no parameter; a zero-length segment,
    /// a radius that is not positive, or any non-finite input gives none either.
    public static func segmentCircleIntersections(a: CGPoint, b: CGPoint, center: CGPoint,
                                                  radius: CGFloat) -> [CGFloat] {
        guard isFinite(a), isFinite(b), isFinite(center), radius > 0, radius.isFinite else { return [] }
        let dx = b.x - a.x, dy = b.y - a.y
        let fx = a.x - center.x, fy = a.y - center.y
        let qa = dx * dx + dy * dy
        guard qa > 0, qa.isFinite else { return [] }
        let qb = 2 * (fx * dx + fy * dy)
        let qc = fx * fx + fy * fy - radius * radius
        let roots = CubicMath.solveQuadratic(a: qa, b: qb, c: qc)
        guard roots.count == 2 else { return [] }
        return roots.filter { $0 >= 0 && $0 <= 1 }
    }

    /// The parameters `t` in `0...1`, ascending, where segment `a b` crosses the boundary
    /// of the capsule of all points within `radius` of segment `start end` (the area a
    /// circular eraser sweeps moving from `start` to `end`).
    ///
    /// The boundary is two straight sides and two half circles; parameters where the
    /// segment crosses a circle inside the capsule (not on its boundary) are left out.
    public static func segmentCapsuleIntersections(a: CGPoint, b: CGPoint, capsuleStart start: CGPoint,
                                                   capsuleEnd end: CGPoint, radius: CGFloat) -> [CGFloat] {
        let candidates = capsuleCandidateParameters(a: a, b: b, start: start, end: end, radius: radius)
        // Keep the points on the capsule's boundary, not inside it: a circle's crossing
        // counts only where that circle is the nearest part of the axis.
        let scale = [a.x, a.y, b.x, b.y, start.x, start.y, end.x, end.y].map(abs).max() ?? 0
        let tolerance = (radius + scale) * 1e-9
        let boundary = candidates.filter { t in
            let p = point(on: a, b, at: t)
            return abs(distance(from: p, toSegment: start, end) - radius) <= tolerance
        }
        return deduplicated(boundary, tolerance: 1e-12)
    }

    /// Where segment `a b` crosses either end circle or either straight side of the
    /// capsule, sorted: a superset of the boundary crossings.
    static func capsuleCandidateParameters(a: CGPoint, b: CGPoint, start: CGPoint, end: CGPoint,
                                           radius: CGFloat) -> [CGFloat] {
        guard isFinite(a), isFinite(b), isFinite(start), isFinite(end), radius > 0, radius.isFinite else {
            return []
        }
        var candidates = segmentCircleIntersections(a: a, b: b, center: start, radius: radius)
            + segmentCircleIntersections(a: a, b: b, center: end, radius: radius)
        let ex = end.x - start.x, ey = end.y - start.y
        let length = hypot(ex, ey)
        if length > 0, length.isFinite {
            // The straight sides: the axis shifted by ±radius along its normal.
            let nx = -ey / length * radius, ny = ex / length * radius
            for sign in [CGFloat(1), -1] {
                let s1 = CGPoint(x: start.x + sign * nx, y: start.y + sign * ny)
                let s2 = CGPoint(x: end.x + sign * nx, y: end.y + sign * ny)
                if let t = crossingParameter(a, b, s1, s2) { candidates.append(t) }
            }
        }
        return candidates.sorted()
    }

    /// The parameter on `a b` where it properly crosses segment `c d`, or nil when they
    /// are parallel or do not meet.
    static func crossingParameter(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGFloat? {
        let rx = b.x - a.x, ry = b.y - a.y
        let sx = d.x - c.x, sy = d.y - c.y
        let denominator = rx * sy - ry * sx
        guard denominator != 0, denominator.isFinite else { return nil }
        let qx = c.x - a.x, qy = c.y - a.y
        let t = (qx * sy - qy * sx) / denominator
        let u = (qx * ry - qy * rx) / denominator
        guard t >= 0, t <= 1, u >= 0, u <= 1 else { return nil }
        return t
    }

    static func deduplicated(_ sorted: [CGFloat], tolerance: CGFloat) -> [CGFloat] {
        var result: [CGFloat] = []
        for value in sorted where result.last.map({ value - $0 > tolerance }) ?? true {
            result.append(value)
        }
        return result
    }
}
