#if !hasFeature(Embedded)
import Foundation
#endif

extension AnnotationSubtype {
    /// The colour an annotation of the subtype has when its JSON names none, as its appearance
    /// is painted and as the editor draws it (the vocabulary table's `defaultColor`): yellow
    /// notes and highlights, red text stamps and redaction marks, no background for free text,
    /// black for the rest. An image stamp's frame is black (``Annotation``'s reading).
    public var defaultColor: Color? {
        switch self {
        case .freeText: return nil
        case .note, .highlight: return Color(red: 1, green: 0.85, blue: 0.2)
        case .stamp, .redact: return Color(red: 0.8, green: 0.1, blue: 0.1)
        default: return .black
        }
    }

    /// The colour of the text an annotation of the subtype writes when its JSON names none
    /// (the vocabulary table's `defaultTextColor`): free text's ``AnnotationKind/FreeText/defaultTextColor``;
    /// nil for the kinds whose text Marginalia does not set.
    public var defaultTextColor: Color? {
        self == .freeText ? AnnotationKind.FreeText.defaultTextColor : nil
    }
}
