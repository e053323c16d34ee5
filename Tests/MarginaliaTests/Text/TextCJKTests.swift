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

/// A simple font that says WinAnsi but shows GBK text (S22PDF's Chinese files; pdf.js's
/// simfang variant in the corpus): read as GBK when its name is Chinese in GBK.
@Suite("Text of simple fonts holding GBK")
struct TextGBKSimpleFontTests {
    /// 黑体 (SimHei) and 宋体 (SimSun) in GBK bytes, as the producers name them.
    static let simHei = "#BA#DA#CC#E5", simSun = "#CB#CE#CC#E5"

    static func text(baseFont: String, extras: String = "", hex: String) throws -> PageText {
        let widths = Array(repeating: "500", count: 256).joined(separator: " ")
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/TrueType/BaseFont/\(baseFont)/Encoding/WinAnsiEncoding/FirstChar 0/LastChar 255/Widths[\(widths)]/FontDescriptor 11 0 R\(extras)>>",
            11: "<</Type/FontDescriptor/FontName/\(baseFont)/Flags 4/FontBBox[0 -200 1000 1000]/Ascent 1000/Descent -200/ItalicAngle 0/StemV 100>>",
        ]
        return try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td <\(hex)> Tj ET", objects: objects).text(ofPage: 0)
    }

    @Test func twoByteCodesReadAsChineseAndASCIIStaysASCII() throws {
        // 全世界 in GBK (C8AB CAC0 BDE7), a space, "A1", then the full-width comma A3AC.
        let text = try Self.text(baseFont: Self.simHei, hex: "C8ABCAC0BDE7204131A3AC")
        #expect(text.string.filter { !$0.isWhitespace } == "全世界A1，")
        #expect(text.unmappedGlyphCount == 0)
        #expect(text.characters.first?.fontName == "黑体")
    }

    @Test func aTwoByteCharacterAdvancesByItsBytesWidths() throws {
        // 500 + 500 units at 10 points: each character 10 points wide, the second from 82.
        let text = try Self.text(baseFont: Self.simSun, hex: "C8ABCAC0")
        let boxes = text.characters.map(\.quad.bounds)
        #expect(boxes.count == 2)
        #expect(abs(boxes[0].minX - 72) < 1e-6 && abs(boxes[0].width - 10) < 1e-6)
        #expect(abs(boxes[1].minX - 82) < 1e-6)
    }

    @Test(arguments: [
        ("Helvetica", "/Encoding/WinAnsiEncoding"),                             // a Latin name
        (TextGBKSimpleFontTests.simHei, "/Encoding/WinAnsiEncoding/ToUnicode 12 0 R"),                 // its own ToUnicode wins
        (TextGBKSimpleFontTests.simHei, "/Encoding<</Differences[200/Egrave]>>"),                      // an encoding of its own
        (TextGBKSimpleFontTests.simHei, "/Encoding/WinAnsiEncoding/FontDescriptor 11 0 R"),            // embedded
        ("Caf#E9", "/Encoding/WinAnsiEncoding"),                                // Latin-1, not GBK
    ])
    func otherFontsKeepOneCharacterAByte(baseFont: String, entries: String) throws {
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/TrueType/BaseFont/\(baseFont)\(entries)>>",
            11: "<</Type/FontDescriptor/FontName/\(baseFont)/Flags 4/FontFile2 13 0 R>>",
            12: TextFixtures.stream("/CIDInit/ProcSet findresource begin 1 begincodespacerange <00><FF> endcodespacerange 1 beginbfchar <C8><00C8> endbfchar endcmap"),
            13: TextFixtures.stream("not a font program"),
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td <C8AB> Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.characters.count == 2)
    }
}
