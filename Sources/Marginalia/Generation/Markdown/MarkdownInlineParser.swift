/// Turns the text of one paragraph or heading into styled runs (CommonMark §6).
///
/// One left-to-right pass builds a flat list of nodes: literal text, code spans, line
/// breaks, emphasis delimiter runs (`*`, `_`) and link openers (`[`, `![`). Code spans,
/// autolinks and backslash escapes are recognized on the spot, so they bind tighter than
/// emphasis and links. A `]` followed by `(destination)` turns its opener into a link or an
/// image; emphasis is then matched with the delimiter algorithm of the spec's appendix.
/// Matched emphasis and links are recorded as ranges of nodes rather than by rebuilding a
/// tree, and unmatched delimiters simply stay literal text.
///
/// Every step is linear or amortized linear in the text (no rescanning), so a paragraph of
/// megabytes with thousands of unbalanced delimiters still parses quickly.
struct MarkdownInlineParser {
    /// A piece of the paragraph in document order.
    enum Node {
        case text(String)
        case code(String)
        case lineBreak(hard: Bool)
        /// A run of `*` or `_`; `remaining` is how many are still literal after matching.
        case delimiter(UInt8, remaining: Int)
        /// An unmatched `[` or `![`.
        case opener(image: Bool)
        /// A matched image; the nodes after it up to `end` (exclusive) are its description.
        case image(alt: String, source: String, end: Int)
    }

    /// The parsed content of a paragraph.
    struct Result {
        var runs: [InlineRun]
        /// The image, when the paragraph is nothing but one image outside any link.
        var soleImage: (alt: String, source: String)?
    }

    let text: [UInt8]
    var position = 0
    var nodes: [Node] = []
    /// The link destination of each node, parallel to `nodes`.
    var links: [String?] = []
    /// Literal bytes not yet made into a text node.
    var pending: [UInt8] = []

    // Emphasis state, see MarkdownInlineParser+Emphasis.swift.
    var delimiters: [Delimiter] = []
    var lastDelimiter = -1
    var emphasis: [EmphasisSpan] = []

    // Link state, see MarkdownInlineParser+Links.swift.
    var brackets: [Bracket] = []
    var bracketSerial = 0
    var linkBarrier = 0
    /// Built on the first link tail, as most paragraphs have none.
    var parenthesisPairs: ParenthesisPairs?
    var backtickRuns: BacktickRuns

    private init(text: [UInt8]) {
        self.text = text
        self.backtickRuns = BacktickRuns(text)
    }

    /// Parses the inline content `text` (lines joined by `\n`, trailing spaces removed).
    static func parse(_ text: [UInt8]) -> Result {
        var parser = MarkdownInlineParser(text: text)
        parser.scan()
        parser.processEmphasis(above: -1)
        return parser.result()
    }

    // MARK: - Scanning

    private mutating func scan() {
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: "\\"):
                backslash()
            case UInt8(ascii: "`"):
                codeSpan()
            case UInt8(ascii: "*"), UInt8(ascii: "_"):
                delimiterRun()
            case UInt8(ascii: "["):
                openBracket(image: false)
            case UInt8(ascii: "!") where position + 1 < text.count && text[position + 1] == UInt8(ascii: "["):
                openBracket(image: true)
            case UInt8(ascii: "]"):
                closeBracket()
            case UInt8(ascii: "<"):
                angleBracket()
            case UInt8(ascii: "&"):
                if let entity = Self.entity(in: text, at: position) {
                    pending.append(contentsOf: entity.bytes)
                    position += entity.length
                } else {
                    pending.append(UInt8(ascii: "&"))
                    position += 1
                }
            case UInt8(ascii: "\n"):
                lineBreak()
            default:
                let start = position
                position += 1
                while position < text.count && !Self.isSpecial(text[position]) {
                    position += 1
                }
                pending.append(contentsOf: text[start..<position])
            }
        }
        flush()
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
             UInt8(ascii: "!"), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\n"):
            return true
        default:
            return false
        }
    }

    /// Makes the pending literal bytes a text node.
    mutating func flush() {
        if !pending.isEmpty {
            nodes.append(.text(String(decoding: pending, as: UTF8.self)))
            links.append(nil)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Appends `node` after any pending text.
    mutating func emit(_ node: Node, link: String? = nil) {
        flush()
        nodes.append(node)
        links.append(link)
    }

    /// A backslash escapes ASCII punctuation (§2.4) and before a line end is a hard break
    /// (§6.7); anywhere else it is a literal backslash.
    private mutating func backslash() {
        let next = position + 1 < text.count ? text[position + 1] : nil
        if let next, Self.isASCIIPunctuation(next) {
            pending.append(next)
            position += 2
        } else if next == UInt8(ascii: "\n") {
            dropPendingSpaces()
            emit(.lineBreak(hard: true))
            position += 2
        } else {
            pending.append(UInt8(ascii: "\\"))
            position += 1
        }
    }

    /// A line end: a hard break after two or more spaces (§6.7), otherwise a soft break that
    /// renders as a space (§6.8). Spaces around it are dropped either way.
    private mutating func lineBreak() {
        let spaces = dropPendingSpaces()
        emit(.lineBreak(hard: spaces >= 2))
        position += 1
        while position < text.count && text[position] == UInt8(ascii: " ") {
            position += 1
        }
    }

    /// Removes the spaces at the end of the pending text and returns how many there were.
    @discardableResult
    private mutating func dropPendingSpaces() -> Int {
        var spaces = 0
        while pending.last == UInt8(ascii: " ") {
            pending.removeLast()
            spaces += 1
        }
        return spaces
    }

    /// A code span (§6.1): a backtick run up to the next run of the same length. Line ends
    /// become spaces, and one space is stripped from each side if both sides have one (so
    /// that `` `` ` `` `` can show a backtick). Without a closing run the backticks are literal.
    private mutating func codeSpan() {
        var end = position
        while end < text.count && text[end] == UInt8(ascii: "`") {
            end += 1
        }
        let length = end - position
        guard let closer = backtickRuns.firstRun(ofLength: length, from: end) else {
            pending.append(contentsOf: text[position..<end])
            position = end
            return
        }
        var content = text[end..<closer].map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
        if content.count >= 2, content.first == UInt8(ascii: " "), content.last == UInt8(ascii: " "),
           content.contains(where: { $0 != UInt8(ascii: " ") }) {
            content = Array(content.dropFirst().dropLast())
        }
        emit(.code(String(decoding: content, as: UTF8.self)))
        position = closer + length
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }
}
