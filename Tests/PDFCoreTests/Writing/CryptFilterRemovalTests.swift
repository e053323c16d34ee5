import Testing

@testable import PDFCore

/// A stream written in the clear loses its `/Crypt` filter (7.4.10) and keeps the rest of its
/// chain with the parameters that go with each filter.
@Suite("Crypt filter removal")
struct CryptFilterRemovalTests {
    private static func stream(_ entries: [String: PDFObject]) -> PDFStream {
        var dictionary = PDFDictionary()
        for (key, value) in entries { dictionary[key] = value }
        return PDFStream(dictionary: dictionary, rawBytes: [1, 2, 3])
    }

    @Test func aCryptFilterBeforeFlateLeavesFlateWithoutParameters() {
        let identity: PDFObject = .dictionary(PDFDictionary(["Name": .name("Identity")]))
        let result = FullWriter.withoutCryptFilter(Self.stream([
            "Filter": .array([.name("Crypt"), .name("FlateDecode")]),
            "DecodeParms": .array([identity, .null]),
        ]))
        #expect(result.dictionary["Filter"] == .name("FlateDecode"))
        #expect(result.dictionary["DecodeParms"] == nil)
        #expect(result.rawBytes == [1, 2, 3])
    }

    @Test func theOtherFiltersKeepTheirParameters() {
        let predictor: PDFObject = .dictionary(PDFDictionary(["Predictor": .integer(12)]))
        let result = FullWriter.withoutCryptFilter(Self.stream([
            "Filter": .array([.name("Crypt"), .name("FlateDecode"), .name("ASCIIHexDecode")]),
            "DecodeParms": .array([.null, predictor, .null]),
        ]))
        #expect(result.dictionary["Filter"] == .array([.name("FlateDecode"), .name("ASCIIHexDecode")]))
        #expect(result.dictionary["DecodeParms"] == .array([predictor, .null]))
    }

    @Test func aLoneCryptFilterLeavesNoFilter() {
        let result = FullWriter.withoutCryptFilter(Self.stream(["Filter": .name("Crypt")]))
        #expect(result.dictionary["Filter"] == nil)
        #expect(result.dictionary["DecodeParms"] == nil)
    }

    @Test func aStreamWithoutCryptIsUnchanged() {
        let original = Self.stream(["Filter": .name("FlateDecode")])
        #expect(FullWriter.withoutCryptFilter(original).dictionary == original.dictionary)
    }
}
