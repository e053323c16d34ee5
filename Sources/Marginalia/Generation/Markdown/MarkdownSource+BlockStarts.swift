/// An opening code fence: ```` ``` ```` or `~~~` (three or more), CommonMark §4.5.
struct MarkdownFence: Equatable {
    /// The fence character, `` ` `` or `~`.
    var marker: UInt8
    /// How many fence characters opened the block; the closing fence needs at least as many.
    var length: Int
    /// The opening fence's indentation; that many spaces are removed from each content line.
    var indent: Int
    /// The info string after the fence, trimmed.
    var info: Range<Int>
}

/// A list item marker, CommonMark §5.2.
struct MarkdownListMarker: Equatable {
    var ordered: Bool
    /// The item's number (ordered lists only).
    var number: Int
    /// `-`, `+` or `*` for a bullet, `.` or `)` after a number. Items with different
    /// delimiters belong to different lists.
    var delimiter: UInt8
    /// The column of the marker's first character.
    var markerColumn: Int
    /// The column where the item's content starts; later lines indented this far belong to it.
    var contentColumn: Int
    /// Whether nothing follows the marker on its line.
    var isEmpty: Bool
}

/// Recognizing the lines that start blocks. Each function is given `start`, the first
/// non-space byte of what remains of the line after its container markers, and `end`; the
/// caller has already checked that the indentation before `start` is at most 3 spaces.
extension MarkdownSource {
    private static let space = UInt8(ascii: " ")

    /// The count of consecutive `byte`s from `index`.
    private func run(of byte: UInt8, at index: Int, end: Int) -> Int {
        var cursor = index
        while cursor < end && bytes[cursor] == byte {
            cursor += 1
        }
        return cursor - index
    }

    /// An ATX heading (§4.2): 1 to 6 `#`, then a space or the line end. The content excludes
    /// the optional closing sequence of `#` (which must follow a space).
    func atxHeading(at start: Int, end: Int) -> (level: Int, content: Range<Int>)? {
        let level = run(of: UInt8(ascii: "#"), at: start, end: end)
        guard (1...6).contains(level), start + level == end || bytes[start + level] == Self.space else {
            return nil
        }
        var contentEnd = trimmingTrailingSpaces(start + level..<end).upperBound
        var hashes = contentEnd
        while hashes > start + level && bytes[hashes - 1] == UInt8(ascii: "#") {
            hashes -= 1
        }
        if hashes < contentEnd && (hashes == start + level || bytes[hashes - 1] == Self.space) {
            contentEnd = hashes
        }
        let contentStart = firstNonSpace(in: start + level..<contentEnd)
        return (level, trimmingTrailingSpaces(contentStart..<contentEnd))
    }

    /// An opening code fence (§4.5). A backtick fence's info string may not contain a
    /// backtick (so that inline code like ```` ```a``` ```` is not a fence).
    func fenceOpening(at start: Int, end: Int, indent: Int) -> MarkdownFence? {
        guard let marker = byte(at: start, before: end),
              marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else {
            return nil
        }
        let length = run(of: marker, at: start, end: end)
        guard length >= 3 else { return nil }
        let info = trimmingTrailingSpaces(firstNonSpace(in: start + length..<end)..<end)
        if marker == UInt8(ascii: "`") && bytes[info].contains(marker) {
            return nil
        }
        return MarkdownFence(marker: marker, length: length, indent: indent, info: info)
    }

    /// Whether the line `range` closes `fence`: up to 3 spaces, at least as many of the same
    /// fence character, then only spaces.
    func closes(_ fence: MarkdownFence, line range: Range<Int>) -> Bool {
        let start = firstNonSpace(in: range)
        guard start - range.lowerBound <= 3 else { return false }
        let length = run(of: fence.marker, at: start, end: range.upperBound)
        return length >= fence.length && isBlank(start + length..<range.upperBound)
    }

    /// The level of a Setext heading underline (§4.3): `=` for 1, `-` for 2, then only spaces.
    func setextLevel(at start: Int, end: Int) -> Int? {
        guard let marker = byte(at: start, before: end) else { return nil }
        let level: Int
        switch marker {
        case UInt8(ascii: "="): level = 1
        case UInt8(ascii: "-"): level = 2
        default: return nil
        }
        let length = run(of: marker, at: start, end: end)
        return isBlank(start + length..<end) ? level : nil
    }

    /// Whether the line is a thematic break (§4.1): three or more of one of `-`, `*`, `_`,
    /// with any spaces between them and nothing else.
    func isThematicBreak(at start: Int, end: Int) -> Bool {
        guard let marker = byte(at: start, before: end),
              marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "_") else {
            return false
        }
        var count = 0
        for byte in bytes[start..<end] {
            if byte == marker {
                count += 1
            } else if byte != Self.space {
                return false
            }
        }
        return count >= 3
    }

    /// A list item marker (§5.2): `-`, `+`, `*`, or 1 to 9 digits and `.` or `)`, followed
    /// by a space or the line end. `lineStart` is where columns are counted from.
    func listMarker(at start: Int, end: Int, lineStart: Int) -> MarkdownListMarker? {
        guard let first = byte(at: start, before: end) else { return nil }
        var ordered = false
        var number = 0
        var delimiter = first
        var markerEnd = start + 1
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            break
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            ordered = true
            var cursor = start
            while cursor < end, cursor - start < 9, case let digit = bytes[cursor],
                  digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") {
                number = number * 10 + Int(digit - UInt8(ascii: "0"))
                cursor += 1
            }
            guard let after = byte(at: cursor, before: end),
                  after == UInt8(ascii: ".") || after == UInt8(ascii: ")") else {
                return nil
            }
            delimiter = after
            markerEnd = cursor + 1
        default:
            return nil
        }
        guard markerEnd == end || bytes[markerEnd] == Self.space else { return nil }
        let contentStart = firstNonSpace(in: markerEnd..<end)
        let isEmpty = contentStart == end
        let gap = contentStart - markerEnd
        // Content after five or more spaces is an indented code block inside the item, which
        // then starts one space after the marker (§5.2, rule 2).
        let contentColumn = (isEmpty || gap > 4) ? markerEnd + 1 - lineStart : contentStart - lineStart
        return MarkdownListMarker(
            ordered: ordered, number: number, delimiter: delimiter,
            markerColumn: start - lineStart, contentColumn: contentColumn, isEmpty: isEmpty
        )
    }
}
