import Foundation
import Testing
@testable import Marginalia

/// Fonts whose text comes from their embedded programs: Type 1 and CFF built-in encodings,
/// TrueType character maps.
@Suite("Text from font programs")
struct TextFontProgramTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let nimbusOTF = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"

    /// The bytes of one table of an OpenType file.
    static func table(_ tag: String, in bytes: [UInt8]) throws -> [UInt8] {
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<count {
            let at = 12 + 16 * index
            if String(decoding: bytes[at..<(at + 4)], as: UTF8.self) == tag {
                return Array(bytes[u32(at + 8)..<(u32(at + 8) + u32(at + 12))])
            }
        }
        throw PDFError.invalidArgument("no \(tag) table")
    }

    @Test func aType1ProgramsOwnEncodingNamesItsGlyphs() throws {
        let program = """
            %!PS-AdobeFont-1.0: Test 001
            /FontName /Test def
            /Encoding 256 array
            0 1 255 {1 index exch /.notdef put} for
            dup 65 /Aring put
            dup 66 /f_f put
            readonly def
            /FontBBox {-100 -250 900 950} readonly def
            currentfile eexec
            """
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type1/BaseFont/ABCDEF+Test/FirstChar 65/LastChar 66/Widths[600 700]/FontDescriptor 11 0 R>>",
            11: "<</Type/FontDescriptor/FontName/ABCDEF+Test/Flags 4/FontBBox[0 0 0 0]/ItalicAngle 0/StemV 80/FontFile 12 0 R>>",
            12: TextFixtures.stream(program, dictionary: "/Length1 \(program.utf8.count)/Length2 0/Length3 0"),
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 0 0 Td (AB) Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.string == "Åff")
        // No Ascent in the descriptor: the program's FontBBox gives the height.
        #expect(abs(text.characters[0].quad.bounds.maxY - 9.5) < 1e-9)
    }

    @Test func aCFFProgramsCharsetAndEncodingAreRead() throws {
        let cff = try Self.table("CFF ", in: Array(try Data(contentsOf: URL(fileURLWithPath: Self.nimbusOTF))))
        let names = try #require(CFFEncoding.glyphNames(cff))
        #expect(names[0x41] == "A" && names[0x7A] == "z" && names[0xAE] == "fi")
        var objects: [Int: [UInt8]] = [
            10: Array("<</Type/Font/Subtype/Type1/BaseFont/NimbusSans-Regular/FontDescriptor 11 0 R/FirstChar 0/LastChar 255/Widths[\(String(repeating: "500 ", count: 256))]>>".utf8),
            11: Array("<</Type/FontDescriptor/FontName/NimbusSans-Regular/Flags 4/FontBBox[0 0 0 0]/ItalicAngle 0/StemV 80/FontFile3 12 0 R>>".utf8),
        ]
        objects[12] = TextFixtures.stream(bytes: cff, dictionary: "/Subtype/Type1C")
        let content = "BT /F1 10 Tf 0 0 Td (\\256nd Zoo) Tj ET"
        var bodies = objects
        bodies[1] = Array("<</Type/Catalog/Pages 2 0 R>>".utf8)
        bodies[2] = Array("<</Type/Pages/Kids[4 0 R]/Count 1>>".utf8)
        bodies[4] = Array("<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 10 0 R>>>>/Contents 5 0 R>>".utf8)
        bodies[5] = Array(TextFixtures.stream(content).utf8)
        let document = try PDFDocument(data: Data(TextFixtures.file(bodies)))
        #expect(try document.text(ofPage: 0).string == "find Zoo")
    }

    @Test func trueTypeGlyphsAreTracedBackThroughTheCharacterMap() throws {
        let font = Array(try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        let unicode = try #require(SFNTCharacterMaps(program: font).unicodeTable)
        let glyphs = "Zoë Ж".unicodeScalars.map { unicode[$0.value] ?? 0 }
        let codes = glyphs.map { String(format: "%04X", $0) }.joined()
        var bodies: [Int: [UInt8]] = [
            1: Array("<</Type/Catalog/Pages 2 0 R>>".utf8),
            2: Array("<</Type/Pages/Kids[4 0 R]/Count 1>>".utf8),
            4: Array("<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 10 0 R>>>>/Contents 5 0 R>>".utf8),
            5: Array(TextFixtures.stream("BT /F1 10 Tf 0 0 Td <\(codes)> Tj ET").utf8),
            10: Array("<</Type/Font/Subtype/Type0/BaseFont/DejaVuSans/Encoding/Identity-H/DescendantFonts[11 0 R]>>".utf8),
            11: Array("<</Type/Font/Subtype/CIDFontType2/BaseFont/DejaVuSans/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 12 0 R/CIDToGIDMap/Identity>>".utf8),
            12: Array("<</Type/FontDescriptor/FontName/DejaVuSans/Flags 4/FontBBox[0 0 0 0]/ItalicAngle 0/StemV 80/FontFile2 13 0 R>>".utf8),
        ]
        bodies[13] = TextFixtures.stream(bytes: font)
        let text = try PDFDocument(data: Data(TextFixtures.file(bodies))).text(ofPage: 0)
        #expect(text.string == "Zoë Ж")
        #expect(text.unmappedGlyphCount == 0)
    }
}
