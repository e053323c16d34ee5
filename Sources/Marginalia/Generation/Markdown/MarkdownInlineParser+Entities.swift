/// Character references (§2.5) and the escape-and-entity decoding used outside running text.
extension MarkdownInlineParser {
    /// The named references decoded; others stay literal. HTML defines over two thousand
    /// names; these are the ones people type in prose. The numeric forms reach every character.
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "bull": "•", "middot": "·", "deg": "°", "times": "×", "divide": "÷", "plusmn": "±",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶",
        "shy": "\u{AD}", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓",
    ]

    /// The character reference starting at `start` (an `&`): its UTF-8 bytes and length.
    ///
    /// `&name;` for names in ``namedEntities``, `&#` and 1 to 7 decimal digits, or `&#x` and
    /// 1 to 6 hexadecimal digits, then `;`. A code point that is not a valid character
    /// (0, a surrogate, beyond U+10FFFF) becomes U+FFFD, as the spec requires.
    static func entity(in text: [UInt8], at start: Int) -> (bytes: [UInt8], length: Int)? {
        var cursor = start + 1
        guard cursor < text.count else { return nil }
        if text[cursor] == UInt8(ascii: "#") {
            cursor += 1
            var radix: UInt32 = 10
            var maximumDigits = 7
            if cursor < text.count && (text[cursor] | 0x20) == UInt8(ascii: "x") {
                radix = 16
                maximumDigits = 6
                cursor += 1
            }
            let digitsStart = cursor
            var value: UInt32 = 0
            while cursor < text.count, cursor - digitsStart < maximumDigits, let digit = digitValue(text[cursor], radix: radix) {
                value = value * radix + digit
                cursor += 1
            }
            guard cursor > digitsStart, cursor < text.count, text[cursor] == UInt8(ascii: ";") else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (Array(String(Character(scalar ?? "\u{FFFD}")).utf8), cursor + 1 - start)
        }
        let nameStart = cursor
        while cursor < text.count && cursor - nameStart < 32 && isAlphanumericASCII(text[cursor]) {
            cursor += 1
        }
        guard cursor > nameStart, cursor < text.count, text[cursor] == UInt8(ascii: ";"),
              let value = namedEntities[String(decoding: text[nameStart..<cursor], as: UTF8.self)] else {
            return nil
        }
        return (Array(value.utf8), cursor + 1 - start)
    }

    /// Backslash escapes and character references resolved, nothing else: for link
    /// destinations and code fence info strings (§6.3, §4.5).
    static func decodeEscapesAndEntities(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\\"), cursor + 1 < bytes.count, isASCIIPunctuation(bytes[cursor + 1]) {
                result.append(bytes[cursor + 1])
                cursor += 2
            } else if byte == UInt8(ascii: "&"), let entity = entity(in: bytes, at: cursor) {
                result.append(contentsOf: entity.bytes)
                cursor += entity.length
            } else {
                result.append(byte)
                cursor += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
            return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
            return UInt32(byte - UInt8(ascii: "A") + 10)
        default:
            return nil
        }
    }

    private static func isAlphanumericASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }
}
