/// What a signature's `/ByteRange` covers (ISO 32000-2 12.8.1): two ranges from the start of
/// the file to the end of the signed version, with only the `/Contents` hex string between
/// them left out.
public struct SignatureByteRange: Sendable, Equatable {
    /// The covered ranges, in file order.
    public var ranges: [Range<Int>]
    /// The bytes between the first two ranges: `<`, the hex digits of `/Contents`, `>`.
    public var hole: Range<Int>

    /// Where the covered bytes end: the length of the version that was signed.
    public var end: Int { ranges[ranges.count - 1].upperBound }

    /// The pairs of `/ByteRange` as ranges, or nil when they are not pairs of non-negative
    /// numbers (a length or offset too large for the platform included).
    public static func pairs(_ byteRange: [Int]) -> [Range<Int>]? {
        guard !byteRange.isEmpty, byteRange.count % 2 == 0 else { return nil }
        var ranges: [Range<Int>] = []
        for index in stride(from: 0, to: byteRange.count, by: 2) {
            let start = byteRange[index], length = byteRange[index + 1]
            guard start >= 0, length >= 0 else { return nil }
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow else { return nil }
            ranges.append(start..<end)
        }
        return ranges
    }

    /// Checks `byteRange` against the file's bytes: exactly two ranges, the first from offset
    /// 0, the second after it and inside the file, and between them one hex string and
    /// nothing else. Anything else could leave bytes a viewer shows unsigned.
    ///
    /// - Throws: ``SignatureError/byteRange(field:reason:)`` saying which rule was broken.
    public static func check(_ byteRange: [Int], field: String, in source: ByteSource) throws -> SignatureByteRange {
        func fail(_ reason: String) -> SignatureError { .byteRange(field: field, reason: reason) }
        guard let ranges = pairs(byteRange) else { throw fail("/ByteRange is not pairs of offsets and lengths: \(byteRange)") }
        guard ranges.count == 2 else { throw fail("/ByteRange has \(ranges.count) ranges, not 2") }
        guard ranges[0].lowerBound == 0 else { throw fail("the first range starts at \(ranges[0].lowerBound), not 0") }
        guard ranges[1].lowerBound > ranges[0].upperBound else {
            throw fail("the second range starts at \(ranges[1].lowerBound), not after the first (\(ranges[0].upperBound))")
        }
        guard ranges[1].upperBound <= source.count else {
            throw fail("the second range ends at \(ranges[1].upperBound), past the end of the file (\(source.count))")
        }
        let hole = ranges[0].upperBound..<ranges[1].lowerBound
        guard hole.count >= 2, source[hole.lowerBound] == UInt8(ascii: "<"), source[hole.upperBound - 1] == UInt8(ascii: ">"),
              source.bytes(in: hole.lowerBound + 1..<hole.upperBound - 1).allSatisfy(isHexDigitOrSpace) else {
            throw fail("the bytes \(hole.lowerBound)..<\(hole.upperBound) left out are not one hex string")
        }
        return SignatureByteRange(ranges: ranges, hole: hole)
    }

    /// The bytes the signature covers, joined.
    public func coveredBytes(in source: ByteSource) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges { bytes.append(contentsOf: source.bytes(in: range)) }
        return bytes
    }

    /// The `/Contents` value read from the file's bytes (not from the parsed object: in an
    /// encrypted file this string is not encrypted, 7.6.2), trailing zero padding included
    /// (the CMS reader stops at the end of its DER).
    public func contents(in source: ByteSource) -> [UInt8] {
        var values = source.bytes(in: hole.lowerBound + 1..<hole.upperBound - 1).compactMap(CharacterClass.hexValue)
        if values.count % 2 == 1 { values.append(0) }
        return stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
    }

    private static func isHexDigitOrSpace(_ byte: UInt8) -> Bool {
        CharacterClass.hexValue(byte) != nil || CharacterClass.isWhitespace(byte)
    }
}
