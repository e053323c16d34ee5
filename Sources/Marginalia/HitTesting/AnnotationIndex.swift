import Foundation

/// The annotations of one page with a spatial index, answering "what is under this point"
/// and "what does this eraser sweep touch" geometrically, topmost first (the last in
/// `/Annots` is drawn on top). Kept up to date with ``insert(_:)``, ``update(_:)`` and
/// ``remove(id:)`` as annotations change, so a sweep over thousands of strokes only looks
/// at the few near it.
public final class AnnotationIndex {
    /// The annotations in `/Annots` order (bottom to top), sorted when asked: the index
    /// itself keeps them by id, so adding and removing one costs the same on a page of ten
    /// thousand as on a page of ten.
    public var annotations: [PDFAnnotation] {
        byID.values.sorted { $0.order < $1.order }.map(\.annotation)
    }
    private var shapes: [String: AnnotationShape] = [:]
    private var spatial = SpatialIndex<String>(cellSize: 64)
    /// Each annotation by id, with its place in the stacking order (higher is on top), so
    /// a query sorts only the few candidates near it instead of scanning the page.
    private var byID: [String: (annotation: PDFAnnotation, order: Int)] = [:]
    private var nextOrder = 0

    public init(annotations: [PDFAnnotation]) {
        for annotation in annotations { index(annotation, order: nil) }
    }

    private func index(_ annotation: PDFAnnotation, order: Int?) {
        let shape = AnnotationShape(annotation)
        shapes[annotation.id] = shape
        spatial.insert(annotation.id, rect: shape.bounds)
        if let order {
            byID[annotation.id] = (annotation, order)
        } else {
            byID[annotation.id] = (annotation, nextOrder)
            nextOrder += 1
        }
    }

    /// The annotation with this id, if it is on the page.
    public func annotation(id: String) -> PDFAnnotation? {
        byID[id]?.annotation
    }

    /// The candidates' annotations passing `test`, topmost first.
    private func topmostFirst(_ candidates: [String], where test: (PDFAnnotation) -> Bool) -> [PDFAnnotation] {
        Set(candidates).compactMap { byID[$0] }
            .filter { !$0.annotation.flags.contains(.hidden) && test($0.annotation) }
            .sorted { $0.order > $1.order }
            .map(\.annotation)
    }

    /// The topmost annotation under `point` (page space), or nil. Hidden annotations are
    /// never hit.
    public func annotation(at point: CGPoint, tolerance: CGFloat = 2) -> PDFAnnotation? {
        annotations(at: point, tolerance: tolerance).first
    }

    /// Every annotation under `point`, topmost first.
    public func annotations(at point: CGPoint, tolerance: CGFloat = 2) -> [PDFAnnotation] {
        let t = max(0, tolerance.isFinite ? tolerance : 0)
        let candidates = spatial.query(CGRect(x: point.x - t, y: point.y - t, width: 2 * t, height: 2 * t))
        return topmostFirst(candidates) { shapes[$0.id]?.contains(point, tolerance: t) == true }
    }

    /// Every annotation a sweep along `path` with a tool `width` points wide touches,
    /// topmost first (what a stroke eraser removes).
    public func annotations(touching path: BezierPath, width: CGFloat) -> [PDFAnnotation] {
        let reach = max(0, width.isFinite ? width : 0) / 2
        let bounds = path.bounds
        guard !bounds.isNull, bounds.minX.isFinite else { return [] }
        let candidates = spatial.query(bounds.insetBy(dx: -reach, dy: -reach))
        return topmostFirst(candidates) { shapes[$0.id]?.touches(path, width: width) == true }
    }

    /// Adds an annotation on top.
    public func insert(_ annotation: PDFAnnotation) {
        remove(id: annotation.id)
        index(annotation, order: nil)
    }

    /// Replaces the annotation with the same id, keeping its place in the stacking order.
    public func update(_ annotation: PDFAnnotation) {
        guard let order = byID[annotation.id]?.order else {
            insert(annotation)
            return
        }
        spatial.remove(annotation.id)
        index(annotation, order: order)
    }

    public func remove(id: String) {
        guard byID.removeValue(forKey: id) != nil else { return }
        shapes[id] = nil
        spatial.remove(id)
    }
}
