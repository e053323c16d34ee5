import Foundation
import Testing
@testable import MarginaliaCore

/// Each laid-out line answers where a caret stands at each of its UTF-16 offsets (`stops`): the
/// browser draws the typing caret and selection and moves by the Up and Down keys along them,
/// measuring nothing itself (issue 28, the caret in WebKit).
@Suite("Text box caret stops")
struct TextBoxCaretStopsTests {
    @Test func aStopPerUTF16OffsetAtTheSumOfTheWidthsBeforeIt() {
        // Size 10: 300 units are 3 points, 500 are 5, 800 are 8. A 40-point box without a
        // border: padding 2, the text from x 2, 36 points of room.
        let text = "ab\u{1F600}c dd"
        let widths: [[Double]] = [[300, 500, 800, 300, 250, 500, 500]]
        let layout = TextBoxLayout(text: text, widths: widths, ascent: 800, descent: -200, fontSize: 10,
                                   box: CGRect(x: 0, y: 0, width: 40, height: 100), borderWidth: 0, alignment: 0)
        #expect(layout.lines.map(\.text) == ["ab\u{1F600}c dd"], "\(layout.lines)")
        // a at 2, b at 5, the emoji (two units, both at its start) at 10, c at 18, the space
        // at 21, d at 23.5 and 28.5, the end at 33.5.
        #expect(layout.lines.first?.stops == [2, 5, 10, 10, 18, 21, 23.5, 28.5, 33.5])
    }

    @Test func aWrappedOrCentredLineStopsFromItsOwnStartAndEndsAtItsWidth() {
        // Every character 500 units (5 points); 16 points of room hold three. Centred in a
        // 20-point box: a line of two (10 points) starts at 5, of three (15) at 2.5.
        let text = "ab cde"
        let widths = TextBoxLayout.paragraphs(of: text).map { $0.map { _ in 500.0 } }
        let layout = TextBoxLayout(text: text, widths: widths, ascent: 800, descent: -200, fontSize: 10,
                                   box: CGRect(x: 0, y: 0, width: 20, height: 100), borderWidth: 0, alignment: 1)
        #expect(layout.lines.map(\.text) == ["ab", "cde"], "\(layout.lines)")
        #expect(layout.lines.map(\.stops) == [[5, 10, 15], [2.5, 7.5, 12.5, 17.5]])
        for line in layout.lines {
            #expect(line.stops.first == line.x && line.stops.last == line.x + line.width)
        }
    }

    @Test func theBridgeAnswersEachLinesStops() throws {
        // Courier at 10: 6 points a character; the box 100 to 140 less 2 of padding each side
        // holds six; right-aligned, a line of two ends at 38 (the box's space starts at 0).
        let request = #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [100, 500, 140, 700], "width": 0, "#
            + #""text": "abcdefgh", "font": "Cour", "fontSize": 10, "alignment": "right"}}"#
        let answer = try JSONParser.parse(EngineBridge().call(Array(request.utf8)))
        let stops = (answer["lines"]?.arrayValue ?? []).map { $0["stops"]?.arrayValue?.compactMap(\.numberValue) ?? [] }
        #expect(stops == [[2, 8, 14, 20, 26, 32, 38], [26, 32, 38]], "\(answer)")
    }
}
