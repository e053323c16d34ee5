import Foundation

/// One line of laid-out text.
public struct LaidOutLine: Equatable, Sendable {
    /// The characters of the line, without the spaces at which it was wrapped.
    public var text: String
    /// The width of `text` in points, trailing spaces not counted.
    public var width: Double

    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}


/// Line breaking and sizing of plain text in any ``PDFFont``, for free-text annotation
/// appearances, form fields and generated documents.
///
/// The rules follow what Acrobat draws for a FreeText annotation or a multiline text field:
/// - the text is split into paragraphs at every newline (`\n`, `\r\n`, `\r`, and the other
///   Unicode line separators); an empty paragraph keeps an empty line;
/// - a paragraph is wrapped greedily at spaces (U+0020; a no-break space does not break) and
///   around Chinese and Japanese characters (``LineBreaker/standsAlone(_:)``): each line takes
///   as many words as fit in the width;
/// - spaces at a wrap point belong to no line and trailing spaces never count towards the width
///   (they are dropped from the line's text); spaces that start a paragraph are kept as indentation;
/// - a word wider than the line is broken between characters (grapheme clusters), at least one
///   character per line, and the words after it continue on its last line;
/// - characters are measured as the font encodes them (see ``StandardFont/width(of:size:)`` and
///   ``PDFFont/width(of:size:)``), one at a time: no kerning, as `Tj` applies none.
///
/// A line fits when its width is at most `maxWidth` (plus 1e-9 pt for rounding). A `maxWidth`
/// that is zero, negative, infinite or NaN disables wrapping: one line per paragraph.
public enum TextLayout {
    /// The line height as a multiple of the font size, used unless a font's ascent-to-descent
    /// span is larger.
    public static let lineHeightFactor = TextBoxLayout.lineHeightFactor

    /// Tolerance for comparing a line width with the available width (``LineBreaker/tolerance``).
    static let tolerance = LineBreaker.tolerance

    // MARK: - Lines

    /// The lines `text` breaks into at `size` points within `maxWidth` points.
    ///
    /// - Parameters:
    ///   - text: Plain text; newlines start paragraphs.
    ///   - font: The font the text will be drawn in.
    ///   - size: The font size in points.
    ///   - maxWidth: The width available for a line, in points.
    /// - Returns: At least one line (an empty text gives one empty line).
    public static func lines(for text: String, font: StandardFont, size: Double, maxWidth: Double) -> [String] {
        layout(for: text, font: font, size: size, maxWidth: maxWidth).map(\.text)
    }

    /// The lines `text` breaks into, each with its width in points; see ``lines(for:font:size:maxWidth:)``.
    public static func layout(for text: String, font: StandardFont, size: Double, maxWidth: Double) -> [LaidOutLine] {
        // Standard fonts measure in whole 1/1000 units, so sums are exact and a line measured
        // here equals `font.width(of: line.text, size:)` to the last bit.
        let metrics = font.metrics
        return layout(text, size: size, maxWidth: maxWidth) { Double(font.units(of: $0, metrics: metrics)) }
    }

    /// The lines `text` breaks into in any font; see ``lines(for:font:size:maxWidth:)``.
    public static func lines(for text: String, font: any PDFFont, size: Double, maxWidth: Double) -> [String] {
        layout(for: text, font: font, size: size, maxWidth: maxWidth).map(\.text)
    }

    /// The lines `text` breaks into in any font, each with its width in points.
    ///
    /// A ``StandardFontFace`` is measured exactly as its ``StandardFont`` is.
    public static func layout(for text: String, font: any PDFFont, size: Double, maxWidth: Double) -> [LaidOutLine] {
        if let face = font as? StandardFontFace {
            return layout(for: text, font: face.font, size: size, maxWidth: maxWidth)
        }
        var measure = CharacterWidths(font: font)
        return layout(text, size: size, maxWidth: maxWidth) { measure.units(of: $0) }
    }

    /// The distance between baselines of consecutive lines, in points.
    ///
    /// ``lineHeightFactor`` (1.15) times `size`, or the font's ascent-to-descent span if that is
    /// larger (only Symbol's is: 1.303), so that lines of tall glyphs do not overlap.
    public static func lineHeight(font: StandardFont, size: Double) -> Double {
        max(lineHeightFactor, (font.ascent - font.descent) / 1000) * size
    }

    /// The distance between baselines of consecutive lines in any font, in points; see
    /// ``lineHeight(font:size:)``.
    public static func lineHeight(font: any PDFFont, size: Double) -> Double {
        max(lineHeightFactor, (font.ascent - font.descent) / 1000) * size
    }

    // MARK: - Internal

    /// Lays out `text` with characters measured by `units` (1/1000 of the font size).
    private static func layout(
        _ text: String, size: Double, maxWidth: Double, units: (Character) -> Double
    ) -> [LaidOutLine] {
        let wraps = maxWidth > 0 && maxWidth.isFinite
        let width = wraps ? maxWidth : .infinity
        var result: [LaidOutLine] = []
        for paragraph in TextBoxLayout.paragraphs(of: text) {
            let widths = paragraph.map(units)
            let lines = LineBreaker.lines(of: paragraph, widths: widths, maxWidth: { _ in width }) { $0 * size / 1000 }
            for line in lines {
                result.append(LaidOutLine(text: string(of: paragraph[line.range]), width: line.width))
            }
        }
        return result
    }

    /// The characters as one string, appended in turn (`String.init` of a sequence of
    /// characters went through its generic path, ten times slower).
    private static func string(of characters: ArraySlice<Character>) -> String {
        var text = ""
        for character in characters { text.append(character) }
        return text
    }
}

/// The widths of characters in a font, in 1/1000 of the font size, each measured once.
struct CharacterWidths {
    let font: any PDFFont
    private var cache: [Character: Double] = [:]

    init(font: any PDFFont) {
        self.font = font
    }

    mutating func units(of character: Character) -> Double {
        if let known = cache[character] { return known }
        let measured = font.width(of: String(character), size: 1000)
        cache[character] = measured
        return measured
    }
}
