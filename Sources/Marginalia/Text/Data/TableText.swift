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
        text.utf8.split(separator: separator).map { Substring($0) }
    }

    /// The non-empty fields of `text` between `separator` bytes.
    static func fields(_ text: Substring, separator: UInt8) -> [Substring] {
        text.utf8.split(separator: separator).map { Substring($0) }
    }

    /// The text after the first `separator` byte of `text`, and the text before it; nil
    /// without one.
    static func cut(_ text: Substring, at separator: UInt8) -> (head: Substring, tail: Substring)? {
        guard let at = text.utf8.firstIndex(of: separator) else { return nil }
        return (text[..<at], text[text.utf8.index(after: at)...])
    }
}
