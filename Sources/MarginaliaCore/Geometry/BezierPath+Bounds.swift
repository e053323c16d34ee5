#if !hasFeature(Embedded)
import Foundation
#endif

extension BezierPath {
    /// The smallest rectangle containing the path as drawn (zero line width).
    ///
    /// Curves contribute their true extent: the end points and the points where the curve's
    /// derivative is zero in x or y, not their control points. Every point a `move`
    /// reaches counts, as with Core Graphics. Non-finite points are skipped; an empty path
    /// (or one with no finite point) gives `CGRect.null`.
    public var bounds: CGRect {
        var box = BoundingBox()
        var current: CGPoint?
        var subpathStart: CGPoint?
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p)
                current = p
                subpathStart = p
            case .line(let p):
                box.add(p)
                if current == nil { subpathStart = p }
                current = p
            case .curve(let p, let c1, let c2):
                if let start = current {
                    box.addCubic(start, c1, c2, p)
                } else {
                    subpathStart = p
                }
                box.add(p)
                current = p
            case .close:
                current = subpathStart ?? current
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing every point of the path, control points
    /// included (like `UIBezierPath.bounds`). Cheaper than ``bounds`` and never smaller.
    /// Non-finite points are skipped; an empty path gives `CGRect.null`.
    public var controlPointBounds: CGRect {
        var box = BoundingBox()
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                box.add(p)
            case .curve(let p, let c1, let c2):
                box.add(c1)
                box.add(c2)
                box.add(p)
            case .close:
                break
            }
        }
        return box.rect
    }
}

/// A running min/max over finite points.
struct BoundingBox {
    private(set) var minX = CGFloat.infinity
    private(set) var minY = CGFloat.infinity
    private(set) var maxX = -CGFloat.infinity
    private(set) var maxY = -CGFloat.infinity

    var isEmpty: Bool { minX > maxX }

    var rect: CGRect {
        guard !isEmpty else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    mutating func add(_ p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// Adds the extrema of the cubic p0 c1 c2 p3 (its end points are added by the caller).
    /// No array is made: the arrays of roots, filtered, sorted and joined, were most of a
    /// stroke's bounds (about 2,000 instructions a curve; docs/benchmarks.md, "profile").
    mutating func addCubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) {
        CubicMath.forEachExtremumParameter(p0.x, c1.x, c2.x, p3.x) { add(CubicMath.point(p0, c1, c2, p3, at: $0)) }
        CubicMath.forEachExtremumParameter(p0.y, c1.y, c2.y, p3.y) { add(CubicMath.point(p0, c1, c2, p3, at: $0)) }
    }
}

/// Arithmetic on one cubic Bézier segment.
enum CubicMath {
    /// The point at parameter `t` (Bernstein form).
    static func point(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                       y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Calls `body` with each parameter in the open interval (0, 1), ascending, where the
    /// one-dimensional cubic with these coefficients has a zero derivative.
    ///
    /// The derivative is a quadratic: 3[(p1−p0)(1−t)² + 2(p2−p1)(1−t)t + (p3−p2)t²],
    /// i.e. a·t² + b·t + c with a = p3 − 3p2 + 3p1 − p0, b = 2(p2 − 2p1 + p0), c = p1 − p0.
    /// No array is made: this runs for every curve of every stroke's bounds.
    static func forEachExtremumParameter(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat,
                                         _ body: (CGFloat) -> Void) {
        let a = p3 - 3 * p2 + 3 * p1 - p0
        let b = 2 * (p2 - 2 * p1 + p0)
        let c = p1 - p0
        let roots = quadraticRoots(a: a, b: b, c: c)
        if roots.count > 0, roots.first > 0, roots.first < 1 { body(roots.first) }
        if roots.count > 1, roots.second > 0, roots.second < 1 { body(roots.second) }
    }

    /// Real roots of a·t² + b·t + c = 0 (a linear equation when a is negligible), computed
    /// without the cancellation of the textbook formula, ascending. Non-finite input gives no
    /// roots.
    static func solveQuadratic(a: CGFloat, b: CGFloat, c: CGFloat) -> [CGFloat] {
        let roots = quadraticRoots(a: a, b: b, c: c)
        switch roots.count {
        case 0: return []
        case 1: return [roots.first]
        default: return [roots.first, roots.second]
        }
    }

    /// The roots ``solveQuadratic(a:b:c:)`` gives, as a count (0, 1 or 2) and the first
    /// `count` of two values, ascending: no array, for the bounds of every curve drawn.
    static func quadraticRoots(a: CGFloat, b: CGFloat, c: CGFloat) -> (count: Int, first: CGFloat, second: CGFloat) {
        guard a.isFinite, b.isFinite, c.isFinite else { return (0, 0, 0) }
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return (0, 0, 0) }
        if abs(a) <= scale * 1e-12 {
            guard b != 0 else { return (0, 0, 0) }
            return (1, -c / b, 0)
        }
        // Normalise first so b² cannot overflow for huge coordinates.
        let na = a / scale, nb = b / scale, nc = c / scale
        let discriminant = nb * nb - 4 * na * nc
        if discriminant < 0 { return (0, 0, 0) }
        if discriminant == 0 { return (1, -nb / (2 * na), 0) }
        let q = -0.5 * (nb + (nb < 0 ? -1 : 1) * discriminant.squareRoot())
        let root = q / na
        guard q != 0 else { return (1, root, 0) }
        let other = nc / q
        return other < root ? (2, other, root) : (2, root, other)
    }
}
