#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// The flattening tolerance for hit tests: fine enough at page scale (0.05 pt), and
    /// finer for paths only a few points across so small shapes keep their shape.
    var hitTestTolerance: CGFloat {
        let box = controlPointBounds
        guard !box.isNull else { return 0.05 }
        let size = max(box.width, box.height)
        guard size.isFinite else { return 0.05 }
        return max(1e-4, min(0.05, size / 1_000))
    }

    // MARK: - Fill

    /// Whether `point` lies in the area the path fills (every subpath implicitly closed,
    /// as PDF's `f` and `f*` operators do).
    ///
    /// - Parameter evenOdd: false for the nonzero winding rule (`f`), true for even-odd
    ///   (`f*`). They differ where subpaths overlap: a region wound twice in one direction
    ///   is inside by nonzero and outside by even-odd.
    /// - Returns: false for a non-finite point or an empty path.
    public func contains(_ point: CGPoint, evenOdd: Bool = false) -> Bool {
        guard SegmentGeometry.isFinite(point) else { return false }
        let box = controlPointBounds
        guard !box.isNull, point.x >= box.minX, point.x <= box.maxX,
              point.y >= box.minY, point.y <= box.maxY else { return false }
        let tolerance = hitTestTolerance
        var winding = 0
        forEachSegment(closingEverySubpath: true) { segment in
            let box = segment.box
            // Wholly above, below or left of the point: it cannot cross the rightward ray.
            guard point.y >= box.minY, point.y <= box.maxY, point.x <= box.maxX else { return }
            if point.x < box.minX {
                // Wholly right of the point: the curve and its chord form a loop that does
                // not enclose the point, so they cross the ray the same signed number of times.
                winding += BezierPath.windingContribution(of: segment.start, segment.end, around: point)
                return
            }
            for (a, b) in segment.lines(tolerance: tolerance) {
                winding += BezierPath.windingContribution(of: a, b, around: point)
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// +1 when edge `a → b` crosses the horizontal ray going right from `p` upwards, −1
    /// when downwards, else 0. Half-open in y so a vertex on the ray counts once.
    static func windingContribution(of a: CGPoint, _ b: CGPoint, around p: CGPoint) -> Int {
        if a.y <= p.y {
            if b.y > p.y, SegmentGeometry.orientation(a, b, p) > 0 { return 1 }
        } else if b.y <= p.y, SegmentGeometry.orientation(a, b, p) < 0 {
            return -1
        }
        return 0
    }

    // MARK: - Outline

    /// The shortest distance from `point` to the path's outline (its segments and curves,
    /// closing segments of closed subpaths included), measured on the flattened path.
    ///
    /// - Returns: `.infinity` for an empty path or a non-finite point.
    public func distance(to point: CGPoint) -> CGFloat {
        guard SegmentGeometry.isFinite(point) else { return .infinity }
        let tolerance = hitTestTolerance
        var best = CGFloat.infinity
        forEachSegment(closingEverySubpath: false) { segment in
            // The segment lies within its box: skip it when the box is already too far.
            let box = segment.box
            let gap = hypot(max(0, box.minX - point.x, point.x - box.maxX),
                            max(0, box.minY - point.y, point.y - box.maxY))
            guard gap < best else { return }
            for (a, b) in segment.lines(tolerance: tolerance) {
                best = min(best, SegmentGeometry.distance(from: point, toSegment: a, b))
            }
        }
        return best
    }

    /// Whether `point` is on the path stroked with `lineWidth`, allowing `tolerance` more:
    /// its distance to the outline is at most `lineWidth / 2 + tolerance`.
    ///
    /// This is the hit test for ink and lines: the stroke itself, not its bounding box.
    /// Negative or NaN widths and tolerances count as 0.
    public func strokeContains(_ point: CGPoint, lineWidth: CGFloat, tolerance: CGFloat = 0) -> Bool {
        let reach = BezierPath.nonNegative(lineWidth) / 2 + BezierPath.nonNegative(tolerance)
        // Cheap rejection first: the curves lie inside their control points' hull.
        let box = controlPointBounds
        guard !box.isNull, SegmentGeometry.isFinite(point),
              point.x >= box.minX - reach, point.x <= box.maxX + reach,
              point.y >= box.minY - reach, point.y <= box.maxY + reach else { return false }
        return distance(to: point) <= reach
    }

    /// The shortest distance between the outlines of this path and `other`: 0 when they
    /// cross or touch, `.infinity` when either has no finite segment.
    public func minimumDistance(to other: BezierPath) -> CGFloat {
        let mine = flattened(tolerance: hitTestTolerance).map(FlatPiece.init)
        let theirs = other.flattened(tolerance: other.hitTestTolerance).map(FlatPiece.init)
        var best = CGFloat.infinity
        for a in mine {
            for b in theirs where a.box.gap(to: b.box) < best {
                for (a1, a2) in a.segments {
                    for (b1, b2) in b.segments {
                        best = min(best, SegmentGeometry.distance(betweenSegment: a1, a2, andSegment: b1, b2))
                        if best == 0 { return 0 }
                    }
                }
            }
        }
        return best
    }

    static func nonNegative(_ value: CGFloat) -> CGFloat {
        value > 0 ? value : 0
    }
}

/// A flattened subpath with its bounding box, so distant pairs are skipped.
private struct FlatPiece {
    var segments: [(CGPoint, CGPoint)]
    var box: BoundingBox

    init(_ polyline: BezierPath.Polyline) {
        segments = polyline.segments
        box = BoundingBox()
        for point in polyline.points { box.add(point) }
    }
}

extension BoundingBox {
    /// The distance between two boxes (0 when they overlap); infinite when either is empty.
    func gap(to other: BoundingBox) -> CGFloat {
        guard !isEmpty, !other.isEmpty else { return .infinity }
        let dx = max(0, other.minX - maxX, minX - other.maxX)
        let dy = max(0, other.minY - maxY, minY - other.maxY)
        return hypot(dx, dy)
    }
}
