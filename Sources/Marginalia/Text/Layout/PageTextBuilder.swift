import Foundation

/// Writes a page's words, in reading order, into what ``PageText`` holds: the characters,
/// each word with its quad and character edges, lines and blocks with theirs, and the page's
/// string (through a ``PageStringWriter``) with, for each `Character` of it, the character
/// it shows.
struct PageTextBuilder: PageWordSink {
    private var characters: [TextCharacter] = []
    private var writer: PageStringWriter
    /// What the string is made of, in order: a character (its index) or a separator (-1),
    /// with the number of scalars it writes.
    private var pieces: [(value: Int32, scalars: Int32)] = []
    /// Whether every character is one scalar below U+0300, which no later scalar joins into
    /// one `Character` with the one before it: then each piece is a `Character` of its own
    /// and the map needs no grapheme breaking.
    private var simple = true
    private let fontNames: [String]
    private var blocks: [TextBlock] = []
    private var lines: [TextLine] = []
    private var words: [TextWord] = []
    /// The line's word quads, kept apart: reading them from the words would copy each word
    /// (retaining its text and edges) for its quad.
    private var wordQuads: [TextQuad] = []

    init(capacity: Int, fontNames: [String]) {
        self.fontNames = fontNames
        writer = PageStringWriter(capacity: capacity + capacity / 4)
        characters.reserveCapacity(capacity)
        pieces.reserveCapacity(capacity + capacity / 4)
    }

    mutating func beginLine(wordCount: Int) {
        words = []
        words.reserveCapacity(wordCount)
        wordQuads.removeAll(keepingCapacity: true)
    }

    mutating func word(_ letters: ArraySlice<PageTextLayout.WordCharacter>, hyphenated: Bool, _ strings: PageStrings) {
        let separator = writer.beginWord()
        if separator > 0 { pieces.append((-1, Int32(separator))) }
        let first = characters.count, firstByte = writer.utf8.count
        let ascii = Self.asciiStrings
        for letter in letters {
            let index = Int32(characters.count)
            let text: String
            if let scalar = letter.text.scalar {
                if scalar.value < 0x80 {
                    text = ascii[Int(scalar.value)]
                } else {
                    text = String(scalar)
                    if scalar.value >= 0x300 { simple = false }
                }
                writer.write(scalar)
                pieces.append((index, 1))
            } else {
                text = strings.string(letter.text)
                writer.write(text)
                pieces.append((index, Int32(text.unicodeScalars.count)))
                simple = false
            }
            characters.append(TextCharacter(text: text, quad: letter.quad, fontName: fontNames[Int(letter.font)],
                                            fontSize: letter.fontSize, isMapped: letter.isMapped))
        }
        let (quad, edges) = Self.geometry(letters)
        wordQuads.append(quad)
        words.append(TextWord(text: String(decoding: writer.utf8[firstByte...], as: UTF8.self), quad: quad,
                              characterEdges: edges, characterRange: first..<characters.count, isHyphenated: hyphenated))
    }

    mutating func endLine() {
        writer.endLine()
        lines.append(TextLine(words: words, quad: PageTextLayout.enclosingQuad(wordQuads)))
    }

    mutating func endBlock() {
        writer.endBlock()
        guard !lines.isEmpty else { return }
        let bounds = lines.map(\.quad.bounds).reduce(CGRect.null) { $0.union($1) }
        blocks.append(TextBlock(lines: lines, bounds: bounds))
        lines = []
    }

    /// The `String` of each ASCII scalar, made once: a character's text is nearly always one
    /// of them, and copying a small string costs less than making it from its scalar.
    private static let asciiStrings: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// A word's quad (the smallest along the first character's direction that holds every
    /// character's), and where each of its characters begins along it as a fraction of its
    /// baseline's length (with a last entry, 1, for where the last one ends). One pass over
    /// the corners finds both.
    private static func geometry(_ letters: ArraySlice<PageTextLayout.WordCharacter>) -> (TextQuad, [Double]) {
        letters.withUnsafeBufferPointer { letters in
            let frame = PageTextLayout.Frame(letters[0].quad)
            var low = Double.infinity, high = -Double.infinity
            var sLow = Double.infinity, sHigh = -Double.infinity, tLow = Double.infinity, tHigh = -Double.infinity
            for letter in letters {
                let q = letter.quad
                let start = frame.along(q.bottomLeft), end = frame.along(q.bottomRight)
                let topStart = frame.along(q.topLeft), topEnd = frame.along(q.topRight)
                low = min(low, start, end)
                high = max(high, start, end)
                sLow = min(sLow, low, topStart, topEnd)
                sHigh = max(sHigh, high, topStart, topEnd)
                let t0 = frame.across(q.bottomLeft), t1 = frame.across(q.bottomRight)
                let t2 = frame.across(q.topRight), t3 = frame.across(q.topLeft)
                tLow = min(tLow, t0, t1, t2, t3)
                tHigh = max(tHigh, t0, t1, t2, t3)
            }
            let length = max(high - low, 1e-9)
            var edges: [Double] = []
            edges.reserveCapacity(letters.count + 1)
            var floor = 0.0
            for letter in letters {
                // Edges never go back: a character drawn behind the one before it starts where that one did.
                floor = max(floor, min(1, max(0, (frame.along(letter.quad.bottomLeft) - low) / length)))
                edges.append(floor)
            }
            edges.append(1)
            let quad = letters.count == 1 ? letters[0].quad
                : TextQuad(bottomLeft: frame.point(sLow, tLow), bottomRight: frame.point(sHigh, tLow),
                           topRight: frame.point(sHigh, tHigh), topLeft: frame.point(sLow, tHigh))
            return (quad, edges)
        }
    }

    /// The page's text.
    func pageText(pageIndex: Int, unmapped: Int) -> PageText {
        let string = writer.string
        var map: [Int32]
        if simple {
            map = []
            map.reserveCapacity(pieces.count + 8)
            for piece in pieces {
                map.append(piece.value)
                if piece.value < 0 && piece.scalars == 2 { map.append(-1) }
            }
        } else {
            map = Self.characterMap(string, pieces)
        }
        return PageText(pageIndex: pageIndex, characters: characters, blocks: blocks, string: string, stringCharacters: map,
                        unmappedGlyphCount: unmapped)
    }

    /// The piece each `Character` of `text` starts in: pieces were appended one after the
    /// other, but a piece may hold several `Character`s ("\n\n") or merge with the one before
    /// it (a combining mark).
    private static func characterMap(_ text: String, _ pieces: [(value: Int32, scalars: Int32)]) -> [Int32] {
        var map: [Int32] = []
        map.reserveCapacity(pieces.count)
        var piece = 0, usedInPiece = 0
        for character in text {
            while piece < pieces.count && usedInPiece >= pieces[piece].scalars {
                piece += 1
                usedInPiece = 0
            }
            map.append(piece < pieces.count ? pieces[piece].value : -1)
            var remaining = character.unicodeScalars.count
            while remaining > 0 && piece < pieces.count {
                let take = min(remaining, Int(pieces[piece].scalars) - usedInPiece)
                remaining -= take
                usedInPiece += take
                if usedInPiece >= pieces[piece].scalars && remaining > 0 {
                    piece += 1
                    usedInPiece = 0
                }
            }
        }
        return map
    }
}
