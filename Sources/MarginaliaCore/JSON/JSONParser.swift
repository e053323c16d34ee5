#if !hasFeature(Embedded)
import Foundation
#endif

/// Why a text is not JSON, and where (a byte offset).
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes: no comments, no trailing commas, no
/// NaN; nesting limited to ``maximumDepth`` so a hostile body cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Whether a number the fast path cannot read exactly is read again by the standard
    /// library (correctly rounded); see ``parse(_:correctlyRounded:)``.
    private var correctlyRounded = false

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON value that fills the whole text (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, rounding: false)
    }

    #if !hasFeature(Embedded)
    /// Parses as ``parse(_:)-([UInt8])`` does, every number read as the standard library reads
    /// it (correctly rounded, as `JSONDecoder` reads it): what a number of 16 or more
    /// significant digits needs to come back as the double that wrote it (a point of a stroke
    /// read back from the log). The browser's engine, which has no such reading, keeps the
    /// scaled one; it reads what the server sends and decides nothing by the last bit.
    public static func parse(_ text: String, correctlyRounded: Bool) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), rounding: correctlyRounded)
    }
    #endif

    private static func parse(_ bytes: [UInt8], rounding: Bool) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.correctlyRounded = rounding
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of the text") }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw error("expected a value")
        }
        index += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(JSONObject(members))
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        // Room for two from the start: most arrays of annotation JSON are points, growing
        // them from one element to two was a second allocation and copy per point (5% of
        // "ink" in docs/benchmarks.md).
        items.reserveCapacity(2)
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("a control character in a string") }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("a control character in a string") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("a lone surrogate in a \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("a lone surrogate in a \\u escape")
                }
                Self.appendUTF8(scalar, to: &utf8)
            default:
                throw error("an unknown escape in a string")
            }
        }
        throw error("unexpected end of the text in a string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of the text in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hexadecimal digits in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to utf8: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            utf8.append(UInt8(scalar))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | (scalar >> 6)))
            utf8.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | (scalar >> 12)))
            utf8.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            utf8.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            utf8.append(UInt8(0xF0 | (scalar >> 18)))
            utf8.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            utf8.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            utf8.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// A JSON number. Up to 19 significant digits are read exactly into an integer and
    /// scaled by a power of ten; when both fit a double exactly (the usual case: coordinates
    /// with a few decimals) the result is correctly rounded, and the same on every platform.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw error("a number with a leading zero") }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))  // 19 digits fit: no overflow
                    if mantissa > 0 { digits += 1 }
                } else {
                    exponent += 1
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))  // 19 digits fit: no overflow
                    if mantissa > 0 { digits += 1 }
                    exponent -= 1
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("expected a digit in an exponent") }
            var written = 0
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if written < 100_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        #if !hasFeature(Embedded)
        if correctlyRounded && !Self.scalesExactly(mantissa, exponent),
           let read = Double(String(decoding: bytes[start..<index], as: UTF8.self)) {
            guard read.isFinite else {
                index = start
                throw error("a number too large for a double")
            }
            return read
        }
        #endif
        let value = Self.scale(mantissa, byPowerOfTen: exponent)
        guard value.isFinite else {
            index = start
            throw error("a number too large for a double")
        }
        return negative ? -value : value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Powers of ten that doubles hold exactly.
    private static let exactPowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Whether `mantissa` and 10 to the `exponent` are both doubles exactly, so that one
    /// multiplication or division rounds the value correctly.
    private static func scalesExactly(_ mantissa: UInt64, _ exponent: Int) -> Bool {
        mantissa < (1 << 53) && exponent >= -22 && exponent <= 22
    }

    static func scale(_ mantissa: UInt64, byPowerOfTen exponent: Int) -> Double {
        if mantissa == 0 { return 0 }
        var value = Double(mantissa)
        if scalesExactly(mantissa, exponent) {
            return exponent < 0 ? value / exactPowers[-exponent] : value * exactPowers[exponent]
        }
        // Rare (very long or very large numbers): scale in exact steps; the last bits may differ
        // from a correctly rounded reading, identically on every platform.
        var remaining = exponent
        while remaining > 22 && value.isFinite {
            value *= 1e22
            remaining -= 22
        }
        while remaining < -22 && value != 0 {
            value /= 1e22
            remaining += 22
        }
        guard value.isFinite, value != 0 else { return value }
        return remaining < 0 ? value / exactPowers[-remaining] : value * exactPowers[remaining]
    }
}
