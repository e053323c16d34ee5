#if !hasFeature(Embedded)
import Foundation
#endif

// Cutting a rectangle out of a path, as a redaction does with the drawings a mark crosses:
// what is left keeps no point strictly inside the rectangle. Straight segments are cut
// exactly; a curve is kept as it is where its control polygon stays clear of the rectangle,
// removed where the polygon lies inside it, and only where it crosses the rectangle's edge is
// it split (de Casteljau) down to pieces within `tolerance` of their chords, which are then
// cut as straight segments.

extension BezierPath {
    /// The parts of the path's outline that lie outside `rect`, for stroking: every subpath is
    /// cut where it enters and leaves the rectangle, and the pieces outside are kept as open
    /// subpaths (a closed subpath that was cut is reopened at the cut, so its corners keep
    /// their joins). Nil when nothing of the path lies strictly inside the rectangle.
    ///
    /// A point on the rectangle's edge counts as outside. A subpath that is a single point
    /// (a dot drawn by a round cap) goes when the point is strictly inside.
    ///
    /// - Parameter tolerance: the largest distance between a curve and the straight pieces
    ///   that replace it where it crosses the rectangle's edge, in the path's units.
    public func strokeCut(outside rect: CGRect, tolerance: CGFloat) -> BezierPath? {
        let box = CutBox(rect)
        var removed = false
        var result: [CutSubpath] = []
        for subpath in CutSubpath.subpaths(of: self) {
            let (pieces, cut) = subpath.strokePieces(outside: box, tolerance: tolerance)
            removed = removed || cut
            result += pieces
        }
        return removed ? CutSubpath.path(of: result) : nil
    }

    /// The area the path fills less `rect`, as a path filled by the same rule (nonzero or
    /// even-odd): each subpath, closed as filling closes it, is clipped (Sutherland-Hodgman)
    /// to each of the four bands around the rectangle (left, right, below and above it); a
    /// clip to a convex area keeps every point's winding number inside that area, so the
    /// pieces together fill what the path filled outside the rectangle, and nothing inside.
    /// Nil when no subpath's control polygon reaches into the rectangle.
    ///
    /// - Parameter tolerance: as for ``strokeCut(outside:tolerance:)``.
    public func fillCut(outside rect: CGRect, tolerance: CGFloat) -> BezierPath? {
        let box = CutBox(rect)
        var reached = false
        var result: [CutSubpath] = []
        for subpath in CutSubpath.subpaths(of: self) {
            let contour = subpath.contour
            guard !contour.isEmpty, box.overlapsInterior(CutBox(hull: contour, start: subpath.start)) else {
                result.append(subpath)
                continue
            }
            reached = true
            for band in box.bandsAround {
                var edges = contour
                for plane in band where !edges.isEmpty {
                    edges = CutSubpath.clip(edges, to: plane, tolerance: tolerance)
                }
                if let last = edges.last { result.append(CutSubpath(start: last.end, edges: edges, closed: true)) }
            }
        }
        return reached ? CutSubpath.path(of: result) : nil
    }
}

/// One straight or cubic segment, ending at `end` (its start is the previous segment's end).
enum CutEdge: Equatable {
    case line(CGPoint)
    case curve(CGPoint, CGPoint, CGPoint)

    var end: CGPoint {
        switch self {
        case .line(let p), .curve(_, _, let p): return p
        }
    }
}

/// A rectangle's edges as plain numbers, and the tests the cut asks of it.
struct CutBox {
    var minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat

    init(_ rect: CGRect) {
        (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    }

    /// The bounds of a segment's control polygon (which holds the segment).
    init(from start: CGPoint, _ edge: CutEdge) {
        (minX, minY, maxX, maxY) = (start.x, start.y, start.x, start.y)
        switch edge {
        case .line(let p): add(p)
        case .curve(let c1, let c2, let p): add(c1); add(c2); add(p)
        }
    }

    init(hull edges: [CutEdge], start: CGPoint) {
        self.init(from: start, .line(start))
        var previous = start
        for edge in edges {
            let box = CutBox(from: previous, edge)
            add(CGPoint(x: box.minX, y: box.minY))
            add(CGPoint(x: box.maxX, y: box.maxY))
            previous = edge.end
        }
    }

    mutating func add(_ p: CGPoint) {
        (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
    }

    func strictlyContains(_ p: CGPoint) -> Bool { p.x > minX && p.x < maxX && p.y > minY && p.y < maxY }

    func holds(_ other: CutBox) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    func overlapsInterior(_ other: CutBox) -> Bool {
        other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }

    /// `p`, which is on the edge up to rounding, put exactly on the nearest edge: so a cut's
    /// end is never a hair inside.
    func snapped(_ p: CGPoint) -> CGPoint {
        let distances = [abs(p.x - minX), abs(p.x - maxX), abs(p.y - minY), abs(p.y - maxY)]
        guard let nearest = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return p }
        switch nearest {
        case 0: return CGPoint(x: minX, y: p.y)
        case 1: return CGPoint(x: maxX, y: p.y)
        case 2: return CGPoint(x: p.x, y: minY)
        default: return CGPoint(x: p.x, y: maxY)
        }
    }

    /// The four bands outside the rectangle, each as the half-planes that bound it: left of
    /// it, right of it, and below and above it between its sides. They meet only along edges.
    var bandsAround: [[CutHalfPlane]] {
        let between = [CutHalfPlane(vertical: true, bound: minX, keepsBelow: false),
                       CutHalfPlane(vertical: true, bound: maxX, keepsBelow: true)]
        return [[CutHalfPlane(vertical: true, bound: minX, keepsBelow: true)],
                [CutHalfPlane(vertical: true, bound: maxX, keepsBelow: false)],
                between + [CutHalfPlane(vertical: false, bound: minY, keepsBelow: true)],
                between + [CutHalfPlane(vertical: false, bound: maxY, keepsBelow: false)]]
    }
}

/// A closed half-plane bounded by a vertical (x = bound) or horizontal (y = bound) line.
struct CutHalfPlane {
    var vertical: Bool
    var bound: CGFloat
    var keepsBelow: Bool

    func holds(_ p: CGPoint) -> Bool {
        let value = vertical ? p.x : p.y
        return keepsBelow ? value <= bound : value >= bound
    }

    /// Where segment `a b` (one end on each side) meets the bounding line, exactly on it.
    func crossing(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        if vertical {
            let t = (bound - a.x) / (b.x - a.x)
            return CGPoint(x: bound, y: a.y + (b.y - a.y) * t)
        }
        let t = (bound - a.y) / (b.y - a.y)
        return CGPoint(x: a.x + (b.x - a.x) * t, y: bound)
    }
}

/// Arithmetic on cubics for the cut.
enum CutCurve {
    /// The most times a curve is halved: 2^-20 of a curve is far below any tolerance used.
    static let maximumDepth = 20

    /// Whether both control points lie within `tolerance` of the chord (the curve then does too).
    static func isFlat(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) -> Bool {
        let dx = p3.x - p0.x, dy = p3.y - p0.y
        let squaredLength = dx * dx + dy * dy
        func offChord(_ c: CGPoint) -> Bool {
            if squaredLength == 0 {
                return (c.x - p0.x) * (c.x - p0.x) + (c.y - p0.y) * (c.y - p0.y) > tolerance * tolerance
            }
            let cross = dx * (c.y - p0.y) - dy * (c.x - p0.x)
            return cross * cross > tolerance * tolerance * squaredLength
        }
        return !offChord(c1) && !offChord(c2)
    }

    /// The two halves of the cubic at t = 1/2 (de Casteljau), each as its three last points.
    static func halves(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) -> (CutEdge, CutEdge) {
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let a = mid(p0, c1), b = mid(c1, c2), c = mid(c2, p3)
        let d = mid(a, b), e = mid(b, c)
        let m = mid(d, e)
        return (.curve(a, d, m), .curve(e, c, p3))
    }
}
