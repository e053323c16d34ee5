import Foundation
import Testing
@testable import MarginaliaCore

/// Annotations flagged NoZoom keep their size on screen (seed 003: stamps as well as notes),
/// anchored at the /Rect's top-left corner (ISO 32000-2, 12.5.3): the bridge's
/// `screenPlacements` tells the browser where to draw them, and the hit test and the
/// selection's box take them where they are drawn, at every zoom.
@Suite("Engine bridge: annotations that keep their screen size")
struct BridgeFixedSizeTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    /// A page 600 x 800 with a NoZoom stamp (120 x 40 at (100, 600)) and the same stamp without the flag.
    static func bridge(rotation: Int = 0) throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800], "rotation": \#(rotation)}], "viewSize": [600, 800]}"#)
        _ = try call(bridge, #"{"call": "setAnnotations", "annotations": [{"type": "stamp", "id": "fixed", "pageIndex": 0, "rect": [100, 600, 220, 640], "flags": ["print", "noZoom"]}, {"type": "stamp", "id": "zooming", "pageIndex": 0, "rect": [100, 300, 220, 340]}]}"#)
        _ = try call(bridge, #"{"call": "setTool", "tool": "select"}"#)
        return bridge
    }

    static func first(_ value: JSONValue?) -> JSONValue? {
        value?.arrayValue?.first
    }

    static func numbers(_ value: JSONValue?) -> [Double] {
        value?.arrayValue?.compactMap { $0.numberValue } ?? []
    }

    static func apply(_ m: [Double], _ x: Double, _ y: Double) -> (Double, Double) {
        (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
    }

    @Test(arguments: [1.0, 2.0, 0.5])
    func aNoZoomStampIsPlacedAtItsSizeInPoints(zoom: Double) throws {
        let bridge = try Self.bridge()
        let viewport = try Self.call(bridge, #"{"call": "setViewport", "zoom": \#(zoom), "anchor": [0, 0]}"#)
        let page = Self.numbers(Self.first(viewport["pages"])?["matrix"])
        let placements = try Self.call(bridge, #"{"call": "screenPlacements", "pageIndex": 0}"#)["placements"]?.arrayValue ?? []
        #expect(placements.map { $0["id"]?.stringValue } == ["fixed"], "only the flagged stamp")
        let m = Self.numbers(placements.first?["matrix"])
        #expect(m.count == 6)
        // Its top-left corner is where the page puts it; its other corners 120 and 40 px away.
        let anchor = Self.apply(page, 100, 640)
        let topLeft = Self.apply(m, 100, 640), bottomRight = Self.apply(m, 220, 600)
        #expect(abs(topLeft.0 - anchor.0) < 1e-9 && abs(topLeft.1 - anchor.1) < 1e-9)
        #expect(abs(bottomRight.0 - topLeft.0 - 120) < 1e-9 && abs(bottomRight.1 - topLeft.1 - 40) < 1e-9)
    }

    @Test func itIsHitAndBoxedWhereItShows() throws {
        let bridge = try Self.bridge()
        let viewport = try Self.call(bridge, #"{"call": "setViewport", "zoom": 2, "anchor": [0, 0]}"#)
        let page = Self.numbers(Self.first(viewport["pages"])?["matrix"])
        let frame = Self.numbers(Self.first(viewport["pages"])?["frame"])
        let offset = Self.numbers(viewport["offset"]), inset = Self.numbers(viewport["inset"])
        let (ax, ay) = Self.apply(page, 100, 640)
        let view = (ax + frame[0] - offset[0] + inset[0], ay + frame[1] - offset[1] + inset[1])
        func tap(_ dx: Double, _ dy: Double) throws -> [String] {
            for phase in ["began", "ended"] {
                _ = try Self.call(bridge, #"{"call": "pointer", "events": [{"id": 1, "kind": "mouse", "phase": "\#(phase)", "x": \#(view.0 + dx), "y": \#(view.1 + dy), "t": 0}]}"#)
            }
            return try Self.call(bridge, #"{"call": "selection"}"#)["ids"]?.arrayValue?.compactMap { $0.stringValue } ?? []
        }
        #expect(try tap(110, 35) == ["fixed"], "inside the 120 x 40 px it shows")
        let selection = try Self.call(bridge, #"{"call": "selection"}"#)
        let bounds = Self.numbers(selection["bounds"])
        // 120 x 40 px at zoom 2 are 60 x 20 points from the anchor, down and right.
        #expect(bounds.count == 4 && abs(bounds[0] - 100) < 1e-6 && abs(bounds[3] - 640) < 1e-6)
        #expect(abs(bounds[2] - 160) < 1e-6 && abs(bounds[1] - 620) < 1e-6, "\(bounds)")
        #expect(selection["handles"]?.arrayValue?.isEmpty == true, "it is not resized by handles")
        _ = try Self.call(bridge, #"{"call": "select", "ids": []}"#)
        #expect(try tap(200, 70) == [], "inside its /Rect at zoom 2, outside what shows")
    }

    @Test func onATurnedPageItTurnsAboutItsAnchor() throws {
        let bridge = try Self.bridge(rotation: 90)
        let page = Self.numbers(Self.first(try Self.call(bridge, #"{"call": "viewport"}"#)["pages"])?["matrix"])
        let zoom = try Self.call(bridge, #"{"call": "viewport"}"#)["zoom"]?.numberValue ?? 1
        let m = Self.numbers(Self.first(try Self.call(bridge, #"{"call": "screenPlacements", "pageIndex": 0}"#)["placements"])?["matrix"])
        let anchor = Self.apply(page, 100, 640), topLeft = Self.apply(m, 100, 640), bottomRight = Self.apply(m, 220, 600)
        #expect(abs(topLeft.0 - anchor.0) < 1e-9 && abs(topLeft.1 - anchor.1) < 1e-9)
        // Turned a quarter clockwise: the 120-point side runs down the screen, the 40-point one to the left.
        #expect(abs(bottomRight.0 - topLeft.0 + 40) < 1e-9 && abs(bottomRight.1 - topLeft.1 - 120) < 1e-9, "zoom \(zoom)")
    }

    /// A kind the editor does not draw (a file attachment's paper clip) is left to the page's
    /// renderer, which zooms it: placed at its screen size, the overlay would draw nothing
    /// there and the icon would vanish from the editor.
    @Test func aNoZoomKindTheEditorDoesNotDrawZoomsWithThePage() throws {
        let bridge = try Self.bridge()
        _ = try Self.call(bridge, #"{"call": "setAnnotations", "annotations": [{"type": "fileattachment", "id": "clip", "pageIndex": 0, "rect": [245, 223, 252, 240], "flags": ["print", "noZoom", "noRotate"]}, {"type": "note", "id": "n", "pageIndex": 0, "rect": [10, 10, 30, 30], "flags": ["print", "noZoom", "noRotate"]}]}"#)
        _ = try Self.call(bridge, #"{"call": "setViewport", "zoom": 2, "anchor": [0, 0]}"#)
        let placements = try Self.call(bridge, #"{"call": "screenPlacements", "pageIndex": 0}"#)["placements"]?.arrayValue ?? []
        #expect(placements.map { $0["id"]?.stringValue } == ["n"], "the note only")
    }

    @Test func aRestyleSetsTheIconOfNotes() throws {
        let bridge = try Self.bridge()
        _ = try Self.call(bridge, #"{"call": "setAnnotations", "annotations": [{"type": "note", "id": "n", "pageIndex": 0, "rect": [10, 10, 30, 30], "flags": ["noZoom", "noRotate"]}]}"#)
        _ = try Self.call(bridge, #"{"call": "select", "ids": ["n"]}"#)
        let answer = try Self.call(bridge, #"{"call": "restyleSelection", "icon": "Help"}"#)
        let command = Self.first(answer["outputs"])?["command"]
        #expect(command?["type"]?.stringValue == "restyle" && command?["icon"]?.stringValue == "Help" && command?["ids"] == .strings(["n"]))
        let refused = try Self.call(bridge, #"{"call": "restyleSelection", "icon": "Star"}"#)
        #expect(refused["error"]?.stringValue?.contains("expected one of \"Comment\"") == true, "\(refused)")
    }
}
