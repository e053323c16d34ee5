import Foundation

/// The annotations of one page with a spatial index, answering "what is under this point"
/// and "what does this eraser sweep touch" geometrically, topmost first (the last in
/// `/Annots` is drawn on top). Kept up to date with ``insert(_:)``, ``update(_:)`` and
/// ``remove(id:)`` as annotations change, so a sweep over thousands of strokes only looks
/// at the few near it.
public final class AnnotationIndex {
    /// The annotations in `/Annots` order (bottom to top).
    public private(set) var annotations: [PDFAnnotation]
    private var shapes: [String: AnnotationShape] = [:]
    private var spatial = SpatialIndex<String>(cellSize: 64)

    public init(annotations: [PDFAnnotation]) {
        self.annotations = annotations
        for annotation in annotations { index(annotation) }
    }

    private func index(_ annotation: PDFAnnotation) {
        let shape = AnnotationShape(annotation)
        shapes[annotation.id] = shape
        spatial.insert(annotation.id, rect: shape.bounds)
    }

    /// The topmost annotation under `point` (page space), or nil. Hidden annotations are
    /// never hit.
    public func annotation(at point: CGPoint, tolerance: CGFloat = 2) -> PDFAnnotation? {
        annotations(at: point, tolerance: tolerance).first
    }

    /// Every annotation under `point`, topmost first.
    public func annotations(at point: CGPoint, tolerance: CGFloat = 2) -> [PDFAnnotation] {
        let t = max(0, tolerance.isFinite ? tolerance : 0)
        let candidates = Set(spatial.query(CGRect(x: point.x - t, y: point.y - t, width: 2 * t, height: 2 * t)))
        return annotations.reversed().filter { annotation in
            candidates.contains(annotation.id) && !annotation.flags.contains(.hidden)
                && shapes[annotation.id]?.contains(point, tolerance: t) == true
        }
    }

    /// Every annotation a sweep along `path` with a tool `width` points wide touches,
    /// topmost first (what a stroke eraser removes).
    public func annotations(touching path: BezierPath, width: CGFloat) -> [PDFAnnotation] {
        let reach = max(0, width.isFinite ? width : 0) / 2
        let bounds = path.bounds
        guard !bounds.isNull, bounds.minX.isFinite else { return [] }
        let candidates = Set(spatial.query(bounds.insetBy(dx: -reach, dy: -reach)))
        return annotations.reversed().filter { annotation in
            candidates.contains(annotation.id) && !annotation.flags.contains(.hidden)
                && shapes[annotation.id]?.touches(path, width: width) == true
        }
    }

    /// Adds an annotation on top.
    public func insert(_ annotation: PDFAnnotation) {
        remove(id: annotation.id)
        annotations.append(annotation)
        index(annotation)
    }

    /// Replaces the annotation with the same id, keeping its place in the stacking order.
    public func update(_ annotation: PDFAnnotation) {
        guard let position = annotations.firstIndex(where: { $0.id == annotation.id }) else {
            insert(annotation)
            return
        }
        annotations[position] = annotation
        spatial.remove(annotation.id)
        index(annotation)
    }

    public func remove(id: String) {
        annotations.removeAll { $0.id == id }
        shapes[id] = nil
        spatial.remove(id)
    }
}
