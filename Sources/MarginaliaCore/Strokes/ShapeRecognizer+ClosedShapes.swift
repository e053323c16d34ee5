#if !hasFeature(Embedded)
import Foundation
#endif

extension ShapeRecognizer {
    /// Rectangles, ellipses and triangles: strokes that end near where they began.
    ///
    /// Two candidates are fitted, a polygon (corners found by simplifying the loop coarsely)
    /// and an axis-aligned ellipse, and the one with the smaller error wins if it is under
    /// ``maximumMeanError``.
    static func recognizeClosed(_ samples: [CGPoint]) -> RecognizedShape? {
        let loop = trimOvershoot(samples)
        let bounds = boundingRect(loop)
        let size = hypot(bounds.width, bounds.height)
        guard loop.count >= 8, size > 0, size.isFinite else { return nil }
        var best: (shape: RecognizedShape, error: CGFloat)?
        for candidate in [polygonCandidate(loop, size: size), ellipseCandidate(loop, bounds: bounds)] {
            guard let candidate, candidate.error <= maximumMeanError * size else { continue }
            if best == nil || candidate.error < best!.error { best = candidate }
        }
        return best?.shape
    }

    /// Drops the end of a stroke that runs on past its start (a rectangle drawn with the
    /// last side overshooting the first corner), so the loop closes where it began.
    static func trimOvershoot(_ samples: [CGPoint]) -> [CGPoint] {
        let start = samples[0]
        let from = samples.count * 3 / 4
        var closest = samples.count - 1
        for index in from..<samples.count where distance(samples[index], start) < distance(samples[closest], start) {
            closest = index
        }
        return Array(samples[...closest])
    }

    // MARK: - Polygons

    /// A triangle or a rectangle from the corners of the loop, with its error.
    static func polygonCandidate(_ loop: [CGPoint], size: CGFloat) -> (shape: RecognizedShape, error: CGFloat)? {
        let corners = self.corners(of: loop, tolerance: 0.05 * size)
        let shape: RecognizedShape
        switch corners.count {
        case 3:
            guard corners.indices.allSatisfy({ interiorAngle(corners, at: $0) >= 20 }) else { return nil }
            shape = .triangle(corners)
        case 4:
            guard corners.indices.allSatisfy({ abs(interiorAngle(corners, at: $0) - 90) <= 20 }) else { return nil }
            shape = fittedRectangle(corners, loop: loop)
        default:
            return nil
        }
        let outline: [CGPoint]
        switch shape {
        case .rectangle(let rect):
            outline = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        case .rotatedRectangle(let points), .triangle(let points):
            outline = points
        default:
            return nil
        }
        let error = meanDistance(loop) { point in
            outline.indices.map {
                SegmentGeometry.distance(from: point, toSegment: outline[$0], outline[($0 + 1) % outline.count])
            }.min() ?? .infinity
        }
        return (shape, error)
    }

    /// The loop's corners: start from the point farthest from the centroid (surely a corner
    /// of a polygon), go once round and simplify with Ramer–Douglas–Peucker.
    static func corners(of loop: [CGPoint], tolerance: CGFloat) -> [CGPoint] {
        let centroid = CGPoint(x: loop.reduce(0) { $0 + $1.x } / CGFloat(loop.count),
                               y: loop.reduce(0) { $0 + $1.y } / CGFloat(loop.count))
        var startIndex = 0
        for index in loop.indices where distance(loop[index], centroid) > distance(loop[startIndex], centroid) {
            startIndex = index
        }
        let round = Array(loop[startIndex...]) + Array(loop[...startIndex])
        let kept = StrokeSimplifier.keptIndices(of: round, tolerance: tolerance).dropLast()
        return kept.map { round[$0] }
    }

    /// The angle at `corners[index]` in degrees, 0...180.
    static func interiorAngle(_ corners: [CGPoint], at index: Int) -> CGFloat {
        let p = corners[index]
        let a = corners[(index + corners.count - 1) % corners.count], b = corners[(index + 1) % corners.count]
        let u = CGPoint(x: a.x - p.x, y: a.y - p.y), v = CGPoint(x: b.x - p.x, y: b.y - p.y)
        let lengths = hypot(u.x, u.y) * hypot(v.x, v.y)
        guard lengths > 0 else { return 0 }
        let cosine = max(-1, min(1, (u.x * v.x + u.y * v.y) / lengths))
        return acos(cosine) * 180 / .pi
    }

    /// The rectangle best matching four roughly square corners and the loop they came from.
    ///
    /// The orientation is the mean of the four sides' directions modulo 90° (averaged as
    /// angles times four, so 89° and 1° agree); within 5° of the page's axes the result is an
    /// axis-aligned rectangle, otherwise four corners in the direction the user drew. Each
    /// side then sits at the mean position of the points along it, leaving out those near
    /// the corners: hands round corners off, and the corners RDP finds lie on those curves.
    static func fittedRectangle(_ corners: [CGPoint], loop: [CGPoint]) -> RecognizedShape {
        var sumCos: CGFloat = 0, sumSin: CGFloat = 0
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            let angle = atan2(b.y - a.y, b.x - a.x)
            let weight = distance(a, b)
            sumCos += weight * cos(4 * angle)
            sumSin += weight * sin(4 * angle)
        }
        var theta = atan2(sumSin, sumCos) / 4
        if abs(theta) < 5 * .pi / 180 { theta = 0 }
        let c = cos(theta), s = sin(theta)
        // Points in a frame turned by -theta, where the rectangle is axis-aligned.
        func turn(_ p: CGPoint) -> CGPoint { CGPoint(x: c * p.x + s * p.y, y: -s * p.x + c * p.y) }
        let turned = corners.map(turn)
        let xs = turned.map({ $0.x }).sorted(), ys = turned.map({ $0.y }).sorted()
        let rough = CGRect(x: (xs[0] + xs[1]) / 2, y: (ys[0] + ys[1]) / 2,
                           width: (xs[2] + xs[3] - xs[0] - xs[1]) / 2, height: (ys[2] + ys[3] - ys[0] - ys[1]) / 2)
        let box = refinedSides(of: rough, points: loop.map(turn))
        if theta == 0 { return .rectangle(box) }
        var square = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                      CGPoint(x: box.maxX, y: box.maxY), CGPoint(x: box.minX, y: box.maxY)]
            .map { CGPoint(x: c * $0.x - s * $0.y, y: s * $0.x + c * $0.y) }
        if signedArea(corners) < 0 { square.reverse() }
        return .rotatedRectangle(square)
    }

    /// `rough` with each side moved to the mean of the points nearest it, ignoring points
    /// within a fifth of a side's length of a corner. A side with no such points stays.
    static func refinedSides(of rough: CGRect, points: [CGPoint]) -> CGRect {
        let marginX = rough.width / 5, marginY = rough.height / 5
        var sums = [CGFloat](repeating: 0, count: 4), counts = [CGFloat](repeating: 0, count: 4)
        for p in points {
            let distances = [abs(p.x - rough.minX), abs(p.x - rough.maxX), abs(p.y - rough.minY), abs(p.y - rough.maxY)]
            let side = distances.indices.min { distances[$0] < distances[$1] }!
            if side < 2 {
                guard p.y > rough.minY + marginY, p.y < rough.maxY - marginY else { continue }
                sums[side] += p.x
            } else {
                guard p.x > rough.minX + marginX, p.x < rough.maxX - marginX else { continue }
                sums[side] += p.y
            }
            counts[side] += 1
        }
        let fallback = [rough.minX, rough.maxX, rough.minY, rough.maxY]
        let side = (0..<4).map { counts[$0] > 0 ? sums[$0] / counts[$0] : fallback[$0] }
        return CGRect(x: side[0], y: side[2], width: side[1] - side[0], height: side[3] - side[2])
    }

    static func signedArea(_ points: [CGPoint]) -> CGFloat {
        var area: CGFloat = 0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    // MARK: - Ellipses

    /// The axis-aligned ellipse through the loop's extremes, with its error: for each point,
    /// its distance to the ellipse along the ray from the centre.
    static func ellipseCandidate(_ loop: [CGPoint], bounds: CGRect) -> (shape: RecognizedShape, error: CGFloat)? {
        let rx = bounds.width / 2, ry = bounds.height / 2
        guard rx > 0, ry > 0, min(rx, ry) >= 0.1 * max(rx, ry) else { return nil }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let error = meanDistance(loop) { point in
            let dx = point.x - center.x, dy = point.y - center.y
            let r = hypot(dx / rx, dy / ry)
            guard r > 0 else { return min(rx, ry) }
            return hypot(dx, dy) * abs(1 - 1 / r)
        }
        return (.ellipse(bounds), error)
    }
}
