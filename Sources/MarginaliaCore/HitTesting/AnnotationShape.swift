#if !hasFeature(Embedded)
import Foundation
#endif

/// What an annotation covers, for hit testing and erasers: stroked paths (hit within half
/// the line width of the path) and filled areas (hit inside). Built from the annotation's
/// geometry, not its bounding box, so a point in the empty middle of a scribble or an
/// unfilled circle does not hit it.
struct AnnotationShape: Sendable {
    var strokes: [BezierPath] = []
    var lineWidth: CGFloat = 1
    var area: BezierPath?
    /// The rect every query is first checked against (the drawing with its width).
    var bounds: CGRect

    init(_ a: Annotation) {
        let width = CGFloat(max(a.lineWidth.isFinite ? a.lineWidth : 0, 0))
        lineWidth = max(width, 0.5)
        bounds = a.rect
        // Square and Circle draw their border inside /Rect (ISO 32000-2, 12.5.6.8).
        let box = a.rect.insetBy(dx: min(width / 2, a.rect.width / 2), dy: min(width / 2, a.rect.height / 2))
        switch a.kind {
        case .ink(let ink):
            strokes = ink.paths.map { $0.count == 1 ? BezierPath(polyline: [$0[0], $0[0]], closed: false) : BezierPath.smoothed(points: $0) }
            // A pressure stroke is drawn up to InkOutline.maximumWidthFactor times its width
            // (a monoline keeps its width whatever pressures the ink holds).
            if ink.pressures != nil, ink.brush.followsPressure { lineWidth = width * CGFloat(InkOutline.maximumWidthFactor) }
        case .square:
            strokes = [BezierPath(rect: box)]
            if a.filled { area = BezierPath(rect: box) }
        case .circle:
            strokes = [BezierPath(ovalIn: box)]
            if a.filled { area = BezierPath(ovalIn: box) }
        case .line(let line):
            strokes = [BezierPath(polyline: [line.start, line.end], closed: false)]
        case .polygon(let vertices):
            strokes = [BezierPath(polyline: vertices, closed: true)]
            if a.filled { area = BezierPath(polyline: vertices, closed: true) }
        case .polyLine(let polyLine):
            strokes = [BezierPath(polyline: polyLine.vertices, closed: false)]
        case .textMarkup(_, let quads):
            area = Self.area(of: quads, rect: a.rect)
        case .redact(let redact):
            area = Self.area(of: redact.quads, rect: a.rect)
        case .freeText, .note, .stamp, .other:
            area = BezierPath(rect: a.rect)
        }
        let strokeBounds = strokes.reduce(CGRect.null) { $0.union($1.bounds) }
        if !strokeBounds.isNull { bounds = bounds.union(strokeBounds.insetBy(dx: -lineWidth / 2, dy: -lineWidth / 2)) }
        if let area { bounds = bounds.union(area.bounds) }
    }

    /// The area of quadrilaterals of text; with none (a redaction mark over an area), the
    /// whole rect, which it is hit anywhere in.
    private static func area(of quads: [AnnotationKind.Quad], rect: CGRect) -> BezierPath {
        guard !quads.isEmpty else { return BezierPath(rect: rect) }
        var path = BezierPath()
        for quad in quads where quad.points.count == 4 {
            // Quad order is UL, UR, LL, LR: walk it round the outside.
            let p = quad.points
            path.append(BezierPath(polyline: [p[2], p[3], p[1], p[0]], closed: true))
        }
        return path
    }

    /// Whether `point` lies on a stroke (within half its width plus `tolerance`) or in the area.
    func contains(_ point: CGPoint, tolerance: CGFloat) -> Bool {
        guard bounds.insetBy(dx: -tolerance, dy: -tolerance).contains(point) else { return false }
        if let area, area.contains(point) || (tolerance > 0 && area.distance(to: point) <= tolerance) { return true }
        return strokes.contains { $0.strokeContains(point, lineWidth: lineWidth, tolerance: tolerance) }
    }

    /// Whether a sweep along `path` with a tool of diameter `width` touches the shape.
    func touches(_ path: BezierPath, width: CGFloat) -> Bool {
        let reach = max(0, width) / 2
        let sweepBounds = path.bounds.insetBy(dx: -reach, dy: -reach)
        guard sweepBounds.intersects(bounds.insetBy(dx: -1, dy: -1)) else { return false }
        if strokes.contains(where: { $0.minimumDistance(to: path) <= lineWidth / 2 + reach }) { return true }
        guard let area else { return false }
        if area.minimumDistance(to: path) <= reach { return true }
        // A sweep entirely inside the area touches it too.
        return path.elements.lazy.compactMap({ $0.endPoint }).contains { area.contains($0) }
    }
}
