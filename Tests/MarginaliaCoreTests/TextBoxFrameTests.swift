import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": a text box's frame (its upright box on a turned page, the matrix onto
/// the page, background and border) and the lines of text drawn in an embedded font come from
/// the core's `textBoxLayout`, which the browser's overlay draws without computing any of it.
@Suite("Text box frames and embedded-font text laid out by the core")
struct TextBoxFrameTests {
    private func call(_ bridge: EngineBridge, _ request: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(request.utf8)))
    }

    private func numbers(_ value: JSONValue?) -> [Double] {
        value?.arrayValue?.compactMap(\.numberValue) ?? []
    }

    /// The point `(x, y)` of the box through `matrix` `[a b c d e f]`.
    private func apply(_ m: [Double], _ x: Double, _ y: Double) -> [Double] {
        [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
    }

    @Test(arguments: [0, 90, 180, 270])
    func aBoxOnATurnedPageIsLaidOutUprightAndTurnedOntoItsRect(rotation: Int) throws {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800], "rotation": \#(rotation)}], "viewSize": [600, 800]}"#)
        let answer = try call(bridge, #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [100, 200, 160, 300], "pageIndex": 0, "width": 0, "#
                              + #""text": "abcdefghij", "font": "Courier", "fontSize": 10}}"#)
        let sideways = rotation % 180 == 90
        #expect(numbers(answer["box"]) == [0, 0, sideways ? 100 : 60, sideways ? 60 : 100], "\(answer)")
        let m = numbers(answer["matrix"])
        // The turn the appearance's /Matrix makes, then the box's corners onto the rect's.
        let turn = [[1.0, 0, 0, 1], [0, 1, -1, 0], [-1, 0, 0, -1], [0, -1, 1, 0]][rotation / 90]
        #expect(Array(m.prefix(4)) == turn, "\(m)")
        let box = numbers(answer["box"])
        let corners = [apply(m, box[0], box[1]), apply(m, box[2], box[3])]
        #expect(Set(corners.map { $0[0] }) == [100, 160] && Set(corners.map { $0[1] }) == [200, 300], "\(corners)")
        // The lines break in the upright width: 60 less 4 is 9 Courier characters; 100 less 4, all ten.
        let texts = answer["lines"]?.arrayValue?.compactMap { $0["text"]?.stringValue }
        #expect(texts == (sideways ? ["abcdefghij"] : ["abcdefghi", "j"]), "\(answer)")
    }

    @Test func theBackgroundAndTheBorderAreTheAppearancesRectangles() throws {
        let request = ##"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [10, 20, 110, 70], "color": "#FFFF00", "width": 3}}"##
        let answer = try call(EngineBridge(), request)
        #expect(numbers(answer["background"]) == [0, 0, 100, 50], "\(answer)")
        #expect(numbers(answer["border"]?["rect"]) == [1.5, 1.5, 98.5, 48.5] && answer["border"]?["width"] == .number(3), "\(answer)")
        #expect(numbers(answer["clip"]) == [5, 5, 95, 45], "the text inside the border and 2 points")
        let bare = try call(EngineBridge(), #"{"call": "textBoxLayout", "annotation": {"type": "freeText", "rect": [10, 20, 110, 70], "width": 0}}"#)
        #expect(bare["background"] == nil && bare["border"] == nil, "no colour, no border: nothing drawn")
        // A border wider than the box is inset to its middle, as the appearance strokes it.
        #expect(TextBoxLayout.borderRect(in: CGRect(x: 0, y: 0, width: 4, height: 40), width: 10) == CGRect(x: 2, y: 5, width: 0, height: 30))
    }

    @Test func textInAnEmbeddedFontIsLaidOutWithTheMeasuredWidths() throws {
        let bridge = EngineBridge()
        // Ω and Ł are beyond WinAnsi: the engine asks for them, once each, then breaks with them.
        let annotation = #"{"type": "freeText", "rect": [0, 0, 64, 100], "width": 0, "font": "Courier", "fontSize": 10, "text": "ΩΩ ŁaΩ bb"}"#
        let asks = try call(bridge, #"{"call": "textBoxLayout", "annotation": \#(annotation)}"#)
        #expect(asks["measure"] == .strings(["Ω", "Ł"]) && asks["lines"] == nil, "\(asks)")
        // 60 available; Ω 1,000 units (10 points), Ł 1,500; a and b are Courier's 600 (6 points).
        let answer = try call(bridge, #"{"call": "textBoxLayout", "annotation": \#(annotation), "measured": {"Ω": 1000, "Ł": 1500}}"#)
        #expect(answer["standard"] == .bool(false) && answer["font"]?.stringValue == "Courier", "\(answer)")
        let lines = answer["lines"]?.arrayValue ?? []
        #expect(lines.compactMap { $0["text"]?.stringValue } == ["ΩΩ ŁaΩ", "bb"], "\(answer)")
        #expect(lines.compactMap { $0["width"]?.numberValue } == [20 + 6 + 15 + 6 + 10, 12], "\(answer)")
        let refused = try call(bridge, #"{"call": "textBoxLayout", "annotation": \#(annotation), "measured": {"Ω": -1, "Ł": 1}}"#)
        #expect(refused["error"]?.stringValue?.contains("measured.Ω") == true, "\(refused)")
    }
}
