// Indexes built in one pass over a paragraph so that the inline parser can answer "where
// does this end?" without scanning ahead again and again: rescanning from every opener is
// what makes naive Markdown parsers quadratic on hostile input.

/// The positions of all backtick runs by length, so that finding the closing run of a code
/// span never rescans the text: openers come in increasing order, so one cursor per length
/// only moves forward.
struct BacktickRuns {
    private var starts: [Int: [Int]] = [:]
    private var cursors: [Int: Int] = [:]

    init(_ text: [UInt8]) {
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let start = index
            while index < text.count && text[index] == UInt8(ascii: "`") {
                index += 1
            }
            starts[index - start, default: []].append(start)
        }
    }

    /// The start of the first run of exactly `length` backticks at or after `position`.
    mutating func firstRun(ofLength length: Int, from position: Int) -> Int? {
        guard let runs = starts[length] else { return nil }
        var cursor = cursors[length, default: 0]
        while cursor < runs.count && runs[cursor] < position {
            cursor += 1
        }
        cursors[length] = cursor
        return cursor < runs.count ? runs[cursor] : nil
    }
}

/// The matching `)` of every unescaped `(` within a stretch of text without spaces or
/// control characters: the only place a link destination's parentheses can balance (§6.3).
/// With it a destination is scanned by jumping over balanced groups, and a `(` without a
/// match fails at once, however deeply parentheses nest.
struct ParenthesisPairs {
    private var closing: [Int: Int] = [:]

    init(_ text: [UInt8]) {
        var open: [Int] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte <= 0x20 || byte == 0x7F {
                open.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: "\\"), index + 1 < text.count,
                      MarkdownInlineParser.isASCIIPunctuation(text[index + 1]) {
                index += 2
                continue
            } else if byte == UInt8(ascii: "(") {
                open.append(index)
            } else if byte == UInt8(ascii: ")"), let opening = open.popLast() {
                closing[opening] = index
            }
            index += 1
        }
    }

    /// The position of the `)` matching the `(` at `index`, if it has one.
    func closing(of index: Int) -> Int? {
        closing[index]
    }
}
