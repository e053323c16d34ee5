#if !hasFeature(Embedded)
import Foundation
#endif

// What an annotation of a subtype is made with when its JSON names none (the vocabulary
// table's defaults, docs/engine.md): the engine's reading of a new annotation fills these in,
// and the editor's tools start from them, so a highlight made in the browser and one added
// through the API or the CLI look the same.

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

    /// The size of the text an annotation of the subtype writes when its JSON names none, in
    /// points (the vocabulary table's `defaultFontSize`): free text's
    /// ``AnnotationKind/FreeText/defaultFontSize``; nil for the other kinds.
    public var defaultFontSize: Double? {
        self == .freeText ? AnnotationKind.FreeText.defaultFontSize : nil
    }

    /// The opacity (`/CA`) the editor's tools make a new annotation of the subtype with (the
    /// vocabulary table's `defaultOpacity`): half for a highlight, whose fill lies over the text
    /// (the Multiply blend mode keeps the text dark, half keeps the colour light); fully opaque
    /// for the rest. The annotation JSON's own default stays 1, as a file's annotation without
    /// `/CA` is (12.5.2): what the API and the CLI are given is written as given, and a
    /// document that forbids transparency (PDF/A-1) takes a highlight that names no opacity.
    public var defaultOpacity: Double {
        self == .highlight ? 0.5 : 1
    }

    /// What covers a redaction mark's area once applied when the mark names no colour (`/IC`):
    /// black.
    public static let redactionOverlayColor = Color.black

    /// The interior colour (`/IC`, the annotation JSON's `fill`) that stands for one an
    /// annotation of the subtype names none of (the vocabulary table's `defaultFill`): a
    /// redaction mark's ``redactionOverlayColor``, which its application paints and the
    /// editor's Redact tool offers first; nil, no fill, for the other kinds.
    public var defaultFill: Color? {
        self == .redact ? Self.redactionOverlayColor : nil
    }
}
