/// One line found by ``LineBreaker``: characters `range` of the paragraph, trailing spaces
/// excluded, and their width in points.
public struct BrokenLine: Equatable, Sendable {
    public var range: Range<Int>
    public var width: Double

    public init(range: Range<Int>, width: Double) {
        self.range = range
        self.width = width
    }
}

/// Greedy line breaking of one paragraph: the one rule every text Marginalia lays out wraps by
/// (free text and form fields through Marginalia's `TextLayout`, shaped text, generated
/// documents, and the core's ``TextBoxLayout``, which the browser's engine answers).
///
/// - a paragraph is wrapped greedily at spaces (U+0020; a no-break space does not break) and
///   around Chinese and Japanese characters (``standsAlone(_:)``): each line takes as many
///   words as fit in the width;
/// - spaces at a wrap point belong to no line and trailing spaces never count towards the
///   width (they are dropped from the line); spaces that start a paragraph are kept as indentation;
/// - a word wider than the line is broken between characters, at least one character per
///   line, and the words after it continue on its last line.
///
/// A line fits when its width is at most the width available plus ``tolerance``.
///
/// Widths are summed in the unit the caller measures in (1/1000 of the font size for one
/// font, where sums of whole units are exact; points for mixed fonts and sizes) and turned
/// into points by `toPoints` only to compare and report, so every measurement of a line uses
/// the same formula.
public struct LineBreaker {
    /// Tolerance for comparing a line width with the available width, in points.
    public static let tolerance = 1e-9

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
    public static func lines(
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
        !(toPoints(units) > maxWidth(lines.count) + Self.tolerance)
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
    public static func standsAlone(_ character: Character) -> Bool {
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
