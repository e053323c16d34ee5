import Foundation

/// One character of a page's text, where its glyph lies.
public struct TextCharacter: Hashable, Sendable {
    /// The character: one extended grapheme cluster, or U+FFFD for a glyph whose font gives
    /// no text (see ``isMapped``).
    public var text: String
    /// The glyph's box in page space (a share of it for each letter of a ligature).
    public var quad: TextQuad
    /// The font's name, without a subset tag (`Helvetica`, `DejaVuSans`).
    public var fontName: String
    /// The size as drawn on the page, in points.
    public var fontSize: Double
    /// False for a glyph the font gives no text for: it is reported, not guessed.
    public var isMapped: Bool
}

/// A word: characters between spaces (drawn or inferred from the gaps between glyphs).
public struct TextWord: Hashable, Sendable {
    public var text: String
    /// The word's box in page space, along its baseline.
    public var quad: TextQuad
    /// Where each character of ``text`` begins along ``quad``, as fractions from 0 (the
    /// word's start) to 1, with a last entry for where the last one ends: `count + 1` values
    /// for `text.count` characters. `quad.portion(from: edges[i], to: edges[j])` is the box of
    /// characters `i..<j`.
    public var characterEdges: [Double]
    /// The word's characters in ``PageText/characters``.
    public var characterRange: Range<Int>
    /// Whether the word ends its line with a hyphen that splits it (a soft hyphen, U+00AD):
    /// search reads it joined with the next line's first word.
    public var isHyphenated: Bool

    /// A word as stored elsewhere (a search index keeps words to find matches in).
    public init(text: String, quad: TextQuad, characterEdges: [Double], characterRange: Range<Int>, isHyphenated: Bool) {
        self.text = text
        self.quad = quad
        self.characterEdges = characterEdges
        self.characterRange = characterRange
        self.isHyphenated = isHyphenated
    }
}

/// A line: words along one baseline, in reading order.
public struct TextLine: Hashable, Sendable {
    public var words: [TextWord]
    /// From the first word's start edge to the last word's end edge.
    public var quad: TextQuad
}

/// A block: lines that belong together (a paragraph, a column's run of lines, a caption).
public struct TextBlock: Hashable, Sendable {
    public var lines: [TextLine]
    /// The rectangle around its lines, in page space.
    public var bounds: CGRect
}

/// The text of one page with where every character is, in reading order: blocks of lines
/// of words. ``PDFDocument/text(ofPage:)`` reads it.
///
/// Reading order follows the page as it is shown (its `/Rotate` applied): blocks in columns
/// left to right, top to bottom within each; text in other directions (rotated labels)
/// comes after, in the order drawn.
public struct PageText: Sendable {
    /// The page's index.
    public let pageIndex: Int
    /// Every character, in reading order.
    public let characters: [TextCharacter]
    /// The blocks, in reading order.
    public let blocks: [TextBlock]
    /// The text as a string: words separated by a space, lines by a line feed, blocks by an
    /// empty line.
    public let string: String
    /// How many glyphs had no text (drawn, but their fonts give no way to know what they say).
    public let unmappedGlyphCount: Int
    /// For each character (extended grapheme cluster) of ``string``, the index of its
    /// character in ``characters``, or -1 for the separators between words, lines and blocks.
    let stringCharacters: [Int32]

    /// The lines, in reading order.
    public var lines: [TextLine] { blocks.flatMap(\.lines) }

    /// The words, in reading order.
    public var words: [TextWord] { blocks.flatMap { $0.lines.flatMap(\.words) } }

    /// The box of the character at `index` of ``string`` (counted in `Character`s), in page
    /// space; `.null` for a separator or an index out of range. Like PDFKit's
    /// `PDFPage.characterBounds(at:)`.
    public func characterBounds(at index: Int) -> CGRect {
        guard index >= 0, index < stringCharacters.count else { return .null }
        let character = Int(stringCharacters[index])
        return character >= 0 ? characters[character].quad.bounds : .null
    }

    /// A page's text as ``PageTextBuilder`` writes it.
    init(pageIndex: Int, characters: [TextCharacter], blocks: [TextBlock], string: String, stringCharacters: [Int32],
         unmappedGlyphCount: Int) {
        self.pageIndex = pageIndex
        self.characters = characters
        self.blocks = blocks
        self.string = string
        self.stringCharacters = stringCharacters
        self.unmappedGlyphCount = unmappedGlyphCount
    }
}

/// The text of one page as a string alone: ``PageText/string`` without the characters,
/// words and blocks it is made from. ``PDFDocument/string(ofPage:)`` reads it, at less cost
/// than the whole ``PageText`` when only the string is wanted (printing, indexing).
public struct PageString: Sendable {
    /// The page's index.
    public let pageIndex: Int
    /// The text, exactly as ``PageText/string`` has it.
    public let string: String
    /// How many glyphs had no text (shown as U+FFFD).
    public let unmappedGlyphCount: Int
}
