import Foundation
import Marginalia
import Testing

/// `PDFDocument.string(ofPage:)`, the page's string without its model: the same text as
/// `text(ofPage:).string` in every layout, and nothing of one page carried into the next by the
/// buffers pages share.
@Suite("Text extraction: a page's string alone")
struct PageStringTests {
    static let ligatures = "<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding<</Differences[1/fi/ffl]>>>>"
    static let softHyphen = "<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding<</BaseEncoding/WinAnsiEncoding/Differences[173/uni00AD]>>>>"
    /// Codes 1 and 2 name no glyph the glyph list knows: unmapped.
    static let unnamed = "<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding<</Differences[1/g1/g2]>>>>"

    /// Page contents with what they read as, worked out from the content by hand.
    static let cases: [(content: String, font: String, expected: String)] = [
        ("BT /F1 10 Tf 72 700 Td (Hello World) Tj ET", TextFixtures.standardFont(), "Hello World"),
        ("BT /F1 10 Tf 72 700 Td (\\001nd wa\\002e) Tj ET", ligatures, "find waffle"),
        ("BT /F1 10 Tf 14 TL 72 700 Td (ex\\255tra) Tj T* (infor\\255) Tj T* (mation) Tj ET", softHyphen,
         "extra\ninfor-\nmation"),
        // Two columns drawn row by row: each column is a block, read left then right.
        ("BT /F1 10 Tf 72 700 Td (left one) Tj 250 0 Td (right one) Tj -250 -12 Td (left two) Tj 250 0 Td (right two) Tj ET",
         TextFixtures.standardFont(), "left one\nleft two\n\nright one\nright two"),
        // A mark drawn as a glyph of its own (its /ActualText), joined to the letter before it.
        ("BT /F1 10 Tf 72 700 Td (e) Tj /Span <</ActualText <FEFF0301>>> BDC (x) Tj EMC ET", TextFixtures.standardFont(),
         "e\u{301}"),
        ("BT /F1 10 Tf 72 700 Td (\\001\\002) Tj ET", unnamed, "\u{FFFD}\u{FFFD}"),
    ]

    @Test(arguments: cases.indices)
    func theStringAloneIsTheWholeTextsString(_ index: Int) throws {
        let (content, font, expected) = Self.cases[index]
        // A fresh document for each: the string must be read, not taken from the cached text.
        let alone = try TextFixtures.document(content: content, objects: [10: font]).string(ofPage: 0)
        let whole = try TextFixtures.document(content: content, objects: [10: font]).text(ofPage: 0)
        #expect(alone.string == expected)
        #expect(alone.string == whole.string)
        #expect(alone.unmappedGlyphCount == whole.unmappedGlyphCount)
        #expect(alone.pageIndex == 0)
    }

    @Test func pagesReadOneAfterAnotherKeepNothingOfTheOneBefore() throws {
        let long = "BT /F1 10 Tf 14 TL 72 700 Td " + String(repeating: "(one two three four) Tj T* ", count: 40) + "ET"
        let short = "BT /F1 10 Tf 72 700 Td (five) Tj ET"
        let bodies: [Int: String] = [
            1: "<</Type/Catalog/Pages 2 0 R>>", 2: "<</Type/Pages/Kids[3 0 R 5 0 R]/Count 2>>",
            3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 10 0 R>>>>/Contents 4 0 R>>",
            4: TextFixtures.stream(long),
            5: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 10 0 R>>>>/Contents 6 0 R>>",
            6: TextFixtures.stream(short), 10: TextFixtures.standardFont(),
        ]
        let document = try PDFDocument(data: Data(TextFixtures.file(bodies)))
        let longText = Array(repeating: "one two three four", count: 40).joined(separator: "\n")
        for _ in 0..<2 {
            #expect(try document.string(ofPage: 0).string == longText)
            #expect(try document.string(ofPage: 1).string == "five")
        }
        // The whole text of the short page after the long one, then the long one's string again.
        #expect(try document.text(ofPage: 1).words.map(\.text) == ["five"])
        #expect(try document.string(ofPage: 0).string == longText)
    }
}
