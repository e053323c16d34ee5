import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": a free text box's lines in a standard font are broken and placed by
/// the core (TextBoxLayout, LineBreaker); the appearance stream writes them there and the
/// browser's overlay draws them there (the bridge's `textBoxLayout`).
@Suite("Text boxes laid out by the core")
struct TextBoxLayoutTests {
    /// Courier: every glyph 600 units, 6 points at size 10.
    private func courier(_ text: String, width: Double, height: Double = 200, border: Double = 0,
                         alignment: Int = 0) -> TextBoxLayout {
        TextBoxLayout(text: text, metrics: .courier, winAnsi: true, fontSize: 10,
                      box: CGRect(x: 0, y: 0, width: width, height: height), borderWidth: border, alignment: alignment)
    }

    @Test func aWordWiderThanTheBoxIsBrokenBetweenCharacters() {
        // 40 wide less 2 × 2 of padding: 36 points, six characters a line.
        let layout = courier("abcdefghijklmn xy", width: 40)
        #expect(layout.lines.map(\.text) == ["abcdef", "ghijkl", "mn xy"], "\(layout.lines)")
        #expect(layout.lines.map(\.width) == [36, 36, 30])
    }

    @Test func paragraphsBreakAtEveryNewlineAndKeepEmptyLines() {
        let layout = courier("ab\n\ncd\r\nef\rgh\u{2028}ij", width: 100)
        #expect(layout.lines.map(\.text) == ["ab", "", "cd", "ef", "gh", "ij"], "\(layout.lines)")
        #expect(courier("", width: 100).lines.map(\.text) == [""], "an empty text is one empty line")
    }

    @Test func spacesAtAWrapAndAtTheEndAreDroppedButIndentationStays() {
        // 50 wide: 46 points, seven characters.
        let layout = courier("aaa bbb ccc   ", width: 50)
        #expect(layout.lines.map(\.text) == ["aaa bbb", "ccc"], "\(layout.lines)")
        #expect(layout.lines.map(\.width) == [42, 18], "trailing spaces never count")
        #expect(courier("  aa bb", width: 100).lines.map(\.text) == ["  aa bb"])
        #expect(courier("aaaa    bbbb", width: 40).lines.map(\.text) == ["aaaa", "bbbb"], "the spaces at the wrap belong to no line")
    }

    @Test func linesArePlacedAsTheAppearanceWritesThem() {
        // Border 1: padding 3, text between x 3 and 97; first baseline the ascent below the top padding.
        let left = courier("aaa bbb\ncc", width: 100, height: 60, border: 1)
        let first = 60 - 3 - Double(StandardFontMetrics.courier.ascent) * 10 / 1000
        #expect(left.lines.map(\.x) == [3, 3] && left.lines.map(\.baseline) == [first, first - 11.5], "\(left.lines)")
        #expect(left.lineHeight == 11.5 && left.padding == 3 && left.clip == CGRect(x: 3, y: 3, width: 94, height: 54))
        let centre = courier("aaa bbb\ncc", width: 100, height: 60, border: 1, alignment: 1)
        #expect(centre.lines.map(\.x) == [50 - 21, 50 - 6], "\(centre.lines)")
        let right = courier("aaa bbb\ncc", width: 100, height: 60, border: 1, alignment: 2)
        #expect(right.lines.map(\.x) == [97 - 42, 97 - 12], "\(right.lines)")
    }

    @Test func linesWhollyBelowTheBoxAreLeftOut() {
        // 30 high: padding 2 leaves 26; baselines from 21.71 down by 11.5, none below -9.5.
        let layout = courier("a\nb\nc\nd\ne\nf", width: 100, height: 30)
        #expect(layout.lines.map(\.text) == ["a", "b", "c"], "\(layout.lines.map(\.baseline))")
        #expect(courier("a", width: 100).fontSize == 10)
        #expect(TextBoxLayout(text: "a", metrics: .courier, winAnsi: true, fontSize: .nan, box: .zero, borderWidth: 0,
                              alignment: 0).fontSize == 12, "a size that is not a positive number is 12")
    }

    @Test func charactersAreMeasuredByTheirCodeInTheFont() {
        let helvetica = StandardFontMetrics.helvetica
        #expect(helvetica.units(of: "€", winAnsi: true) == helvetica.width(ofCode: 0x80))
        #expect(helvetica.units(of: "Ω", winAnsi: true) == helvetica.width(ofCode: 0x3F), "drawn as ?")
        #expect(helvetica.units(of: "e\u{301}", winAnsi: true) == helvetica.width(ofCode: 0x3F))
        #expect(StandardFontMetrics.symbol.units(of: "a", winAnsi: false) == StandardFontMetrics.symbol.width(ofCode: 0x61))
        #expect(TextBoxLayout.measuresAsStandard("café € “q”\tx\r\ny"))
        #expect(!TextBoxLayout.measuresAsStandard("Ω") && !TextBoxLayout.measuresAsStandard("cafe\u{301}"))
    }

    @Test func fontNamesResolveToTheStandardFonts() {
        #expect(StandardFontNames.resolve("Helv") == "Helvetica")
        #expect(StandardFontNames.resolve("/ABCDEF+Times-Roman ") == "Times-Roman")
        #expect(StandardFontNames.resolve("Arial,BoldItalic") == "Helvetica-BoldOblique")
        #expect(StandardFontNames.resolve("TimesNewRomanPS-BoldMT") == "Times-Bold")
        #expect(StandardFontNames.resolve("Courier New Italic") == "Courier-Oblique")
        #expect(StandardFontNames.resolve("D050000L") == "ZapfDingbats")
        #expect(StandardFontNames.resolve("Calibri") == nil && StandardFontNames.resolve("") == nil)
        #expect(StandardFontNames.withTraits("Times-Roman", bold: true, italic: true) == "Times-BoldItalic")
        #expect(StandardFontNames.withTraits("Symbol", bold: true, italic: false) == "Symbol")
    }

    @Test func theBridgeAnswersTheLinesInTheBoxAndTheMatrixToThePage() throws {
        let request = #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [100, 500, 140, 700], "width": 0, "#
            + #""text": "abcdefghijklmn", "font": "Cour", "fontSize": 10, "alignment": "right"}}"#
        let answer = try JSONParser.parse(EngineBridge().call(Array(request.utf8)))
        let layout = courier("abcdefghijklmn", width: 40, alignment: 2)
        let lines = answer["lines"]?.arrayValue ?? []
        #expect(answer["standard"] == .bool(true) && answer["font"]?.stringValue == "Courier", "\(answer)")
        #expect(lines.compactMap { $0["text"]?.stringValue } == ["abcdef", "ghijkl", "mn"], "\(answer)")
        #expect(lines.compactMap { $0["x"]?.numberValue } == layout.lines.map(\.x))
        let baselines = lines.compactMap { $0["baseline"]?.numberValue }
        #expect(zip(baselines, layout.lines.map(\.baseline)).allSatisfy { abs($0 - $1) < 1e-6 }, "\(baselines)")
        #expect(answer["matrix"]?.arrayValue?.compactMap(\.numberValue) == [1, 0, 0, 1, 100, 500], "\(answer)")
        let unicode = #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 40, 40], "text": "Ωmega"}}"#
        let asks = try JSONParser.parse(EngineBridge().call(Array(unicode.utf8)))
        #expect(asks["standard"] == .bool(false) && asks["measure"] == .strings(["Ω"]) && asks["lines"] == nil, "\(asks)")
        let bad = #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 40, 40], "alignment": "justify"}}"#
        #expect(try JSONParser.parse(EngineBridge().call(Array(bad.utf8)))["error"] != nil)
    }
}
