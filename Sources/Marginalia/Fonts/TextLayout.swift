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

/// Line breaking and sizing of plain text in a standard font, for free-text annotation
/// appearances and form fields.
///
/// The rules follow what Acrobat draws for a FreeText annotation or a multiline text field:
/// - the text is split into paragraphs at every newline (`\n`, `\r\n`, `\r`, and the other
///   Unicode line separators); an empty paragraph keeps an empty line;
/// - a paragraph is wrapped greedily at spaces (U+0020; a no-break space does not break): each
///   line takes as many words as fit in the width;
/// - spaces at a wrap point belong to no line and trailing spaces never count towards the width
///   (they are dropped from the line's text); spaces that start a paragraph are kept as indentation;
/// - a word wider than the line is broken between characters (grapheme clusters), at least one
///   character per line, and the words after it continue on its last line;
/// - characters are measured as the font encodes them (see ``StandardFont/width(of:size:)``).
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
        let wraps = maxWidth > 0 && maxWidth.isFinite
        var breaker = LineBreaker(font: font, size: size, maxWidth: wraps ? maxWidth : .infinity)
        for paragraph in paragraphs(of: text) {
            breaker.wrap(paragraph)
        }
        return breaker.lines
    }

    /// The distance between baselines of consecutive lines, in points.
    ///
    /// ``lineHeightFactor`` (1.15) times `size`, or the font's ascent-to-descent span if that is
    /// larger (only Symbol's is: 1.303), so that lines of tall glyphs do not overlap.
    public static func lineHeight(font: StandardFont, size: Double) -> Double {
        max(lineHeightFactor, (font.ascent - font.descent) / 1000) * size
    }

    // MARK: - Internal

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

/// Greedy line breaking of one paragraph at a time, in integer 1/1000 units so that sums are exact.
private struct LineBreaker {
    let font: StandardFont
    let size: Double
    let maxWidth: Double
    private(set) var lines: [LaidOutLine] = []

    init(font: StandardFont, size: Double, maxWidth: Double) {
        self.font = font
        self.size = size
        self.maxWidth = maxWidth
    }

    /// A line being filled: characters `start..<end` of the paragraph, `units` wide.
    private struct OpenLine {
        var start: Int
        var end: Int
        var units: Int
    }

    private func fits(_ units: Int) -> Bool {
        // Written so that NaN sizes count as fitting: the text then stays on one line.
        !(StandardFont.points(units, size: size) > maxWidth + TextLayout.tolerance)
    }

    mutating func wrap(_ characters: [Character]) {
        let units = characters.map { font.units(of: $0) }
        var current: OpenLine? = nil
        var position = 0
        while position < characters.count {
            var wordStart = position
            while wordStart < characters.count, characters[wordStart] == " " { wordStart += 1 }
            var wordEnd = wordStart
            while wordEnd < characters.count, characters[wordEnd] != " " { wordEnd += 1 }
            if wordStart == wordEnd { break }  // only trailing spaces remain
            let gapUnits = units[position..<wordStart].reduce(0, +)
            let wordUnits = units[wordStart..<wordEnd].reduce(0, +)

            if let line = current {
                if fits(line.units + gapUnits + wordUnits) {
                    current = OpenLine(start: line.start, end: wordEnd, units: line.units + gapUnits + wordUnits)
                    position = wordEnd
                    continue
                }
                emit(line, of: characters, units: units)
            }
            // A new line: the paragraph's leading spaces stay as indentation, spaces at a wrap go.
            let start = position == 0 ? 0 : wordStart
            current = startLine(start..<wordEnd, of: characters, units: units)
            position = wordEnd
        }
        if let line = current {
            emit(line, of: characters, units: units)
        } else {
            lines.append(LaidOutLine(text: "", width: 0))
        }
    }

    /// Opens a line with `range`, first emitting full lines of it if it is wider than a line.
    private mutating func startLine(_ range: Range<Int>, of characters: [Character], units: [Int]) -> OpenLine {
        let total = units[range].reduce(0, +)
        if fits(total) { return OpenLine(start: range.lowerBound, end: range.upperBound, units: total) }
        var line = OpenLine(start: range.lowerBound, end: range.lowerBound, units: 0)
        for index in range {
            if index > line.start, !fits(line.units + units[index]) {
                emit(line, of: characters, units: units)
                line = OpenLine(start: index, end: index, units: 0)
            }
            line.end = index + 1
            line.units += units[index]
        }
        return line
    }

    /// Appends `line` without its trailing spaces.
    private mutating func emit(_ line: OpenLine, of characters: [Character], units: [Int]) {
        var end = line.end
        var width = line.units
        while end > line.start, characters[end - 1] == " " {
            end -= 1
            width -= units[end]
        }
        let text = String(characters[line.start..<end])
        lines.append(LaidOutLine(text: text, width: StandardFont.points(width, size: size)))
    }
}
