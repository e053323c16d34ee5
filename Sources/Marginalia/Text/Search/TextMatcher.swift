import Foundation

/// Finds a query in a page's words: the one search behind ``PageText/findString(_:options:)``,
/// ``PDFDocument/findString(_:options:)`` and the server's searches (its find within one
/// document on the pages' words as the engine reads them; across documents on the words it
/// stored with the index's hits).
///
/// The words are read as one text, a space between words and lines alike, so a phrase is
/// found across a line break; a word that ends its line with a soft hyphen is read joined
/// to the next word. Between two letters or digits of the query, a run of anything else
/// (spaces, hyphens, apostrophes, other punctuation) matches any such run in the text: the
/// query "café crème" finds "café-crème" and "café-crème" finds "café crème", as the text
/// index, which keeps only runs of letters and digits, finds them (a page the index answers
/// for a phrase always has the phrase's quads).
public struct TextMatcher: Sendable {
    /// A match: from character `start.character` of word `start.word` to before character
    /// `end.character` of word `end.word` (so `end` may be one past a word's last character).
    public struct Match: Hashable, Sendable {
        public var start: (word: Int, character: Int)
        public var end: (word: Int, character: Int)

        public static func == (a: Match, b: Match) -> Bool {
            a.start == b.start && a.end == b.end
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(start.word); hasher.combine(start.character)
            hasher.combine(end.word); hasher.combine(end.character)
        }
    }

    public let options: TextSearchOptions
    /// The folded query; `nil` stands for a gap: one or more characters that are neither
    /// letters nor digits.
    private let query: [Unicode.Scalar?]

    /// A matcher for `query`; nil when the query has nothing to find (empty or only spaces).
    public init?(_ query: String, options: TextSearchOptions) {
        self.options = options
        var folded: [Unicode.Scalar] = []
        var space = false
        for character in query {
            if WordRule.separates(character) { space = !folded.isEmpty; continue }
            if space { folded.append(" "); space = false }
            folded += Self.fold(character, options)
        }
        guard !folded.isEmpty else { return nil }
        // Runs of separators between word characters become gaps; those at either end stay
        // as written (a query "C++" looks for the pluses).
        let first = folded.firstIndex(where: Self.isWordScalar), last = folded.lastIndex(where: Self.isWordScalar)
        var elements: [Unicode.Scalar?] = []
        for (index, scalar) in folded.enumerated() {
            if let first, let last, index > first, index < last, !Self.isWordScalar(scalar) {
                if elements.last != .some(nil) { elements.append(nil) }
            } else {
                elements.append(scalar)
            }
        }
        self.query = elements
    }

    /// Whether a folded scalar belongs to a word (a letter, a digit, or a mark on one).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .spacingMark
    }

    /// `character` as the matcher compares it under `options` (lowercased, accents removed):
    /// also how the server's PostgreSQL text index folds the words it keeps.
    public static func fold(_ character: Character, _ options: TextSearchOptions) -> [Unicode.Scalar] {
        // ASCII, most of most text: folded without Foundation.
        if let ascii = character.asciiValue {
            let lowered = options.contains(.caseInsensitive) && (65...90).contains(ascii) ? ascii + 32 : ascii
            return [Unicode.Scalar(lowered)]
        }
        var text = String(character)
        if options.contains(.caseInsensitive) { text = text.lowercased() }
        if options.contains(.diacriticInsensitive) {
            text = text.folding(options: .diacriticInsensitive, locale: nil)
        }
        return Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Words read once for several matchers with the same options.
    public struct FoldedText: Sendable {
        fileprivate(set) var text: [Unicode.Scalar] = []
        fileprivate(set) var origin: [(word: Int, character: Int)] = []
        public let options: TextSearchOptions
    }

    /// Every match in `words`, in order, not overlapping.
    public func matches(in words: [TextWord]) -> [Match] {
        matches(in: Self.fold(words, options: options))
    }

    /// `words` read as one folded text: a space between words, a hyphenated word joined to
    /// the next.
    public static func fold(_ words: [TextWord], options: TextSearchOptions) -> FoldedText {
        fold(words, options: options, byteByByte: true)
    }

    /// ``fold(_:options:)``; with `byteByByte`, a word of ASCII without a carriage return (most
    /// words of most text) is folded a byte at a time: each byte is then one `Character`
    /// (only CR LF makes one of two ASCII scalars), and folds as ``fold(_:_:)`` folds it,
    /// without an array per character. The tests compare both ways.
    static func fold(_ words: [TextWord], options: TextSearchOptions, byteByByte: Bool) -> FoldedText {
        var folded = FoldedText(options: options)
        var text: [Unicode.Scalar] = []
        var origin: [(word: Int, character: Int)] = []
        let capacity = words.reduce(0) { $0 + $1.text.utf8.count + 1 }
        text.reserveCapacity(capacity)
        origin.reserveCapacity(capacity)
        let lowercase = options.contains(.caseInsensitive)
        for (index, word) in words.enumerated() {
            let joinsNext = word.isHyphenated && index + 1 < words.count
            if index > 0, !(words[index - 1].isHyphenated) {
                text.append(" ")
                origin.append((index, -1))
            }
            let ascii = !byteByByte ? false : word.text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return false }
                var count = bytes.count
                if joinsNext, bytes.last == UInt8(ascii: "-") { count -= 1 }
                for position in 0..<count {
                    let byte = bytes[position]
                    text.append(Unicode.Scalar(lowercase && byte >= 65 && byte <= 90 ? byte + 32 : byte))
                    origin.append((index, position))
                }
                return true
            } ?? false
            if ascii { continue }
            var characters = Array(word.text)
            if joinsNext, characters.last == "-" { characters.removeLast() }
            for (position, character) in characters.enumerated() {
                for scalar in Self.fold(character, options) {
                    text.append(scalar)
                    origin.append((index, position))
                }
            }
        }
        folded.text = text
        folded.origin = origin
        return folded
    }

    /// Every match in a folded text (folded with this matcher's options), in order.
    public func matches(in folded: FoldedText) -> [Match] {
        let text = folded.text, origin = folded.origin
        var result: [Match] = []
        guard text.count >= query.count, let head = query[0] else { return result }
        var at = 0
        while at + query.count <= text.count {
            if text[at] == head, let last = matchEnd(in: text, from: at) {
                let whole = !options.contains(.wholeWords)
                    || Self.isWordBoundary(before: at, in: text) && Self.isWordBoundary(before: last + 1, in: text)
                if whole, origin[at].character >= 0 {
                    let (endWord, endCharacter) = origin[last]
                    result.append(Match(start: origin[at], end: (endWord, max(endCharacter, 0) + 1)))
                    at = last + 1
                    continue
                }
            }
            at += 1
        }
        return result
    }

    /// Whether scalar `index` of a folded text begins a word or ends one (its marks are its
    /// own units, which the rule keeps with what they follow): ``WordRule``'s boundaries, so
    /// a whole-word match is one a long press could select.
    static func isWordBoundary(before index: Int, in text: [Unicode.Scalar]) -> Bool {
        WordRule.isBoundary(before: index, count: text.count) { WordRule.kind(of: text[$0]) }
    }

    /// The index of the last scalar of a match of the query starting at `start`, or nil.
    private func matchEnd(in text: [Unicode.Scalar], from start: Int) -> Int? {
        var position = start
        for element in query {
            if let scalar = element {
                guard position < text.count, text[position] == scalar else { return nil }
                position += 1
            } else {
                // A gap takes every separator there is (a word character follows in the query).
                let gapStart = position
                while position < text.count, !Self.isWordScalar(text[position]) { position += 1 }
                guard position > gapStart else { return nil }
            }
        }
        return position - 1
    }

    /// The quads covering a match: a part of each word it spans.
    public static func quads(of match: Match, in words: [TextWord]) -> [TextQuad] {
        var quads: [TextQuad] = []
        for index in match.start.word...match.end.word where index < words.count {
            let word = words[index]
            let first = index == match.start.word ? match.start.character : 0
            let last = index == match.end.word ? match.end.character : word.characterEdges.count - 1
            guard first < last, last < word.characterEdges.count else { continue }
            quads.append(word.quad.portion(from: word.characterEdges[first], to: word.characterEdges[last]))
        }
        return quads
    }

    /// The text a match covers, as the page shows it.
    public static func text(of match: Match, in words: [TextWord]) -> String {
        var parts: [String] = []
        for index in match.start.word...match.end.word where index < words.count {
            let characters = Array(words[index].text)
            let first = index == match.start.word ? match.start.character : 0
            let last = index == match.end.word ? min(match.end.character, characters.count) : characters.count
            if first < last { parts.append(String(characters[first..<last])) }
        }
        return parts.joined(separator: " ")
    }
}
