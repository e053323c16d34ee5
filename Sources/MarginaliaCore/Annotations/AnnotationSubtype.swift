#if !hasFeature(Embedded)
import Foundation
#endif

/// The annotation subtypes of ISO 32000-2, 12.5.6 (table 171): what every other name of an
/// annotation kind is looked up from (``AnnotationVocabulary``). The PDF model, the reader and
/// writer, the annotation JSON, XFDF, the comment summary and the browser all name a kind
/// through this one type; none of them spells a subtype name of its own.
public enum AnnotationSubtype: CaseIterable, Hashable, Sendable {
    /// A sticky note (`/Text`): an icon with a popup of text.
    case note
    case link
    case freeText
    case line
    case square
    case circle
    case polygon
    case polyLine
    case highlight
    case underline
    case squiggly
    case strikeOut
    case caret
    case stamp
    case ink
    case popup
    case fileAttachment
    case sound
    case movie
    case screen
    case widget
    case printerMark
    case trapNet
    case watermark
    case threeD
    case richMedia
    case redact
    case projection

    /// The kind's row of the vocabulary table.
    public var entry: AnnotationVocabulary.Entry { AnnotationVocabulary.entry(self) }

    /// `/Subtype`'s name, as a PDF file spells it (`Ink`, `FreeText`, `Text`...).
    public var pdfName: String { entry.pdfName }

    /// The annotation JSON's `type` (docs/annotations-json.md).
    public var jsonType: String { entry.jsonType }

    /// The XFDF element (ISO 19444-1, a child of `annots`); nil when XFDF has none.
    public var xfdfElement: String? { entry.xfdfElement }

    /// What the kind allows to be set on it.
    public var capabilities: AnnotationCapabilities { entry.capabilities }

    /// The subtype a PDF file's `/Subtype` names; nil for a name the standard does not have.
    public init?(pdfName: String) {
        guard let found = AnnotationVocabulary.entries.first(where: { $0.pdfName == pdfName }) else { return nil }
        self = found.subtype
    }

    /// The subtype an annotation JSON `type` names; nil for a type that is none.
    public init?(jsonType: String) {
        guard let found = AnnotationVocabulary.entries.first(where: { $0.jsonType == jsonType }) else { return nil }
        self = found.subtype
    }

    /// The subtype an XFDF element names; nil for an element that is no annotation.
    public init?(xfdfElement: String) {
        guard let found = AnnotationVocabulary.entries.first(where: { $0.xfdfElement == xfdfElement }) else { return nil }
        self = found.subtype
    }

    /// The JSON `type` of any `/Subtype` name: the table's, or, for a name the standard does
    /// not have (a private subtype), the name lowercased, as the annotation JSON lists it.
    public static func jsonType(ofPDFName name: String) -> String {
        AnnotationSubtype(pdfName: name)?.jsonType ?? name.lowercased()
    }
}
