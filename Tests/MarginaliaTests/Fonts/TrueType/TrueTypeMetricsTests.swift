import Foundation
import Testing
@testable import Marginalia

extension TrueTypeTests {
    /// Numbers read from DejaVu Sans with fontTools (`TTFont(...)['hmtx'][name]`, `getBestCmap()`).
    @Suite("Metrics and character map", .enabled(if: TrueTypeFixtures.hasDejaVu, "DejaVu Sans is not installed"))
    struct TrueTypeMetricsTests {
        /// Character, glyph ID and advance width in font units (2048 per em).
        static let glyphs: [(Character, Int, Int)] = [
            ("A", 36, 1401), ("W", 58, 2025), ("g", 74, 1300), (" ", 3, 651),
            ("é", 171, 1260), ("ö", 184, 1253), ("Œ", 276, 2191), ("€", 2948, 1303),
            ("Ω", 830, 1565), ("μ", 849, 1303), ("έ", 834, 1107),
            ("П", 948, 1540), ("ж", 971, 1845),
            ("Ǖ", 407, 1499), ("ﬁ", 5042, 1290),
            ("𐌀", 5373, 1550), // U+10300, outside the BMP: only the format 12 subtable has it
        ]

        @Test(arguments: glyphs)
        func glyphAndWidth(character: Character, glyph: Int, advance: Int) throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let scalar = try #require(character.unicodeScalars.first)
            #expect(font.glyphID(for: scalar) == glyph)
            #expect(font.hasGlyph(for: character))
            let expected = Double(advance) * 1000 / 2048
            #expect(abs(font.advanceWidth(ofGlyph: glyph) - expected) < 0.005)
            #expect(abs(font.width(of: String(character), size: 1000) - expected) < 0.005)
        }

        @Test func fontWideNumbers() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            #expect(font.unitsPerEm == 2048)
            #expect(font.glyphCount == 6253)
            #expect(font.fontName == "DejaVuSans")
            // hhea ascender 1901 and descender -483 (the font does not set USE_TYPO_METRICS).
            #expect(font.ascent == 928.22)
            #expect(font.descent == -235.84)
            #expect(!font.forbidsEmbedding)
        }

        @Test func widthOfAWordIsTheSumOfItsAdvancesAtTheSize() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            // W 2025 + A 1401 + W 2025 = 5451 units: no kerning between the letters.
            let sum = font.advanceWidth(ofGlyph: 58) * 2 + font.advanceWidth(ofGlyph: 36)
            #expect(abs(font.width(of: "WAW", size: 12) - sum * 12 / 1000) < 1e-9)
            #expect(abs(sum - 5451.0 * 1000 / 2048) < 0.02)
            #expect(font.width(of: "", size: 12) == 0)
        }

        @Test(arguments: ["中", "日本", "\u{E000}", "\u{1F9C0}"])
        func charactersDejaVuLacks(text: String) throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            for character in text { #expect(!font.hasGlyph(for: character)) }
            let encoded = font.encode(text)
            #expect(encoded.missing == Array(text))
            // Each is drawn as .notdef, code 0, and measured as it.
            #expect(encoded.bytes == Array(repeating: 0, count: 2 * text.count))
            #expect(font.width(of: text, size: 1000) == Double(text.count) * font.advanceWidth(ofGlyph: 0))
        }

        @Test func combiningSequenceMapsEachScalar() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            // "e" + COMBINING ACUTE ACCENT is one Character, drawn as two glyphs; the mark has
            // zero advance in DejaVu, so the pair measures as "e".
            let character: Character = "e\u{301}"
            #expect(font.hasGlyph(for: character))
            let encoded = font.encode(String(character))
            #expect(encoded.bytes == [0, 1, 0, 2])
            #expect(encoded.missing.isEmpty)
            #expect(font.width(of: String(character), size: 1000) == font.width(of: "e", size: 1000))
            // A base the font lacks with a mark it has: the character is missing, the mark drawn.
            let mixed: Character = "中\u{301}"
            #expect(!font.hasGlyph(for: mixed))
            #expect(font.encode(String(mixed)) == ([0, 0, 0, 2], [mixed]))
        }

        @Test func variationSelectorsTheFontLacksAreSkipped() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            // U+2764 HEAVY BLACK HEART + VARIATION SELECTOR-17: DejaVu has the heart only
            // (it has glyphs for VS-1 to VS-16, which are drawn, as empty glyphs).
            let heart: Character = "\u{2764}\u{E0100}"
            #expect(font.hasGlyph(for: heart))
            #expect(font.encode(String(heart)).bytes == [0, 1])
        }

        /// FontDescriptor flags and stem from other DejaVu faces (fontTools: post.isFixedPitch,
        /// post.italicAngle, OS/2 panose serif style 6 or 11, usWeightClass).
        @Test(arguments: [
            ("DejaVuSansMono", 1 | 4, 0.0, 85), ("DejaVuSerif", 2 | 4, 0, 85),
            ("DejaVuSerif-Italic", 2 | 4 | 64, -11, 85), ("DejaVuSans-Bold", 4, 0, 140),
        ])
        func descriptorFlagsOfOtherFaces(name: String, flags: Int, italicAngle: Double, stemV: Int) throws {
            let path = "/usr/share/fonts/truetype/dejavu/\(name).ttf"
            try #require(FileManager.default.fileExists(atPath: path), "\(name) is not installed")
            let font = try TrueTypeFont(path: path)
            #expect(font.fontName == name)
            #expect(font.flags == flags)
            #expect(font.program.post.italicAngle == italicAngle)
            #expect(font.stemV == stemV)
        }
    }
}
