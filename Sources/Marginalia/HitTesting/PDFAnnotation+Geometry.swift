import Foundation

extension PDFAnnotation {
    /// What the editor engine needs of this annotation (MarginaliaCore's hit tests, erasers
    /// and selection): its kind as it is (the one ``AnnotationKind``) and the few shared
    /// fields the engine reads from the annotation JSON in the browser (``AnnotationJSON``).
    public var geometry: AnnotationGeometry {
        // /IC fills squares, circles and polygons; other kinds are never hit inside for it.
        AnnotationGeometry(id: id, pageIndex: pageIndex ?? 0, kind: kind, rect: rect, lineWidth: border.width,
                           filled: interiorColor != nil, flags: flags,
                           author: author, inReplyTo: inReplyTo, replyType: replyType, state: state)
    }
}
