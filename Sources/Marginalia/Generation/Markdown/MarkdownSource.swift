/// The text of a Markdown file as UTF-8 bytes split into lines, the form the block parser reads.
///
/// Everything Markdown's block structure is made of (`>`, `#`, list markers, fences,
/// indentation) is ASCII, so the parser works on bytes, and a byte offset within a line's
/// leading markers is also its column. To keep that true, the constructor
/// - expands tabs to spaces up to the next tab stop (CommonMark §2.2 uses stops of 4),
///   counting one column per character, not per byte;
/// - replaces U+0000 with U+FFFD (CommonMark §2.3, for safety);
/// - drops a leading byte-order mark;
/// - ends lines at `\n`, `\r\n` or `\r`; the line ranges exclude the line ending.
struct MarkdownSource {
    /// All lines, tabs expanded, without line endings.
    private(set) var bytes: [UInt8] = []
    /// The range of each line in `bytes`.
    private(set) var lines: [Range<Int>] = []

    init(_ text: String, tabStop: Int) {
        bytes.reserveCapacity(text.utf8.count)
        var lineStart = 0
        var column = 0
        var previousWasCarriageReturn = false
        var utf8 = Substring(text).utf8
        if text.unicodeScalars.first == "\u{FEFF}" {
            utf8 = utf8.dropFirst(3)
        }
        for byte in utf8 {
            if byte == UInt8(ascii: "\n") && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = byte == UInt8(ascii: "\r")
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                lines.append(lineStart..<bytes.count)
                lineStart = bytes.count
                column = 0
            case UInt8(ascii: "\t"):
                let spaces = tabStop - column % tabStop
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
                column += spaces
            case 0:
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                column += 1
            default:
                bytes.append(byte)
                // UTF-8 continuation bytes (10xxxxxx) belong to the character already counted.
                if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        if lineStart < bytes.count {
            lines.append(lineStart..<bytes.count)
        }
    }

    // MARK: - Looking at lines

    /// The offset of the first byte in `range` that is not a space, or `range.upperBound`.
    func firstNonSpace(in range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound && bytes[index] == UInt8(ascii: " ") {
            index += 1
        }
        return index
    }

    /// Whether `range` holds only spaces (tabs are already spaces).
    func isBlank(_ range: Range<Int>) -> Bool {
        firstNonSpace(in: range) == range.upperBound
    }

    /// `range` without the spaces at its end.
    func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && bytes[end - 1] == UInt8(ascii: " ") {
            end -= 1
        }
        return range.lowerBound..<end
    }

    /// The byte at `index`, or nil past `end`.
    func byte(at index: Int, before end: Int) -> UInt8? {
        index < end ? bytes[index] : nil
    }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
