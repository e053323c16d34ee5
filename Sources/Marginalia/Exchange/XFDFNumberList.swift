import Foundation

/// Reads the number lists of XFDF (`rect`, `coords`, `dashes`, `<gesture>`, `<vertices>`)
/// in one pass over the UTF-8 bytes: an ink import of a million points must not allocate
/// a string per number.
///
/// A number is decimal: an optional sign, digits with an optional point, an optional
/// exponent. `nan`, `inf` and hexadecimal forms, which `Double(_:)` would take, are not
/// numbers here. Whitespace around numbers and separators is allowed.
enum XFDFNumberList {
    /// The numbers of a comma-separated list; nil when an item is not a finite number or
    /// is empty (`1,,2`, a trailing comma).
    static func numbers<S: StringProtocol>(_ text: S) -> [Double]? {
        scan(String(text), semicolons: false)?.values
    }

    /// Numbers separated by commas, in groups separated by semicolons (`x,y;x,y;`), with
    /// how many numbers each non-empty group holds.
    static func groups(_ text: String) -> (values: [Double], groupSizes: [Int])? {
        scan(text, semicolons: true)
    }

    private static func scan(_ text: String, semicolons: Bool) -> (values: [Double], groupSizes: [Int])? {
        var text = text
        return text.withUTF8 { bytes in
            var values: [Double] = []
            values.reserveCapacity(bytes.count / 4)
            var sizes: [Int] = []
            var inGroup = 0
            var expectNumber = true
            var afterComma = false
            var i = 0
            while true {
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { break }
                let c = bytes[i]
                if c == UInt8(ascii: ";") && semicolons && !afterComma {
                    if inGroup > 0 { sizes.append(inGroup) }
                    inGroup = 0
                    expectNumber = true
                    i += 1
                } else if expectNumber {
                    guard let (value, next) = number(bytes, at: i) else { return nil }
                    values.append(value)
                    inGroup += 1
                    i = next
                    expectNumber = false
                    afterComma = false
                } else if c == UInt8(ascii: ",") {
                    expectNumber = true
                    afterComma = true
                    i += 1
                } else {
                    return nil
                }
            }
            if afterComma { return nil }
            if inGroup > 0 { sizes.append(inGroup) }
            return (values, sizes)
        }
    }

    private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    private static func isDigit(_ c: UInt8) -> Bool {
        c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
    }

    /// Powers of ten a double holds exactly, so mantissa / 10^n is correctly rounded.
    private static let exactPowers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number starting at `start` and the index after it.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Double, Int)? {
        var i = start
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        var seenPoint = false
        while i < bytes.count {
            let c = bytes[i]
            if isDigit(c) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(c - UInt8(ascii: "0")) }
                digits += 1
                if seenPoint { decimals += 1 }
            } else if c == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var hasExponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            hasExponent = true
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            let exponentStart = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            guard i > exponentStart else { return nil }
        }
        // A number ends at a separator, whitespace or the end.
        if i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ","), bytes[i] != UInt8(ascii: ";") { return nil }
        let value: Double
        if !hasExponent, digits <= 15, decimals < exactPowers.count {
            value = Double(mantissa) / exactPowers[decimals]
        } else {
            // Long or exponent forms are rare: let the standard library round them.
            guard let parsed = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) else {
                return nil
            }
            value = abs(parsed)
        }
        guard value.isFinite else { return nil }
        return (negative ? -value : value, i)
    }
}
