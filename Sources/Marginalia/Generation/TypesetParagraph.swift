import Foundation

/// A ``Paragraph`` broken into lines for one frame width: where each line starts and ends,
/// how tall it is, and where each piece of text goes. Pure layout, no drawing, so the same
/// lines serve measuring and drawing.
struct TypesetParagraph {
    let paragraph: Paragraph
    let characters: [Character]
    /// The run each character belongs to.
    let runIndices: [Int]
    /// `offsets[i]` is the distance in points from the paragraph's first character to
    /// character `i` (prefix sums of the widths); `offsets[characters.count]` is the total.
    let offsets: [Double]
    private(set) var lines: [TypesetLine] = []

    /// The runs whose text is shaped (``RunFaces``: text that needs shaping, or standard-font
    /// text beyond WinAnsi in a document that embeds family fonts): measured and drawn in
    /// faces rather than in the run's font, and never split at words to justify, which would
    /// break the visual order of right-to-left text.
    let shapedRuns: Set<Int>

    /// The embedding level of each character (UAX #9), for a ``Paragraph/Alignment/natural``
    /// paragraph whose direction is right to left; nil for every other paragraph, laid out
    /// left to right.
    let rightToLeftLevels: [UInt8]?

    /// Lays out `paragraph` in a frame `width` points wide; runs `faces` draws (when given)
    /// are measured as it shapes them.
    ///
    /// - Throws: ``GenerationError`` for invalid sizes or spacing in the paragraph;
    ///   ``TextShapingError`` when shaping fails.
    init(_ paragraph: Paragraph, width: Double, faces runFaces: RunFaces? = nil) throws {
        try paragraph.validate()
        self.paragraph = paragraph
        var characters: [Character] = []
        var runIndices: [Int] = []
        var widths: [Double] = []
        var measures: [ObjectIdentifier: CharacterWidths] = [:]
        var shapedRuns: Set<Int> = []
        for (index, run) in paragraph.runs.enumerated() {
            if let faces = runFaces?.faces(for: run.text, in: run.font) {
                shapedRuns.insert(index)
                // Each stretch between newlines is shaped as a paragraph of its own.
                let text = Array(run.text)
                var start = 0
                for end in 0...text.count where end == text.count || text[end].isNewline {
                    if start < end {
                        let units = try ShapedTextLayout.characterUnits(Array(text[start..<end]), faces: faces)
                        widths += units.map { $0 * run.size / 1000 }
                    }
                    if end < text.count { widths.append(0) }
                    start = end + 1
                }
                characters += text
                runIndices += Array(repeating: index, count: text.count)
                continue
            }
            let key = ObjectIdentifier(run.font)
            var measure = measures[key] ?? CharacterWidths(font: run.font)
            for character in run.text {
                characters.append(character)
                runIndices.append(index)
                widths.append(character.isNewline ? 0 : measure.units(of: character) * run.size / 1000)
            }
            measures[key] = measure
        }
        var offsets = [0.0]
        offsets.reserveCapacity(widths.count + 1)
        for width in widths { offsets.append(offsets[offsets.count - 1] + width) }
        self.characters = characters
        self.runIndices = runIndices
        self.offsets = offsets
        self.shapedRuns = shapedRuns
        // Only text that is shaped can be right to left (RunFaces shapes every script that
        // needs it), so a paragraph without shaped runs never asks FriBidi.
        rightToLeftLevels = paragraph.alignment == .natural && !shapedRuns.isEmpty
            ? try Self.rightToLeftLevels(of: characters) : nil

        // A newline inside a run ends a line, as a hard break; each stretch between
        // newlines is wrapped on its own.
        var segmentStart = 0
        for index in 0...characters.count where index == characters.count || characters[index].isNewline {
            breakSegment(segmentStart..<index, widths: widths, frameWidth: width)
            segmentStart = index + 1
        }
    }

    private mutating func breakSegment(_ segment: Range<Int>, widths: [Double], frameWidth: Double) {
        let isFirstSegment = segment.lowerBound == 0
        let body = frameWidth - paragraph.leftIndent - paragraph.rightIndent
        let first = body - paragraph.firstLineIndent
        let broken = LineBreaker.lines(
            of: Array(characters[segment]), widths: Array(widths[segment]),
            maxWidth: { isFirstSegment && $0 == 0 ? first : body }, toPoints: { $0 })
        for (number, piece) in broken.enumerated() {
            let range = (piece.range.lowerBound + segment.lowerBound)..<(piece.range.upperBound + segment.lowerBound)
            let isFirstLine = isFirstSegment && number == 0
            // Right to left, the line's box ends `leftIndent` (and the first line's indent)
            // from the right edge, so it starts `rightIndent` from the left.
            let indent = rightToLeftLevels != nil ? paragraph.rightIndent
                : paragraph.leftIndent + (isFirstLine ? paragraph.firstLineIndent : 0)
            var line = TypesetLine(
                range: range, width: piece.width,
                indent: indent,
                available: isFirstLine ? first : body, endsSegment: number == broken.count - 1)
            measureHeight(of: &line, segment: segment)
            lines.append(line)
        }
    }

    /// Sets the line's ascent, descent and height from the runs on it (an empty line takes
    /// the style of the run it is in).
    private func measureHeight(of line: inout TypesetLine, segment: Range<Int>) {
        var runs = Set(runIndices[line.range])
        if runs.isEmpty {
            let at = min(segment.lowerBound, characters.count - 1)
            if at >= 0 { runs.insert(runIndices[at]) } else if !paragraph.runs.isEmpty { runs.insert(0) }
        }
        var natural = 0.0
        for run in runs.map({ paragraph.runs[$0] }) {
            line.ascent = max(line.ascent, run.font.ascent * run.size / 1000)
            line.descent = max(line.descent, -run.font.descent * run.size / 1000)
            natural = max(natural, TextLayout.lineHeight(font: run.font, size: run.size))
        }
        switch paragraph.lineHeight {
        case .multiple(let factor): line.height = natural * factor
        case .exactly(let points): line.height = points
        }
    }

    // MARK: - Pieces

    /// A piece of a line drawn with one `Tj`: characters of one run, `x` points from the
    /// line's start.
    struct Piece {
        var range: Range<Int>
        var run: Int
        var x: Double
        /// The characters in the order they are drawn, when that is not the order of
        /// `range`: an unshaped piece of a right-to-left line (a list's marker, digits).
        var visualText: String? = nil
    }

    /// The pieces of `line`, placed for the paragraph's alignment, and the offset of the
    /// line's start from its indent.
    ///
    /// A justified line is split at every word so that the space left over can be shared
    /// between the gaps; each word keeps the spaces after it, so that text extraction still
    /// finds them.
    func pieces(of line: TypesetLine) -> (start: Double, pieces: [Piece]) {
        let range = line.range
        guard !range.isEmpty else { return (0, []) }
        let slack = line.available - line.width
        let firstWord = range.first { characters[$0] != " " } ?? range.lowerBound
        let wordStarts = range.filter { $0 > firstWord && characters[$0] != " " && characters[$0 - 1] == " " }
        let justify = paragraph.alignment == .justified && !line.endsSegment && !wordStarts.isEmpty && slack > 0
            && !runIndices[range].contains(where: shapedRuns.contains)
        let extraPerGap = justify ? slack / Double(wordStarts.count) : 0
        let start: Double
        switch paragraph.alignment {
        case .left, .justified: start = 0
        case .center: start = max(0, slack / 2)
        case .right: start = max(0, slack)
        case .natural: start = rightToLeftLevels == nil ? 0 : max(0, slack)
        }

        var pieces: [Piece] = []
        var gaps = 0
        var nextWordStart = wordStarts.startIndex
        for index in range {
            let isWordStart = justify && nextWordStart < wordStarts.endIndex && wordStarts[nextWordStart] == index
            if isWordStart {
                gaps += 1
                nextWordStart += 1
            }
            if let last = pieces.last, last.run == runIndices[index], !isWordStart {
                pieces[pieces.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                let x = offsets[index] - offsets[range.lowerBound] + extraPerGap * Double(gaps)
                pieces.append(Piece(range: index..<(index + 1), run: runIndices[index], x: x))
            }
        }
        if let levels = rightToLeftLevels { placeInVisualOrder(&pieces, levels: levels) }
        return (start, pieces)
    }

    /// Places the pieces of a right-to-left line in the order they are seen (UAX #9 rule L2,
    /// a piece at the lowest level of its characters): runs of one direction each, such as a
    /// bold Arabic word between plain ones or a list's marker before the text, go from right
    /// to left, and a left-to-right stretch of several runs keeps its order. A shaped run
    /// orders its own characters when it is drawn and leaves out the spaces it ends with (a
    /// line's end to ``ShapedTextLayout``): in a right-to-left piece they are on its left, so
    /// its glyphs start after them.
    private func placeInVisualOrder(_ pieces: inout [Piece], levels: [UInt8]) {
        let pieceLevels = pieces.map { piece in levels[piece.range].min() ?? 1 }
        var x = 0.0
        for index in BidiParagraph.visualOrder(pieceLevels) {
            let range = pieces[index].range
            var trailing = range.upperBound
            while trailing > range.lowerBound, characters[trailing - 1] == " " { trailing -= 1 }
            let shaped = shapedRuns.contains(pieces[index].run)
            let spaces = pieceLevels[index] % 2 == 1 && shaped ? offsets[range.upperBound] - offsets[trailing] : 0
            pieces[index].x = x + spaces
            // Unshaped text is drawn as given: its characters go in the order they are seen
            // (neutrals such as "• " or "1. " before right-to-left text, rule L2).
            if !shaped && levels[range].contains(where: { $0 % 2 == 1 }) {
                let order = BidiParagraph.visualOrder(Array(levels[range]))
                pieces[index].visualText = String(order.map { characters[range.lowerBound + $0] })
            }
            x += offsets[range.upperBound] - offsets[range.lowerBound]
        }
    }

    /// The embedding level of each of `characters` (its first scalar's), when the paragraph
    /// they make is right to left (UAX #9 P2 and P3); nil when it is left to right.
    private static func rightToLeftLevels(of characters: [Character]) throws(TextShapingError) -> [UInt8]? {
        var scalars: [Unicode.Scalar] = []
        var firstScalar: [Int] = []
        for character in characters {
            firstScalar.append(scalars.count)
            // A newline is a paragraph separator to UAX #9; inside one Paragraph it only
            // breaks the line, so it is resolved as a space.
            scalars += character.isNewline ? [" "] : Array(character.unicodeScalars)
        }
        let bidi = try BidiParagraph(scalars)
        guard bidi.baseLevel == 1 else { return nil }
        return firstScalar.map { bidi.levels[$0] }
    }
}

/// One line of a ``TypesetParagraph``.
struct TypesetLine {
    /// The characters on the line, spaces at the wrap excluded.
    var range: Range<Int>
    /// The width of those characters in points.
    var width: Double
    /// From the frame's left edge to where the line may start, in points.
    var indent: Double
    /// The width the line may take, in points.
    var available: Double
    /// Whether the line ends the paragraph or comes before a newline (never justified).
    var endsSegment: Bool
    /// The largest ascent and descent (both positive) of the runs on the line, in points.
    var ascent = 0.0
    var descent = 0.0
    /// The height of the line's box, from its top to the next line's top.
    var height = 0.0

    /// Distance from the top of the line's box to the baseline: the glyphs sit centred in
    /// the box, the leading shared above and below (as CSS does).
    var baseline: Double { (height - ascent - descent) / 2 + ascent }
}
