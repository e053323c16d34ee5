import Foundation

/// Groups a page's characters into words, lines and blocks, and puts the blocks in reading
/// order (``PageTextLayout+Order.swift``).
///
/// Lines are built in content order: a character continues the line before it when it goes
/// the same way, sits on the same baseline (within half its height) and starts neither far
/// behind the line's end nor more than three times its size past it. Lines drawn in pieces
/// are then joined. Within a line, characters are sorted along the baseline, and a word ends
/// at a drawn space or at a gap wider than ``wordGap`` of the font size (the threshold MuPDF
/// uses).
struct PageTextLayout {
    /// A gap wider than this share of the font size between two glyphs separates words.
    static let wordGap = 0.15

    struct Line {
        var characters: [Int]
        var direction: (u: Double, v: Double)
        /// The first character's start, the origin of the line's own coordinates.
        var origin: (u: Double, v: Double)
        /// The baseline's distance from the origin across the line, and its reach along it.
        var across: Double
        var startAlong: Double
        var endAlong: Double
        var height: Double
        var size: Double
    }

    let expander: CharacterExpander

    /// The page's text from the glyphs its content shows, their texts longer than a scalar
    /// (`strings`) and their fonts' names; the characters are made in `characters`' storage.
    func layout(_ glyphs: [ShownGlyph], strings: PageStrings, fontNames: [String], characters: inout [LayoutCharacter],
                pageIndex: Int) -> PageText {
        let (builder, unmapped) = arrange(glyphs, strings, &characters) { PageTextBuilder(capacity: $0, fontNames: fontNames) }
        return builder.pageText(pageIndex: pageIndex, unmapped: unmapped)
    }

    /// The page's string alone (``PageText/string``, the same words in the same order), with
    /// no character, word or box kept for it.
    func layoutString(_ glyphs: [ShownGlyph], strings: PageStrings, characters: inout [LayoutCharacter],
                      pageIndex: Int) -> PageString {
        let (writer, unmapped) = arrange(glyphs, strings, &characters) { PageStringWriter(capacity: $0 + $0 / 4) }
        return PageString(pageIndex: pageIndex, string: writer.string, unmappedGlyphCount: unmapped)
    }

    /// Characters into lines and blocks in reading order, handed to the sink `makeSink`
    /// makes for their number; with how many glyphs had no text.
    private func arrange<Sink: PageWordSink>(_ glyphs: [ShownGlyph], _ strings: PageStrings, _ characters: inout [LayoutCharacter],
                                             _ makeSink: (Int) -> Sink) -> (Sink, unmapped: Int) {
        var strings = strings
        let unmapped = expander.expand(glyphs, &strings, into: &characters)
        var lines = joinPieces(buildLines(characters), characters)
        for index in lines.indices { sortAlong(&lines[index], characters) }
        var sink = makeSink(characters.count)
        assemble(orderedBlocks(lines, characters), characters, strings: &strings, into: &sink)
        return (sink, unmapped)
    }

    // MARK: - Lines

    static func along(_ point: (u: Double, v: Double), _ line: Line) -> Double {
        (point.u - line.origin.u) * line.direction.u + (point.v - line.origin.v) * line.direction.v
    }

    static func across(_ point: (u: Double, v: Double), _ line: Line) -> Double {
        -(point.u - line.origin.u) * line.direction.v + (point.v - line.origin.v) * line.direction.u
    }

    private func buildLines(_ characters: [LayoutCharacter]) -> [Line] {
        guard let first = characters.first else { return [] }
        var lines: [Line] = []
        // The line being built is a variable of its own, changed in place (its characters stay
        // uniquely held, so appending copies nothing), and joins the list when the next begins.
        var line = Self.line(startedBy: first, at: 0)
        for index in characters.indices.dropFirst() {
            let character = characters[index]
            if let (start, end) = continuation(of: line, by: character) {
                line.characters.append(index)
                line.endAlong = max(line.endAlong, end)
                line.startAlong = min(line.startAlong, start)
                line.height = max(line.height, character.height)
                line.size = max(line.size, character.fontSize)
                continue
            }
            lines.append(line)
            line = Self.line(startedBy: character, at: index)
        }
        lines.append(line)
        return lines
    }

    private static func line(startedBy character: LayoutCharacter, at index: Int) -> Line {
        Line(characters: [index], direction: character.direction, origin: character.start, across: 0, startAlong: 0,
             endAlong: alongLength(character), height: character.height, size: character.fontSize)
    }

    /// Where `character` starts and ends along `line` when it continues the line, else nil.
    private func continuation(of line: borrowing Line, by character: LayoutCharacter) -> (Double, Double)? {
        let sameWay = line.direction.u * character.direction.u + line.direction.v * character.direction.v > 0.995
        let height = max(line.height, character.height, 0.1)
        let start = Self.along(character.start, line), end = Self.along(character.end, line)
        let offset = Self.across(character.start, line) - line.across
        guard sameWay, abs(offset) < 0.5 * height, start > line.endAlong - 0.8 * height,
              start < line.endAlong + 3 * max(line.size, character.fontSize) else { return nil }
        return (start, end)
    }

    private static func alongLength(_ character: LayoutCharacter) -> Double {
        (character.end.u - character.start.u) * character.direction.u + (character.end.v - character.start.v) * character.direction.v
    }

    /// Joins lines that continue one another on one baseline but were drawn apart (a line
    /// written in two pieces with other text between them).
    private func joinPieces(_ lines: [Line], _ characters: [LayoutCharacter]) -> [Line] {
        guard lines.count > 1 else { return lines }
        var result: [Line] = []
        var byBaseline: [Int: [Int]] = [:]  // rounded baseline key -> indexes in result
        for line in lines {
            let first = characters[line.characters[0]]
            let angle = Int((atan2(line.direction.v, line.direction.u) * 180 / .pi).rounded())
            let key = angle &* 100_003 &+ Int(saturating: (Self.baselineKey(first) / max(line.height, 1)).rounded(.down),
                                                   in: -(1 << 52)...(1 << 52))
            var joined = false
            for candidateKey in [key, key - 1, key + 1] {
                for target in byBaseline[candidateKey] ?? [] {
                    guard let start = Self.joinPoint(of: line, first, onto: result[target]) else { continue }
                    result[target].characters += line.characters
                    result[target].endAlong = max(result[target].endAlong, start + (line.endAlong - line.startAlong))
                    result[target].height = max(result[target].height, line.height)
                    result[target].size = max(result[target].size, line.size)
                    joined = true
                    break
                }
                if joined { break }
            }
            if !joined {
                byBaseline[key, default: []].append(result.count)
                result.append(line)
            }
        }
        return result
    }

    /// Where `line` (whose first character is `first`) starts along `other` when it continues
    /// it on the same baseline, else nil.
    private static func joinPoint(of line: borrowing Line, _ first: LayoutCharacter, onto other: borrowing Line) -> Double? {
        guard other.direction.u * line.direction.u + other.direction.v * line.direction.v > 0.995 else { return nil }
        let start = along(first.start, other)
        let offset = across(first.start, other) - other.across
        let height = max(other.height, line.height, 0.1)
        guard abs(offset) < 0.3 * height, start > other.endAlong - 0.3 * height,
              start < other.endAlong + 1.0 * max(other.size, line.size) else { return nil }
        return start
    }

    /// A character's baseline position across its direction, in the view frame.
    private static func baselineKey(_ character: LayoutCharacter) -> Double {
        -character.start.u * character.direction.v + character.start.v * character.direction.u
    }

    /// Puts a line's characters in order along its baseline (stable: equal starts keep
    /// content order, so an accent drawn after its letter stays after it).
    private func sortAlong(_ line: inout Line, _ characters: [LayoutCharacter]) {
        // Nearly every line is drawn in order: that is checked without a list of positions.
        var previous: Double? = nil
        var inOrder = true
        for index in line.characters {
            let position = Self.along(characters[index].start, line)
            if let previous, !(previous <= position + 0.01) {
                inOrder = false
                break
            }
            previous = position
        }
        if inOrder { return }
        let positions = line.characters.map { Self.along(characters[$0].start, line) }
        line.characters = zip(line.characters, positions).enumerated()
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
        line.startAlong = positions.min() ?? line.startAlong
    }
}
