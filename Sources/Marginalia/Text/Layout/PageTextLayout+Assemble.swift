import Foundation

extension PageTextLayout {
    /// The final ``PageText``: characters renumbered in reading order, words cut at spaces
    /// and gaps, soft hyphens kept only where they end a line (as "-", the word marked
    /// hyphenated), combining marks drawn as glyphs of their own joined to their letter.
    func assemble(_ blocks: [Block], _ characters: [LayoutCharacter], pageIndex: Int, unmapped: Int) -> PageText {
        var output: [TextCharacter] = []
        output.reserveCapacity(characters.count)
        var textBlocks: [TextBlock] = []
        for block in blocks {
            var lines: [TextLine] = []
            let ordered = block.lines.count > 1 ? sortedTopDown(block.lines, characters) : block.lines
            for line in ordered {
                var pending: [(characters: [TextCharacter], hyphenated: Bool)] = []
                var current: [TextCharacter] = []
                var previous: LayoutCharacter? = nil
                func finishWord(hyphenated: Bool = false) {
                    guard !current.isEmpty else { return }
                    pending.append((Self.joiningMarks(Self.logicalOrder(current)), hyphenated))
                    current.removeAll()
                }
                for (position, index) in line.characters.enumerated() {
                    let character = characters[index]
                    let isLast = position == line.characters.count - 1
                    var text = character.text
                    if text == "\u{AD}" {
                        guard isLast else {
                            // Drawn inside a line, a soft hyphen takes its room but is no text.
                            if previous != nil { previous = character }
                            continue
                        }
                        text = "-"
                    }
                    if let before = previous {
                        let gap = Self.along(character.start, line) - Self.along(before.end, line)
                        let size = max(character.fontSize, before.fontSize, 0.01)
                        if character.spaceBefore || gap > Self.wordGap * size { finishWord() }
                    }
                    current.append(TextCharacter(text: text, quad: character.quad, fontName: character.fontName,
                                                 fontSize: character.fontSize, isMapped: character.isMapped))
                    previous = character
                    if isLast { finishWord(hyphenated: character.text == "\u{AD}") }
                }
                finishWord()
                guard !pending.isEmpty else { continue }
                // A line of mostly right-to-left words reads from its right end.
                let rightToLeft = pending.filter { Self.isRightToLeft($0.characters) }.count * 2 > pending.count
                var words: [TextWord] = []
                for (characters, hyphenated) in rightToLeft ? pending.reversed() : pending {
                    let start = output.count
                    output += characters
                    words.append(Self.word(characters, range: start..<output.count, hyphenated: hyphenated))
                }
                let lineQuad = Self.enclosingQuad(words.map(\.quad))
                lines.append(TextLine(words: words, quad: lineQuad))
            }
            guard !lines.isEmpty else { continue }
            let bounds = lines.map(\.quad.bounds).reduce(CGRect.null) { $0.union($1) }
            textBlocks.append(TextBlock(lines: lines, bounds: bounds))
        }
        return PageText(pageIndex: pageIndex, characters: output, blocks: textBlocks, unmappedGlyphCount: unmapped)
    }

    /// A word's characters in reading order: a right-to-left word (Hebrew, Arabic) is drawn
    /// from its right end, so its characters are reversed, and their quads turned to run
    /// the way the text does.
    static func logicalOrder(_ characters: [TextCharacter]) -> [TextCharacter] {
        guard isRightToLeft(characters) else { return characters }
        return characters.reversed().map { character in
            var turned = character
            let q = character.quad
            turned.quad = TextQuad(bottomLeft: q.bottomRight, bottomRight: q.bottomLeft, topRight: q.topLeft, topLeft: q.topRight)
            return turned
        }
    }

    /// Combining marks drawn as glyphs of their own, joined to the letter before them in
    /// reading order.
    static func joiningMarks(_ characters: [TextCharacter]) -> [TextCharacter] {
        guard characters.contains(where: isMark) else { return characters }
        var result: [TextCharacter] = []
        for character in characters {
            if isMark(character), !result.isEmpty {
                result[result.count - 1].text += character.text
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func isMark(_ character: TextCharacter) -> Bool {
        guard let first = character.text.unicodeScalars.first, first.value >= 0x300 else { return false }
        return first.properties.generalCategory == .nonspacingMark
    }

    /// Whether the characters hold letters of a right-to-left script.
    static func isRightToLeft(_ characters: [TextCharacter]) -> Bool {
        characters.contains { character in
            character.text.unicodeScalars.contains { scalar in
                guard scalar.value >= 0x590 else { return false }
                switch scalar.value {
                case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
                default: return false
                }
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

    /// A word of `characters`, with its quad and character edges.
    static func word(_ characters: [TextCharacter], range: Range<Int>, hyphenated: Bool) -> TextWord {
        let frame = Frame(characters[0].quad)
        var low = Double.infinity, high = -Double.infinity
        for character in characters {
            let start = frame.along(character.quad.bottomLeft), end = frame.along(character.quad.bottomRight)
            low = min(low, start, end)
            high = max(high, start, end)
        }
        let length = max(high - low, 1e-9)
        var edges = characters.map { min(1, max(0, (frame.along($0.quad.bottomLeft) - low) / length)) }
        edges.append(1)
        for index in edges.indices.dropFirst() where edges[index] < edges[index - 1] { edges[index] = edges[index - 1] }
        return TextWord(text: characters.map(\.text).joined(), quad: enclosingQuad(characters.map(\.quad)),
                        characterEdges: edges, characterRange: range, isHyphenated: hyphenated)
    }

    /// The smallest quad along the first quad's direction that holds every quad.
    static func enclosingQuad(_ quads: [TextQuad]) -> TextQuad {
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
