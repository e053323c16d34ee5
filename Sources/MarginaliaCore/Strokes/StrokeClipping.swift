#if !hasFeature(Embedded)
import Foundation
#endif

/// Keeps a stroke on the page it began on.
///
/// A stroke begun on one page stays on that page, whatever page the pointer crosses: the
/// parts outside the page are cut away at the exact points where the stroke crosses the
/// page's edge, so leaving and re-entering gives separate pieces. Pressure at a cut point is
/// interpolated linearly along the crossing segment.
public enum StrokeClipping {
    /// One part of a clipped stroke: its points and, when the input had them, one pressure
    /// per point.
    public typealias Piece = (points: [CGPoint], pressures: [Double]?)

    /// The pieces of the stroke inside `rect`, in drawing order.
    ///
    /// Points on the edge count as inside. Non-finite points are dropped first. A piece
    /// that only touches the edge at one point is dropped, except when the whole stroke is a
    /// single point inside the rectangle (a dot). Pressures are ignored unless there is one
    /// per point.
    public static func clip(points: [CGPoint], pressures: [Double]?, to rect: CGRect) -> [Piece] {
        let rect = rect.standardized
        guard !rect.isNull, [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ $0.isFinite }) else { return [] }
        let usePressure = pressures?.count == points.count
        var clean: [(CGPoint, Double)] = []
        for (index, point) in points.enumerated() where point.x.isFinite && point.y.isFinite {
            clean.append((point, usePressure ? pressures![index] : 0))
        }
        guard let first = clean.first else { return [] }
        if clean.count == 1 {
            guard rect.contains(first.0) || onEdge(first.0, rect) else { return [] }
            return [([first.0], usePressure ? [first.1] : nil)]
        }

        var pieces: [Piece] = []
        var current: [(CGPoint, Double)] = []
        func flush() {
            if current.count > 1 {
                pieces.append((current.map({ $0.0 }), usePressure ? current.map({ $0.1 }) : nil))
            }
            current = []
        }
        func add(_ point: CGPoint, _ pressure: Double) {
            if let last = current.last, last.0 == point { return }
            current.append((point, pressure))
        }
        for index in 0..<(clean.count - 1) {
            let (a, pa) = clean[index], (b, pb) = clean[index + 1]
            guard let (t0, t1) = clippedInterval(a, b, rect) else {
                flush()
                continue
            }
            if t0 > 0 { flush() }
            add(interpolate(a, b, t0, rect), pa + (pb - pa) * Double(t0))
            add(interpolate(a, b, t1, rect), pa + (pb - pa) * Double(t1))
            if t1 < 1 { flush() }
        }
        flush()
        return pieces
    }

    /// The parameter range of the segment `a`→`b` inside `rect` (Liang–Barsky), or nil when
    /// the segment misses it. Ends exactly on the edge are exact: 0 and 1 are returned as is.
    static func clippedInterval(_ a: CGPoint, _ b: CGPoint, _ rect: CGRect) -> (CGFloat, CGFloat)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0: CGFloat = 0, t1: CGFloat = 1
        // Each pair is (p, q) for one edge: the segment is inside that edge where p·t ≤ q.
        let edges: [(CGFloat, CGFloat)] = [
            (-dx, a.x - rect.minX), (dx, rect.maxX - a.x),
            (-dy, a.y - rect.minY), (dy, rect.maxY - a.y),
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                if t > t1 { return nil }
                t0 = max(t0, t)
            } else {
                if t < t0 { return nil }
                t1 = min(t1, t)
            }
        }
        return (t0, t1)
    }

    /// The point at `t`, clamped into `rect` so rounding never leaves a cut point a hair
    /// outside the page.
    private static func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat, _ rect: CGRect) -> CGPoint {
        if t == 0 { return a }
        if t == 1 { return b }
        let p = SegmentGeometry.point(on: a, b, at: t)
        return CGPoint(x: min(rect.maxX, max(rect.minX, p.x)), y: min(rect.maxY, max(rect.minY, p.y)))
    }

    private static func onEdge(_ p: CGPoint, _ rect: CGRect) -> Bool {
        p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY
    }
}
