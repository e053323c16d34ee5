import Foundation
import Marginalia
import Testing

@Suite("Text layout: words, lines, blocks and reading order")
struct TextLayoutTests {
    @Test func columnsDrawnRowByRowReadColumnByColumn() throws {
        // Two columns whose lines share baselines, drawn across both columns row by row.
        var content = "BT /F1 10 Tf "
        for row in 0..<4 {
            let y = 700 - row * 12
            content += "1 0 0 1 72 \(y) Tm (left\(row)) Tj 1 0 0 1 320 \(y) Tm (right\(row)) Tj "
        }
        content += "ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        #expect(text.words.map(\.text) == ["left0", "left1", "left2", "left3", "right0", "right1", "right2", "right3"])
        #expect(text.blocks.count == 2)
        #expect(text.string == "left0\nleft1\nleft2\nleft3\n\nright0\nright1\nright2\nright3")
    }

    @Test func aHeadingAboveTwoColumnsComesFirst() throws {
        let content = """
            BT /F1 18 Tf 1 0 0 1 72 740 Tm (Title across the page) Tj
            /F1 10 Tf 1 0 0 1 320 700 Tm (R1) Tj 1 0 0 1 320 688 Tm (R2) Tj
            1 0 0 1 72 700 Tm (L1) Tj 1 0 0 1 72 688 Tm (L2) Tj ET
            """
        #expect(try TextFixtures.words(TextFixtures.document(content: content)) == ["Title", "across", "the", "page", "L1", "L2", "R1", "R2"])
    }

    @Test func aLineDrawnInPiecesIsOneLine() throws {
        let content = "BT /F1 10 Tf 1 0 0 1 72 700 Tm (Hello) Tj 1 0 0 1 72 600 Tm (Other) Tj 1 0 0 1 99.8 700 Tm (world) Tj ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        #expect(text.lines.first?.words.map(\.text) == ["Hello", "world"])
    }

    @Test func rotatedPagesReadAsShown() throws {
        // /Rotate 90 shows the page turned clockwise: text drawn upwards reads left to right,
        // and the page's left edge is at the top, so the line nearer it comes first.
        let content = "BT /F1 10 Tf 0 1 -1 0 300 100 Tm (first line) Tj 0 1 -1 0 320 100 Tm (second line) Tj ET"
        let text = try TextFixtures.document(content: content, pageExtras: "/Rotate 90").text(ofPage: 0)
        #expect(text.string == "first line\nsecond line")
        let word = try #require(text.words.first)
        // The quad runs along the text: upwards on the page.
        #expect(word.quad.bottomRight.y > word.quad.bottomLeft.y)
        #expect(abs(word.quad.bottomRight.x - word.quad.bottomLeft.x) < 1e-6)
    }

    @Test func rotatedTextOnAnUprightPageComesAfterTheUprightText() throws {
        let content = "BT /F1 10 Tf 0 1 -1 0 40 300 Tm (margin note) Tj 1 0 0 1 72 700 Tm (Body text) Tj ET"
        #expect(try TextFixtures.words(TextFixtures.document(content: content)) == ["Body", "text", "margin", "note"])
    }

    @Test func ligatureGlyphsBecomeTheirLetters() throws {
        let font = "<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding<</Differences[1/fi/ffl]>>>>"
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td (\\001nd wa\\002e) Tj ET", objects: [10: font]).text(ofPage: 0)
        #expect(text.string == "find waffle")
        let f = text.characters[0].quad.bounds, i = text.characters[1].quad.bounds
        #expect(abs(f.maxX - i.minX) < 1e-9 && abs(f.width - i.width) < 1e-9)
    }

    @Test func softHyphensShowOnlyWhereTheyEndALine() throws {
        // WinAnsi's code 0xAD names the glyph "hyphen"; a font that means a soft hyphen says so.
        let font = "<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding<</BaseEncoding/WinAnsiEncoding/Differences[173/uni00AD]>>>>"
        let content = "BT /F1 10 Tf 14 TL 72 700 Td (ex\\255tra) Tj T* (infor\\255) Tj T* (mation) Tj ET"
        let text = try TextFixtures.document(content: content, objects: [10: font]).text(ofPage: 0)
        #expect(text.words.map(\.text) == ["extra", "infor-", "mation"])
        #expect(text.words[1].isHyphenated)
        let found = text.findString("information")
        #expect(found.count == 1)
        #expect(found.first?.spans.first?.quads.count == 2)
    }

    @Test func characterEdgesFollowTheGlyphs() throws {
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td (Wil) Tj ET").text(ofPage: 0)
        let word = try #require(text.words.first)
        // W 944, i 222, l 222 (Helvetica).
        let total = 944.0 + 222 + 222
        #expect(word.characterEdges.count == 4)
        #expect(abs(word.characterEdges[1] - 944 / total) < 1e-9)
        #expect(abs(word.characterEdges[2] - (944 + 222) / total) < 1e-9)
        #expect(word.characterEdges.last == 1)
    }
}
