#if !hasFeature(Embedded)
import Foundation
#endif

/// A place on a polyline: `fraction` of the way from vertex `index` to vertex `index + 1`.
///
/// The segment eraser cuts strokes at such positions; a stroke that stores a value per
/// point (pressure, width, time) interpolates it at the cut with ``interpolate(_:)``.
public struct PolylinePosition: Hashable, Sendable {
    /// The vertex the position starts from.
    public var index: Int
    /// How far towards the next vertex, `0..<1` (0 is the vertex itself).
    public var fraction: CGFloat

    /// A position `fraction` of the way from vertex `index` to the next.
    public init(index: Int, fraction: CGFloat) {
        self.index = index
        self.fraction = fraction
    }

    /// The point at this position of `points`, or nil when `index` is out of range.
    public func point(in points: [CGPoint]) -> CGPoint? {
        interpolated(points.indices, { points[$0] }) { a, b, t in SegmentGeometry.point(on: a, b, at: t) }
    }

    /// A per-vertex value (such as pressure) linearly interpolated at this position, or
    /// nil when `index` is out of range.
    public func interpolate(_ values: [CGFloat]) -> CGFloat? {
        interpolated(values.indices, { values[$0] }) { a, b, t in a + (b - a) * t }
    }

    private func interpolated<T>(_ indices: Range<Int>, _ value: (Int) -> T,
                                 _ mix: (T, T, CGFloat) -> T) -> T? {
        guard indices.contains(index) else { return nil }
        guard fraction > 0, indices.contains(index + 1) else { return value(index) }
        return mix(value(index), value(index + 1), fraction)
    }
}

extension SegmentGeometry {
    // MARK: - Splitting polylines

    /// The pieces of `polyline` that lie outside the circle around `center`, cut exactly
    /// where its segments cross the circle, in order along the polyline.
    ///
    /// A point counts as inside when its distance to `center` is less than `radius`, so a
    /// polyline that only touches the circle is not cut. A segment that passes through the
    /// circle is cut even when none of its vertices lies inside. Segments touching a
    /// non-finite point are dropped; zero-length segments add nothing. A one-point
    /// polyline (a dot) is kept whole or removed whole.
    public static func split(polyline: [CGPoint], outsideCircle center: CGPoint,
                             radius: CGFloat) -> [[CGPoint]] {
        points(of: splitPositions(polyline: polyline, outsideCircle: center, radius: radius), in: polyline)
    }

    /// The pieces of `polyline` that lie outside the capsule of points within `radius` of
    /// segment `a b` (the area a round eraser sweeps between two samples), cut exactly
    /// where its segments cross the capsule's boundary.
    ///
    /// The rules of ``split(polyline:outsideCircle:radius:)`` apply; with `a == b` the
    /// capsule is a circle.
    public static func split(polyline: [CGPoint], outsideCapsule a: CGPoint, b: CGPoint,
                             radius: CGFloat) -> [[CGPoint]] {
        points(of: splitPositions(polyline: polyline, outsideCapsule: a, b: b, radius: radius), in: polyline)
    }

    /// ``split(polyline:outsideCircle:radius:)`` as positions on the original polyline, so
    /// per-point values can be interpolated at the cuts.
    public static func splitPositions(polyline: [CGPoint], outsideCircle center: CGPoint,
                                      radius: CGFloat) -> [[PolylinePosition]] {
        guard isFinite(center), !radius.isNaN, radius > 0 else {
            return splitPositions(polyline, isInside: { _ in false }, crossings: { _, _ in [] })
        }
        return splitPositions(
            polyline,
            isInside: { hypot($0.x - center.x, $0.y - center.y) < radius },
            crossings: { segmentCircleIntersections(a: $0, b: $1, center: center, radius: radius) })
    }

    /// ``split(polyline:outsideCapsule:b:radius:)`` as positions on the original polyline.
    public static func splitPositions(polyline: [CGPoint], outsideCapsule a: CGPoint, b: CGPoint,
                                      radius: CGFloat) -> [[PolylinePosition]] {
        guard isFinite(a), isFinite(b), !radius.isNaN, radius > 0 else {
            return splitPositions(polyline, isInside: { _ in false }, crossings: { _, _ in [] })
        }
        return splitPositions(
            polyline,
            isInside: { distance(from: $0, toSegment: a, b) < radius },
            crossings: { capsuleCandidateParameters(a: $0, b: $1, start: a, end: b, radius: radius) })
    }

    /// The shared cutter: each segment is divided at the candidate parameters and every
    /// part is classified by its midpoint, so a spurious candidate only divides a part
    /// into two of the same kind, which are merged again.
    static func splitPositions(_ polyline: [CGPoint], isInside: (CGPoint) -> Bool,
                               crossings: (CGPoint, CGPoint) -> [CGFloat]) -> [[PolylinePosition]] {
        let finite = polyline.indices.filter { isFinite(polyline[$0]) }
        let distinct = Set(finite.map { polyline[$0] })
        if distinct.count == 1, let index = finite.first {
            // A dot: all its finite points coincide.
            return isInside(polyline[index]) ? [] : [[PolylinePosition(index: index, fraction: 0)]]
        }
        var pieces: [[PolylinePosition]] = []
        var piece: [PolylinePosition] = []
        func endPiece() {
            if piece.count > 1 { pieces.append(piece) }
            piece = []
        }
        func position(_ index: Int, _ t: CGFloat) -> PolylinePosition {
            t >= 1 ? PolylinePosition(index: index + 1, fraction: 0) : PolylinePosition(index: index, fraction: t)
        }
        for index in polyline.indices.dropLast() {
            let a = polyline[index], b = polyline[index + 1]
            guard isFinite(a), isFinite(b) else {
                endPiece()
                continue
            }
            guard a != b else { continue }
            let cuts = [0] + crossings(a, b).filter { $0 > 0 && $0 < 1 } + [1]
            // Parts of the segment as (start, end, inside), neighbours of one kind merged.
            var parts: [(CGFloat, CGFloat, Bool)] = []
            for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
                let inside = isInside(point(on: a, b, at: (t0 + t1) / 2))
                if let last = parts.last, last.2 == inside {
                    parts[parts.count - 1].1 = t1
                } else {
                    parts.append((t0, t1, inside))
                }
            }
            for (t0, t1, inside) in parts {
                if inside {
                    endPiece()
                } else {
                    if piece.isEmpty { piece.append(position(index, t0)) }
                    piece.append(position(index, t1))
                }
            }
        }
        endPiece()
        return pieces
    }

    static func points(of pieces: [[PolylinePosition]], in polyline: [CGPoint]) -> [[CGPoint]] {
        pieces.map { $0.compactMap { $0.point(in: polyline) } }
    }
}
