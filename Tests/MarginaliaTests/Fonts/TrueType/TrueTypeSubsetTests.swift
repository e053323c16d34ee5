import Foundation
import Testing
@testable import Marginalia

extension TrueTypeTests {
    @Suite("Subset font program", .enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
    struct TrueTypeSubsetTests {
        /// DejaVu Sans with "Héllo" shown, and its subset program.
        static func helloSubset() throws -> (font: TrueTypeFont, program: [UInt8]) {
            let font = try TrueTypeFixtures.dejaVuSans()
            _ = font.encode("Héllo")
            return (font, try TrueTypeFixtures.subsetProgram(of: font))
        }

        @Test func glyphsAreNumberedInOrderOfFirstUse() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            #expect(font.encode("Héllo").bytes == [0, 1, 0, 2, 0, 3, 0, 3, 0, 4])
            // Numbers given stay: "e" is new (5) though é's subset font uses it as a component.
            #expect(font.encode("olé e").bytes == [0, 4, 0, 3, 0, 2, 0, 5, 0, 6])
            #expect(font.encode("中").bytes == [0, 0])
            #expect(font.usedGlyphCount == 7) // .notdef, H, é, l, o, space, e
        }

        @Test func subsetTagIsDeterministicAndFollowsTheGlyphs() throws {
            let first = try TrueTypeFixtures.dejaVuSans(), second = try TrueTypeFixtures.dejaVuSans()
            _ = first.encode("Hello")
            _ = second.encode("Hello")
            #expect(first.postScriptName == second.postScriptName)
            #expect(first.postScriptName.range(of: "^[A-Z]{6}\\+DejaVuSans$", options: .regularExpression) != nil)
            _ = second.encode("x")
            #expect(first.postScriptName != second.postScriptName)
        }

        @Test func directoryIsSortedAlignedAndCheckSummed() throws {
            let (_, program) = try Self.helloSubset()
            let tables = TrueTypeFixtures.directory(program)
            #expect(Set(tables.keys) == ["OS/2", "cmap", "cvt ", "fpgm", "gasp", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "prep"])
            let tags = (0..<tables.count).map { String(decoding: program[(12 + 16 * $0)..<(16 + 16 * $0)], as: UTF8.self) }
            #expect(tags == tags.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            for (tag, table) in tables {
                #expect(table.offset % 4 == 0, "\(tag)")
                var data = Array(program[table.offset..<table.offset + table.length])
                if tag == "head" { data.replaceSubrange(8..<12, with: [0, 0, 0, 0]) }
                #expect(SFNTWriter.checksum(data) == table.checksum, "\(tag)")
            }
            // With checkSumAdjustment in place the whole file sums to the magic number.
            #expect(SFNTWriter.checksum(program) == 0xB1B0_AFBA)
        }

        @Test func subsetReadsBackWithItsOwnNumbering() throws {
            let (font, program) = try Self.helloSubset()
            let subset = try TrueTypeFont(data: Data(program))
            // .notdef, H, é, l, o, and the parts of é: e and acute.
            #expect(subset.glyphCount == 7)
            #expect(subset.unitsPerEm == 2048)
            #expect(subset.fontName == "DejaVuSans")
            for (character, number) in [("H", 1), ("é", 2), ("l", 3), ("o", 4)] as [(Unicode.Scalar, Int)] {
                #expect(subset.glyphID(for: character) == number)
                let original = try #require(font.glyphID(for: character))
                #expect(subset.advanceWidth(ofGlyph: number) == font.advanceWidth(ofGlyph: original))
            }
            #expect(subset.glyphID(for: "x") == nil)
            let eacute = subset.program.glyphs
            #expect(try eacute.components(of: 2).map(\.glyph) == [5, 6])
            #expect(eacute.data(of: 5) == font.program.glyphs.data(of: try #require(font.glyphID(for: "e"))))
        }

        @Test func nestedCompositesBringEveryLevel() throws {
            // U+01D5 (Ǖ) is U + uni03080304, itself a composite of dieresis and macron marks.
            let font = try TrueTypeFixtures.dejaVuSans()
            _ = font.encode("Ǖ")
            let subset = try TrueTypeFont(data: Data(try TrueTypeFixtures.subsetProgram(of: font)))
            let glyphs = subset.program.glyphs
            let top = try glyphs.components(of: 1).map(\.glyph)
            #expect(top.count == 2)
            let nested = try top.flatMap { try glyphs.components(of: $0) }.map(\.glyph)
            #expect(nested.count == 2)
            #expect(Set(top + nested).count == 4 && (top + nested).allSatisfy { $0 > 1 && $0 < subset.glyphCount })
            #expect(subset.glyphCount == 6)
        }

        @Test func nonBMPCharactersGetAFormat12Map() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            _ = font.encode("a𐌀")
            let subset = try TrueTypeFont(data: Data(try TrueTypeFixtures.subsetProgram(of: font)))
            #expect(subset.glyphID(for: "a") == 1)
            #expect(subset.glyphID(for: "\u{10300}") == 2)
        }

        @Test func fromACollectionTheFirstFontIsUsed() throws {
            let bytes = TrueTypeFixtures.collection(wrapping: try TrueTypeFixtures.dejaVuSansBytes())
            let font = try TrueTypeFont(data: Data(bytes))
            #expect(font.fontName == "DejaVuSans")
            #expect(font.glyphID(for: "A") == 36)
            _ = font.encode("Ab")
            #expect(try TrueTypeFont(data: Data(try TrueTypeFixtures.subsetProgram(of: font))).glyphCount == 3)
        }

        /// fontTools, when installed (`pip install fonttools`), as an outside reader of the subset:
        /// it verifies every table checksum and decompiles each glyph.
        @Test(.enabled(if: TrueTypeSubsetTests.hasFontTools, "fontTools is not installed"))
        func fontToolsReadsTheSubset() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            _ = font.encode("Héllo wörld Ωμέγα Привет Ǖ𐌀")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("subset-\(UUID().uuidString).ttf").path
            let program = try TrueTypeFixtures.subsetProgram(of: font)
            try Data(program).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let script = """
            import sys
            from fontTools.ttLib import TTFont
            f = TTFont(sys.argv[1], checkChecksums=2)
            glyf = f['glyf']
            for name in f.getGlyphOrder():
                g = glyf[name]
                if g.isComposite():
                    for c in g.components: assert c.glyphName in glyf, c.glyphName
                g.recalcBounds(glyf)
            cmap = f.getBestCmap()
            print(f['maxp'].numGlyphs, f['hhea'].numberOfHMetrics, f['head'].indexToLocFormat, f.getGlyphID(cmap[0x48]), f.getGlyphID(cmap[0x10300]), f['post'].formatType)
            """
            let result = try TrueTypeFixtures.run("/usr/bin/env", ["python3", "-c", script, path])
            #expect(result.status == 0, "\(result.output)")
            // All glyphs with full metrics, short 'loca', H first shown, U+10300 last.
            let count = try TrueTypeFont(data: Data(program)).glyphCount
            #expect(count > font.usedGlyphCount) // the parts of é, ö, έ, Ǖ
            #expect(result.output == "\(count) \(count) 0 1 \(font.usedGlyphCount - 1) 3.0\n")
        }

        static let hasFontTools: Bool = {
            (try? TrueTypeFixtures.run("/usr/bin/env", ["python3", "-c", "import fontTools"]).status) == 0
        }()
    }
}
