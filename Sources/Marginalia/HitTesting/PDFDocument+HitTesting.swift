import Foundation

extension PDFDocument {
    /// The spatial index of page `index`'s annotations, built on first use and kept up to
    /// date by ``addAnnotation(_:toPage:)``, ``updateAnnotation(_:)`` and
    /// ``removeAnnotations(ids:)``.
    public func annotationIndex(forPage index: Int) throws -> AnnotationIndex {
        if let cached = annotationIndexes[index] { return cached }
        let built = AnnotationIndex(annotations: try annotations(onPage: index))
        annotationIndexes[index] = built
        return built
    }

    /// The annotation with id `id` on page `index`, or nil (from the page's index: no
    /// re-reading of the page's other annotations).
    public func annotation(id: String, onPage index: Int) throws -> PDFAnnotation? {
        try annotationIndex(forPage: index).annotation(id: id)
    }

    /// The topmost annotation of page `index` under `point` (page space): on an ink stroke
    /// or a shape's border within `tolerance` points, inside a filled shape, or inside the
    /// rect of text, notes and stamps.
    public func annotation(at point: CGPoint, onPage index: Int, tolerance: CGFloat = 2) throws -> PDFAnnotation? {
        try annotationIndex(forPage: index).annotation(at: point, tolerance: tolerance)
    }

    /// The annotations of page `index` that an eraser sweeping along `path`, `width` points
    /// wide, touches; topmost first.
    public func annotations(touching path: BezierPath, width: CGFloat, onPage index: Int) throws -> [PDFAnnotation] {
        try annotationIndex(forPage: index).annotations(touching: path, width: width)
    }
}
