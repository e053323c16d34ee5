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

/// What a drag of the Redact tool marks (``RedactionDrag``): the text it selects when it
/// starts on a word, else the area between its ends; and the bridge's `redactionMark`.
@Suite("Redaction drag")
struct RedactionDragTests {
    static let page = TextMarkupSelectionTests.page
    static let bounds = CGRect(x: 0, y: 0, width: 612, height: 792)

    @Test func aDragStartingOnAWordMarksTheWordsItSelects() throws {
        let drag = try #require(RedactionDrag(from: CGPoint(x: 140, y: 705), to: CGPoint(x: 180, y: 704), page: Self.bounds, words: Self.page))
        guard case .text(let quads, let text) = drag else { Issue.record("expected a text mark, got \(drag)"); return }
        #expect(text == "WWW minimal")
        #expect(TextMarkupSelectionTests.close(quads[0], [CGPoint(x: 130.7, y: 711), CGPoint(x: 203.4, y: 711),
                                                          CGPoint(x: 130.7, y: 700), CGPoint(x: 203.4, y: 700)]))
    }

    @Test func aDragStartingOffTheWordsMarksItsAreaClampedToThePage() throws {
        // Starting in the gap between the lines (beside text, not on it): an area, even over words.
        let drag = RedactionDrag(from: CGPoint(x: 100, y: 698.5), to: CGPoint(x: 150, y: 720), page: Self.bounds, words: Self.page)
        #expect(drag == .area(CGRect(x: 100, y: 698.5, width: 50, height: 21.5)))
        #expect(RedactionDrag(from: CGPoint(x: 600, y: 10), to: CGPoint(x: 700, y: -20), page: Self.bounds, words: Self.page)
            == .area(CGRect(x: 600, y: 0, width: 12, height: 10)))
        // Thinner than two points: nothing.
        #expect(RedactionDrag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 301, y: 400), page: Self.bounds, words: Self.page) == nil)
        // A page without words marks areas only.
        #expect(RedactionDrag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 40, y: 30), page: Self.bounds, words: PageWords(words: []))
            == .area(CGRect(x: 10, y: 10, width: 30, height: 20)))
    }

    @Test func aMarkIsAnAnnotationTheEngineHitsMovesAndComparesByItsQuadsOrRect() throws {
        let text = Annotation(id: "t", pageIndex: 0, kind: .redact(.init(quads: [.init(points: Self.page.words[1].quad)])),
                                      rect: CGRect(x: 130.7, y: 700, width: 31.2, height: 11))
        let area = Annotation(id: "a", pageIndex: 0, kind: .redact(.init()), rect: CGRect(x: 10, y: 10, width: 30, height: 20))
        #expect(text.typeName == "redact" && text.isEditable && area.isEditable)
        #expect(AnnotationShape(text).contains(CGPoint(x: 140, y: 705), tolerance: 0))
        #expect(!AnnotationShape(text).contains(CGPoint(x: 140, y: 730), tolerance: 0))
        #expect(AnnotationShape(area).contains(CGPoint(x: 25, y: 20), tolerance: 0), "an area mark is hit inside")
        let moved = SelectionGeometry.applying(.translation(x: 5, y: -2), to: text, rect: text.rect.offsetBy(dx: 5, dy: -2))
        guard case .redact(let redact) = moved.kind else { Issue.record("moved into \(moved.kind)"); return }
        #expect(TextMarkupSelectionTests.close(redact.quads[0].points, Self.page.words[1].quad.map { CGPoint(x: $0.x + 5, y: $0.y - 2) }))
        #expect(!EditorCommand.sameGeometry(text, moved) && EditorCommand.sameGeometry(text, text))
    }
}
