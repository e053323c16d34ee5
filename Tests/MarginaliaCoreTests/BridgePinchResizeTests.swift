import Foundation
import Testing
@testable import MarginaliaCore

/// Two-finger pinch-resize of a selected image (seed 001), through the bridge as the browser
/// sends touches: a pinch on the selected image resizes it about its centre with one
/// `resize` command when a finger lifts, and leaves the zoom; elsewhere a pinch zooms.
@Suite("Engine bridge: pinch-resizing an image")
struct BridgePinchResizeTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static func bridge(flags: String = "[]") throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}], "viewSize": [600, 800]}"#)
        _ = try call(bridge, #"{"call": "setAnnotations", "annotations": [{"type": "stamp", "id": "s", "pageIndex": 0, "rect": [250, 350, 350, 450], "flags": \#(flags)}]}"#)
        _ = try call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        _ = try call(bridge, #"{"call": "select", "ids": ["s"]}"#)
        return bridge
    }

    static func touch(_ bridge: EngineBridge, _ id: Int, _ phase: String, _ x: Double, _ y: Double, _ t: Double) throws -> JSONValue {
        try call(bridge, #"{"call": "pointer", "events": [{"id": \#(id), "kind": "touch", "phase": "\#(phase)", "x": \#(x), "y": \#(y), "t": \#(t)}]}"#)
    }

    /// Two fingers 20 points apart about (cx, cy) spread to 60: a scale of 3.
    static func spread(_ bridge: EngineBridge, around cx: Double, _ cy: Double) throws -> (during: JSONValue, end: JSONValue) {
        _ = try touch(bridge, 1, "began", cx - 10, cy, 0)
        _ = try touch(bridge, 2, "began", cx + 10, cy, 0.01)
        _ = try touch(bridge, 2, "moved", cx + 30, cy, 0.02)
        let during = try touch(bridge, 1, "moved", cx - 30, cy, 0.03)
        let end = try touch(bridge, 1, "ended", cx - 30, cy, 0.04)
        _ = try touch(bridge, 2, "ended", cx + 30, cy, 0.05)
        return (during, end)
    }

    @Test func aPinchOnTheSelectedImageResizesIt() throws {
        let bridge = try Self.bridge()
        let zoom = try Self.call(bridge, #"{"call": "viewport"}"#)["zoom"]
        let (during, end) = try Self.spread(bridge, around: 300, 400)
        #expect(during["preview"]?["type"]?.stringValue == "transform" && during["preview"]?["ids"] == .strings(["s"]))
        #expect(during["viewport"] == nil, "the page does not move or zoom")
        let command = end["outputs"]?.arrayValue?.first?["command"]
        #expect(command?["type"]?.stringValue == "resize" && command?["id"]?.stringValue == "s")
        #expect(command?["rect"] == .array([150, 250, 450, 550].map { .number($0) }), "three times the size about its centre")
        #expect(try Self.call(bridge, #"{"call": "viewport"}"#)["zoom"] == zoom)
        #expect(end["preview"] == nil)
    }

    @Test func aPinchElsewhereOrOnALockedImageZooms() throws {
        for (bridge, x, y) in [(try Self.bridge(), 100.0, 150.0), (try Self.bridge(flags: #"["locked"]"#), 300.0, 400.0)] {
            let (during, end) = try Self.spread(bridge, around: x, y)
            #expect(during["viewport"]?["zoom"]?.numberValue ?? 1 > 1.5)
            #expect(end["outputs"]?.arrayValue?.isEmpty == true)
        }
    }
}
