import Foundation

extension PageTextLayout {
    /// Hands `sink` the page's words in reading order: characters renumbered in reading
    /// order, words cut at spaces and gaps, soft hyphens kept only where they end a line (as
    /// "-", the word marked hyphenated), combining marks drawn as glyphs of their own joined
    /// to their letter.
    ///
    /// Each line's words are cut into one buffer of plain values reused from line to line.
    func assemble<Sink: PageWordSink>(_ blocks: [Block], _ characters: [LayoutCharacter], strings: inout PageStrings,
                                      into sink: inout Sink) {
        var cut = LineWords()
        for block in blocks {
            let ordered = block.lines.count > 1 ? sortedTopDown(block.lines, characters) : block.lines
            for line in ordered {
                cutWords(line, characters, into: &cut, &strings)
                guard !cut.words.isEmpty else { continue }
                // A line of mostly right-to-left words reads from its right end.
                let rightToLeft = cut.words.reduce(0) { $0 + ($1.rightToLeft ? 1 : 0) } * 2 > cut.words.count
                sink.beginLine(wordCount: cut.words.count)
                for index in cut.words.indices {
                    let word = cut.words[rightToLeft ? cut.words.count - 1 - index : index]
                    sink.word(cut.characters[word.range], hyphenated: word.hyphenated, strings)
                }
                sink.endLine()
            }
            sink.endBlock()
        }
    }

    /// One character of a word being cut from a line.
    struct WordCharacter {
        var text: CharacterText
        var quad: TextQuad
        var font: Int32
        var fontSize: Double
        var isMapped: Bool
    }

    /// A line's words as they are cut: their characters one after the other, in reading
    /// order within each word, and each word a range of them.
    struct LineWords {
        private(set) var characters: [WordCharacter] = []
        var words: [(range: Range<Int>, hyphenated: Bool, rightToLeft: Bool)] = []
        private var wordStart = 0

        /// Whether the word being cut has a character other than one scalar below U+0300,
        /// which may be a mark or right-to-left: only such a word is looked at again.
        private var wordBeyondLatin = false

        mutating func reset() {
            characters.removeAll(keepingCapacity: true)
            words.removeAll(keepingCapacity: true)
            wordStart = 0
            wordBeyondLatin = false
        }

        mutating func append(_ character: WordCharacter) {
            if let scalar = character.text.scalar, scalar.value < 0x300 {} else { wordBeyondLatin = true }
            characters.append(character)
        }

        /// Ends the word begun at the last call: puts a right-to-left word in reading order
        /// and joins its combining marks to their letters.
        mutating func finishWord(hyphenated: Bool = false, _ strings: inout PageStrings) {
            guard wordStart < characters.count else { return }
            var range = wordStart..<characters.count
            var rightToLeft = false
            if wordBeyondLatin {
                rightToLeft = characters[range].contains { PageTextLayout.isRightToLeft($0.text, strings) }
                if rightToLeft { logicalOrder(range) }
                range = joiningMarks(range, &strings)
            }
            words.append((range, hyphenated, rightToLeft))
            wordStart = characters.count
            wordBeyondLatin = false
        }

        /// A right-to-left word (Hebrew, Arabic) is drawn from its right end, so its
        /// characters are reversed, and their quads turned to run the way the text does.
        private mutating func logicalOrder(_ range: Range<Int>) {
            characters[range].reverse()
            for index in range {
                let q = characters[index].quad
                characters[index].quad = TextQuad(bottomLeft: q.bottomRight, bottomRight: q.bottomLeft, topRight: q.topLeft,
                                                  topLeft: q.topRight)
            }
        }

        /// Combining marks drawn as glyphs of their own, joined to the letter before them in
        /// reading order. Returns the word's range, shorter by the marks joined.
        private mutating func joiningMarks(_ range: Range<Int>, _ strings: inout PageStrings) -> Range<Int> {
            guard characters[range].contains(where: { PageTextLayout.isMark($0.text, strings) }) else { return range }
            var kept = range.lowerBound
            for index in range {
                let character = characters[index]
                if PageTextLayout.isMark(character.text, strings), kept > range.lowerBound {
                    let joined = strings.string(characters[kept - 1].text) + strings.string(character.text)
                    characters[kept - 1].text = strings.text(for: joined)
                } else {
                    characters[kept] = character
                    kept += 1
                }
            }
            characters.removeSubrange(kept..<range.upperBound)
            return range.lowerBound..<kept
        }
    }

    /// Cuts `line` into words, at drawn spaces and at gaps wider than ``wordGap`` of the
    /// font size; a soft hyphen inside the line takes its room but is no text.
    private func cutWords(_ line: Line, _ characters: [LayoutCharacter], into cut: inout LineWords,
                          _ strings: inout PageStrings) {
        cut.reset()
        // Characters read in place by index: a copy of one is some 150 bytes.
        characters.withUnsafeBufferPointer { characters in
            var previous = -1
            let last = line.characters.count - 1
            for (position, index) in line.characters.enumerated() {
                let drawn = characters[index].text
                var text = drawn
                if text == .softHyphen {
                    guard position == last else {
                        if previous >= 0 { previous = index }
                        continue
                    }
                    text = .hyphen
                }
                if previous >= 0 {
                    let gap = Self.along(characters[index].start, line) - Self.along(characters[previous].end, line)
                    let size = max(characters[index].fontSize, characters[previous].fontSize, 0.01)
                    if characters[index].spaceBefore || gap > Self.wordGap * size { cut.finishWord(&strings) }
                }
                cut.append(WordCharacter(text: text, quad: characters[index].quad, font: characters[index].font,
                                         fontSize: characters[index].fontSize, isMapped: characters[index].isMapped))
                previous = index
                if position == last { cut.finishWord(hyphenated: drawn == .softHyphen, &strings) }
            }
        }
        cut.finishWord(&strings)
    }

    static func isMark(_ text: CharacterText, _ strings: PageStrings) -> Bool {
        if let scalar = text.scalar, scalar.value < 0x300 { return false }
        guard let first = strings.firstScalar(of: text), first.value >= 0x300 else { return false }
        return first.properties.generalCategory == .nonspacingMark
    }

    /// Whether the text holds letters of a right-to-left script.
    static func isRightToLeft(_ text: CharacterText, _ strings: PageStrings) -> Bool {
        if let scalar = text.scalar, scalar.value < 0x590 { return false }
        return strings.contains(text) { scalar in
            guard scalar.value >= 0x590 else { return false }
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            default: return false
            }
        }
    }

    /// A block's lines from the top down, when they were drawn in another order.
    private func sortedTopDown(_ lines: [Line], _ characters: [LayoutCharacter]) -> [Line] {
        let d = lines[0].direction
        let keys = lines.map { line -> Double in
            let c = characters[line.characters[0]]
            return -c.start.u * d.v + c.start.v * d.u
        }
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 >= $1 - 0.01 }) { return lines }
        return zip(lines, keys).enumerated().sorted { (-$0.element.1, $0.offset) < (-$1.element.1, $1.offset) }.map(\.element.0)
    }

    /// The smallest quad along the first quad's direction that holds every quad.
    static func enclosingQuad<Quads: Collection>(_ quads: Quads) -> TextQuad where Quads.Element == TextQuad {
        guard let first = quads.first else { return TextQuad(bottomLeft: .zero, bottomRight: .zero, topRight: .zero, topLeft: .zero) }
        if quads.count == 1 { return first }
        let frame = Frame(first)
        var sLow = Double.infinity, sHigh = -Double.infinity, tLow = Double.infinity, tHigh = -Double.infinity
        func add(_ point: CGPoint) {
            let s = frame.along(point), t = frame.across(point)
            sLow = min(sLow, s); sHigh = max(sHigh, s); tLow = min(tLow, t); tHigh = max(tHigh, t)
        }
        for quad in quads {
            add(quad.bottomLeft); add(quad.bottomRight); add(quad.topRight); add(quad.topLeft)
        }
        return TextQuad(bottomLeft: frame.point(sLow, tLow), bottomRight: frame.point(sHigh, tLow),
                        topRight: frame.point(sHigh, tHigh), topLeft: frame.point(sLow, tHigh))
    }

    /// Page-space coordinates along and across a quad's baseline.
    struct Frame {
        let origin: CGPoint
        let d: (x: Double, y: Double)

        init(_ quad: TextQuad) {
            origin = quad.bottomLeft
            var dx = Double(quad.bottomRight.x - quad.bottomLeft.x), dy = Double(quad.bottomRight.y - quad.bottomLeft.y)
            var length = (dx * dx + dy * dy).squareRoot()
            if length < 1e-9 {
                // No width: the direction is a quarter turn clockwise from the height.
                dx = Double(quad.topLeft.y - quad.bottomLeft.y)
                dy = -Double(quad.topLeft.x - quad.bottomLeft.x)
                length = (dx * dx + dy * dy).squareRoot()
            }
            d = length < 1e-9 ? (1, 0) : (dx / length, dy / length)
        }

        func along(_ p: CGPoint) -> Double { Double(p.x - origin.x) * d.x + Double(p.y - origin.y) * d.y }
        func across(_ p: CGPoint) -> Double { -Double(p.x - origin.x) * d.y + Double(p.y - origin.y) * d.x }
        func point(_ s: Double, _ t: Double) -> CGPoint {
            CGPoint(x: Double(origin.x) + s * d.x - t * d.y, y: Double(origin.y) + s * d.y + t * d.x)
        }
    }
}
