#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// The area covered by stroking the path with `lineWidth`, round joins and round caps,
    /// as closed subpaths to fill with the nonzero rule.
    ///
    /// Each segment of the flattened path becomes a capsule (a rectangle with half-circle
    /// ends) and a lone point a circle, all counterclockwise, so under nonzero filling the
    /// overlaps at joins merge into one region. The result is for filling and hit testing,
    /// not a minimal outline: it has one subpath per segment. A width that is not positive
    /// and finite gives an empty path.
    public func strokeOutline(lineWidth: CGFloat) -> BezierPath {
        guard lineWidth > 0, lineWidth.isFinite else { return BezierPath() }
        let radius = lineWidth / 2
        var outline = BezierPath()
        for polyline in flattened(tolerance: hitTestTolerance) {
            for (a, b) in polyline.segments {
                outline.addCapsule(from: a, to: b, radius: radius)
            }
        }
        return outline
    }

    /// Adds a closed counterclockwise capsule around segment `a b`, or a circle when the
    /// segment has no length.
    mutating func addCapsule(from a: CGPoint, to b: CGPoint, radius: CGFloat) {
        let length = hypot(b.x - a.x, b.y - a.y)
        guard length > 0, length.isFinite else {
            append(BezierPath(ovalIn: CGRect(x: a.x - radius, y: a.y - radius,
                                             width: 2 * radius, height: 2 * radius)))
            return
        }
        let d = CGPoint(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
        let n = CGPoint(x: -d.y, y: d.x)
        let minusN = CGPoint(x: -n.x, y: -n.y), minusD = CGPoint(x: -d.x, y: -d.y)
        move(to: CGPoint(x: a.x - n.x * radius, y: a.y - n.y * radius))
        addLine(to: CGPoint(x: b.x - n.x * radius, y: b.y - n.y * radius))
        addQuarterArc(center: b, radius: radius, from: minusN, to: d)
        addQuarterArc(center: b, radius: radius, from: d, to: n)
        addLine(to: CGPoint(x: a.x + n.x * radius, y: a.y + n.y * radius))
        addQuarterArc(center: a, radius: radius, from: n, to: minusD)
        addQuarterArc(center: a, radius: radius, from: minusD, to: minusN)
        close()
    }

    /// Adds a cubic approximating the quarter circle around `center` from direction `u` to
    /// direction `v` (unit vectors 90° apart, either way round). The current point is
    /// assumed to be `center + u · radius`.
    mutating func addQuarterArc(center: CGPoint, radius: CGFloat, from u: CGPoint, to v: CGPoint) {
        let k = BezierPath.kappa
        addCurve(to: CGPoint(x: center.x + v.x * radius, y: center.y + v.y * radius),
                 control1: CGPoint(x: center.x + (u.x + k * v.x) * radius, y: center.y + (u.y + k * v.y) * radius),
                 control2: CGPoint(x: center.x + (v.x + k * u.x) * radius, y: center.y + (v.y + k * u.y) * radius))
    }
}
