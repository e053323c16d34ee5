extension AnnotationJSONFields {
    /// The fields of the annotation JSON that set a property only some kinds have, each by
    /// its key and with the capability of the vocabulary table it needs
    /// (docs/annotations-json.md).
    private var capabilityFields: [(key: AnnotationJSONKey, given: Bool, needs: AnnotationCapabilities)] {
        [(.fill, fill != nil, .interiorColor), (.lineEndings, lineEndings != nil, .lineEndings),
         (.points, points != nil, [.line, .vertices]), (.paths, paths != nil, .inkList),
         (.pressures, pressures != nil, .inkList), (.brush, brush != nil, .inkList),
         (.quads, quads != nil, .quadPoints), (.icon, icon != nil, .icon), (.open, open != nil, .open),
         (.richText, richText != nil, .richText), (.overlayText, overlayText != nil, .overlayText),
         (.repeatOverlayText, repeatOverlayText != nil, .overlayText)]
    }

    /// Refuses a field that sets a property the kind does not have (a `fill` on a note, `quads`
    /// on ink), as MuPDF's setters do, rather than dropping it unsaid.
    ///
    /// - Throws: ``AnnotationJSONError`` naming the field and the kinds that have it.
    func checkCapabilities(of subtype: AnnotationSubtype, path: String) throws(AnnotationJSONError) {
        let capabilities = subtype.capabilities
        for field in capabilityFields where field.given && capabilities.isDisjoint(with: field.needs) {
            var kinds: [String] = []
            for entry in AnnotationVocabulary.modelledEntries(havingAnyOf: field.needs) { kinds.append(entry.jsonType) }
            let name = field.key.rawValue
            throw AnnotationJSONError(path: "\(path).\(name)",
                                      message: "a \(subtype.jsonType) annotation has no \(name) (only \(kinds.joined(separator: ", ")) do)")
        }
    }
}
