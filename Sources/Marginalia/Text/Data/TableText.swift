/// Reads the text of the generated tables (`TextData+Generated.swift`,
/// `CJKData+Generated.swift`) on its UTF-8 bytes.
///
/// The tables are split when a process meets its first font, so their reading counts in
/// every short `marginalia text` run: splitting them as `Character`s (grapheme breaking on
/// every byte) took most of the time of extracting one page; splitting bytes takes a
/// fraction of a millisecond.
enum TableText {
    static let space = UInt8(ascii: " ")
    static let comma = UInt8(ascii: ",")
    static let newline = UInt8(ascii: "\n")

    /// The non-empty fields of `text` between `separator` bytes.
    static func fields(_ text: String, separator: UInt8) -> [Substring] {
        fields(Substring(text), separator: separator)
    }

    /// The non-empty fields of `text` between `separator` bytes.
    ///
    /// The separators are found in the text's UTF-8 storage, a byte at a time: `split` on the
    /// `UTF8View`, which walks its indexes, took more than twice as long, and the glyph list
    /// is split at the start of every process that reads a font.
    static func fields(_ text: Substring, separator: UInt8) -> [Substring] {
        var text = text
        let ranges = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var start = 0
            for index in bytes.indices where bytes[index] == separator {
                if index > start { ranges.append(start..<index) }
                start = index + 1
            }
            if bytes.count > start { ranges.append(start..<bytes.count) }
            return ranges
        }
        let utf8 = text.utf8
        return ranges.map { range in
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return Substring(utf8[lower..<utf8.index(lower, offsetBy: range.count)])
        }
    }

    /// The text after the first `separator` byte of `text`, and the text before it; nil
    /// without one.
    static func cut(_ text: Substring, at separator: UInt8) -> (head: Substring, tail: Substring)? {
        guard let at = text.utf8.firstIndex(of: separator) else { return nil }
        return (text[..<at], text[text.utf8.index(after: at)...])
    }
}
