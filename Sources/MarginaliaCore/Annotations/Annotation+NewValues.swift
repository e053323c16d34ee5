#if !hasFeature(Embedded)
import Foundation
#endif

// What a command or the CLI may newly give an annotation, beside what the checked reading
// takes: the reading takes any size Marginalia keeps and draws, since it also reads back the
// operation log, which holds the annotations of files as they are; a new value is held to the
// sizes a new annotation may have.

extension Annotation {
    /// Refuses a value this annotation holds that a command or the CLI may not newly give,
    /// unless `kept` (the annotation a change replaces) already has it, as a file's may: a free
    /// text size above ``AnnotationKind/FreeText/maximumNewFontSize``, a border width or a dash
    /// length above ``AnnotationBorder/lengthRange``.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the field under `path`.
    public func checkNewValues(keeping kept: Annotation?, path: String) throws(AnnotationJSONError) {
        if case .freeText(let text) = kind, text.fontSize > AnnotationKind.FreeText.maximumNewFontSize {
            var keptSize: Double? = nil
            if let kept, case .freeText(let was) = kept.kind { keptSize = was.fontSize }
            guard keptSize == text.fontSize else {
                throw AnnotationJSONError(path: "\(path).fontSize", message: AnnotationKind.FreeText.fontSizeExpectation)
            }
        }
        let longest = AnnotationBorder.lengthRange.upperBound
        if border.width > longest, kept?.border.width != border.width {
            throw AnnotationJSONError(path: "\(path).width", message: AnnotationBorder.widthExpectation)
        }
        if border.dashPattern.contains(where: { $0 > longest }), kept?.border.dashPattern != border.dashPattern {
            throw AnnotationJSONError(path: "\(path).dash", message: AnnotationBorder.dashExpectation)
        }
    }
}
