import Foundation
import Testing
@testable import Marginalia

/// Shaping and line breaking of text in other scripts, with the fonts install-deps.sh
/// installs (DejaVu Sans, fonts-noto-core) and HarfBuzz.
@Suite("ShapedTextLayout")
struct ShapedTextLayoutTests {
    static func faces() throws -> TextFaces { try #require(TextFaces.make()) }

    @Test func scriptsGoToTheirNotoFontsAndLatinStaysInDejaVu() throws {
        let faces = try Self.faces()
        let text = "Hi שלום नमस्ते"
        let assigned = faces.assign(Array(text.unicodeScalars))
        let names = assigned.faces.map { faces[$0].font.fontName }
        #expect(names.prefix(2).allSatisfy { $0 == "DejaVuSans" })
        #expect(names[3...6].allSatisfy { $0 == "NotoSansHebrew-Regular" }, "\(names)")
        // The mark-bearing Devanagari cluster stays in one font, with the virama and signs.
        #expect(names[8...].allSatisfy { $0 == "NotoSansDevanagari-Regular" })
    }

    @Test func arabicLettersJoin() throws {
        // Beh alone and beh between two behs are different glyphs (isolated and medial forms).
        let faces = try Self.faces()
        let alone = try ShapedTextLayout.lines("ب", faces: faces, size: 10, maxWidth: 0)
        let joined = try ShapedTextLayout.lines("ببب", faces: faces, size: 10, maxWidth: 0)
        let isolated = try #require(alone.first?.runs.first?.glyphs.first?.glyph)
        let forms = try #require(joined.first?.runs.first?.glyphs.map(\.glyph))
        #expect(forms.count == 3)
        #expect(!forms.contains(isolated))
        #expect(joined.first?.runs.first?.rightToLeft == true)
    }

    @Test func devanagariConjunctIsOneClusterOfFewerGlyphs() throws {
        // क्ष (ka, virama, ssa) is drawn as one conjunct glyph in Noto Sans Devanagari.
        let faces = try Self.faces()
        let run = try #require(try ShapedTextLayout.lines("क्ष", faces: faces, size: 10, maxWidth: 0).first?.runs.first)
        #expect(run.glyphs.count < 3)
        #expect(run.clusters.count == 1)
        #expect(run.clusters[0].scalars == 0..<3)
    }

    @Test func mixedHebrewAndDigitsRunsInVisualOrder() throws {
        let faces = try Self.faces()
        let line = try #require(try ShapedTextLayout.lines("שלום 123", faces: faces, size: 10, maxWidth: 0).first)
        // The number comes first from the left, then the Hebrew.
        #expect(line.runs.map { String(String.UnicodeScalarView($0.scalars)) } == ["123", "שלום "])
        #expect(line.runs.map(\.rightToLeft) == [false, true])
    }

    @Test func arabicWrapsAtSpacesWithinTheWidth() throws {
        let faces = try Self.faces()
        let text = "مرحبا بالعالم مرحبا بالعالم"
        let whole = try #require(try ShapedTextLayout.lines(text, faces: faces, size: 12, maxWidth: 0).first)
        let lines = try ShapedTextLayout.lines(text, faces: faces, size: 12, maxWidth: whole.width * 0.6)
        #expect(lines.map(\.text) == ["مرحبا بالعالم", "مرحبا بالعالم"])
        #expect(lines.allSatisfy { $0.width <= whole.width * 0.6 })
    }

    @Test func onlyScriptsDejaVuCannotShapeAreShaped() {
        // Latin, Greek and Cyrillic keep the unshaped DejaVu Sans path (output unchanged).
        #expect(!ScriptFonts.needsShaping("déjà vu Ωμέγα Привет — “quoted” 123"))
        #expect(ScriptFonts.needsShaping("see مرحبا"))
        #expect(ScriptFonts.needsShaping("नमस्ते"))
        #expect(ScriptFonts.needsShaping("日本"))
    }

    @Test func fontsGoToTheirFilesAndCJKFacesFollowTheText() {
        #expect(ScriptFonts.path(forScript: "Latn") == nil)
        #expect(ScriptFonts.path(forScript: "Arab") == ScriptFonts.notoFolder + "/NotoSansArabic-Regular.ttf")
        #expect(ScriptFonts.font(forScript: "Hani", in: Array("中文".unicodeScalars))?.index == 2)
        #expect(ScriptFonts.font(forScript: "Hani", in: Array("日本語のテキスト".unicodeScalars))?.index == 0)
        #expect(ScriptFonts.font(forScript: "Hang", in: Array("한국어".unicodeScalars))?.index == 1)
    }

    @Test func bytesHarfBuzzCannotReadAreRefusedByName() {
        #expect(throws: TextShapingError.unreadableFont(path: "junk.ttf")) {
            try HarfBuzzFont(data: [0, 1, 2, 3], path: "junk.ttf")
        }
    }

    @Test func chineseBreaksBetweenIdeographs() throws {
        // No spaces: a line may break between any two ideographs. DejaVu Sans has none of
        // them, so each is measured as its .notdef, one width for all.
        let font = try #require(FontFallback.systemFont())
        let one = font.width(of: "你", size: 10)
        #expect(TextLayout.lines(for: "你好世界", font: font, size: 10, maxWidth: one * 2.5) == ["你好", "世界"])
        #expect(TextLayout.lines(for: "ab 你好", font: font, size: 10, maxWidth: font.width(of: "ab 你", size: 10))
            == ["ab 你", "好"])
    }
}
