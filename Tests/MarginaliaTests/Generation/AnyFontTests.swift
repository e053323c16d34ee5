import Foundation
import Testing
@testable import Marginalia

/// A stand-in for an embedded font: Helvetica's glyphs 10% wider (so widths are fractional),
/// shown with two-byte codes as a Type0 font's are. Only its bytes and measurements are
/// checked; it is never rendered.
final class TwoByteFont: PDFFont {
    let base = StandardFont.helvetica
    private(set) var dictionariesMade = 0

    var postScriptName: String { "Test-TwoByte" }
    var ascent: Double { base.ascent }
    var descent: Double { base.descent }
    func hasGlyph(for character: Character) -> Bool { base.code(for: character) != nil }
    func width(of text: String, size: Double) -> Double { base.width(of: text, size: size) * 1.1 }

    func encode(_ text: String) -> (bytes: [UInt8], missing: [Character]) {
        let (codes, missing) = base.encode(text)
        return (codes.flatMap { [0, $0] }, missing)
    }

    func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference {
        dictionariesMade += 1
        let descendant = add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("CIDFontType2")), ("BaseFont", .name(postScriptName)),
            ("CIDSystemInfo", .dictionary(PDFDictionary([
                ("Registry", .string(Array("Adobe".utf8))), ("Ordering", .string(Array("Identity".utf8))),
                ("Supplement", 0),
            ]))),
        ])))
        return add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type0")), ("BaseFont", .name(postScriptName)),
            ("Encoding", .name("Identity-H")), ("DescendantFonts", .array([.reference(descendant)])),
        ])))
    }
}

extension GenerationTests {
    /// Text layout and drawing with a font that is not one of the standard 14.
    @Suite("Any font")
    struct AnyFontTests {
        static let text = "The quick brown fox jumps over the lazy dog, then naps under a wide old oak tree."

        @Test(arguments: [40.0, 90, 150, 1_000])
        func layoutWithAnyFontWrapsWithinTheWidth(maxWidth: Double) {
            let font = TwoByteFont()
            let lines = TextLayout.layout(for: Self.text, font: font, size: 10, maxWidth: maxWidth)
            #expect(lines.map(\.text).joined(separator: " ") == Self.text, "only spaces at breaks are dropped")
            for line in lines {
                #expect(abs(line.width - font.width(of: line.text, size: 10)) < 1e-9)
                #expect(line.width <= maxWidth + 1e-9)
            }
            // Wider glyphs than Helvetica's: never fewer lines.
            #expect(lines.count >= TextLayout.lines(for: Self.text, font: .helvetica, size: 10, maxWidth: maxWidth).count)
            #expect(TextLayout.lineHeight(font: font, size: 10) == TextLayout.lineHeight(font: .helvetica, size: 10))
        }

        @Test func aStandardFaceLaysOutExactlyAsItsStandardFont() {
            for maxWidth in [30.0, 73.36, 120, .nan] {
                let face = TextLayout.layout(for: Self.text, font: StandardFontFace(.timesRoman) as any PDFFont,
                                             size: 11, maxWidth: maxWidth)
                #expect(face == TextLayout.layout(for: Self.text, font: .timesRoman, size: 11, maxWidth: maxWidth))
            }
        }

        /// Justification places each word itself, so it works for two-byte codes, where `Tw`
        /// (which only widens the single byte 32) would do nothing.
        @Test func justifiedLinesInATwoByteFontPlaceEachWord() throws {
            let font = TwoByteFont()
            let width = 200.0
            let lines = TextLayout.lines(for: Self.text, font: font, size: 10, maxWidth: width)
            #expect(lines.count >= 3)
            let pdf = try PDFRenderer().data { context in
                try context.beginPage()
                try context.flow([Paragraph(Self.text, font: font, size: 10, alignment: .justified)],
                                 in: CGRect(x: 50, y: 50, width: width, height: 600))
                try context.beginPage()
                try context.draw("Again", at: CGPoint(x: 50, y: 50), font: font, size: 10)
            }
            #expect(font.dictionariesMade == 1)
            let document = try PDFDocument(data: pdf)
            let content = String(decoding: try ErrorTests.content(ofPage: 0, in: document), as: UTF8.self)
            #expect(!content.contains(" Tw"))
            let words = lines.map { $0.split(separator: " ").count }
            let expectedShows = words.dropLast().reduce(0, +) + 1  // the last line is one piece
            #expect(content.components(separatedBy: " Tj").count - 1 == expectedShows)
            // Each word's two-byte codes are written as they were encoded.
            let firstWord = PDFSyntax.bytes(of: .string(font.encode("The ").bytes))
            #expect(content.utf8.contains(firstWord))
        }
    }
}

private extension String.UTF8View {
    func contains(_ bytes: [UInt8]) -> Bool {
        let all = Array(self)
        guard bytes.count <= all.count else { return false }
        return (0...(all.count - bytes.count)).contains { Array(all[$0..<($0 + bytes.count)]) == bytes }
    }
}
