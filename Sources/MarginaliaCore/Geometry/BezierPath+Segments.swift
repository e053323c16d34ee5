#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// One drawn piece of a path: a straight segment or a cubic, with its start point.
    enum Segment {
        case line(CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var start: CGPoint {
            switch self {
            case .line(let a, _), .cubic(let a, _, _, _): return a
            }
        }

        var end: CGPoint {
            switch self {
            case .line(_, let b), .cubic(_, _, _, let b): return b
            }
        }

        /// The box of the segment's points, control points included: the segment lies
        /// inside it (a Bézier curve stays in its control points' convex hull).
        var box: BoundingBox {
            var box = BoundingBox()
            switch self {
            case .line(let a, let b):
                box.add(a)
                box.add(b)
            case .cubic(let a, let c1, let c2, let b):
                box.add(a)
                box.add(c1)
                box.add(c2)
                box.add(b)
            }
            return box
        }

        /// The straight pieces within `tolerance` of the segment (see ``flattened(tolerance:)``).
        func lines(tolerance: CGFloat) -> [(CGPoint, CGPoint)] {
            switch self {
            case .line(let a, let b):
                return [(a, b)]
            case .cubic(let a, let c1, let c2, let b):
                let points = [a] + BezierPath.flattenCubic(a, c1, c2, b, tolerance: tolerance) + [b]
                return Array(zip(points, points.dropFirst()))
            }
        }
    }

    /// Calls `body` with every segment in drawing order, following PDF's subpath rules
    /// (a segment after `close` starts from the closed subpath's start). Segments with a
    /// non-finite end point are skipped; a curve with a non-finite control point is
    /// passed on as its chord.
    ///
    /// - Parameter closingEverySubpath: also pass the closing segment of subpaths left
    ///   open, as filling does (8.5.3.1); otherwise only explicit `close`s add one.
    func forEachSegment(closingEverySubpath: Bool, _ body: (Segment) -> Void) {
        var start: CGPoint?
        var current: CGPoint?
        var draws = false
        func emit(_ segment: Segment) {
            guard SegmentGeometry.isFinite(segment.start), SegmentGeometry.isFinite(segment.end) else { return }
            if case .cubic(let a, let c1, let c2, let b) = segment,
               !SegmentGeometry.isFinite(c1) || !SegmentGeometry.isFinite(c2) {
                body(.line(a, b))
            } else {
                body(segment)
            }
        }
        func closeSubpath() {
            if draws, let from = current, let to = start { emit(.line(from, to)) }
            draws = false
        }
        for element in elements {
            switch element {
            case .move(let p):
                if closingEverySubpath { closeSubpath() }
                draws = false
                start = p
                current = p
            case .line(let p):
                let from = current ?? p
                if current == nil { start = p }
                emit(.line(from, p))
                draws = true
                current = p
            case .curve(let p, let c1, let c2):
                let from = current ?? p
                if current == nil { start = p }
                emit(.cubic(from, c1, c2, p))
                draws = true
                current = p
            case .close:
                if current != nil { draws = true }
                closeSubpath()
                current = start
            }
        }
        if closingEverySubpath { closeSubpath() }
    }
}
