/// `/ASCII85Decode` (7.4.3): groups of five characters `!` to `u`, base 85, for four bytes.
enum ASCII85Filter {
    static let name = StandardFilter.ascii85.rawValue

    private static let firstDigit = UInt8(ascii: "!")
    private static let lastDigit = UInt8(ascii: "u")
    private static let zeroGroup = UInt8(ascii: "z")
    private static let tilde = UInt8(ascii: "~")
    private static let less = UInt8(ascii: "<")
    private static let powers: [UInt64] = [85 * 85 * 85 * 85, 85 * 85 * 85, 85 * 85, 85, 1]

    /// Decodes base-85 groups into bytes, stopping with ``PDFError/limitExceeded(_:limit:max:)`` as
    /// soon as the output passes `limit` bytes (`z` makes four bytes of one character).
    ///
    /// Following 7.4.3: white space is ignored; `z` alone stands for four zero bytes; `~>`
    /// ends the data; a final partial group of n characters (2 to 4) is padded with `u` and
    /// gives n - 1 bytes. Tolerated, as other viewers do: a leading `<~` (the PostScript
    /// delimiter, which PDF does not use), a missing `~>`, `~` without `>`, and a final
    /// group of a single character, which encodes nothing and is dropped.
    ///
    /// - Throws: ``PDFError/filter(name:reason:)`` for a character outside the alphabet, a
    ///   `z` inside a group, or a group whose value passes 2^32 - 1.
    static func decode(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, input.count / 5 * 4 + 4))
        var index = startIndex(input)
        var group: UInt64 = 0
        var groupCount = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            if CharacterClass.isWhitespace(byte) { continue }
            if byte == tilde { break }
            if byte == zeroGroup {
                guard groupCount == 0 else {
                    throw PDFError.filter(name: name, reason: "'z' inside a group at byte \(index - 1)")
                }
                try append(0, count: 4, to: &output, limit: limit)
                continue
            }
            guard byte >= firstDigit && byte <= lastDigit else {
                throw PDFError.filter(
                    name: name, reason: "invalid character 0x\(ASCIIHexFilter.hex(byte)) at byte \(index - 1)")
            }
            group = group * 85 + UInt64(byte - firstDigit)
            groupCount += 1
            if groupCount == 5 {
                guard group <= UInt64(UInt32.max) else {
                    throw PDFError.filter(name: name, reason: "group value too large before byte \(index)")
                }
                try append(UInt32(group), count: 4, to: &output, limit: limit)
                group = 0
                groupCount = 0
            }
        }
        if groupCount >= 2 {
            // Pad with the largest digit so the kept bytes round the way the encoder cut them.
            let padded = group * powers[groupCount - 1] + (powers[groupCount - 1] - 1)
            guard padded <= UInt64(UInt32.max) else {
                throw PDFError.filter(name: name, reason: "final group value too large")
            }
            try append(UInt32(padded), count: groupCount - 1, to: &output, limit: limit)
        }
        return output
    }

    /// Where the data starts: after leading white space and an optional `<~`.
    private static func startIndex(_ input: [UInt8]) -> Int {
        var index = 0
        while index < input.count && CharacterClass.isWhitespace(input[index]) { index += 1 }
        if index + 1 < input.count && input[index] == less && input[index + 1] == tilde { return index + 2 }
        return 0
    }

    /// Appends the first `count` bytes of `value`, high byte first.
    private static func append(_ value: UInt32, count: Int, to output: inout [UInt8], limit: Int) throws {
        guard count <= limit - output.count else { throw FilterPipeline.limitError(limit) }
        for position in 0..<count {
            output.append(UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * position)))
        }
    }

    /// Encodes `input` in base 85 followed by `~>`, on one line, with `z` for every group
    /// of four zero bytes and a final partial group for the last one to three bytes.
    static func encode(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 5 + 7)
        var start = 0
        while start < input.count {
            let count = min(4, input.count - start)
            var value: UInt64 = 0
            for offset in 0..<4 {
                value = value << 8 | UInt64(offset < count ? input[start + offset] : 0)
            }
            if count == 4 && value == 0 {
                output.append(zeroGroup)
            } else {
                var digits = [UInt8](repeating: 0, count: 5)
                for position in stride(from: 4, through: 0, by: -1) {
                    digits[position] = firstDigit + UInt8(value % 85)
                    value /= 85
                }
                output.append(contentsOf: digits[0...count])
            }
            start += count
        }
        output.append(tilde)
        output.append(UInt8(ascii: ">"))
        return output
    }
}
