import PDFCore

/// The faces a generated document draws a run of text in when not in the run's own font
/// (docs/generation.md, "Text in any script"), one set per document so that each font is
/// embedded once, subset to what the whole document shows.
///
/// - Text that needs shaping (``ScriptFonts/needsShaping(_:)``) in a font of the caller's:
///   the script's Noto font, then DejaVu Sans, bold ones for text in a bold font (resources
///   `MShaped`, `MShaped2`..., and `MShapedBold`, `MShapedBold2`...).
/// - With `embedsFamilyFonts`, text in a standard font that needs more than WinAnsi
///   (``FontFallback/needsEmbeddedFont(_:)``): the fonts annotations' text is drawn in
///   (``AppearanceTextFont``), chosen per character by ``TextFaces``: the family's URW font
///   (``ChosenFonts``: Nimbus Sans for Helvetica, in the same weight and slant), the script's
///   Noto font, then DejaVu Sans (resources `MFamilyA`, `MFamilyA2`..., a letter per font).
final class RunFaces {
    /// Whether standard-font text beyond WinAnsi goes to the family's embedded fonts; else it
    /// is drawn in the standard font, missing characters as its replacement.
    let embedsFamilyFonts: Bool
    /// The faces of text that needs shaping, by weight (bold or not), nil where they cannot be made.
    private var shaping: [Bool: TextFaces?] = [:]
    /// The faces of each standard font met, nil where they cannot be made.
    private var families: [StandardFont: TextFaces?] = [:]
    private var familyOrder: [TextFaces] = []

    init(embedsFamilyFonts: Bool) {
        self.embedsFamilyFonts = embedsFamilyFonts
    }

    /// Whether a run of `text` in `font` is drawn in faces rather than in `font` (when the
    /// faces can be made).
    static func redirects(_ text: String, in font: any PDFFont, embedsFamilyFonts: Bool) -> Bool {
        familyFont(of: font, for: text, embedsFamilyFonts: embedsFamilyFonts) != nil || ScriptFonts.needsShaping(text)
    }

    private static func familyFont(of font: any PDFFont, for text: String, embedsFamilyFonts: Bool) -> StandardFont? {
        guard embedsFamilyFonts, let standard = (font as? StandardFontFace)?.font, FontFallback.needsEmbeddedFont(text) else {
            return nil
        }
        return standard
    }

    /// The faces a run of `text` in `font` is drawn in, or nil when it is drawn in `font`
    /// (or the faces cannot be made: DejaVu Sans, HarfBuzz or FriBidi missing).
    func faces(for text: String, in font: any PDFFont) -> TextFaces? {
        if let standard = Self.familyFont(of: font, for: text, embedsFamilyFonts: embedsFamilyFonts) {
            if let made = families[standard] { return made }
            let letter = String(UnicodeScalar(UInt8(65 + families.count)))
            let faces = TextFaces.make(resourcePrefix: "MFamily" + letter, chosen: ChosenFonts.path(for: standard),
                                       bold: standard.isBold)
            families[standard] = faces
            if let faces { familyOrder.append(faces) }
            return faces
        }
        guard ScriptFonts.needsShaping(text) else { return nil }
        let bold = (font as? StandardFontFace)?.font.isBold ?? font.postScriptName.contains("Bold")
        if let made = shaping[bold] { return made }
        let faces = TextFaces.make(resourcePrefix: bold ? "MShapedBold" : "MShaped", bold: bold)
        shaping[bold] = faces
        return faces
    }

    /// Stores the dictionary of every face used, under its resource name: once everything
    /// is drawn.
    func fontResources(add: (PDFObject) -> PDFReference) throws -> [String: PDFObject] {
        var resources: [String: PDFObject] = [:]
        // Regular first, then bold: the order of the resources stays the same from run to run.
        for bold in [false, true] {
            if let faces = shaping[bold] ?? nil { resources.merge(try faces.fontResources(add: add)) { _, new in new } }
        }
        for faces in familyOrder {
            resources.merge(try faces.fontResources(add: add)) { _, new in new }
        }
        return resources
    }
}
