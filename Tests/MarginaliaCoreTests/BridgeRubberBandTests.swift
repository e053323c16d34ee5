import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 26, item 6: a rubber band drawn with the mouse around annotations selected nothing
/// (CGRect.contains(_: CGRect) compared a union, whose width was computed again, with the
/// band), and a band ended where the last move was, not where the button was let go.
@Suite("Engine bridge: the rubber band")
struct BridgeRubberBandTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func mouse(_ bridge: EngineBridge, _ phase: String, _ x: Double, _ y: Double, _ t: Double) throws -> JSONValue {
        try call(bridge, #"{"call": "pointer", "events": [{"id": 7, "kind": "mouse", "phase": "\#(phase)", "x": \#(x), "y": \#(y), "t": \#(t)}]}"#)
    }

    /// Two squares and an ink stroke on a letter page, at zoom 1.
    static func bridge() throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [800, 1000]}"#)
        _ = try call(bridge, #"""
            {"call": "setAnnotations", "annotations": [
             {"type": "square", "id": "a", "pageIndex": 0, "rect": [100, 300, 150, 350]},
             {"type": "square", "id": "b", "pageIndex": 0, "rect": [200, 300, 250, 350]},
             {"type": "ink", "id": "far", "pageIndex": 0, "paths": [[[400, 600], [500, 620]]]}]}
            """#)
        _ = try call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        return bridge
    }

    /// A page point's view point at zoom 1, from the engine's own conversion of one view point
    /// (page x grows with view x, page y against view y), checked by converting back.
    static func view(_ bridge: EngineBridge, _ x: Double, _ y: Double) throws -> (Double, Double) {
        let probe = try call(bridge, #"{"call": "toPage", "point": [300, 500]}"#)["point"]?.arrayValue?.compactMap(\.numberValue) ?? []
        let view = (x + 300 - probe[0], probe[1] + 500 - y)
        let back = try call(bridge, #"{"call": "toPage", "point": [\#(view.0), \#(view.1)]}"#)
        #expect(back["point"] == .array([.number(x), .number(y)]))
        return view
    }

    @Test func aBandAroundTwoSquaresSelectsThemAndNotTheInkOutside() throws {
        let bridge = try Self.bridge()
        let start = try Self.view(bridge, 80, 380), end = try Self.view(bridge, 270, 280)
        _ = try Self.mouse(bridge, "began", start.0, start.1, 0)
        for step in 1...10 {
            let f = Double(step) / 10
            _ = try Self.mouse(bridge, "moved", start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f, 0.01 * Double(step))
        }
        let ended = try Self.mouse(bridge, "ended", end.0, end.1, 0.2)
        #expect(ended["outputs"]?.arrayValue?.contains { $0["type"]?.stringValue == "selectionChanged" } == true)
        let selection = try Self.call(bridge, #"{"call": "selection"}"#)
        #expect(selection["ids"] == .strings(["a", "b"]), "\(selection)")
    }

    @Test func theBandEndsWhereTheButtonIsLetGo() throws {
        // The last move stops short; the release is further on, around both squares.
        let bridge = try Self.bridge()
        let start = try Self.view(bridge, 80, 380), short = try Self.view(bridge, 160, 320), end = try Self.view(bridge, 270, 280)
        _ = try Self.mouse(bridge, "began", start.0, start.1, 0)
        _ = try Self.mouse(bridge, "moved", short.0, short.1, 0.05)
        _ = try Self.mouse(bridge, "ended", end.0, end.1, 0.1)
        #expect(try Self.call(bridge, #"{"call": "selection"}"#)["ids"] == .strings(["a", "b"]))
    }
}
