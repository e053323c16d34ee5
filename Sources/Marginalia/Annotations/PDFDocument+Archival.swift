import PDFCore

/// Annotations written into a document that claims PDF/A (``PDFAClaim``) stay within what
/// the claim allows (ISO 19005-1 6.5, 19005-2 6.3 and 6.2.10): they are printed and never
/// hidden, their appearances draw only embedded fonts (``AppearanceBuilder/embedsFonts``), and
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
        func refuse(_ reason: String) -> PDFError {
            .invalidArgument("this document claims \(claim), which \(reason): annotation \(annotation.id) was not written")
        }
        if claim.forbidsTransparency && annotation.opacity < 1 {
            throw refuse("forbids transparency (its opacity is \(annotation.opacity))")
        }
        guard let appearance else { return }
        let resources = try file.dictionary(appearance.dictionary["Resources"]) ?? PDFDictionary()
        for (name, font) in try file.dictionary(resources["Font"]) ?? PDFDictionary() {
            guard let font = try file.dictionary(font) else { continue }
            if try !isEmbedded(font) { throw refuse("needs every font embedded (the appearance's /\(name) is not)") }
        }
        guard claim.forbidsTransparency else { return }
        for (_, state) in try file.dictionary(resources["ExtGState"]) ?? PDFDictionary() {
            guard let state = try file.dictionary(state) else { continue }
            for key in ["CA", "ca"] where (state[key]?.numberValue ?? 1) < 1 {
                throw refuse("forbids transparency (its appearance sets /\(key) below 1)")
            }
            if let mode = state["BM"]?.nameValue, mode != "Normal" && mode != "Compatible" {
                throw refuse("forbids blend modes other than Normal (its appearance uses /\(mode))")
            }
            if let mask = state["SMask"], mask.nameValue != "None" { throw refuse("forbids soft masks") }
        }
        for (_, object) in try file.dictionary(resources["XObject"]) ?? PDFDictionary() {
            if try file.dictionary(object)?["SMask"] != nil { throw refuse("forbids soft masks (an image of its appearance has one)") }
        }
    }

    /// Whether a font dictionary carries its font program (`/FontFile`, `/FontFile2` or
    /// `/FontFile3` in its descriptor, or its descendant's for a Type 0 font); Type 3 fonts
    /// are drawn by their own content.
    private func isEmbedded(_ font: PDFDictionary) throws -> Bool {
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
