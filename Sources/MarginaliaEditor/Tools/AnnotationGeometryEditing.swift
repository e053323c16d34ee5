import Foundation
import Marginalia

/// Moving and resizing annotations of every kind: the geometry (ink points, line ends,
/// vertices, quads) follows the rect, so the change stays editable in other viewers.
public enum AnnotationGeometryEditing {
    /// `annotation` moved by (dx, dy) page points, then pushed back inside `page` (the
    /// page's bounds) as far as its size allows.
    public static func moved(_ annotation: PDFAnnotation, dx: CGFloat, dy: CGFloat, within page: CGRect? = nil) -> PDFAnnotation {
        guard dx.isFinite, dy.isFinite else { return annotation }
        let offset = SelectionGeometry.clampedOffset(dx, dy, for: annotation.rect, within: page)
        return moved(annotation, exactly: offset.dx, offset.dy)
    }

    /// `annotation` moved by exactly (dx, dy), no clamping (the offset a selection's clamp
    /// decided for all its annotations at once).
    public static func moved(_ annotation: PDFAnnotation, exactly dx: CGFloat, _ dy: CGFloat) -> PDFAnnotation {
        applying(.translation(x: dx, y: dy), to: annotation, newRect: annotation.rect.offsetBy(dx: dx, dy: dy))
    }

    /// `annotation` scaled so that its rect becomes `rect` (clamped to `page`). With
    /// `keepAspectRatio` (images, notes), the new rect keeps the old proportions, anchored
    /// at the new rect's lower-left corner.
    public static func resized(_ annotation: PDFAnnotation, to rect: CGRect, keepAspectRatio: Bool = false,
                               within page: CGRect? = nil) -> PDFAnnotation {
        guard let target = SelectionGeometry.resizedRect(from: annotation.rect, to: rect, keepAspectRatio: keepAspectRatio,
                                                         within: page) else { return annotation }
        return applying(SelectionGeometry.transform(from: annotation.rect, to: target), to: annotation, newRect: target)
    }

    static func applying(_ t: AffineTransform, to annotation: PDFAnnotation, newRect: CGRect) -> PDFAnnotation {
        var result = annotation
        result.rect = newRect
        func map(_ points: [CGPoint]) -> [CGPoint] { points.map { t.transform($0) } }
        switch annotation.kind {
        case .ink(var ink):
            ink.paths = ink.paths.map(map)
            result.kind = .ink(ink)
        case .line(var line):
            line.start = t.transform(line.start)
            line.end = t.transform(line.end)
            result.kind = .line(line)
        case .polygon(let vertices):
            result.kind = .polygon(vertices: map(vertices))
        case .polyLine(var polyLine):
            polyLine.vertices = map(polyLine.vertices)
            result.kind = .polyLine(polyLine)
        case .textMarkup(let markup, let quads):
            result.kind = .textMarkup(markup, quads: quads.map { PDFAnnotation.Quad(points: map($0.points)) })
        case .square, .circle, .freeText, .note, .stamp, .other:
            break
        }
        result.modificationDate = Date()
        return result
    }
}
