import Foundation
import PDFCore
import Testing
@testable import Marginalia

extension TrueTypeTests {
    /// Golden output of the writers that need no font file: the ToUnicode CMap, the /W array,
    /// the subset's 'cmap', the sfnt checksum.
    @Suite("Writers")
    struct TrueTypeWriterTests {
        @Test func toUnicodeRangesCharactersAndSurrogatePairs() {
            // 1-3 run on (a b c), 4 breaks the run (e), 5 is outside the BMP, 6-7 run (x y).
            let text: [Int: Unicode.Scalar] = [1: "a", 2: "b", 3: "c", 4: "e", 5: "\u{10300}", 6: "x", 7: "y"]
            let program = String(decoding: ToUnicodeCMap.program(text), as: UTF8.self)
            let body = program.components(separatedBy: "endcodespacerange\n")[1].components(separatedBy: "endcmap")[0]
            #expect(body == """
                2 beginbfchar
                <0004> <0065>
                <0005> <D800DF00>
                endbfchar
                2 beginbfrange
                <0001> <0003> <0061>
                <0006> <0007> <0078>
                endbfrange

                """)
            #expect(program.hasPrefix("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"))
            #expect(program.contains("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange"))
            #expect(program.hasSuffix("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"))
        }

        @Test func toUnicodeRangesStopAtAByteBoundary() {
            // Codes 0xFE-0x101 with text U+0041... : a range may not cross from <00FF> to <0100>.
            var text: [Int: Unicode.Scalar] = [:]
            for (offset, code) in (0xFE...0x101).enumerated() { text[code] = Unicode.Scalar(0x41 + offset) }
            // Text U+00FE-0101 may not cross either: the destination's last byte would overflow.
            text[0x200] = Unicode.Scalar(0xFE)
            text[0x201] = Unicode.Scalar(0xFF)
            text[0x202] = Unicode.Scalar(0x100)
            let program = String(decoding: ToUnicodeCMap.program(text), as: UTF8.self)
            #expect(program.contains("<00FE> <00FF> <0041>\n<0100> <0101> <0043>\n<0200> <0201> <00FE>\n"))
            #expect(program.contains("<0202> <0100>\n"))
        }

        @Test func toUnicodeBlocksHoldAtMostAHundredEntries() {
            var text: [Int: Unicode.Scalar] = [:]
            for code in 1...250 { text[code] = Unicode.Scalar(0x4E00 + 2 * code) } // no two consecutive
            let program = String(decoding: ToUnicodeCMap.program(text), as: UTF8.self)
            #expect(program.components(separatedBy: "100 beginbfchar").count == 3)
            #expect(program.contains("50 beginbfchar"))
            #expect(!program.contains("beginbfrange"))
        }

        @Test func widthsInCompactForm() {
            let widths: [Int: Double] = [0: 600, 1: 500, 2: 500, 3: 500, 4: 250.5, 5: 300, 9: 700, 10: 700, 20: 100]
            #expect(CIDWidths.array(widths) == [
                .integer(0), .array([.integer(600)]),
                .integer(1), .integer(3), .integer(500),
                .integer(4), .array([.real(250.5), .integer(300)]),
                .integer(9), .array([.integer(700), .integer(700)]),
                .integer(20), .array([.integer(100)]),
            ])
            #expect(CIDWidths.array([:]).isEmpty)
        }

        @Test func subsetCharacterMapReadsBack() throws {
            let characters: [UInt32: Int] = [0x41: 1, 0x42: 2, 0x43: 3, 0x45: 4, 0x3A9: 5, 0xFFFF: 6, 0x10300: 7, 0x10301: 8]
            let table = SubsetCharacterMap.table(characters)
            let map = try CharacterMap(FontBytes(table, tag: "cmap"), numGlyphs: 9)
            for (code, glyph) in characters where code != 0xFFFF {
                #expect(map.glyph(for: try #require(Unicode.Scalar(code))) == glyph)
            }
            for code: Unicode.Scalar in ["D", "\u{FFFF}", "\u{10302}", "\u{3A8}"] { #expect(map.glyph(for: code) == 0) }
            // Without characters outside the BMP there is only the format 4 subtable.
            let basic = SubsetCharacterMap.table([0x20: 1])
            #expect(basic.prefix(4) == [0, 0, 0, 1])
            #expect(try CharacterMap(FontBytes(basic, tag: "cmap"), numGlyphs: 2).glyph(for: " ") == 1)
        }

        @Test func checksumPadsTheLastWord() {
            #expect(SFNTWriter.checksum([]) == 0)
            #expect(SFNTWriter.checksum([0, 0, 0, 1, 0xFF]) == 0xFF00_0001)
            #expect(SFNTWriter.checksum([0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 2]) == 1) // wraps around
        }

        @Test func postScriptNamesAreCleanedForPDF() {
            #expect(NameTable.sanitisedPostScriptName("DejaVu Sans (Bold)/x#1%") == "DejaVuSansBoldx1")
            #expect(NameTable.sanitisedPostScriptName("Schrift-Ä") == "Schrift-")
            #expect(NameTable.sanitisedPostScriptName("   ") == nil)
            #expect(NameTable.sanitisedPostScriptName(String(repeating: "A", count: 100))?.count == 63)
        }
    }
}
