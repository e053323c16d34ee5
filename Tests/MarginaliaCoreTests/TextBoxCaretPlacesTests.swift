import Foundation
import Testing
@testable import MarginaliaCore

/// The engine decides where a text box's caret and selection stand on its lines and where Up and
/// Down take the caret (issue 28): the browser only draws what these answer.
@Suite("Text box caret places")
struct TextBoxCaretPlacesTests {
    /// Every character 5 points (500 units at size 10) in a 20-point box without a border: 16
    /// points of room hold three, from x 2. "ab cde\nfg" breaks into "ab" (start 0, its space
    /// dropped), "cde" (start 3) and "fg" (start 7, after the newline at 6).
    static let layout: TextBoxLayout = {
        let text = "ab cde\nfg"
        let widths = TextBoxLayout.paragraphs(of: text).map { $0.map { _ in 500.0 } }
        return TextBoxLayout(text: text, widths: widths, ascent: 800, descent: -200, fontSize: 10,
                             box: CGRect(x: 0, y: 0, width: 20, height: 100), borderWidth: 0, alignment: 0)
    }()

    @Test func theLayoutIsTheOneWorkedOut() {
        let lines = Self.layout.lines
        #expect(lines.map(\.text) == ["ab", "cde", "fg"])
        #expect(lines.map(\.start) == [0, 3, 7])
        #expect(lines.map(\.stops) == [[2, 7, 12], [2, 7, 12, 17], [2, 7, 12]])
    }

    @Test func theCaretStandsOnTheLastLineStartingAtOrBeforeIt() {
        let lines = Self.layout.lines
        // 2 (after b) and 3 (after the dropped space: the next line's start) end line 0 and start line 1.
        #expect([0, 2, 3, 5, 6, 7, 9].map { TextBoxLayout.lineHolding($0, in: lines) } == [0, 0, 1, 1, 1, 2, 2])
        // After b: 12; after the newline's line end (6, "cde" done): 17; the space (offset 2
        // on line 0, index 2) stands at the line's end.
        #expect(TextBoxLayout.caretX(2, on: lines[0]) == 12)
        #expect(TextBoxLayout.caretX(6, on: lines[1]) == 17)
        #expect(TextBoxLayout.caretX(9, on: lines[2]) == 12)
        #expect(TextBoxLayout.lineHolding(4, in: []) == 0)
    }

    @Test func upAndDownKeepTheGoalXAndGoToTheEndsPastTheFirstAndLastLines() throws {
        let lines = Self.layout.lines
        // After d (4, x 7) down: "fg" at 7 is offset 1 of line 2, index 8; the goal kept is 7.
        #expect(TextBoxLayout.lineMove(from: 4, goalX: nil, down: true, in: lines, length: 9) == .init(index: 8, goalX: 7))
        // After e (6, x 17) down to "fg" (ends at 12): its end, 9; the goal 17 kept; up again
        // from 9 with goal 17: line 1's end, 6.
        #expect(TextBoxLayout.lineMove(from: 6, goalX: nil, down: true, in: lines, length: 9) == .init(index: 9, goalX: 17))
        #expect(TextBoxLayout.lineMove(from: 9, goalX: 17, down: false, in: lines, length: 9) == .init(index: 6, goalX: 17))
        // From line 1 at x 12 up: line 0's end (index 2, x 12; the line ends where line 1 does
        // not start, 2 then 3, so its end is a place).
        #expect(TextBoxLayout.lineMove(from: 5, goalX: nil, down: false, in: lines, length: 9) == .init(index: 2, goalX: 12))
        // Up from the first line: 0; down from the last: the text's length.
        #expect(TextBoxLayout.lineMove(from: 1, goalX: nil, down: false, in: lines, length: 9)?.index == 0)
        #expect(TextBoxLayout.lineMove(from: 8, goalX: nil, down: true, in: lines, length: 9)?.index == 9)
        #expect(TextBoxLayout.lineMove(from: 0, goalX: nil, down: true, in: [], length: 0) == nil)
        // A tie (x 4.5, halfway between 2 and 7) goes to the earlier place.
        #expect(TextBoxLayout.nearest(to: 4.5, onLine: 1, of: lines) == 3)
    }

    @Test func aWordBrokenAcrossLinesLeavesTheLineEndToTheNextLine() {
        // "abcdef" at 5 points a character breaks "abc" (0) and "def" (3): offset 3 is both
        // line 0's end and line 1's start, so a move up to x 17 stops before c (2), not at 3.
        let widths: [[Double]] = [Array(repeating: 500, count: 6)]
        let lines = TextBoxLayout(text: "abcdef", widths: widths, ascent: 800, descent: -200, fontSize: 10,
                                  box: CGRect(x: 0, y: 0, width: 20, height: 100), borderWidth: 0, alignment: 0).lines
        #expect(lines.map(\.start) == [0, 3])
        #expect(TextBoxLayout.nearest(to: 17, onLine: 0, of: lines) == 2)
        #expect(TextBoxLayout.nearest(to: 17, onLine: 1, of: lines) == 6)
    }

    @Test func aSelectionIsAStretchPerLineItTouches() {
        let lines = Self.layout.lines
        // b..d (1..<4): line 0 from 7 to its end 12, going on past it; line 1 from 2 to 7.
        #expect(TextBoxLayout.selectedSpans(from: 1, to: 4, in: lines) == [
            .init(line: 0, left: 7, right: 12, beyondEnd: true), .init(line: 1, left: 2, right: 7, beyondEnd: false),
        ])
        // Only the newline (6..<7): line 1 at its end, going on past it; nothing on line 2.
        #expect(TextBoxLayout.selectedSpans(from: 6, to: 7, in: lines) == [.init(line: 1, left: 17, right: 17, beyondEnd: true)])
        // "fg" (7..<9): line 2 from 2 to 12, the text ending there.
        #expect(TextBoxLayout.selectedSpans(from: 7, to: 9, in: lines) == [.init(line: 2, left: 2, right: 12, beyondEnd: false)])
    }

    @Test func rightToLeftLinesAreTheOnesHoldingSuchCharacters() {
        #expect(TextBoxLayout.holdsRightToLeft("abc \u{05E9}\u{05DC}\u{05D5}\u{05DD}"))  // Hebrew shalom
        #expect(TextBoxLayout.holdsRightToLeft("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"))  // Arabic
        #expect(TextBoxLayout.holdsRightToLeft("x\u{200F}"))  // a right-to-left mark
        #expect(!TextBoxLayout.holdsRightToLeft("abc \u{00E9}\u{0416}\u{4E2D}"))  // Latin, Cyrillic, Han
        #expect(!TextBoxLayout.holdsRightToLeft(""))
    }

    @Test func theBridgeAnswersTheCaretTheSpansAndTheMove() throws {
        let lines = #"[{"start": 0, "stops": [2, 7, 12]}, {"start": 3, "stops": [2, 7, 12, 17]}, {"start": 7, "stops": [2, 7, 12]}]"#
        func call(_ body: String) throws -> JSONValue {
            try JSONParser.parse(EngineBridge().call(Array(body.utf8)))
        }
        let caret = try call(#"{"call": "textBoxCaret", "lines": \#(lines), "from": 6, "to": 6}"#)
        #expect(caret["line"]?.numberValue == 1 && caret["x"]?.numberValue == 17, "\(caret)")
        let spans = try call(#"{"call": "textBoxCaret", "lines": \#(lines), "from": 1, "to": 4}"#)["spans"]?.arrayValue ?? []
        #expect(spans.map { $0["line"]?.numberValue } == [0, 1])
        #expect(spans.map { $0["left"]?.numberValue } == [7, 2] && spans.map { $0["right"]?.numberValue } == [12, 7])
        #expect(spans.map { $0["beyondEnd"]?.boolValue } == [true, false])
        let move = try call(#"{"call": "textBoxLineMove", "lines": \#(lines), "length": 9, "focus": 9, "down": false, "goalX": 17}"#)
        #expect(move["index"]?.numberValue == 6 && move["goalX"]?.numberValue == 17, "\(move)")
        let none = try call(#"{"call": "textBoxLineMove", "lines": [], "length": 0, "focus": 0, "down": true}"#)
        #expect(none["index"] == nil && none["error"] == nil, "\(none)")
        let backwards = try call(#"{"call": "textBoxCaret", "lines": \#(lines), "from": 4, "to": 1}"#)
        #expect(backwards["error"] != nil, "\(backwards)")
        // An offset near the largest whole number, with a line's stops added to it, would
        // overflow: refused, naming the field and the range.
        let far = try call(#"{"call": "textBoxCaret", "lines": [{"start": 9223372036854774784, "stops": [\#(Array(repeating: "0", count: 2000).joined(separator: ","))]}], "from": 0, "to": 1}"#)
        #expect(far["error"]?.stringValue?.contains("from 0 to 100000000") == true, "\(far)")
        let layout = try call(#"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [0, 0, 200, 100], "#
                              + #""text": "ab\n\u05E9\u05DC"}, "measured": {"\u05E9": 600, "\u05DC": 500}}"#)
        #expect((layout["lines"]?.arrayValue ?? []).map { $0["rightToLeft"]?.boolValue } == [false, true], "\(layout)")
    }
}
