import Foundation
import Marginalia
import Testing

/// Fonts in the predefined CJK CMaps, without /ToUnicode: text through the built-in Adobe
/// CMaps and character collections.
@Suite("Text of CJK fonts in predefined CMaps")
struct TextCJKTests {
    static func text(encoding: String, ordering: String, hex: String) throws -> PageText {
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type0/BaseFont/CJK/Encoding/\(encoding)/DescendantFonts[11 0 R]>>",
            11: "<</Type/Font/Subtype/CIDFontType0/BaseFont/CJK/CIDSystemInfo<</Registry(Adobe)/Ordering(\(ordering))/Supplement 2>>/DW 1000/W[1[500]]>>",
        ]
        return try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td <\(hex)> Tj ET", objects: objects).text(ofPage: 0)
    }

    @Test(arguments: [
        ("90ms-RKSJ-H", "Japan1", "4193FA967B", "A日本"),
        ("GBK-EUC-H", "GB1", "D6D0CEC4", "中文"),
        ("B5pc-H", "CNS1", "A4A4A4E5", "中文"),
        ("KSCms-UHC-H", "Korea1", "C7D1B1B9", "한국"),
    ])
    func legacyEncodingsReadThroughTheirCollections(encoding: String, ordering: String, hex: String, expected: String) throws {
        let text = try Self.text(encoding: encoding, ordering: ordering, hex: hex)
        #expect(text.string == expected)
        #expect(text.unmappedGlyphCount == 0)
    }

    @Test func singleByteCodesOfAMixedEncodingHaveProportionalWidths() throws {
        // In 90ms-RKSJ-H, "A" is CID 34 (proportional Roman in Japan1): /W gives CID 1 only,
        // so it takes /DW; the two kanji follow it at 10 points each.
        let text = try Self.text(encoding: "90ms-RKSJ-H", ordering: "Japan1", hex: "4193FA967B")
        let kanji = text.characters[1].quad.bounds
        #expect(abs(kanji.minX - 82) < 1e-6 && abs(kanji.width - 10) < 1e-6)
    }

    @Test func unicodeCMapsFindTheirCIDsForWidths() throws {
        // "日" is CID 3284 in Adobe-Japan1: /W gives it 500 units.
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type0/BaseFont/CJK/Encoding/UniJIS-UCS2-H/DescendantFonts[11 0 R]>>",
            11: "<</Type/Font/Subtype/CIDFontType0/BaseFont/CJK/CIDSystemInfo<</Registry(Adobe)/Ordering(Japan1)/Supplement 6>>/DW 1000/W[3284[500]]>>",
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td <65E5672C> Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.string == "日本")
        #expect(abs(text.characters[0].quad.bounds.width - 5) < 1e-6)
    }
}
