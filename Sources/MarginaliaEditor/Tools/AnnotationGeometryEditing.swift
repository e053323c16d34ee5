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
        var result = annotation.placed(by: t, in: newRect)
        result.modificationDate = Date()
        return result
    }
}
