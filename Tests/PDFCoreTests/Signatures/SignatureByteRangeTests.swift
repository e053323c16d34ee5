import Testing

@testable import PDFCore

/// A /ByteRange holds only when it covers everything from the start of the file to the end
/// of the signed version but one hex string (12.8.1): each way it can fail says which.
@Suite("Signature byte range")
struct SignatureByteRangeTests {
    /// 4 bytes, the hole `<0102AB>` (bytes 4..<12), 4 bytes.
    private static let file = ByteSource(bytes: Array("AAAA<0102AB>BBBB".utf8))

    @Test func aRangeAroundOneHexStringHolds() throws {
        let range = try SignatureByteRange.check([0, 4, 12, 4], field: "S", in: Self.file)
        #expect(range.hole == 4..<12)
        #expect(range.end == 16)
        #expect(range.contents(in: Self.file) == [0x01, 0x02, 0xAB])
        #expect(range.coveredBytes(in: Self.file) == Array("AAAABBBB".utf8))
    }

    @Test(arguments: [
        ([0, 4, 12], "not pairs"),
        ([0, 4, 12, -1], "not pairs"),
        ([0, 4, 12, 2, 14, 2], "3 ranges"),
        ([1, 3, 12, 4], "starts at 1"),
        ([0, 12, 4, 4], "not after the first"),
        ([0, 4, 12, 5], "past the end of the file"),
        ([0, 5, 12, 4], "not one hex string"),
        ([0, 4, 11, 5], "not one hex string"),
    ])
    func aBadRangeSaysWhy(range: [Int], reason: String) {
        #expect {
            try SignatureByteRange.check(range, field: "S", in: Self.file)
        } throws: { error in
            guard case SignatureError.byteRange(let field, let said) = error else { return false }
            return field == "S" && said.contains(reason)
        }
    }

    @Test func aHoleHoldingMoreThanHexDigitsIsRefused() {
        let file = ByteSource(bytes: Array("AAAA<01>/X<02>BBBB".utf8))
        #expect(throws: SignatureError.byteRange(field: "S", reason: "the bytes 4..<14 left out are not one hex string")) {
            try SignatureByteRange.check([0, 4, 14, 4], field: "S", in: file)
        }
    }

    @Test func hugeNumbersDoNotOverflow() {
        #expect(SignatureByteRange.pairs([0, 4, Int.max, 1]) == nil)
        #expect(SignatureByteRange.pairs([0, 4, 12, 4]) == [0..<4, 12..<16])
    }
}
