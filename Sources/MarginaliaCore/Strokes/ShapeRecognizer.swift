#if !hasFeature(Embedded)
import Foundation
#endif

/// Decides whether a finished stroke is confidently a line, an arrow, a rectangle, an
/// ellipse or a triangle, and fits that shape to it.
///
/// Recognition is conservative: a shape is returned only when the mean distance of the
/// stroke's points to the fitted shape is a few percent of the shape's size (see
/// ``maximumMeanError``); scribbles, spirals, S curves and signatures stay ink.
///
/// The stroke is first resampled to evenly spaced points along its length, so that a slow
/// part of the stroke (many samples) weighs no more than a fast one. A stroke whose ends are
/// closer than 15% of its length apart is a closed shape (rectangle, ellipse, triangle);
/// otherwise it may be a line or an arrow.
///
/// An ellipse at an angle stays ink: a Circle annotation cannot rotate, and an axis-aligned
/// ellipse would not fit what was drawn.
public enum ShapeRecognizer {
    /// The largest accepted mean distance from the points to the fitted shape, as a fraction
    /// of the shape's size (its length for a line, the diagonal of its bounds otherwise).
    public static let maximumMeanError: CGFloat = 0.03
    /// How many evenly spaced points a stroke is resampled to before fitting.
    static let sampleCount = 128

    /// The shape `points` confidently form, or nil when the stroke should stay ink.
    public static func recognize(_ points: [CGPoint]) -> RecognizedShape? {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        let length = pathLength(finite)
        guard finite.count >= 2, length > 0, length.isFinite else { return nil }
        let samples = resample(finite, count: sampleCount, length: length)
        let gap = distance(samples[0], samples[samples.count - 1])
        if gap <= 0.15 * length {
            return recognizeClosed(samples)
        }
        return recognizeLine(samples) ?? recognizeArrow(samples)
    }

    // MARK: - Open shapes

    /// A line when the points hug the chord from first to last point (mean and largest
    /// distance) and the stroke does not double back along it.
    ///
    /// Doubling back is measured on the projections onto the chord rather than on the path's
    /// length, so a shaky hand (which lengthens the path) still draws a line.
    static func recognizeLine(_ points: [CGPoint]) -> RecognizedShape? {
        guard let start = points.first, let end = points.last else { return nil }
        let chord = distance(start, end)
        guard chord > 0 else { return nil }
        let ux = (end.x - start.x) / chord, uy = (end.y - start.y) / chord
        var furthest: CGFloat = 0, worstBacktrack: CGFloat = 0, worstDistance: CGFloat = 0
        for point in points {
            let along = (point.x - start.x) * ux + (point.y - start.y) * uy
            furthest = max(furthest, along)
            worstBacktrack = max(worstBacktrack, furthest - along)
            worstDistance = max(worstDistance, SegmentGeometry.distance(from: point, toSegment: start, end))
        }
        guard worstBacktrack <= 0.05 * chord, worstDistance <= 0.08 * chord else { return nil }
        let error = meanDistance(points) { SegmentGeometry.distance(from: $0, toSegment: start, end) }
        return error <= maximumMeanError * chord ? .line(start: start, end: end) : nil
    }

    /// An arrow drawn in one stroke: a straight shaft to the tip, then a short head going back
    /// from the tip on both sides of the shaft (a 'V', drawn as barb, back to the tip, other
    /// barb, or any order of the two barbs).
    ///
    /// The tip is where the stroke first gets farthest from the start; the shaft up to it must be a line, and
    /// every point after it must lie behind the tip within 75° of the shaft, close to one of
    /// two barbs (the farthest point on each side).
    static func recognizeArrow(_ points: [CGPoint]) -> RecognizedShape? {
        guard let start = points.first else { return nil }
        // The head comes back to the tip, so take the first arrival there: the first point
        // within 1% of the farthest distance from the start.
        let farthest = points.map { distance(start, $0) }.max() ?? 0
        guard farthest > 0,
              let tipIndex = points.firstIndex(where: { distance(start, $0) >= 0.99 * farthest }) else { return nil }
        let tipDistance = distance(start, points[tipIndex])
        let shaftPoints = Array(points[...tipIndex]), head = Array(points[tipIndex...])
        guard shaftPoints.count >= 8, head.count >= 4,
              case .line? = recognizeLine(shaftPoints) else { return nil }
        let tip = points[tipIndex]
        let shaft = tipDistance
        let headLength = pathLength(head)
        guard headLength >= 0.1 * shaft, headLength <= 1.2 * shaft else { return nil }
        // Unit vector pointing back along the shaft, from the tip towards the start.
        let back = CGPoint(x: (start.x - tip.x) / shaft, y: (start.y - tip.y) / shaft)
        var barbs: [CGPoint?] = [nil, nil]
        var barbReach: [CGFloat] = [0, 0]
        for point in head {
            let v = CGPoint(x: point.x - tip.x, y: point.y - tip.y)
            let reach = hypot(v.x, v.y)
            guard reach > 0.04 * shaft else { continue }
            let along = v.x * back.x + v.y * back.y
            let across = back.x * v.y - back.y * v.x
            // Behind the tip and within 75 degrees of the shaft.
            guard along > reach * cos(75 * .pi / 180) else { return nil }
            let side = across >= 0 ? 0 : 1
            if reach > barbReach[side] {
                barbReach[side] = reach
                barbs[side] = point
            }
        }
        guard let left = barbs[0], let right = barbs[1],
              min(barbReach[0], barbReach[1]) >= 0.5 * max(barbReach[0], barbReach[1]),
              max(barbReach[0], barbReach[1]) <= 0.6 * shaft else { return nil }
        let headError = meanDistance(head) {
            min(SegmentGeometry.distance(from: $0, toSegment: tip, left),
                SegmentGeometry.distance(from: $0, toSegment: tip, right))
        }
        guard headError <= maximumMeanError * shaft else { return nil }
        return .arrow(start: start, end: tip)
    }

    // MARK: - Helpers

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(b.x - a.x, b.y - a.y)
    }

    static func pathLength(_ points: [CGPoint]) -> CGFloat {
        guard points.count > 1 else { return 0 }
        var total: CGFloat = 0
        for index in 1..<points.count { total += distance(points[index - 1], points[index]) }
        return total
    }

    static func meanDistance(_ points: [CGPoint], _ measure: (CGPoint) -> CGFloat) -> CGFloat {
        guard !points.isEmpty else { return .infinity }
        return points.reduce(0) { $0 + measure($1) } / CGFloat(points.count)
    }

    /// `count` points evenly spaced along the polyline, first and last included.
    static func resample(_ points: [CGPoint], count: Int, length: CGFloat) -> [CGPoint] {
        let step = length / CGFloat(count - 1)
        var result = [points[0]]
        result.reserveCapacity(count)
        var segment = 1, segmentStart: CGFloat = 0
        for index in 1..<(count - 1) {
            let target = CGFloat(index) * step
            while segment < points.count - 1,
                  segmentStart + distance(points[segment - 1], points[segment]) < target {
                segmentStart += distance(points[segment - 1], points[segment])
                segment += 1
            }
            let a = points[segment - 1], b = points[segment]
            let span = distance(a, b)
            let t = span > 0 ? min(1, max(0, (target - segmentStart) / span)) : 0
            result.append(SegmentGeometry.point(on: a, b, at: t))
        }
        result.append(points[points.count - 1])
        return result
    }
}
