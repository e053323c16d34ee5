import Foundation

/// One glyph a content stream shows, where it lands on the page: what the interpreter
/// hands the layout.
struct ShownGlyph {
    /// The glyph's text; nil when its font cannot say (the glyph is unmapped).
    var text: String?
    /// The glyph's box in page space: the advance along the baseline by the font's height.
    var quad: TextQuad
    var fontName: String
    /// The font size as drawn: `Tf`'s size scaled by the text and current matrices.
    var fontSize: Double
}
