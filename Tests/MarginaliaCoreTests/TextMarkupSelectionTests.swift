import Foundation
import Testing
@testable import MarginaliaCore

/// What a drag of the text markup tools selects (``TextSelection``): whole words from the
/// press's word to the release's, in reading order, one quad per line with the glyphs' own
/// edges; and the bridge's `setPageText` / `selectText`.
@Suite("Text markup selection")
struct TextMarkupSelectionTests {
    /// A word of `width` starting at `x` on a horizontal baseline `y`, 11 pt high.
    static func word(_ text: String, x: Double, width: Double, y: Double, line: Int, height: Double = 11) -> PageWords.Word {
        PageWords.Word(text: text, quad: [CGPoint(x: x, y: y + height), CGPoint(x: x + width, y: y + height),
                                          CGPoint(x: x, y: y), CGPoint(x: x + width, y: y)], line: line)
    }

    /// Two lines in Helvetica-like proportions: wide "WWW", narrow "il".
    static let page = PageWords(words: [
        word("Illuminating", x: 72, width: 55.6, y: 700, line: 0),
        word("WWW", x: 130.7, width: 31.2, y: 700, line: 0),
        word("minimal", x: 164.9, width: 38.5, y: 700, line: 0),
        word("il", x: 206.4, width: 6.1, y: 700, line: 0),
        word("Second", x: 72, width: 36.7, y: 686, line: 1),
        word("line", x: 111.8, width: 18.3, y: 686, line: 1),
    ])

    static func close(_ a: [CGPoint], _ b: [CGPoint], within tolerance: Double = 1e-6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs(Double($0.x - $1.x)) <= tolerance && abs(Double($0.y - $1.y)) <= tolerance }
    }

    @Test func aDragInsideWordsSelectsThemWholeWithTheirOwnEdges() throws {
        // From the middle of "WWW" to the middle of "minimal".
        let selection = try #require(TextSelection(from: CGPoint(x: 140, y: 705), to: CGPoint(x: 180, y: 704), in: Self.page))
        #expect(selection.first == 1 && selection.last == 2 && selection.text == "WWW minimal")
        #expect(selection.quads.count == 1)
        #expect(Self.close(selection.quads[0], [CGPoint(x: 130.7, y: 711), CGPoint(x: 203.4, y: 711),
                                                CGPoint(x: 130.7, y: 700), CGPoint(x: 203.4, y: 700)]))
        // Backwards: the same words.
        #expect(TextSelection(from: CGPoint(x: 180, y: 704), to: CGPoint(x: 140, y: 705), in: Self.page) == selection)
        // A press and release inside one narrow word: that word.
        let one = try #require(TextSelection(from: CGPoint(x: 207, y: 701), to: CGPoint(x: 208, y: 701), in: Self.page))
        #expect(one.text == "il" && Self.close(one.quads[0], Self.page.words[3].quad))
    }

    @Test func aDragDownThePageFollowsReadingOrderOneQuadPerLine() throws {
        let selection = try #require(TextSelection(from: CGPoint(x: 170, y: 703), to: CGPoint(x: 75, y: 690), in: Self.page))
        #expect(selection.text == "minimal il\nSecond")
        #expect(selection.quads.count == 2)
        #expect(Self.close(selection.quads[0], [CGPoint(x: 164.9, y: 711), CGPoint(x: 212.5, y: 711),
                                                CGPoint(x: 164.9, y: 700), CGPoint(x: 212.5, y: 700)]))
        #expect(Self.close(selection.quads[1], Self.page.words[4].quad))
    }

    @Test func pointsOffTheWordsPickTheNearestLineAndWordOrNothing() {
        // In the gap between words: the nearer word; in the left margin: the line's first word.
        #expect(TextSelection.word(at: CGPoint(x: 129.5, y: 705), in: Self.page) == 1)
        #expect(TextSelection.word(at: CGPoint(x: 20, y: 690), in: Self.page) == 4)
        // Between the lines (the first's bottom is 700, the second's top 697): the nearer.
        #expect(TextSelection.word(at: CGPoint(x: 80, y: 699.5), in: Self.page) == 0)
        #expect(TextSelection.word(at: CGPoint(x: 80, y: 697.5), in: Self.page) == 4)
        // Right of the first line's end: its last word.
        #expect(TextSelection.word(at: CGPoint(x: 230, y: 705), in: Self.page) == 3)
        // Far above or below the text: nothing, and no selection.
        #expect(TextSelection.word(at: CGPoint(x: 100, y: 760), in: Self.page) == nil)
        #expect(TextSelection(from: CGPoint(x: 100, y: 760), to: CGPoint(x: 140, y: 705), in: Self.page) == nil)
        #expect(TextSelection.word(at: CGPoint(x: 100, y: 705), in: PageWords(words: [])) == nil)
    }

    /// Text running up the page (a page shown rotated, or rotated text): the same rule along
    /// the text's own direction, quads in page space.
    @Test func textRunningUpThePageIsSelectedAlongItsDirection() throws {
        // Baseline x = 300 (glyph tops towards smaller x), words going up.
        func up(_ text: String, y: Double, length: Double, x: Double, line: Int) -> PageWords.Word {
            PageWords.Word(text: text, quad: [CGPoint(x: x - 11, y: y), CGPoint(x: x - 11, y: y + length),
                                              CGPoint(x: x, y: y), CGPoint(x: x, y: y + length)], line: line)
        }
        let page = PageWords(words: [up("Illuminating", y: 100, length: 55.6, x: 300, line: 0),
                                     up("WWW", y: 158.7, length: 31.2, x: 300, line: 0),
                                     up("minimal", y: 192.9, length: 38.5, x: 300, line: 0),
                                     up("next", y: 100, length: 20, x: 314, line: 1)])
        let selection = try #require(TextSelection(from: CGPoint(x: 295, y: 170), to: CGPoint(x: 296, y: 200), in: page))
        #expect(selection.text == "WWW minimal")
        #expect(Self.close(selection.quads[0], [CGPoint(x: 289, y: 158.7), CGPoint(x: 289, y: 231.4),
                                                CGPoint(x: 300, y: 158.7), CGPoint(x: 300, y: 231.4)]))
        // Across the lines: the rest of the first and the start of the second.
        let two = try #require(TextSelection(from: CGPoint(x: 295, y: 200), to: CGPoint(x: 309, y: 105), in: page))
        #expect(two.text == "minimal\nnext" && two.quads.count == 2)
    }

    @Test func aLineOfMixedSizesTakesTheTallestWordsTopAndBottom() throws {
        let page = PageWords(words: [Self.word("Big", x: 72, width: 30, y: 700, line: 0, height: 20),
                                     Self.word("small", x: 104, width: 20, y: 702, line: 0, height: 8)])
        let selection = try #require(TextSelection(from: CGPoint(x: 80, y: 705), to: CGPoint(x: 110, y: 705), in: page))
        #expect(Self.close(selection.quads[0], [CGPoint(x: 72, y: 720), CGPoint(x: 124, y: 720), CGPoint(x: 72, y: 700), CGPoint(x: 124, y: 700)]))
    }

    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    /// The bridge keeps each page's words until the document or its pages change, and says
    /// when it has none for the page asked about.
    @Test func theBridgeSelectsOnThePageTextItWasGiven() throws {
        let bridge = EngineBridge()
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [612, 792]}"#)
        let ask = #"{"call": "selectText", "pageIndex": 0, "from": [140, 705], "to": [180, 704]}"#
        #expect(try Self.call(bridge, ask)["needsText"]?.boolValue == true)
        let text = #"{"revision": 3, "page": 0, "unmappedGlyphs": 0, "blocks": [{"bounds": [72, 700, 204, 711], "lines": [{"quad": [72, 711, 204, 711, 72, 700, 204, 700], "words": [{"text": "Illuminating", "quad": [72, 711, 127.6, 711, 72, 700, 127.6, 700], "edges": [0, 1], "font": "Helvetica", "size": 11}, {"text": "WWW", "quad": [130.7, 711, 161.9, 711, 130.7, 700, 161.9, 700], "edges": [0, 1], "font": "Helvetica", "size": 11}, {"text": "minimal", "quad": [164.9, 711, 203.4, 711, 164.9, 700, 203.4, 700], "edges": [0, 1], "font": "Helvetica", "size": 11}]}]}]}"#
        #expect(try Self.call(bridge, #"{"call": "setPageText", "pageIndex": 0, "text": \#(text)}"#)["words"]?.numberValue == 3)
        let answer = try Self.call(bridge, ask)
        #expect(answer["text"]?.stringValue == "WWW minimal")
        #expect(answer["quads"]?.arrayValue?.first?.arrayValue?.compactMap(\.numberValue) == [130.7, 711, 203.4, 711, 130.7, 700, 203.4, 700])
        // Off the text: an empty answer.
        #expect(try Self.call(bridge, #"{"call": "selectText", "pageIndex": 0, "from": [100, 300], "to": [180, 704]}"#)["quads"] == nil)
        // A malformed quad is refused with where it is.
        let bad = try Self.call(bridge, #"{"call": "setPageText", "pageIndex": 0, "text": {"blocks": [{"lines": [{"words": [{"text": "x", "quad": [1, 2]}]}]}]}}"#)
        #expect(bad["error"]?.stringValue?.contains("quad") == true)
        // New pages: the text is asked for again.
        _ = try Self.call(bridge, #"{"call": "setPages", "pages": [{"box": [0, 0, 612, 792]}]}"#)
        #expect(try Self.call(bridge, ask)["needsText"]?.boolValue == true)
    }
}
