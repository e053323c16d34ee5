/// What receives a page's words from ``PageTextLayout``, in reading order: the whole model
/// (``PageTextBuilder``) or only the page's string (``PageStringWriter``). Both hear the same
/// calls, so the string is the same whichever is asked for.
protocol PageWordSink {
    /// A line of `wordCount` words (at least one) begins.
    mutating func beginLine(wordCount: Int)
    /// A word of `letters` (non-empty, in reading order).
    mutating func word(_ letters: ArraySlice<PageTextLayout.WordCharacter>, hyphenated: Bool, _ strings: PageStrings)
    /// The line begun last is complete.
    mutating func endLine()
    /// A block is complete (called for every block, even one left without words).
    mutating func endBlock()
}

/// Writes a page's string as UTF-8 bytes: words separated by a space, lines by a line feed,
/// blocks by an empty line (``PageText/string``). ``PageTextBuilder`` writes through one;
/// on its own it is what ``PDFDocument/string(ofPage:)`` needs, with no character, word or
/// box made for it.
struct PageStringWriter: PageWordSink {
    private enum Break: Int, Comparable {
        case none, word, line, block

        static func < (a: Break, b: Break) -> Bool { a.rawValue < b.rawValue }
    }

    private(set) var utf8: [UInt8] = []
    private var pending = Break.none

    init(capacity: Int) {
        utf8.reserveCapacity(capacity)
    }

    /// The string written so far.
    var string: String { String(decoding: utf8, as: UTF8.self) }

    /// Writes the separator the next word needs after what came before it, and returns how
    /// many scalars it wrote (none before the page's first word).
    mutating func beginWord() -> Int {
        defer { pending = .word }
        switch pending {
        case .none: return 0
        case .word: return separator(" ")
        case .line: return separator("\n")
        case .block: return separator("\n\n")
        }
    }

    private mutating func separator(_ text: StaticString) -> Int {
        text.withUTF8Buffer { utf8.append(contentsOf: $0) }
        return text.utf8CodeUnitCount
    }

    @inline(__always) mutating func write(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            utf8.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { utf8.append($0) }
        }
    }

    mutating func write(_ text: String) {
        utf8.append(contentsOf: text.utf8)
    }

    // MARK: - PageWordSink

    func beginLine(wordCount: Int) {}

    mutating func word(_ letters: ArraySlice<PageTextLayout.WordCharacter>, hyphenated: Bool, _ strings: PageStrings) {
        _ = beginWord()
        for letter in letters {
            if let scalar = letter.text.scalar { write(scalar) } else { write(strings.string(letter.text)) }
        }
    }

    /// The next word starts a new line (nothing before the page's first word).
    mutating func endLine() {
        if pending != .none { pending = max(pending, .line) }
    }

    /// The next word starts a new block (nothing before the page's first word).
    mutating func endBlock() {
        if pending != .none { pending = max(pending, .block) }
    }
}
