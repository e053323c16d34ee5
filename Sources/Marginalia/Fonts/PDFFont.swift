import Foundation
import PDFCore

/// A font that text is measured and drawn with: one of the standard 14
/// (``StandardFontFace``) or a TrueType font embedded as a subset.
///
/// A font object records what is drawn with it (``encode(_:)``), so that an embedded font
/// can include only the glyphs used; its dictionary is made once everything is drawn
/// (``makeFontDictionary(add:)``). A class, since that record is shared by every page that
/// uses the font.
public protocol PDFFont: AnyObject {
    /// The PostScript name, written as `/BaseFont`.
    var postScriptName: String { get }
    /// Ascent above the baseline, in 1/1000 of the font size.
    var ascent: Double { get }
    /// Descent below the baseline, in 1/1000 of the font size (negative).
    var descent: Double { get }
    /// Whether the font has a glyph for `character`.
    func hasGlyph(for character: Character) -> Bool
    /// The width of `text` at `size` points, as it will be drawn.
    func width(of text: String, size: Double) -> Double
    /// The bytes of a string operand (for `Tj`) that shows `text`, recording the glyphs used.
    /// Characters the font cannot show are drawn as its replacement and listed in `missing`.
    func encode(_ text: String) -> (bytes: [UInt8], missing: [Character])
    /// Stores the font dictionary (with, for embedded fonts, the subset font program, the
    /// widths and a ToUnicode map) through `add`, and returns its reference.
    func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference
}

/// A standard-14 font as a ``PDFFont``: nothing is embedded, viewers supply the font.
public final class StandardFontFace: PDFFont {
    public let font: StandardFont

    public init(_ font: StandardFont) {
        self.font = font
    }

    public var postScriptName: String { font.baseFontName }
    public var ascent: Double { font.ascent }
    public var descent: Double { font.descent }

    public func hasGlyph(for character: Character) -> Bool { font.code(for: character) != nil }

    public func width(of text: String, size: Double) -> Double { font.width(of: text, size: size) }

    public func encode(_ text: String) -> (bytes: [UInt8], missing: [Character]) {
        let (bytes, unencodable) = font.encode(text)
        return (bytes, unencodable)
    }

    public func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference {
        var dictionary = PDFDictionary()
        dictionary["Type"] = .name("Font")
        dictionary["Subtype"] = .name("Type1")
        dictionary["BaseFont"] = .name(font.baseFontName)
        if font.usesWinAnsi { dictionary["Encoding"] = .name("WinAnsiEncoding") }
        return add(.dictionary(dictionary))
    }
}
