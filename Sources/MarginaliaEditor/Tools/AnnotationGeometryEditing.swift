import Foundation
import Marginalia

/// Moving and resizing annotations of every kind: the geometry (ink points, line ends,
/// vertices, quads) follows the rect, so the change stays editable in other viewers.
public enum AnnotationGeometryEditing {
    /// `annotation` moved by (dx, dy) page points, then pushed back inside `page` (the
    /// page's bounds) as far as its size allows.
    public static func moved(_ annotation: PDFAnnotation, dx: CGFloat, dy: CGFloat, within page: CGRect? = nil) -> PDFAnnotation {
        guard dx.isFinite, dy.isFinite else { return annotation }
        var dx = dx, dy = dy
        if let page {
            let target = annotation.rect.offsetBy(dx: dx, dy: dy)
            if target.minX < page.minX { dx += page.minX - target.minX }
            if target.maxX > page.maxX { dx -= min(target.maxX - page.maxX, max(0, target.minX - page.minX)) }
            if target.minY < page.minY { dy += page.minY - target.minY }
            if target.maxY > page.maxY { dy -= min(target.maxY - page.maxY, max(0, target.minY - page.minY)) }
        }
        let transform = AffineTransform.translation(x: dx, y: dy)
        return applying(transform, to: annotation, newRect: annotation.rect.offsetBy(dx: dx, dy: dy))
    }

    /// `annotation` scaled so that its rect becomes `rect` (clamped to `page`). With
    /// `keepAspectRatio` (images, notes), the new rect keeps the old proportions, anchored
    /// at the new rect's lower-left corner.
    public static func resized(_ annotation: PDFAnnotation, to rect: CGRect, keepAspectRatio: Bool = false,
                               within page: CGRect? = nil) -> PDFAnnotation {
        var target = rect.standardized
        guard [target.minX, target.minY, target.width, target.height].allSatisfy(\.isFinite) else { return annotation }
        if let page { target = target.intersection(page) }
        guard !target.isNull, target.width >= 1, target.height >= 1 else { return annotation }
        let old = annotation.rect
        if keepAspectRatio, old.width > 0, old.height > 0 {
            let scale = min(target.width / old.width, target.height / old.height)
            target = CGRect(x: target.minX, y: target.minY, width: old.width * scale, height: old.height * scale)
        }
        let sx = old.width > 0 ? target.width / old.width : 1
        let sy = old.height > 0 ? target.height / old.height : 1
        // Map the old rect onto the new one: translate to the origin, scale, translate back.
        let transform = AffineTransform.translation(x: -old.minX, y: -old.minY)
            .appending(.scaling(x: sx, y: sy))
            .appending(.translation(x: target.minX, y: target.minY))
        return applying(transform, to: annotation, newRect: target)
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
