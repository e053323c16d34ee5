import Foundation

/// The annotations of one page with a spatial index, answering "what is under this point"
/// and "what does this eraser sweep touch" geometrically, topmost first (the last in
/// `/Annots` is drawn on top). Kept up to date with ``insert(_:)``, ``update(_:)`` and
/// ``remove(id:)`` as annotations change, so a sweep over thousands of strokes only looks
/// at the few near it.
///
/// The geometry is the engine core's (``AnnotationGeometryIndex``, the same index the
/// browser's engine queries); this type keeps the full annotations beside it.
public final class AnnotationIndex {
    private let geometry: AnnotationGeometryIndex
    private var byID: [String: PDFAnnotation] = [:]

    public init(annotations: [PDFAnnotation]) {
        geometry = AnnotationGeometryIndex(annotations.map(\.annotation))
        for annotation in annotations { byID[annotation.id] = annotation }
    }

    /// The annotations in `/Annots` order (bottom to top).
    public var annotations: [PDFAnnotation] {
        geometry.annotations.compactMap { byID[$0.id] }
    }

    /// The engine core's index of the page (geometry only), for the editor's decisions.
    public var geometryIndex: AnnotationGeometryIndex { geometry }

    /// The annotation with this id, if it is on the page.
    public func annotation(id: String) -> PDFAnnotation? {
        byID[id]
    }

    /// The topmost annotation under `point` (page space), or nil. Hidden annotations are
    /// never hit.
    public func annotation(at point: CGPoint, tolerance: CGFloat = 2) -> PDFAnnotation? {
        annotations(at: point, tolerance: tolerance).first
    }

    /// Every annotation under `point`, topmost first.
    public func annotations(at point: CGPoint, tolerance: CGFloat = 2) -> [PDFAnnotation] {
        geometry.annotations(at: point, tolerance: tolerance).compactMap { byID[$0.id] }
    }

    /// Every annotation a sweep along `path` with a tool `width` points wide touches,
    /// topmost first (what a stroke eraser removes).
    public func annotations(touching path: BezierPath, width: CGFloat) -> [PDFAnnotation] {
        geometry.annotations(touching: path, width: width).compactMap { byID[$0.id] }
    }

    /// Adds an annotation on top.
    public func insert(_ annotation: PDFAnnotation) {
        byID[annotation.id] = annotation
        geometry.insert(annotation.annotation)
    }

    /// Replaces the annotation with the same id, keeping its place in the stacking order.
    public func update(_ annotation: PDFAnnotation) {
        byID[annotation.id] = annotation
        geometry.update(annotation.annotation)
    }

    public func remove(id: String) {
        byID[id] = nil
        geometry.remove(id: id)
    }

    /// Moves an annotation to `position` in the stacking order (0 is the bottom).
    public func move(id: String, toPosition position: Int) {
        geometry.move(id: id, toPosition: position)
    }
}
