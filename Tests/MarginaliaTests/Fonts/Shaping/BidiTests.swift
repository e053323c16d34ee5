import Testing
@testable import Marginalia

/// The order right-to-left text is drawn in (UAX #9 with FriBidi): expected orders worked out
/// by hand from the algorithm's rules, written as the characters a reader sees, left to right.
@Suite("Bidi")
struct BidiTests {
    @Test func hebrewWithDigitsKeepsTheNumberLeftToRight() throws {
        // Paragraph level 1 (first strong is Hebrew); digits resolve to level 2 (I2), the
        // space between R and EN to 1 (N1). L2 reverses 123 at level 2, then the whole line.
        #expect(try BidiParagraph.visualText("שלום 123") == "123 םולש")
        #expect(try BidiParagraph.visualText("עמוד 12 מתוך 345") == "345 ךותמ 12 דומע")
    }

    @Test func arabicInsideLatinIsReversedInPlace() throws {
        // Paragraph level 0; the Arabic word is level 1 and reversed where it stands.
        #expect(try BidiParagraph.visualText("abc مرحبا def") == "abc ابحرم def")
    }

    @Test func latinInsideArabicKeepsItsOrder() throws {
        // Paragraph level 1; "PDF 2" is level 2 (the space between L and EN takes their
        // level, N1), so it reads left to right where the Arabic around it is reversed.
        #expect(try BidiParagraph.visualText("ملف PDF 2 هنا") == "انه PDF 2 فلم")
    }

    @Test func forcedDirectionOverridesTheFirstStrongCharacter() throws {
        let paragraph = try BidiParagraph(Array("abc שלום".unicodeScalars), direction: .rightToLeft)
        #expect(paragraph.baseLevel == 1)
        #expect(try BidiParagraph.visualText("abc שלום", direction: .rightToLeft) == "םולש abc")
        #expect(try BidiParagraph(Array("123".unicodeScalars)).baseLevel == 0)
    }

    @Test func trailingSpacesStayAtTheParagraphEnd() throws {
        // L1: the trailing space goes back to the paragraph level (1), so it is drawn first,
        // at the left, the end a right-to-left line runs towards.
        let paragraph = try BidiParagraph(Array("abc שלום ".unicodeScalars), direction: .rightToLeft)
        #expect(paragraph.lineLevels(0..<9).last == 1)
    }

    @Test(arguments: [
        ([0, 0, 1, 1, 0], [0, 1, 3, 2, 4]),
        ([1, 1, 2, 2, 1], [4, 2, 3, 1, 0]),
        ([0, 1, 2, 1, 0], [0, 3, 2, 1, 4]),
        ([0, 0, 0], [0, 1, 2]),
    ] as [([UInt8], [Int])])
    func visualOrderReversesFromTheHighestLevel(levels: [UInt8], order: [Int]) {
        #expect(BidiParagraph.visualOrder(levels) == order)
    }
}
