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
    /// defaultColor, defaultTextColor, capabilities: [name]}]}`: one object per row, `xfdf` and
    /// `labelKey` null where the table has none, `defaultColor` the colour an annotation of the
    /// kind that names none is painted in (``AnnotationSubtype/defaultColor``, `#RRGGBB`, null
    /// for none), `defaultTextColor` that of its text (``AnnotationSubtype/defaultTextColor``),
    /// the capabilities by their names (``AnnotationCapabilities/names``).
    static func vocabularyJSON() -> JSONValue {
        .object([("kinds", .array(AnnotationVocabulary.entries.map { entry in
            .object([
                ("subtype", .string(entry.pdfName)), ("type", .string(entry.jsonType)),
                ("xfdf", entry.xfdfElement.map { .string($0) } ?? .null),
                ("labelKey", entry.labelKey.map { .string($0) } ?? .null), ("label", .string(entry.label)),
                ("modelled", .bool(entry.isModelled)), ("drawnWithoutAppearance", .bool(entry.readersDrawWithoutAppearance)),
                ("defaultColor", entry.subtype.defaultColor.map { .string($0.hex) } ?? .null),
                ("defaultTextColor", entry.subtype.defaultTextColor.map { .string($0.hex) } ?? .null),
                ("capabilities", .strings(AnnotationCapabilities.names.filter { entry.capabilities.contains($0.1) }.map { $0.0 })),
            ])
        }))])
    }
}
