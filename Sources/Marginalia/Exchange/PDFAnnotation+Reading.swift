import Foundation
import MarginaliaCore

extension PDFAnnotation {
    /// The new annotation `fields` describe, read by the core's one checked reading
    /// (``Annotation/init(checking:path:reading:)``), with what only Marginalia has
    /// (``init(creating:)``).
    ///
    /// - Throws: ``AnnotationJSONError`` naming the first bad field under `path`.
    init(reading fields: AnnotationJSONFields, path: String) throws(AnnotationJSONError) {
        self.init(creating: try Annotation(checking: fields, path: path))
    }

    /// A new annotation of `value` (as the checked reading gives it: a command's annotation),
    /// with what only Marginalia has: a new random id when it has none, and now for the dates
    /// it leaves out.
    public init(creating value: Annotation) {
        var value = value
        if value.id.isEmpty { value.id = AnnotationID.make() }
        if value.creationDate == nil || value.modificationDate == nil {
            let now = AnnotationTimestamp(Date())
            value.creationDate = value.creationDate ?? now
            value.modificationDate = value.modificationDate ?? now
        }
        self.init(value)
    }
}
