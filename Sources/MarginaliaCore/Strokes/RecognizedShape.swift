#if !hasFeature(Embedded)
import Foundation
#endif

/// A shape a stroke was confidently recognised as, fitted to the stroke, in page space.
public enum RecognizedShape: Hashable, Sendable {
    /// A straight line.
    case line(start: CGPoint, end: CGPoint)
    /// A straight line with an arrow head at `end`.
    case arrow(start: CGPoint, end: CGPoint)
    /// A rectangle whose sides run along the page's axes.
    case rectangle(CGRect)
    /// A rectangle at an angle, as its four corners in drawing order; it becomes a Polygon
    /// because a Square annotation cannot rotate.
    case rotatedRectangle([CGPoint])
    /// An ellipse whose axes run along the page's axes (a circle is an ellipse).
    case ellipse(CGRect)
    /// A triangle, as its three vertices in drawing order.
    case triangle([CGPoint])
}

extension ShapeRecognizer {
    /// The annotation's /Rect for a shape drawn with `lineWidth`.
    ///
    /// Square and Circle draw their border inside /Rect (ISO 32000-1, 12.5.6.8), so the
    /// fitted rectangle grows by half the width to keep the border centred on the stroke the
    /// user drew. Lines and polygons take the bounds of their vertices grown by the width,
    /// and an arrow by room for its head (the appearance's arrow is max(6, 4 × width) long).
    public static func annotationRect(for shape: RecognizedShape, lineWidth: CGFloat) -> CGRect {
        let width = lineWidth.isFinite ? max(0, lineWidth) : 1
        switch shape {
        case .rectangle(let rect), .ellipse(let rect):
            return rect.standardized.insetBy(dx: -width / 2, dy: -width / 2)
        case .line(let start, let end):
            return boundingRect([start, end]).insetBy(dx: -width, dy: -width)
        case .arrow(let start, let end):
            let head = max(6, 4 * width) + width
            return boundingRect([start, end]).insetBy(dx: -head, dy: -head)
        case .rotatedRectangle(let points), .triangle(let points):
            return boundingRect(points).insetBy(dx: -width, dy: -width)
        }
    }

    static func boundingRect(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
