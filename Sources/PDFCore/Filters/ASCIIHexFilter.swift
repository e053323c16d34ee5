/// `/ASCIIHexDecode` (7.4.2): two hexadecimal digits per byte, in either case.
enum ASCIIHexFilter {
    static let name = StandardFilter.asciiHex.rawValue
    private static let endOfData = UInt8(ascii: ">")

    /// Decodes hexadecimal digits into bytes.
    ///
    /// Following 7.4.2: white space is ignored, `>` ends the data, and an odd final digit
    /// counts as followed by 0. A missing `>` is tolerated: the data just ends.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` for any other character, with its
    ///   position in the encoded data.
    static func decode(_ input: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 2)
        var high: UInt8? = nil
        var index = 0
        while index < input.count {
            let byte = input[index]
            let digit = digitTable[Int(byte)]
            index += 1
            if digit < 16 {
                if let first = high {
                    output.append(first << 4 | digit)
                    high = nil
                } else {
                    high = digit
                }
            } else if digit == whitespaceMark {
                continue
            } else if byte == endOfData {
                break
            } else {
                throw PDFError.filter(name: name, reason: "invalid character 0x\(hex(byte)) at byte \(index - 1)")
            }
        }
        if let first = high { output.append(first << 4) }
        return output
    }

    private static let whitespaceMark: UInt8 = 0xFE
    private static let invalidMark: UInt8 = 0xFF

    /// For each byte value: its digit value, `whitespaceMark`, or `invalidMark`.
    private static let digitTable: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        if let digit = hexValue(byte) { return digit }
        return CharacterClass.isWhitespace(byte) ? whitespaceMark : invalidMark
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    private static let digits = Array("0123456789ABCDEF".utf8)

    /// Two upper-case hexadecimal digits for `byte`.
    static func hex(_ byte: UInt8) -> String {
        String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    /// Encodes `input` as upper-case hexadecimal digits followed by `>`, on one line.
    static func encode(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2 + 1)
        for byte in input {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        output.append(endOfData)
        return output
    }
}
