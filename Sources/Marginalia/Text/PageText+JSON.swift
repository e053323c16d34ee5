import Foundation

/// The JSON form of extracted text, version 1 (docs/text-json.md): what `marginalia text
/// --json` prints for each page and what the server's words endpoint answers. Keys are
/// written here by hand; a change to them is a new version.
extension PageText {
    /// The version of the format ``jsonRecord`` writes.
    public static let jsonFormatVersion = 1

    /// The page as JSON: its number, the count of unmapped glyphs and its blocks of lines of
    /// words, each word with its text, quad, character edges, font and size.
    public var jsonRecord: JSONValue {
        .object([
            ("page", .integer(pageIndex + 1)),
            ("unmappedGlyphs", .integer(unmappedGlyphCount)),
            ("blocks", .array(blocks.map { block in
                .object([
                    ("bounds", Self.json(block.bounds)),
                    ("lines", .array(block.lines.map { line in
                        .object([("quad", Self.json(line.quad)), ("words", .array(line.words.map(jsonWord)))])
                    })),
                ])
            })),
        ])
    }

    func jsonWord(_ word: TextWord) -> JSONValue {
        let first = characters[word.characterRange.lowerBound]
        var pairs: [(String, JSONValue)] = [
            ("text", .string(word.text)),
            ("quad", Self.json(word.quad)),
            ("edges", .array(word.characterEdges.map { .number(Self.rounded($0, 4)) })),
            ("font", .string(first.fontName)),
            ("size", .number(Self.rounded(first.fontSize, 2))),
        ]
        if word.isHyphenated { pairs.append(("hyphenated", .bool(true))) }
        return .object(pairs)
    }

    /// A quad as eight numbers in `/QuadPoints` order: top-left, top-right, bottom-left,
    /// bottom-right (x then y).
    static func json(_ quad: TextQuad) -> JSONValue {
        .array(quad.quadPoints.map { .number(rounded($0, 3)) })
    }

    static func json(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.maxX, rect.maxY].map { .number(rounded(Double($0), 3)) })
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        guard value.isFinite else { return 0 }
        let scale = [1.0, 10, 100, 1_000, 10_000][min(digits, 4)]
        return (value * scale).rounded() / scale
    }
}

extension PDFSelection {
    /// A match as JSON: its page number, text and quads (docs/text-json.md).
    public var jsonRecord: JSONValue {
        .object([
            ("page", .integer((spans.first?.pageIndex ?? 0) + 1)),
            ("text", .string(string)),
            ("quads", .array(spans.flatMap(\.quads).map(PageText.json))),
        ])
    }
}
