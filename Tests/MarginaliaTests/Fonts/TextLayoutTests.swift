import Foundation
import Testing
@testable import Marginalia

extension FontsTests {
    @Suite("TextLayout")
    struct TextLayoutTests {
        /// Courier is 600 units for every glyph: 6 pt per character at 10 pt.
        static func courier(_ text: String, _ maxWidth: Double) -> [String] {
            TextLayout.lines(for: text, font: .courier, size: 10, maxWidth: maxWidth)
        }

        // MARK: - Wrapping

        @Test func wrapsAtTheLastSpaceThatFits() {
            // Helvetica units: The = 611+556+556 = 1723, quick = 556+556+222+500+500 = 2334,
            // brown = 556+333+556+722+556 = 2723, fox = 278+556+500 = 1334, space = 278.
            // "The quick brown" = 1723+278+2334+278+2723 = 7336, i.e. 73.36 pt at 10 pt.
            let text = "The quick brown fox"
            let at7336 = TextLayout.layout(for: text, font: .helvetica, size: 10, maxWidth: 73.36)
            #expect(at7336.map(\.text) == ["The quick brown", "fox"])
            #expect(at7336.map(\.width) == [73.36, 13.34])
            #expect(TextLayout.lines(for: text, font: .helvetica, size: 10, maxWidth: 73.35) == ["The quick", "brown fox"])
            #expect(TextLayout.lines(for: text, font: .helvetica, size: 10, maxWidth: 89.48) == [text])
            #expect(TextLayout.lines(for: text, font: .helvetica, size: 10, maxWidth: 89.47).count == 2)
        }

        @Test func exactWidthFits() {
            let width = StandardFont.timesRoman.width(of: "Hello world", size: 12)
            #expect(TextLayout.lines(for: "Hello world", font: .timesRoman, size: 12, maxWidth: width) == ["Hello world"])
            #expect(TextLayout.lines(for: "Hello world", font: .timesRoman, size: 12, maxWidth: width - 0.001)
                == ["Hello", "world"])
        }

        @Test func longWordsBreakBetweenCharacters() {
            #expect(Self.courier("abcdefghij", 20) == ["abc", "def", "ghi", "j"])
            // The words after a broken word continue on its last line when they fit.
            #expect(Self.courier("ab abcdefghij cd", 20) == ["ab", "abc", "def", "ghi", "j", "cd"])
            #expect(Self.courier("abcdefgh x", 24) == ["abcd", "efgh", "x"])
            #expect(Self.courier("abcdefg x", 24) == ["abcd", "efg", "x"])
            #expect(Self.courier("abcdef x", 30) == ["abcde", "f x"])
            // Narrower than one character: one character per line, never an endless loop.
            #expect(Self.courier("abc", 1) == ["a", "b", "c"])
            #expect(Self.courier("a👩‍👩‍👧b", 1).count == 3, "grapheme clusters stay whole")
        }

        @Test func spacesAtWrapsAndLineEndsDoNotCount() {
            #expect(Self.courier("abc    def", 18) == ["abc", "def"])
            #expect(Self.courier("abc def", 41) == ["abc", "def"])
            #expect(Self.courier("abc def", 42) == ["abc def"])
            let trailing = TextLayout.layout(for: "abc   ", font: .courier, size: 10, maxWidth: 18)
            #expect(trailing == [LaidOutLine(text: "abc", width: 18)])
            #expect(Self.courier("  ab", 100) == ["  ab"], "indentation is kept")
            #expect(Self.courier("ab\u{A0}cd ef", 30) == ["ab\u{A0}cd", "ef"], "a no-break space does not break")
        }

        @Test func paragraphs() {
            #expect(Self.courier("a\nb", 100) == ["a", "b"])
            #expect(Self.courier("a\r\nb", 100) == ["a", "b"])
            #expect(Self.courier("a\rb", 100) == ["a", "b"])
            #expect(Self.courier("a\n\nb", 100) == ["a", "", "b"])
            #expect(Self.courier("a\r\n\r\nb", 100) == ["a", "", "b"])
            #expect(Self.courier("a\n", 100) == ["a", ""])
            #expect(Self.courier("\n", 100) == ["", ""])
            #expect(Self.courier("abc def\nghi", 20) == ["abc", "def", "ghi"])
        }

        @Test func emptyAndWhitespaceOnlyText() {
            #expect(Self.courier("", 100) == [""])
            #expect(Self.courier("     ", 100) == [""])
            #expect(Self.courier("     ", 1) == [""])
            #expect(Self.courier("  \n  ", 100) == ["", ""])
            #expect(TextLayout.layout(for: "", font: .helvetica, size: 12, maxWidth: 50) == [LaidOutLine(text: "", width: 0)])
        }

        @Test(arguments: [0, -10, Double.nan, .infinity, -.infinity])
        func noUsableWidthGivesOneLinePerParagraph(maxWidth: Double) {
            #expect(Self.courier("a b c  \nd e", maxWidth) == ["a b c", "d e"])
        }

        @Test func lineWidthsMatchTheFontsMeasure() {
            let text = "Pack my box with five dozen liquor jugs. Zwölf Boxkämpfer jagen Viktor quer über den Sylter Deich."
            for font in StandardFont.allCases {
                for line in TextLayout.layout(for: text, font: font, size: 11, maxWidth: 120) {
                    #expect(line.width == font.width(of: line.text, size: 11))
                    #expect(line.width <= 120 || line.text.count == 1)
                }
            }
        }

        @Test func oddInputsDoNotTrap() {
            let text = "e\u{301}\u{0}\t東 " + String(repeating: "word ", count: 2_000)
            for size in [0, -1, .nan, .infinity, 1e308, .leastNonzeroMagnitude] {
                for maxWidth in [0, 1, 100, .nan, .infinity, 1e308] {
                    let lines = TextLayout.lines(for: text, font: .helvetica, size: size, maxWidth: maxWidth)
                    #expect(!lines.isEmpty)
                }
            }
        }

        // MARK: - Line height

        @Test func lineHeight() {
            #expect(TextLayout.lineHeight(font: .helvetica, size: 10) == 11.5)
            #expect(TextLayout.lineHeight(font: .courier, size: 20) == 23)
            #expect(TextLayout.lineHeight(font: .symbol, size: 10) > 13, "Symbol's tall glyphs get more room")
        }

        // MARK: - Fitting

        /// Whether `text` at `size` fits `box` by the documented rule.
        static func fits(_ text: String, _ font: StandardFont, _ size: Double, _ box: CGSize, wrapping: Bool = true) -> Bool {
            let lines = TextLayout.layout(for: text, font: font, size: size, maxWidth: wrapping ? box.width : .infinity)
            return Double(lines.count) * TextLayout.lineHeight(font: font, size: size) <= box.height + 1e-9
                && lines.allSatisfy { $0.width <= box.width + 1e-9 }
        }

        @Test func fittingSizeOfOneLine() {
            // "Hello" is 2278 units in Helvetica: 22.78 pt wide at 10 pt.
            let size = TextLayout.fittingFontSize(
                for: "Hello", font: .helvetica, in: CGSize(width: 22.78, height: 100), maximum: 100, minimum: 2,
                wrapping: false)
            #expect(size == 10)
            // The height limits: 1.15 * 20 = 23.
            let tall = TextLayout.fittingFontSize(
                for: "a", font: .courier, in: CGSize(width: 1000, height: 23), maximum: 100, minimum: 2)
            #expect(abs(tall - 20) < 0.011)
            #expect(Self.fits("a", .courier, tall, CGSize(width: 1000, height: 23)))
        }

        @Test func fittingSizeIsTheLargestThatFits() {
            let text = "Fill this field with a fairly long sentence, so that it has to wrap over several lines."
            for font in [StandardFont.helvetica, .timesBold, .courier] {
                for box in [CGSize(width: 200, height: 30), CGSize(width: 100, height: 100), CGSize(width: 300, height: 12)] {
                    let size = TextLayout.fittingFontSize(for: text, font: font, in: box, maximum: 24, minimum: 2)
                    #expect(size >= 2 && size <= 24)
                    #expect(Self.fits(text, font, size, box), "\(font) \(box) \(size)")
                    if size < 24 { #expect(!Self.fits(text, font, size + 0.01, box), "\(font) \(box) \(size)") }
                }
            }
        }

        @Test func fittingSizeGrowsWithTheBox() {
            let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\nSed do eiusmod."
            var previous = 0.0
            for step in 1...30 {
                let box = CGSize(width: 40 + Double(step) * 10, height: 10 + Double(step) * 4)
                let size = TextLayout.fittingFontSize(for: text, font: .helvetica, in: box, maximum: 40, minimum: 1)
                #expect(size >= previous, "box \(box)")
                previous = size
            }
            #expect(previous > 1)
        }

        @Test func fittingSizeLimits() {
            let box = CGSize(width: 100, height: 50)
            #expect(TextLayout.fittingFontSize(for: "x", font: .helvetica, in: box, maximum: 12, minimum: 4) == 12)
            #expect(TextLayout.fittingFontSize(for: "", font: .helvetica, in: box, maximum: 12, minimum: 4) == 12)
            let crowded = String(repeating: "many words ", count: 500)
            #expect(TextLayout.fittingFontSize(for: crowded, font: .helvetica, in: box, maximum: 12, minimum: 4) == 4)
            #expect(TextLayout.fittingFontSize(for: "x", font: .helvetica, in: .zero, maximum: 12, minimum: 4) == 4)
            #expect(TextLayout.fittingFontSize(for: "x", font: .helvetica, in: box, maximum: 3, minimum: 4) == 4)
            let nan = CGSize(width: Double.nan, height: 10)
            #expect(TextLayout.fittingFontSize(for: "x", font: .helvetica, in: nan, maximum: 12, minimum: 4) == 4)
            let unbounded = TextLayout.fittingFontSize(for: "x", font: .helvetica, in: box, maximum: 1e300, minimum: .nan)
            #expect(unbounded > 0 && unbounded < 50 && Self.fits("x", .helvetica, unbounded, box))
            let nanMaximum = TextLayout.fittingFontSize(for: "x", font: .helvetica, in: box, maximum: .nan, minimum: 6)
            #expect(nanMaximum == 6)
        }
    }
}
