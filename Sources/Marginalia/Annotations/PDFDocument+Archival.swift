import PDFCore

/// Annotations written into a document that claims PDF/A (``PDFAClaim``) stay within what
/// the claim allows (ISO 19005-1 6.5, 19005-2 6.3 and 6.2.10): they are printed and never
/// hidden, their appearances draw only embedded fonts (``AppearanceBuilder/embedsFonts``; form
/// fields, signatures and redaction overlays likewise, ``AppearanceTextFont``), and
/// under PDF/A-1 nothing in them is transparent. What cannot be kept within the claim is
/// refused, with the reason, before anything is written (docs/accessibility.md).
extension PDFDocument {
    /// Sets the flags the claim requires: Print on; Hidden, Invisible, NoView and
    /// ToggleNoView off.
    static func archivalFlags(_ flags: PDFAnnotationFlags) -> PDFAnnotationFlags {
        flags.union(.print).subtracting([.hidden, .invisible, .noView, .toggleNoView])
    }

    /// Throws when `annotation` with the appearance `appearance` would break `claim`: an
    /// appearance font that is not embedded, or under PDF/A-1 an opacity below 1, a blend
    /// mode other than Normal, or a soft mask.
    func checkArchival(_ annotation: PDFAnnotation, appearance: PDFStream?, claim: PDFAClaim) throws {
        let written = "annotation \(annotation.id) was not written"
        if claim.forbidsTransparency && annotation.opacity < 1 {
            throw claim.refusal("forbids transparency (its opacity is \(annotation.opacity))", written)
        }
        guard let appearance else { return }
        try claim.checkFontsEmbedded(in: appearance, file: file, refusing: written)
        guard claim.forbidsTransparency else { return }
        let resources = try file.dictionary(appearance.dictionary["Resources"]) ?? PDFDictionary()
        for (_, state) in try file.dictionary(resources["ExtGState"]) ?? PDFDictionary() {
            guard let state = try file.dictionary(state) else { continue }
            for key in ["CA", "ca"] where (state[key]?.numberValue ?? 1) < 1 {
                throw claim.refusal("forbids transparency (its appearance sets /\(key) below 1)", written)
            }
            if let mode = state["BM"]?.nameValue, mode != "Normal" && mode != "Compatible" {
                throw claim.refusal("forbids blend modes other than Normal (its appearance uses /\(mode))", written)
            }
            if let mask = state["SMask"], mask.nameValue != "None" { throw claim.refusal("forbids soft masks", written) }
        }
        for (_, object) in try file.dictionary(resources["XObject"]) ?? PDFDictionary() {
            if try file.dictionary(object)?["SMask"] != nil {
                throw claim.refusal("forbids soft masks (an image of its appearance has one)", written)
            }
        }
    }
}

extension PDFAClaim {
    /// The error refusing what would break the claim: `reason` says what the claim forbids,
    /// `written` what was therefore not written ("field name was not filled").
    func refusal(_ reason: String, _ written: String) -> PDFError {
        .invalidArgument("this document claims \(self), which \(reason): \(written)")
    }

    /// Throws ``refusal(_:_:)`` when the appearance (or page overlay) `stream` draws with a
    /// font whose program is not embedded (ISO 19005-1 6.3.4, 19005-2 6.2.11.4). Form fields,
    /// signatures and redaction overlays are checked with it as annotations are.
    func checkFontsEmbedded(in stream: PDFStream, file: PDFFile, refusing written: String) throws {
        let resources = try file.dictionary(stream.dictionary["Resources"]) ?? PDFDictionary()
        for (name, font) in try file.dictionary(resources["Font"]) ?? PDFDictionary() {
            guard let font = try file.dictionary(font) else { continue }
            if try !Self.isEmbedded(font, file: file) {
                throw refusal("needs every font embedded (the appearance's /\(name) is not)", written)
            }
        }
    }

    /// Whether a font dictionary carries its font program (`/FontFile`, `/FontFile2` or
    /// `/FontFile3` in its descriptor, or its descendant's for a Type 0 font); Type 3 fonts
    /// are drawn by their own content.
    private static func isEmbedded(_ font: PDFDictionary, file: PDFFile) throws -> Bool {
        if font["Subtype"]?.nameValue == "Type3" { return true }
        var described = font
        if font["Subtype"]?.nameValue == "Type0",
           let descendant = try file.resolve(font["DescendantFonts"] ?? .null).arrayValue?.first,
           let dictionary = try file.dictionary(descendant) {
            described = dictionary
        }
        guard let descriptor = try file.dictionary(described["FontDescriptor"]) else { return false }
        return ["FontFile", "FontFile2", "FontFile3"].contains { descriptor[$0] != nil }
    }
}
