#if !hasFeature(Embedded)
import Foundation
#endif

/// The filled outline of an ink stroke whose width changes along it (pressure ink).
///
/// PDF strokes have one line width, so a pressure-sensitive stroke's appearance is a
/// filled shape instead (DESIGN.md, Annotations: "with pressure, a filled outline of
/// varying width"). The outline follows the Catmull–Rom centreline of
/// ``BezierPath/smoothed(points:)``: each sample is pushed out both ways along the
/// centreline's normal by half its width, the two sides are themselves smoothed with
/// Catmull–Rom curves, and half circles cap the ends.
///
/// Offsetting alone fails where the stroke turns sharply: the inner side folds back over
/// itself and, filled, leaves a notch or a hole. So the stroke is cut into pieces at turns
/// sharper than a right angle and wherever a side would fold; each piece gets its own
/// outline with round ends (so a corner becomes a round join), and the pieces' outlines
/// are joined into one closed contour by zero-width bridges between neighbouring ends,
/// walked out and back. All pieces wind the same way, so the nonzero rule fills their union.
public enum VariableWidthStroke {
    /// The thinnest width used: a sample with a smaller, zero, negative or non-finite
    /// width is drawn this wide, so the stroke never vanishes.
    public static let minimumWidth: CGFloat = 0.1

    /// One closed outline, to fill with the nonzero rule, covering a stroke through
    /// `points` whose width at `points[i]` is `widths[i]`.
    ///
    /// - Parameters:
    ///   - points: the centreline samples in page space. Non-finite points are dropped;
    ///     a point closer to the previous one than 1% of their width is merged into it
    ///     (keeping the larger width), so repeated samples cannot twist the normals.
    ///   - widths: the full width at each sample. When there are fewer widths than points,
    ///     the last width is used for the rest; with no widths at all the stroke is 1 wide.
    /// - Returns: a circle for a single sample (a dot), an empty path for no samples.
    public static func outline(points: [CGPoint], widths: [CGFloat]) -> BezierPath {
        let samples = cleanedSamples(points: points, widths: widths)
        guard let first = samples.first else { return BezierPath() }
        guard samples.count > 1 else {
            let r = first.width / 2
            return BezierPath(ovalIn: CGRect(x: first.point.x - r, y: first.point.y - r, width: 2 * r, height: 2 * r))
        }
        let pieces = outlinePieces(samples)
        guard let head = pieces.first else { return BezierPath() }

        var path = BezierPath()
        path.move(to: head.left[0])
        // Out along the left sides, crossing each joint by its bridge ...
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                path.addLine(to: piece.startTip)
                path.addQuarterArc(center: piece.start.point, radius: piece.start.width / 2,
                                   from: negated(piece.startTangent), to: leftNormal(piece.startTangent))
            }
            path.addCatmullRom(through: piece.left)
            path.addQuarterArc(center: piece.end.point, radius: piece.end.width / 2,
                               from: leftNormal(piece.endTangent), to: piece.endTangent)
        }
        // ... round the far end, and back along the right sides.
        for (index, piece) in pieces.enumerated().reversed() {
            path.addQuarterArc(center: piece.end.point, radius: piece.end.width / 2,
                               from: piece.endTangent, to: rightNormal(piece.endTangent))
            path.addCatmullRom(through: piece.right.reversed())
            path.addQuarterArc(center: piece.start.point, radius: piece.start.width / 2,
                               from: rightNormal(piece.startTangent), to: negated(piece.startTangent))
            if index > 0 {
                path.addLine(to: pieces[index - 1].endTip)
            }
        }
        path.addQuarterArc(center: head.start.point, radius: head.start.width / 2,
                           from: negated(head.startTangent), to: leftNormal(head.startTangent))
        path.close()
        return path
    }

    // MARK: - Samples

    struct Sample {
        var point: CGPoint
        var width: CGFloat
    }

    /// Finite points paired with their (clamped) widths, near-duplicates merged.
    static func cleanedSamples(points: [CGPoint], widths: [CGFloat]) -> [Sample] {
        var samples: [Sample] = []
        samples.reserveCapacity(points.count)
        for (index, point) in points.enumerated() where SegmentGeometry.isFinite(point) {
            let raw = index < widths.count ? widths[index] : (widths.last ?? 1)
            let width = raw.isFinite ? max(minimumWidth, raw) : minimumWidth
            if let last = samples.last {
                let gap = hypot(point.x - last.point.x, point.y - last.point.y)
                if gap <= 0.01 * min(width, last.width) || !gap.isFinite {
                    samples[samples.count - 1].width = max(last.width, width)
                    continue
                }
            }
            samples.append(Sample(point: point, width: width))
        }
        return samples
    }

    // MARK: - Pieces

    /// A run of samples outlined together: its two offset sides and its end directions.
    struct Piece {
        var samples: [Sample]
        var left: [CGPoint] = []
        var right: [CGPoint] = []
        var tangents: [CGPoint] = []

        init(_ samples: [Sample]) {
            self.samples = samples
            tangents = VariableWidthStroke.unitTangents(samples.map({ $0.point }))
            for (sample, t) in zip(samples, tangents) {
                let r = sample.width / 2
                left.append(CGPoint(x: sample.point.x - t.y * r, y: sample.point.y + t.x * r))
                right.append(CGPoint(x: sample.point.x + t.y * r, y: sample.point.y - t.x * r))
            }
        }

        var start: Sample { samples[0] }
        var end: Sample { samples[samples.count - 1] }
        var startTangent: CGPoint { tangents[0] }
        var endTangent: CGPoint { tangents[tangents.count - 1] }
        /// The point of the start cap straight behind the start.
        var startTip: CGPoint { offset(start, negated(startTangent)) }
        /// The point of the end cap straight ahead of the end.
        var endTip: CGPoint { offset(end, endTangent) }

        /// Indices (within the piece) of segments along which a side runs backwards.
        var foldedSegments: [Int] {
            samples.indices.dropLast().filter { i in
                let d = CGPoint(x: samples[i + 1].point.x - samples[i].point.x,
                                y: samples[i + 1].point.y - samples[i].point.y)
                func forward(_ side: [CGPoint]) -> Bool {
                    (side[i + 1].x - side[i].x) * d.x + (side[i + 1].y - side[i].y) * d.y > 0
                }
                return !forward(left) || !forward(right)
            }
        }
    }

    /// The samples cut into pieces at sharp turns and folds; neighbouring pieces share the
    /// sample they are cut at. Each round of cutting only adds cuts, and a two-sample piece
    /// never folds, so the loop ends.
    static func outlinePieces(_ samples: [Sample]) -> [Piece] {
        var cuts = Set<Int>()
        for i in samples.indices.dropFirst().dropLast() {
            let a = samples[i - 1].point, b = samples[i].point, c = samples[i + 1].point
            // A turn sharper than a right angle: incoming and outgoing directions oppose.
            if (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0 { cuts.insert(i) }
        }
        while true {
            let bounds = [0] + cuts.sorted() + [samples.count - 1]
            let pieces = zip(bounds, bounds.dropFirst()).map { from, to in
                (from, Piece(Array(samples[from...to])))
            }
            var added = false
            for (offset, piece) in pieces {
                for segment in piece.foldedSegments {
                    for index in [offset + segment, offset + segment + 1]
                    where index > 0 && index < samples.count - 1 && !cuts.contains(index) {
                        cuts.insert(index)
                        added = true
                    }
                }
            }
            if !added { return pieces.map({ $0.1 }) }
        }
    }

    /// Unit tangents of the Catmull–Rom centreline at each point: the direction from the
    /// previous point to the next (one-sided at the ends).
    static func unitTangents(_ points: [CGPoint]) -> [CGPoint] {
        let last = points.count - 1
        var previous = CGPoint(x: 1, y: 0)
        return points.indices.map { i in
            let before = points[max(0, i - 1)], after = points[min(last, i + 1)]
            let d = CGPoint(x: after.x - before.x, y: after.y - before.y)
            let length = hypot(d.x, d.y)
            guard length > 0, length.isFinite else { return previous }
            previous = CGPoint(x: d.x / length, y: d.y / length)
            return previous
        }
    }

    // MARK: - Vectors

    static func leftNormal(_ t: CGPoint) -> CGPoint { CGPoint(x: -t.y, y: t.x) }
    static func rightNormal(_ t: CGPoint) -> CGPoint { CGPoint(x: t.y, y: -t.x) }
    static func negated(_ t: CGPoint) -> CGPoint { CGPoint(x: -t.x, y: -t.y) }
    static func offset(_ sample: Sample, _ direction: CGPoint) -> CGPoint {
        CGPoint(x: sample.point.x + direction.x * sample.width / 2, y: sample.point.y + direction.y * sample.width / 2)
    }
}
