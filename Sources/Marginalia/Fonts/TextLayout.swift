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
    public static let lineHeightFactor = 1.15

    /// Tolerance for comparing a line width with the available width.
    static let tolerance = 1e-9

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
        layout(text, size: size, maxWidth: maxWidth) { Double(font.units(of: $0)) }
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
        for paragraph in paragraphs(of: text) {
            let widths = paragraph.map(units)
            let lines = LineBreaker.lines(of: paragraph, widths: widths, maxWidth: { _ in width }) { $0 * size / 1000 }
            for line in lines {
                result.append(LaidOutLine(text: String(paragraph[line.range]), width: line.width))
            }
        }
        return result
    }

    /// Splits `text` at newlines; `\r\n` is one character in Swift, so it is a single break.
    static func paragraphs(of text: String) -> [[Character]] {
        var result: [[Character]] = [[]]
        for character in text {
            if character.isNewline {
                result.append([])
            } else {
                result[result.count - 1].append(character)
            }
        }
        return result
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

/// One line found by ``LineBreaker``: characters `range` of the paragraph, trailing spaces
/// excluded, and their width in points.
struct BrokenLine: Equatable {
    var range: Range<Int>
    var width: Double
}

/// Greedy line breaking of one paragraph (the rules of ``TextLayout``).
///
/// Widths are summed in the unit the caller measures in (1/1000 of the font size for one
/// font, where sums of whole units are exact; points for mixed fonts and sizes) and turned
/// into points by `toPoints` only to compare and report, so every measurement of a line uses
/// the same formula.
struct LineBreaker {
    /// The width available to the line with the given index in the paragraph, in points.
    let maxWidth: (Int) -> Double
    let toPoints: (Double) -> Double
    private let characters: [Character]
    private let widths: [Double]
    private var lines: [BrokenLine] = []

    /// The lines of a paragraph: at least one (an empty paragraph gives one empty line).
    ///
    /// - Parameters:
    ///   - characters: The paragraph, without newlines.
    ///   - widths: The width of each character.
    ///   - maxWidth: The width available to line `n` (0-based) of the paragraph, in points.
    ///   - toPoints: Converts a sum of `widths` to points.
    static func lines(
        of characters: [Character], widths: [Double], maxWidth: @escaping (Int) -> Double,
        toPoints: @escaping (Double) -> Double
    ) -> [BrokenLine] {
        var breaker = LineBreaker(maxWidth: maxWidth, toPoints: toPoints, characters: characters, widths: widths)
        breaker.wrap()
        return breaker.lines
    }

    private init(maxWidth: @escaping (Int) -> Double, toPoints: @escaping (Double) -> Double,
                 characters: [Character], widths: [Double]) {
        self.maxWidth = maxWidth
        self.toPoints = toPoints
        self.characters = characters
        self.widths = widths
    }

    /// A line being filled: characters `start..<end` of the paragraph, `units` wide.
    private struct OpenLine {
        var start: Int
        var end: Int
        var units: Double
    }

    private func fits(_ units: Double) -> Bool {
        // Written so that NaN sizes count as fitting: the text then stays on one line.
        !(toPoints(units) > maxWidth(lines.count) + TextLayout.tolerance)
    }

    private func sum(_ range: Range<Int>) -> Double {
        widths[range].reduce(0, +)
    }

    private mutating func wrap() {
        var current: OpenLine? = nil
        var position = 0
        while position < characters.count {
            var wordStart = position
            while wordStart < characters.count, characters[wordStart] == " " { wordStart += 1 }
            if wordStart == characters.count { break }  // only trailing spaces remain
            var wordEnd = wordStart + 1
            if !Self.standsAlone(characters[wordStart]) {
                while wordEnd < characters.count, characters[wordEnd] != " ", !Self.standsAlone(characters[wordEnd]) {
                    wordEnd += 1
                }
            }
            let gapUnits = sum(position..<wordStart)
            let wordUnits = sum(wordStart..<wordEnd)

            if let line = current {
                if fits(line.units + gapUnits + wordUnits) {
                    current = OpenLine(start: line.start, end: wordEnd, units: line.units + gapUnits + wordUnits)
                    position = wordEnd
                    continue
                }
                emit(line)
            }
            // A new line: the paragraph's leading spaces stay as indentation, spaces at a wrap go.
            let start = position == 0 ? 0 : wordStart
            current = startLine(start..<wordEnd)
            position = wordEnd
        }
        if let line = current {
            emit(line)
        } else {
            lines.append(BrokenLine(range: 0..<0, width: 0))
        }
    }

    /// Whether a line may break before and after `character` with no space: Chinese and
    /// Japanese are written without spaces, and a line of them breaks between any two
    /// ideographs, kana or their punctuation (UAX #14's class ID, simplified: no rules keep
    /// a closing mark off a line's start).
    static func standsAlone(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value, value >= 0x2E80 else { return false }
        switch value {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFF00...0xFF60, 0x20000...0x3FFFD: return true
        default: return false
        }
    }

    /// Opens a line with `range`, first emitting full lines of it if it is wider than a line.
    private mutating func startLine(_ range: Range<Int>) -> OpenLine {
        let total = sum(range)
        if fits(total) { return OpenLine(start: range.lowerBound, end: range.upperBound, units: total) }
        var line = OpenLine(start: range.lowerBound, end: range.lowerBound, units: 0)
        for index in range {
            if index > line.start, !fits(line.units + widths[index]) {
                emit(line)
                line = OpenLine(start: index, end: index, units: 0)
            }
            line.end = index + 1
            line.units += widths[index]
        }
        return line
    }

    /// Appends `line` without its trailing spaces.
    private mutating func emit(_ line: OpenLine) {
        var end = line.end
        var units = line.units
        while end > line.start, characters[end - 1] == " " {
            end -= 1
            units -= widths[end]
        }
        lines.append(BrokenLine(range: line.start..<end, width: toPoints(units)))
    }
}
