import Foundation

extension TextBoxWidths {
    /// The widths a free text box's appearance measures `text` in `font` (a standard font name,
    /// Helvetica when it names none) by, for text it draws in embedded fonts and shapes
    /// (`FreeTextLayout.faces`): each character's advance as its paragraph is shaped
    /// (`ShapedTextLayout.characterUnits`, what the writer breaks the lines by), and the ascent
    /// and descent of the font that places them (`FreeTextLayout.font`). Nil when the
    /// text is drawn in a standard font, or unshaped (HarfBuzz, FriBidi or the fonts missing):
    /// the browser then measures it itself.
    ///
    /// - Throws: ``TextShapingError`` when FriBidi or HarfBuzz fails.
    public static func written(for text: String, font: String) throws -> TextBoxWidths? {
        let layout = FreeTextLayout(PDFAnnotation.FreeText(text: text, font: font), borderWidth: 0)
        guard let faces = layout.faces else { return nil }
        let paragraphs = try TextBoxLayout.paragraphs(of: text).map { try ShapedTextLayout.characterUnits($0, faces: faces) }
        return TextBoxWidths(paragraphs: paragraphs, ascent: layout.font.ascent, descent: layout.font.descent)
    }
}
