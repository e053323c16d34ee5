import Foundation
import PDFCore
import Testing
@testable import Marginalia

extension TrueTypeTests {
    @Suite("Embedded in a PDF", .enabled(if: TrueTypeFixtures.hasDejaVu && TrueTypeEmbedding.hasTools, "DejaVu Sans or poppler/qpdf missing"))
    struct TrueTypeEmbeddingTests {
        static let line = "Héllo wörld Ωμέγα Привет"

        @Test func popplerExtractsTheTextAndListsAnEmbeddedSubset() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-line") { path in
                let text = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), ["-layout", path, "-"])
                #expect(text.status == 0)
                #expect(text.output.trimmingCharacters(in: .whitespacesAndNewlines) == Self.line)

                let fonts = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdffonts")), [path])
                #expect(fonts.status == 0)
                let row = try #require(fonts.output.split(separator: "\n").last.map(String.init))
                let columns = row.split(separator: " ").map(String.init)
                // name, type "CID TrueType", encoding Identity-H, emb sub uni, object, generation.
                #expect(columns.first == font.postScriptName)
                #expect(columns.first?.range(of: "^[A-Z]{6}\\+DejaVuSans$", options: .regularExpression) != nil)
                #expect(row.contains("CID TrueType"))
                #expect(row.contains("Identity-H"))
                #expect(columns.dropLast(2).suffix(3) == ["yes", "yes", "yes"], "\(row)")

                let check = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("qpdf")), ["--check", path])
                #expect(check.status == 0, "\(check.output)")
                #expect(check.output.contains("No syntax or stream encoding errors found"))
            }
        }

        @Test func fontObjectsSayWhatTheSpecificationAsks() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (_, file) = try TrueTypeEmbedding.onePagePDF(font: font, lines: ["Hello Ωμέγα"])
            let (type0, cidFont, descriptor, fontFile) = try TrueTypeEmbedding.fontObjects(file)
            let name = PDFObject.name(font.postScriptName)
            #expect(type0["Subtype"] == .name("Type0") && type0["Encoding"] == .name("Identity-H"))
            #expect(type0["BaseFont"] == name && cidFont["BaseFont"] == name && descriptor["FontName"] == name)
            #expect(cidFont["Subtype"] == .name("CIDFontType2") && cidFont["CIDToGIDMap"] == .name("Identity"))
            let info = try #require(try file.dictionary(cidFont["CIDSystemInfo"]))
            #expect(info["Registry"] == .string(Array("Adobe".utf8)) && info["Ordering"] == .string(Array("Identity".utf8)))
            #expect(info["Supplement"] == .integer(0))
            #expect(cidFont["DW"] == .integer(600)) // .notdef: 1229 units
            // .notdef and the glyphs shown, CIDs 1-10 (H e l o space Ω μ έ γ α): one run of widths.
            let widths = try #require(cidFont["W"]?.arrayValue)
            #expect(widths.count == 2 && widths.first == .integer(0))
            #expect(widths.last?.arrayValue?.count == 11)
            #expect(widths.last?.arrayValue?.prefix(2) == [.real(600.1), .real(751.95)]) // .notdef 1229, H 1540 units
            #expect(descriptor["Flags"] == .integer(4))
            #expect(descriptor["FontBBox"] == .array([-1021, -463, 1793, 1232].map { .integer($0) }))
            #expect(descriptor["ItalicAngle"] == .integer(0))
            #expect(descriptor["Ascent"] == .real(928.22) && descriptor["Descent"] == .real(-235.84))
            #expect(descriptor["CapHeight"] == .integer(729)) // the top of "H": 1493 units
            #expect(descriptor["StemV"] == .integer(85))
            let program = try fontFile.decodedBytes()
            #expect(fontFile.dictionary["Length1"] == .integer(program.count))
            #expect(fontFile.filterNames == ["FlateDecode"])
            #expect(try TrueTypeFont(data: Data(program)).glyphID(for: "H") == 1)
        }

        @Test func toUnicodeMapReadsBackThroughPoppler() throws {
            // Characters outside the BMP (surrogate pairs in the CMap), a combining mark, and
            // letters repeated after other glyphs were numbered.
            let font = try TrueTypeFixtures.dejaVuSans()
            let text = "abc 𐌀𐌁 e\u{301} abc"
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [text])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-tounicode") { path in
                let result = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), [path, "-"])
                #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
                        == text.precomposedStringWithCanonicalMapping)
            }
        }

        /// The line, composite glyphs (some nested), a character outside the BMP and one
        /// DejaVu lacks (.notdef's box): the subset must draw exactly as the whole font.
        static let renderLines = [
            line,
            "ÀÉÎÕÜ àéîõü ǕǖǞǟ ŒœŠšŽž",
            "ﬁ € ¼ ½ ‰ 𐌀 中 e\u{301}",
        ]

        @Test func subsetRendersLikeTheWholeFont() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (subsetPDF, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: Self.renderLines, size: 30)
            let wholePDF = try TrueTypeEmbedding.wholeFontPDF(original: try TrueTypeFixtures.dejaVuSans(),
                                                              bytes: try TrueTypeFixtures.dejaVuSansBytes(),
                                                              lines: Self.renderLines, size: 30)
            let subset = try TrueTypeEmbedding.withFile(subsetPDF, name: "truetype-subset") { try TrueTypeEmbedding.render($0, dpi: 60) }
            let whole = try TrueTypeEmbedding.withFile(wholePDF, name: "truetype-whole") { try TrueTypeEmbedding.render($0, dpi: 60) }
            #expect(subset.errors.isEmpty, "\(subset.errors)")
            #expect(subset.width == whole.width && subset.height == whole.height)
            // Ink on the page: the glyphs drew (letters at 30 pt cover thousands of pixels at 60 dpi).
            let inked = subset.pixels.filter { $0 < 128 }.count
            #expect(inked > 2000)
            let different = zip(subset.pixels, whole.pixels).filter { abs(Int($0) - Int($1)) > 8 }.count
            #expect(different == 0, "\(different) pixels differ from the whole font's render")
        }

        @Test func popplerPlacesTheLineWhereWidthSaysItEnds() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-bbox") { path in
                let result = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), ["-bbox", path, "-"])
                // <word xMin="72.000000" yMin=... xMax="..." ...>Привет</word>: the last word ends the line.
                let words = result.output.components(separatedBy: "<word ").dropFirst()
                let last = try #require(words.last)
                let xMax = try #require(last.components(separatedBy: "xMax=\"").dropFirst().first?.split(separator: "\"").first)
                let expected = 72 + font.width(of: Self.line, size: 24)
                #expect(abs(try #require(Double(xMax)) - expected) < 0.01, "poppler: \(xMax), width(of:): \(expected)")
            }
        }

        @Test func sizesOfTheEmbeddedSubset() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (linePDF, lineFile) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            let lineProgram = try TrueTypeEmbedding.fontObjects(lineFile).fontFile
            #expect(lineProgram.rawBytes.count < 20_000)

            // A page of Latin text: every ASCII letter, digit and mark, and the accented letters.
            let latin = try TrueTypeFixtures.dejaVuSans()
            let sentences = [
                "The quick brown fox jumps over the lazy dog; 0123456789 (\"quotes\", 'marks') & more!",
                "PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS? #1 @ 50% + $3 = [x] {y} <z> ~ ^ _ | \\ / *",
                "À bientôt, garçon: l'été où Zoë et Françoise mangèrent des crêpes à Noël.",
                "Über Größe, Maß und Fuß: schön, ähnlich, Ärger, Öl, Übel, Straße.",
                "Señor Núñez, ¿qué tal? ¡Año nuevo! Ação, coração, João, Ñandú, ÿ, Ý, þ, Þ, ð, Ð.",
            ]
            let lines = (0..<20).map { sentences[$0 % sentences.count] }
            let (pagePDF, pageFile) = try TrueTypeEmbedding.onePagePDF(font: latin, lines: lines, size: 10)
            let pageProgram = try TrueTypeEmbedding.fontObjects(pageFile).fontFile
            #expect(pagePDF.count < 40_000)
            print("TrueType sizes: line PDF \(linePDF.count) B, its FontFile2 \(lineProgram.rawBytes.count) B compressed "
                  + "(\(try lineProgram.decodedBytes().count) B); Latin page PDF \(pagePDF.count) B, FontFile2 "
                  + "\(pageProgram.rawBytes.count) B compressed (\(try pageProgram.decodedBytes().count) B), \(latin.usedGlyphCount) glyphs")
        }
    }
}
