import Foundation
import MarginaliaCore

extension PDFAnnotation {
    /// The annotation `fields` describe, read by the core's one reading as Marginalia keeps it
    /// (``Annotation/init(checking:path:reading:)``, ``AnnotationJSONReading/kept``: a file's
    /// box above the size a new one may have is read back) and kept as it was written: a value read
    /// back (an operation of the log, a replica's copy of one) has the dates it had, or none,
    /// so that every reading of one revision, wherever and whenever it runs, gives the same
    /// annotation. Only JSON without an id (never the log's) is given a new one, as
    /// ``init(creating:)`` gives a new annotation, which it also dates. `mode` is
    /// ``AnnotationJSONReading/checked`` for what a client sends (the requests of protocol 0).
    ///
    /// - Throws: ``AnnotationJSONError`` naming the first bad field under `path`.
    init(reading fields: AnnotationJSONFields, path: String, mode: AnnotationJSONReading = .kept) throws(AnnotationJSONError) {
        var value = try Annotation(checking: fields, path: path, reading: mode)
        if value.id.isEmpty { value.id = AnnotationID.make() }
        self.init(value)
    }

    /// A new annotation of `value` (as the checked reading gives it: a command's annotation,
    /// one of a file to add), with what only Marginalia has: a new random id when it has none,
    /// and now for the dates it leaves out. The operation that adds it carries those dates,
    /// so the log, and every replica reading it, has them as they were made.
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
