import Foundation
import Testing
@testable import MarginaliaCore

/// The keyboard's way through a page's annotations (`keyboardOrder`) and a finger's long press
/// on text (`longPressSelectsText`), issue 15's keyboard and touch items.
@Suite("Engine: keyboard order and long press on text")
struct KeyboardOrderTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func bridge(tool: String = "select", rotation: Int = 0) throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792], "rotation": \#(rotation)}], "viewSize": [800, 1000]}"#)
        // Page space has y up: "top" is at the top of the page, "left2" on the same row.
        _ = try call(bridge, ##"""
        {"call": "setAnnotations", "annotations": [
          {"type": "square", "id": "low", "pageIndex": 0, "rect": [300, 100, 400, 150], "color": "#FF0000"},
          {"type": "freeText", "id": "right", "pageIndex": 0, "rect": [400, 600, 500, 640], "contents": "Hello", "author": "Ada"},
          {"type": "square", "id": "left", "pageIndex": 0, "rect": [50, 595, 150, 645], "color": "#00FF00", "flags": ["locked"]},
          {"type": "square", "id": "hidden", "pageIndex": 0, "rect": [50, 700, 80, 730], "flags": ["hidden"]},
          {"type": "note", "id": "reply", "pageIndex": 0, "rect": [60, 700, 80, 720], "inReplyTo": "right", "contents": "Why?"},
          {"type": "circle", "id": "top", "pageIndex": 0, "rect": [250, 700, 350, 750], "color": "#0000FF"}]}
        """##)
        _ = try call(bridge, #"{"call": "setTool", "tool": "\#(tool)"}"#)
        return bridge
    }

    static func order(_ bridge: EngineBridge) throws -> [String] {
        let answer = try call(bridge, #"{"call": "keyboardOrder", "pageIndex": 0}"#)
        return (answer["annotations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test func readingOrderOnScreenWithoutHiddenOnesOrReplies() throws {
        let bridge = try Self.bridge()
        #expect(try Self.order(bridge) == ["top", "left", "right", "low"])
        let answer = try Self.call(bridge, #"{"call": "keyboardOrder", "pageIndex": 0}"#)
        let right = answer["annotations"]?.arrayValue?[2]
        #expect(right?["type"]?.stringValue == "freeText")
        #expect(right?["author"]?.stringValue == "Ada")
        #expect(right?["text"]?.stringValue == "Hello")
        #expect(answer["annotations"]?.arrayValue?[1]["locked"]?.boolValue == true, "locked: reached, never changed")
    }

    @Test func followsTheScreenOnARotatedPage() throws {
        // Turned 90° clockwise: the page's left edge is at the top of the screen and its top
        // edge at the right, so page x runs down the screen and page y across it.
        #expect(try Self.order(Self.bridge(rotation: 90)) == ["left", "top", "low", "right"])
    }

    @Test func onlyWithSelect() throws {
        #expect(try Self.order(Self.bridge(tool: "draw")).isEmpty)
        #expect(try Self.call(Self.bridge(), #"{"call": "keyboardOrder", "pageIndex": 7}"#)["annotations"]?.arrayValue?.isEmpty == true)
    }

    static func touch(_ bridge: EngineBridge, _ phase: String, id: Int = 1, kind: String = "touch", at p: CGPoint, t: Double) throws {
        _ = try call(bridge, #"{"call": "pointer", "events": [{"id": \#(id), "kind": "\#(kind)", "phase": "\#(phase)", "x": \#(p.x), "y": \#(p.y), "t": \#(t)}]}"#)
    }

    static func longPress(_ bridge: EngineBridge, id: Int = 1, at p: CGPoint) throws -> Bool {
        try call(bridge, #"{"call": "longPressSelectsText", "id": \#(id), "point": [\#(p.x), \#(p.y)]}"#)["selectsText"]?.boolValue == true
    }

    @Test func aStillFingerOnTextSelectsAndStopsPanning() throws {
        let bridge = try Self.bridge()
        _ = try Self.call(bridge, #"{"call": "setViewport", "zoom": 3, "offset": [300, 300]}"#)
        let text = bridge.engine.viewport.convert(CGPoint(x: 300, y: 400), fromPage: 0)
        let start = bridge.engine.viewport.contentOffset
        try Self.touch(bridge, "began", at: text, t: 1)
        try Self.touch(bridge, "moved", at: CGPoint(x: text.x + 3, y: text.y + 3), t: 1.2)
        let offset = bridge.engine.viewport.contentOffset
        #expect(offset != start, "until the long press the finger pans")
        #expect(try Self.longPress(bridge, at: text))
        try Self.touch(bridge, "moved", at: CGPoint(x: text.x + 3, y: text.y + 80), t: 1.6)
        #expect(bridge.engine.viewport.contentOffset == offset, "the finger extends the text selection, the page stays")
        try Self.touch(bridge, "ended", at: CGPoint(x: text.x + 3, y: text.y + 80), t: 1.7)
        #expect(try !Self.longPress(bridge, at: text), "a finger that lifted")
    }

    @Test func notAMovedFingerNorOnAnAnnotationNorAnotherTool() throws {
        let bridge = try Self.bridge()
        let text = bridge.engine.viewport.convert(CGPoint(x: 300, y: 400), fromPage: 0)
        try Self.touch(bridge, "began", at: text, t: 1)
        try Self.touch(bridge, "moved", at: CGPoint(x: text.x, y: text.y + 30), t: 1.2)
        #expect(try !Self.longPress(bridge, at: text), "a finger that scrolled")
        try Self.touch(bridge, "ended", at: text, t: 1.3)
        let square = bridge.engine.viewport.convert(CGPoint(x: 300, y: 125), fromPage: 0)
        try Self.touch(bridge, "began", id: 2, at: square, t: 2)
        #expect(try !Self.longPress(bridge, id: 2, at: square), "a finger on an annotation selects it")
        try Self.touch(bridge, "ended", id: 2, at: square, t: 2.1)
        let drawing = try Self.bridge(tool: "draw")
        try Self.touch(drawing, "began", at: text, t: 1)
        #expect(try !Self.longPress(drawing, at: text))
    }

    @Test func palmRejectionHolds() throws {
        let bridge = try Self.bridge()
        let text = bridge.engine.viewport.convert(CGPoint(x: 300, y: 400), fromPage: 0)
        let elsewhere = bridge.engine.viewport.convert(CGPoint(x: 500, y: 300), fromPage: 0)
        // A touch while the pen is down is a palm.
        try Self.touch(bridge, "began", id: 9, kind: "pen", at: elsewhere, t: 1)
        try Self.touch(bridge, "began", at: text, t: 1.1)
        #expect(try !Self.longPress(bridge, at: text))
        try Self.touch(bridge, "ended", at: text, t: 1.2)
        try Self.touch(bridge, "ended", id: 9, kind: "pen", at: elsewhere, t: 1.3)
        // ... and within a second of its lifting.
        try Self.touch(bridge, "began", id: 2, at: text, t: 1.8)
        #expect(try !Self.longPress(bridge, id: 2, at: text))
        try Self.touch(bridge, "ended", id: 2, at: text, t: 1.9)
        // A finger held first, then the pen: the finger became a palm.
        try Self.touch(bridge, "began", id: 3, at: text, t: 5)
        try Self.touch(bridge, "began", id: 10, kind: "pen", at: elsewhere, t: 5.2)
        #expect(try !Self.longPress(bridge, id: 3, at: text))
    }
}
