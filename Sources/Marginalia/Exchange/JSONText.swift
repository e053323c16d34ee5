import Foundation

/// Pieces of compact JSON text written as `JSONEncoder` writes them, byte for byte, for the
/// JSON written by hand where the encoder is too slow (the operation log's entries, each
/// stroke's annotation): a string escaped as it escapes one, slashes included; a number as
/// its `description` without a trailing `.0`.
public enum JSONText {
    /// A JSON string literal, escaped as `JSONEncoder` does by default (slashes included).
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/"): output.append(contentsOf: #"\/"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A number JSON cannot write (NaN or an infinity), which `JSONEncoder` refuses too.
    public struct NonFiniteNumber: Error, CustomStringConvertible {
        public let value: Double
        public var description: String { "\(value) is not a number JSON can write" }
    }

    /// A finite number as `JSONEncoder` writes a `Double`: Swift's shortest round-trip
    /// `description` (`0.1`, `1e-05`, `1.5e+300`) without the `.0` of a whole number.
    public static func appendNumber(_ value: Double, to output: inout [UInt8]) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        // The description's bytes, looked at as bytes: `String.hasSuffix` compares characters
        // (grapheme clusters), which cost more than the description itself.
        var text = value.description
        text.withUTF8 { bytes in
            let whole = bytes.count > 2 && bytes[bytes.count - 2] == UInt8(ascii: ".") && bytes[bytes.count - 1] == UInt8(ascii: "0")
            output.append(contentsOf: whole ? UnsafeBufferPointer(rebasing: bytes.dropLast(2)) : bytes)
        }
    }

    /// `[a,b,…]` of numbers.
    public static func appendNumbers(_ values: [Double], to output: inout [UInt8]) throws(NonFiniteNumber) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            try appendNumber(value, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// `[e0,e1,…]`, each element written by `element`.
    public static func appendArray<T>(_ values: [T], to output: inout [UInt8],
                                      _ element: (T, inout [UInt8]) throws(NonFiniteNumber) -> Void) throws(NonFiniteNumber) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            try element(value, &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}
