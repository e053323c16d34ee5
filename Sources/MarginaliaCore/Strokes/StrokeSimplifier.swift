#if !hasFeature(Embedded)
import Foundation
#endif

/// Ramer–Douglas–Peucker simplification of a stroke's points.
///
/// The work list is an explicit stack of index ranges rather than recursion, so a
/// million-point stroke that splits a million times uses heap memory, not the call stack.
/// Every dropped point lies within `tolerance` of the segment between the kept points
/// around it, which is the property the renderer relies on: the simplified stroke never
/// strays more than the tolerance from what the user drew.
///
/// RDP is quadratic when each split peels off only one point (a tight spiral, a zigzag whose
/// amplitude grows along it). Long inputs are therefore cut into blocks of ``blockSize``
/// points, simplified separately with their boundary points kept: the guarantee above holds
/// within each block, and the worst case becomes linear in the input (times the block size).
public enum StrokeSimplifier {
    /// The most points one RDP run sees.
    public static let blockSize = 2_048

    /// The indices of the points to keep, in increasing order; the first and last points are
    /// always kept.
    ///
    /// - Parameters:
    ///   - points: Finite points (callers drop NaN and infinities first).
    ///   - tolerance: The largest distance, in the points' units, a dropped point may lie
    ///     from the simplified polyline. Zero or less keeps every distinct point.
    public static func keptIndices(of points: [CGPoint], tolerance: CGFloat) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var ranges: [(Int, Int)] = []
        for start in stride(from: 0, to: points.count - 1, by: blockSize) {
            let end = min(start + blockSize, points.count - 1)
            keep[end] = true
            ranges.append((start, end))
        }
        while let (first, last) = ranges.popLast() {
            guard last - first > 1 else { continue }
            let a = points[first], b = points[last]
            var farthest = first, farthestDistance: CGFloat = -1
            for index in (first + 1)..<last {
                let distance = SegmentGeometry.distance(from: points[index], toSegment: a, b)
                if distance > farthestDistance {
                    farthestDistance = distance
                    farthest = index
                }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                ranges.append((first, farthest))
                ranges.append((farthest, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The indices of a first cheap pass: a point closer than `radius` to the last kept
    /// point adds nothing a viewer could see, and dropping it bounds the RDP work on dense
    /// input (a pen held still reports the same spot many times). The last point is kept.
    static func radialFilter(_ points: [CGPoint], radius: CGFloat) -> [Int] {
        guard let first = points.first else { return [] }
        var kept = [0]
        var anchor = first
        for index in points.indices.dropFirst().dropLast()
        where hypot(points[index].x - anchor.x, points[index].y - anchor.y) >= radius {
            kept.append(index)
            anchor = points[index]
        }
        if points.count > 1 { kept.append(points.count - 1) }
        return kept
    }
}
