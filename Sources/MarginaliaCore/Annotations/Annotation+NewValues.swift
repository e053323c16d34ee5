#if !hasFeature(Embedded)
import Foundation
#endif

// What a command or the CLI may newly give an annotation, beside what the checked reading
// takes: the reading takes any value Marginalia keeps and draws, since it also reads back the
// operation log, which holds the boxes of files as they are; a new value is held to the sizes
// a new annotation may have.

extension Annotation {
    /// Refuses a value this annotation holds that a command or the CLI may not newly give: a
    /// free text size above ``AnnotationKind/FreeText/maximumNewFontSize``, unless `kept` (the
    /// annotation a change replaces) already has that size, as a file's box may.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the field under `path`.
    public func checkNewValues(keeping kept: Annotation?, path: String) throws(AnnotationJSONError) {
        guard case .freeText(let text) = kind, text.fontSize > AnnotationKind.FreeText.maximumNewFontSize else { return }
        if let kept, case .freeText(let was) = kept.kind, was.fontSize == text.fontSize { return }
        throw AnnotationJSONError(path: "\(path).fontSize", message: AnnotationKind.FreeText.fontSizeExpectation)
    }
}
