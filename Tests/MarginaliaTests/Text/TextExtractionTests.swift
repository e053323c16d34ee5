import Foundation
import Marginalia
import Testing

@Suite("Text extraction: operators, positions and fonts")
struct TextExtractionTests {
    /// Helvetica's widths of H, e, l, l, o (AFM), in 1/1000 of the size.
    static let helloWidth = 722.0 + 556 + 222 + 222 + 556

    @Test func wordsOfAStandardFontLieWhereTheyAreDrawn() throws {
        let document = try TextFixtures.document(content: "BT /F1 12 Tf 72 700 Td (Hello World) Tj ET")
        let text = try document.text(ofPage: 0)
        #expect(text.words.map(\.text) == ["Hello", "World"])
        let hello = text.words[0].quad.bounds
        #expect(abs(hello.minX - 72) < 1e-6)
        #expect(abs(hello.maxX - (72 + Self.helloWidth * 12 / 1000)) < 1e-6)
        // Not embedded: boxes span the font box of the font a viewer draws (URW's Helvetica).
        #expect(abs(hello.minY - (700 - 0.299 * 12)) < 1e-6)
        #expect(abs(hello.maxY - (700 + 1.075 * 12)) < 1e-6)
        #expect(text.characters.allSatisfy { $0.fontName == "Helvetica" && $0.fontSize == 12 && $0.isMapped })
        #expect(text.string == "Hello World")
    }

    @Test func kerningWideEnoughSeparatesWordsAndNarrowKerningDoesNot() throws {
        let document = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td [(He) 20 (llo) -300 (World)] TJ ET")
        #expect(try TextFixtures.words(document) == ["Hello", "World"])
        let text = try document.text(ofPage: 0)
        // The kerning of 20/1000 moves "llo" back by 0.2 points.
        let l = text.characters[2].quad.bounds.minX
        #expect(abs(l - (72 + (722 + 556 - 20) * 10 / 1000.0)) < 1e-6)
    }

    @Test func spacingScalingAndRiseMoveGlyphs() throws {
        let content = "BT /F1 10 Tf 2 Tc 5 Tw 50 Tz 3 Ts 100 100 Td (a b) Tj ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        let a = text.characters[0].quad, b = text.characters[1].quad
        // a: width 556 at size 10, scaled 50 %; then Tc 2 (scaled) ; the space: 278 + Tc + Tw.
        let aAdvance = (5.56 + 2) * 0.5, spaceAdvance = (2.78 + 2 + 5) * 0.5
        #expect(abs(b.bottomLeft.x - (100 + aAdvance + spaceAdvance)) < 1e-6)
        #expect(abs(a.bottomLeft.y - (100 + 3 - 2.99)) < 1e-6)
    }

    @Test func lineOperatorsFollowLeading() throws {
        let content = "BT /F1 10 Tf 14 TL 72 700 Td (one) Tj T* (two) Tj (three) ' 0 -20 TD (four) Tj 0.5 0.1 (five) \" ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        let baselines = text.lines.map { Double($0.quad.bottomLeft.y) + 2.99 }
        #expect(text.lines.map { $0.words.map(\.text) } == [["one"], ["two"], ["three"], ["four"], ["five"]])
        for (found, expected) in zip(baselines, [700, 686, 672, 652, 632.0]) { #expect(abs(found - expected) < 1e-6) }
    }

    @Test func formXObjectsAreReadWithTheirMatrixAndResources() throws {
        let form = TextFixtures.stream("BT /G 10 Tf 0 0 Td (Inside) Tj ET",
                                       dictionary: "/Type/XObject/Subtype/Form/BBox[0 0 100 100]/Matrix[2 0 0 2 10 0]/Resources<</Font<</G 10 0 R>>>>")
        let document = try TextFixtures.document(content: "q 1 0 0 1 100 200 cm /X Do Q BT /F1 10 Tf 72 100 Td (Outside) Tj ET",
                                                 objects: [10: TextFixtures.standardFont(), 11: form], xObjects: ["X": 11])
        let text = try document.text(ofPage: 0)
        let inside = try #require(text.words.first { $0.text == "Inside" })
        #expect(abs(inside.quad.bottomLeft.x - 110) < 1e-6)
        #expect(abs(inside.characters(in: text).first!.fontSize - 20) < 1e-6)
        #expect(Set(text.words.map(\.text)) == ["Inside", "Outside"])
    }

    @Test func aFormThatDrawsItselfIsReadOnce() throws {
        let form = TextFixtures.stream("BT /F1 10 Tf 0 0 Td (Loop) Tj ET /X Do",
                                       dictionary: "/Subtype/Form/BBox[0 0 10 10]/Resources<</Font<</F1 10 0 R>>/XObject<</X 11 0 R>>>>")
        let document = try TextFixtures.document(content: "/X Do", objects: [10: TextFixtures.standardFont(), 11: form], xObjects: ["X": 11])
        #expect(try TextFixtures.words(document) == ["Loop"])
    }

    @Test func differencesNameGlyphsThroughTheGlyphList() throws {
        let font = "<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding<</BaseEncoding/WinAnsiEncoding/Differences[65/Aring/uni0416/f_f_i/g42/space]>>>>"
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td (ABCDE) Tj ET", objects: [10: font]).text(ofPage: 0)
        #expect(text.string.hasPrefix("ÅЖffi\u{FFFD}"))
        #expect(text.unmappedGlyphCount == 1)
    }

    @Test func compositeFontsReadToUnicodeAndWidths() throws {
        let cmap = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CMapName /Test-UCS def 1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 beginbfchar <0001> <0048> <0002> <00660066> endbfchar
            1 beginbfrange <0010> <0012> [<0041> <0042> <D83DDE00>] endbfrange
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type0/BaseFont/ABCDEF+Test/Encoding/Identity-H/DescendantFonts[11 0 R]/ToUnicode 12 0 R>>",
            11: "<</Type/Font/Subtype/CIDFontType2/BaseFont/ABCDEF+Test/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/DW 1000/W[1[500 2000] 16 18 250]>>",
            12: TextFixtures.stream(cmap),
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 0 0 Td <0001000200100011001200030001> Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.words.map(\.text) == ["HffAB😀\u{FFFD}H"])
        #expect(text.characters.first?.fontName == "Test")
        #expect(text.unmappedGlyphCount == 1)
        // "ff" is one glyph of 2000 units: each letter gets half of its 20 points.
        let f = text.characters[1].quad.bounds, secondF = text.characters[2].quad.bounds
        #expect(abs(f.minX - 5) < 1e-6 && abs(secondF.minX - 15) < 1e-6 && abs(secondF.maxX - 25) < 1e-6)
    }

    /// A `bfrange` whose destination is one string maps each later code to that string with its
    /// last character advanced by the code's offset (9.10.3): codes 0x61...0x63 from U+03B1 read
    /// αβγ, and 0x64...0x65 from "ff" read "ff", "fg" (a reading that ignored the offset gave
    /// ααα, issue 30).
    @Test func toUnicodeRangesAdvanceTheirLastCharacterByTheCodesOffset() throws {
        let cmap = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CMapName /Test-UCS def 1 begincodespacerange <00> <FF> endcodespacerange
            2 beginbfrange <61> <63> <03B1> <64> <65> <00660066> endbfrange
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding/ToUnicode 12 0 R>>",
            12: TextFixtures.stream(cmap),
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 72 700 Td (abcde) Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.string.hasPrefix("αβγfffg"))
        #expect(text.unmappedGlyphCount == 0)
    }

    @Test func verticalWritingAdvancesDownwards() throws {
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type0/BaseFont/V/Encoding/UniJIS-UCS2-V/DescendantFonts[11 0 R]>>",
            11: "<</Type/Font/Subtype/CIDFontType0/BaseFont/V/CIDSystemInfo<</Registry(Adobe)/Ordering(Japan1)/Supplement 6>>/DW 1000>>",
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 100 500 Td <65E5672C> Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.string == "日本")
        let first = text.characters[0].quad.bounds, second = text.characters[1].quad.bounds
        #expect(abs(first.minY - second.minY - 10) < 1e-6)
        #expect(abs(first.minX - 95) < 1e-6)
    }

    @Test func type3GlyphsScaleByTheFontMatrix() throws {
        let objects: [Int: String] = [
            10: "<</Type/Font/Subtype/Type3/FontBBox[0 -20 80 80]/FontMatrix[0.01 0 0 0.01 0 0]/CharProcs<<>>/Encoding<</Differences[97/a/b]>>/FirstChar 97/LastChar 98/Widths[50 100]/Resources<<>>>>",
        ]
        let text = try TextFixtures.document(content: "BT /F1 10 Tf 0 0 Td (ab) Tj ET", objects: objects).text(ofPage: 0)
        #expect(text.string == "ab")
        let b = text.characters[1].quad.bounds
        #expect(abs(b.minX - 5) < 1e-6 && abs(b.maxX - 15) < 1e-6)
        #expect(abs(b.minY + 2) < 1e-6 && abs(b.maxY - 8) < 1e-6)
    }

    @Test func actualTextReplacesWhatASequenceShows() throws {
        let content = "BT /F1 10 Tf 72 700 Td /Span <</ActualText <FEFF0064006F006E0065>>> BDC (d-) Tj EMC (x) Tj ET"
        #expect(try TextFixtures.words(TextFixtures.document(content: content)) == ["donex"])
    }

    @Test func textOutsideTheCropBoxIsLeftOut() throws {
        let content = "BT /F1 10 Tf 72 700 Td (In) Tj 0 -690 Td (Low) Tj 1000 0 Td (Out) Tj ET"
        let document = try TextFixtures.document(content: content, pageExtras: "/CropBox[0 50 612 792]")
        #expect(try TextFixtures.words(document) == ["In"])
    }
}

extension TextWord {
    func characters(in text: PageText) -> ArraySlice<TextCharacter> { text.characters[characterRange] }
}
