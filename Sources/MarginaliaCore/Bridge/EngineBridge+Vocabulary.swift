#if !hasFeature(Embedded)
import Foundation
#endif

// The vocabulary table (AnnotationVocabulary) for the browser: asked once when the engine
// loads (Web/js/vocabulary.js), so the editor names every kind from the same rows as the
// server, the file and XFDF (docs/engine.md, "The vocabulary table").

extension EngineBridge {
    /// Answers `annotationVocabulary`, or nil for another call.
    func vocabularyCall(_ name: String) -> JSONValue? {
        name == "annotationVocabulary" ? Self.vocabularyJSON() : nil
    }

    /// `{kinds: [{subtype, type, xfdf, labelKey, label, modelled, drawnWithoutAppearance,
    /// defaultColor, defaultTextColor, defaultFontSize, defaultOpacity, defaultFill,
    /// capabilities: [name]}], reviewStates: [name]}`: one object per row, `xfdf` and
    /// `labelKey` null where the table has none, `defaultColor` the colour an annotation of the
    /// kind that names none is painted in (``AnnotationSubtype/defaultColor``, `#RRGGBB`, null
    /// for none), `defaultTextColor` and `defaultFontSize` those of its text
    /// (``AnnotationSubtype/defaultTextColor``, ``AnnotationSubtype/defaultFontSize``, null
    /// for kinds without), `defaultOpacity` the opacity the tools make it with (``AnnotationSubtype/defaultOpacity``),
    /// `defaultFill` its interior colour (``AnnotationSubtype/defaultFill``, null for none),
    /// the capabilities by their names (``AnnotationCapabilities/names``); `reviewStates` the
    /// states of the Review model in the order a reviewer is offered them
    /// (``ReviewState/offered``).
    static func vocabularyJSON() -> JSONValue {
        func color(_ color: Color?) -> JSONValue { color.map { .string($0.hex) } ?? .null }
        return .object([("kinds", .array(AnnotationVocabulary.entries.map { entry in
            .object([
                ("subtype", .string(entry.pdfName)), ("type", .string(entry.jsonType)),
                ("xfdf", entry.xfdfElement.map { .string($0) } ?? .null),
                ("labelKey", entry.labelKey.map { .string($0) } ?? .null), ("label", .string(entry.label)),
                ("modelled", .bool(entry.isModelled)), ("drawnWithoutAppearance", .bool(entry.readersDrawWithoutAppearance)),
                ("defaultColor", color(entry.subtype.defaultColor)), ("defaultTextColor", color(entry.subtype.defaultTextColor)),
                ("defaultFontSize", entry.subtype.defaultFontSize.map { .number($0) } ?? .null),
                ("defaultOpacity", .number(entry.subtype.defaultOpacity)), ("defaultFill", color(entry.subtype.defaultFill)),
                ("capabilities", .strings(AnnotationCapabilities.names.filter { entry.capabilities.contains($0.1) }.map { $0.0 })),
            ])
        })), ("reviewStates", .strings(ReviewState.offered.map { $0.rawValue }))])
    }
}
