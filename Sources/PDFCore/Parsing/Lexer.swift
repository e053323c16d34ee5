/// Splits PDF bytes into tokens (ISO 32000-2, 7.2-7.3).
///
/// The lexer is lenient where real files are sloppy and other viewers accept them: unknown
/// escapes in strings drop the backslash, invalid hex digits are skipped, a `#` not followed
/// by two hex digits stays in a name, and numbers with stray signs or dots read as far as
/// they make sense.
struct Lexer {
    let source: ByteSource
    /// The offset of the next byte to read.
    var position: Int
    let limits: PDFLimits
    /// Whether a `)` outside a string is skipped (objects, as qpdf reads them: one stray byte
    /// does not lose the object) rather than a syntax error (content streams).
    var skipsStrayParentheses = false
    /// How many stray `)` were skipped, for the file's warnings.
    private(set) var strayParenthesesSkipped = 0
    private let bytes: UnsafeBufferPointer<UInt8>

    init(source: ByteSource, position: Int = 0, limits: PDFLimits = .default) {
        self.source = source
        self.position = position
        self.limits = limits
        self.bytes = source.buffer
    }

    var isAtEnd: Bool { position >= bytes.count }

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8? {
        let i = position + offset
        return i >= 0 && i < bytes.count ? bytes[i] : nil
    }

    /// Skips whitespace and comments.
    mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            if CharacterClass.isWhitespace(b) {
                position += 1
            } else if b == 0x25 {  // % comment to end of line
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// Reads the next token.
    mutating func next() throws -> Token {
        skipWhitespace()
        // Stray parentheses skipped in a loop: a run of them costs no stack.
        while skipsStrayParentheses, position < bytes.count, bytes[position] == 0x29 {
            position += 1
            strayParenthesesSkipped += 1
            skipWhitespace()
        }
        guard position < bytes.count else { return .endOfData }
        let start = position
        let b = bytes[position]
        switch b {
        case 0x28: return .string(try readLiteralString())
        case 0x3C:
            if peek(1) == 0x3C { position += 2; return .dictionaryStart }
            return .string(try readHexString())
        case 0x3E:
            if peek(1) == 0x3E { position += 2; return .dictionaryEnd }
            position += 1
            throw PDFError.syntax(offset: start, message: "unexpected '>'")
        case 0x5B: position += 1; return .arrayStart
        case 0x5D: position += 1; return .arrayEnd
        case 0x7B, 0x7D:
            // Braces only delimit PostScript calculator functions; pass them as keywords.
            position += 1
            return .keyword(b == 0x7B ? "{" : "}")
        case 0x2F: return .name(try readName())
        case 0x29:
            position += 1
            throw PDFError.syntax(offset: start, message: "unbalanced ')'")
        default:
            return readRegularToken()
        }
    }

    // MARK: - Numbers and keywords

    /// A run of regular characters: a number if it reads as one, otherwise a keyword.
    private mutating func readRegularToken() -> Token {
        let start = position
        while position < bytes.count && CharacterClass.isRegular(bytes[position]) { position += 1 }
        if let number = Lexer.parseNumber(bytes, start..<position) { return number }
        let length = min(position - start, 127)
        let word = UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
        if let keyword = Lexer.objectKeyword(word) { return .keyword(keyword) }
        return .keyword(String(decoding: word, as: UTF8.self))
    }

    /// The keywords of object syntax (`R`, `obj`, `endobj`, `stream`, `endstream`, `true`,
    /// `false`, `null`) as literals, so no string is built for them: a word of up to six
    /// bytes is told by its bytes packed into one integer.
    static func objectKeyword(_ word: UnsafeBufferPointer<UInt8>) -> String? {
        if word.count == 9 { return word.elementsEqual("endstream".utf8) ? "endstream" : nil }
        guard word.count <= 6 else { return nil }
        var packed: UInt64 = 0
        for (i, byte) in word.enumerated() { packed |= UInt64(byte) &<< UInt64(8 * i) }
        switch packed {
        case 0x52: return "R"
        case 0x6A_626F: return "obj"
        case 0x6A62_6F64_6E65: return "endobj"
        case 0x6D61_6572_7473: return "stream"
        case 0x6575_7274: return "true"
        case 0x65_736C_6166: return "false"
        case 0x6C6C_756E: return "null"
        default: return nil
        }
    }

    /// Parses `range` as an integer or a real, or returns nil when it is not a number.
    /// Accepts the forms other readers accept: `+5`, `-.5`, `4.`, `--3` (read as -3), and a
    /// trailing sign or second dot, which end the number.
    static func parseNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Token? {
        var i = range.lowerBound
        var negative = false
        while i < range.upperBound && (bytes[i] == 0x2B || bytes[i] == 0x2D) {
            if bytes[i] == 0x2D { negative = true }
            i += 1
        }
        guard i < range.upperBound else { return nil }
        let first = bytes[i]
        guard CharacterClass.isDigit(first) || first == 0x2E else { return nil }
        if first == 0x2E {
            guard i + 1 < range.upperBound, CharacterClass.isDigit(bytes[i + 1]) else { return nil }
        }
        var integer = 0
        var overflow = false
        var fraction = 0.0
        var scale = 1.0
        var isReal = false
        while i < range.upperBound {
            let c = bytes[i]
            if CharacterClass.isDigit(c) {
                let digit = Int(c - 0x30)
                if isReal {
                    scale /= 10
                    fraction += Double(digit) * scale
                } else if !overflow {
                    let (m, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(digit)
                    if o1 || o2 { overflow = true } else { integer = s }
                }
            } else if c == 0x2E && !isReal {
                isReal = true
            } else {
                break  // stray sign, second dot or letter: the number ends here
            }
            i += 1
        }
        if overflow {
            // Too large for Int: keep the magnitude as a real, which every consumer bounds-checks.
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            let value = Double(text.filter { $0.isNumber || $0 == "." }) ?? Double.greatestFiniteMagnitude
            return .real(negative ? -value : value)
        }
        if isReal {
            let value = Double(integer) + fraction
            return .real(negative ? -value : value)
        }
        return .integer(negative ? -integer : integer)
    }

    // MARK: - Strings

    /// Reads `( ... )` with balanced parentheses and escapes (7.3.4.2). The current byte is `(`.
    private mutating func readLiteralString() throws -> [UInt8] {
        let start = position
        position += 1
        var result: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            // A run of bytes that stand for themselves is copied at once (most strings are one
            // run), stopping where byte-by-byte reading would have passed the limit.
            let room = limits.maxStringLength - result.count  // the limit is checked after every byte, so room >= 0
            let runEnd = room >= bytes.count - position ? bytes.count : position + room + 1
            var end = position
            while end < runEnd, !Self.isSpecialInLiteral(bytes[end]) { end += 1 }
            if end > position {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
                position = end
                if result.count > limits.maxStringLength {
                    throw PDFError.limitExceeded("string at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
                }
                continue
            }
            let c = bytes[position]
            position += 1
            switch c {
            case 0x28:
                depth += 1
                result.append(c)
            case 0x29:
                depth -= 1
                if depth == 0 { return result }
                result.append(c)
            case 0x5C:
                guard position < bytes.count else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case 0x6E: result.append(0x0A)
                case 0x72: result.append(0x0D)
                case 0x74: result.append(0x09)
                case 0x62: result.append(0x08)
                case 0x66: result.append(0x0C)
                case 0x28, 0x29, 0x5C: result.append(e)
                case 0x0D:  // line continuation: backslash + EOL produces nothing
                    if position < bytes.count && bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case 0x30...0x37:
                    var value = Int(e - 0x30)
                    var digits = 1
                    while digits < 3, position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x37 {
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                        digits += 1
                    }
                    result.append(UInt8(truncatingIfNeeded: value))
                default: result.append(e)  // unknown escape: the backslash is ignored
                }
            case 0x0D:
                // An end-of-line inside a string reads as a single line feed (7.3.4.2).
                if position < bytes.count && bytes[position] == 0x0A { position += 1 }
                result.append(0x0A)
            default:
                result.append(c)
            }
            if result.count > limits.maxStringLength {
                throw PDFError.limitExceeded("string at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
            }
        }
        throw PDFError.unexpectedEnd(offset: start)
    }

    /// The bytes a literal string does not take as they are: parentheses, the backslash and
    /// the carriage return (an end of line reads as a line feed).
    @inline(__always) private static func isSpecialInLiteral(_ byte: UInt8) -> Bool {
        byte == 0x28 || byte == 0x29 || byte == 0x5C || byte == 0x0D
    }

    /// Reads `< ... >` (7.3.4.3). The current byte is `<`. An odd final digit counts as if
    /// followed by 0; whitespace and stray characters are skipped.
    private mutating func readHexString() throws -> [UInt8] {
        let start = position
        position += 1
        var result: [UInt8] = []
        var high: UInt8? = nil
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == 0x3E {
                // An odd last digit is a byte too (7.3.4.3), and counts towards the limit.
                if let h = high { result.append(h << 4) }
                if result.count > limits.maxStringLength {
                    throw PDFError.limitExceeded("string at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
                }
                return result
            }
            guard let v = CharacterClass.hexValue(c) else { continue }
            if let h = high {
                result.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
            if result.count > limits.maxStringLength {
                throw PDFError.limitExceeded("string at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
            }
        }
        throw PDFError.unexpectedEnd(offset: start)
    }

    // MARK: - Names

    /// Reads `/Name` with `#xx` escapes (7.3.5). The current byte is `/`.
    private mutating func readName() throws -> String {
        let start = position
        position += 1
        let nameStart = position
        // Almost every name is plain ASCII without escapes: take its bytes as they are.
        var plain = true
        while position < bytes.count && CharacterClass.isRegular(bytes[position]) {
            if bytes[position] == 0x23 || bytes[position] >= 0x80 { plain = false }
            position += 1
        }
        if plain {
            if position - nameStart > limits.maxStringLength {
                throw PDFError.limitExceeded("name at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        }
        position = nameStart
        var raw: [UInt8] = []
        while position < bytes.count && CharacterClass.isRegular(bytes[position]) {
            let c = bytes[position]
            if c == 0x23, let h = peek(1).flatMap(CharacterClass.hexValue), let l = peek(2).flatMap(CharacterClass.hexValue) {
                raw.append(h << 4 | l)
                position += 3
            } else {
                raw.append(c)
                position += 1
            }
            if raw.count > limits.maxStringLength {
                throw PDFError.limitExceeded("name at byte \(start) longer than \(limits.maxStringLength) bytes", limit: .maxStringLength, max: limits.maxStringLength)
            }
        }
        return Lexer.nameString(raw)
    }

    /// Names are byte sequences, conventionally UTF-8 (7.3.5); bytes that are not valid UTF-8
    /// are read as Latin-1 so that no name is lost.
    static func nameString(_ raw: [UInt8]) -> String {
        if raw.allSatisfy({ $0 < 0x80 }) { return String(decoding: raw, as: UTF8.self) }
        if let utf8 = String(validating: raw, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
    }
}
