import Foundation
import Testing
@testable import MarginaliaCore

/// `pressSelectsText`: when a press on the page's text is left to the browser's text
/// selection (issue 15, item 7) instead of going to the tool.
@Suite("Engine: a press that selects text")
struct TextSelectionPressTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func selects(_ bridge: EngineBridge, _ page: CGPoint, kind: String = "mouse", shift: Bool = false) throws -> Bool {
        let view = bridge.engine.viewport.convert(page, fromPage: 0)
        let answer = try call(bridge, #"{"call": "pressSelectsText", "point": [\#(view.x), \#(view.y)], "kind": "\#(kind)", "shift": \#(shift)}"#)
        return answer["selectsText"]?.boolValue == true
    }

    @Test func onlyAMouseWithSelectWhereNothingElseLies() throws {
        let bridge = EngineBridge()
        _ = try Self.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [800, 1000]}"#)
        _ = try Self.call(bridge, ##"{"call": "setAnnotations", "annotations": [{"type": "square", "id": "box", "pageIndex": 0, "rect": [100, 100, 200, 200], "color": "#FF0000"}]}"##)
        _ = try Self.call(bridge, #"{"call": "setLinks", "pageIndex": 0, "links": [{"id": "link", "rect": [300, 600, 400, 620]}]}"#)
        let text = CGPoint(x: 300, y: 400)
        #expect(try !Self.selects(bridge, text), "Draw (the first tool) draws on text")
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        #expect(try Self.selects(bridge, text))
        #expect(try !Self.selects(bridge, text, shift: true), "shift adds to the annotation selection")
        #expect(try !Self.selects(bridge, text, kind: "pen"), "a pen selects annotations")
        #expect(try !Self.selects(bridge, text, kind: "touch"), "a finger scrolls")
        #expect(try !Self.selects(bridge, CGPoint(x: 100, y: 150)), "on an annotation's edge: the annotation")
        #expect(try !Self.selects(bridge, CGPoint(x: 350, y: 610)), "on a link: the link")
        _ = try Self.call(bridge, #"{"call": "select", "ids": ["box"]}"#)
        #expect(try !Self.selects(bridge, CGPoint(x: 200, y: 200)), "on the selection's handle: the handle")
    }
}
