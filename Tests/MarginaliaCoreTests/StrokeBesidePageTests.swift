import Foundation
import Testing
@testable import MarginaliaCore

/// A stroke begun beside a page (issue 34, item 5), through the bridge as the browser drives
/// it: within ``EditorEngine/strokeReach`` view points of a page it is drawn onto the nearest
/// page (the server clips it to the page); farther away the pen draws nothing.
@Suite("Strokes begun beside a page")
struct StrokeBesidePageTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    /// Two 600 x 800 pages in a 1000-point-wide view: a margin of view beside them.
    static func drawing() throws -> (EngineBridge, [CGRect]) {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}, {"box": [0, 0, 600, 800]}], "viewSize": [1000, 900]}"#)
        _ = try call(bridge, #"{"call": "setTool", "tool": "draw"}"#)
        let viewport = try call(bridge, #"{"call": "viewport"}"#)
        let frames = (viewport["pages"]?.arrayValue ?? []).map { page -> CGRect in
            let f = page["frame"]?.arrayValue?.compactMap(\.numberValue) ?? [0, 0, 0, 0]
            let inset = viewport["inset"]?.arrayValue?.compactMap(\.numberValue) ?? [0, 0]
            let offset = viewport["offset"]?.arrayValue?.compactMap(\.numberValue) ?? [0, 0]
            return CGRect(x: f[0] + inset[0] - offset[0], y: f[1] + inset[1] - offset[1], width: f[2], height: f[3])
        }
        return (bridge, frames)
    }

    /// A pen stroke from `start` to 120 points right of it; the command it ends with, if any.
    static func stroke(_ bridge: EngineBridge, from start: CGPoint, to end: CGPoint) throws -> JSONValue? {
        _ = try call(bridge, #"{"call": "pointer", "events": [{"id": 7, "kind": "pen", "phase": "began", "x": \#(start.x), "y": \#(start.y), "t": 0}]}"#)
        for step in 1...10 {
            let x = start.x + (end.x - start.x) * Double(step) / 10, y = start.y + (end.y - start.y) * Double(step) / 10
            _ = try call(bridge, #"{"call": "pointer", "events": [{"id": 7, "kind": "pen", "phase": "moved", "x": \#(x), "y": \#(y), "t": \#(Double(step) * 0.01)}]}"#)
        }
        let answer = try call(bridge, #"{"call": "pointer", "events": [{"id": 7, "kind": "pen", "phase": "ended", "x": \#(end.x), "y": \#(end.y), "t": 0.2}]}"#)
        return answer["outputs"]?.arrayValue?.first { $0["type"]?.stringValue == "command" }?["command"]
    }

    @Test func aStrokeBegunInTheViewersMarginGoesOntoThePage() throws {
        let (bridge, frames) = try Self.drawing()
        let page = frames[0]
        let command = try #require(try Self.stroke(bridge, from: CGPoint(x: page.minX - 20, y: page.minY + 200),
                                                   to: CGPoint(x: page.minX + 100, y: page.minY + 220)))
        #expect(command["type"]?.stringValue == "stroke" && command["pageIndex"]?.numberValue == 0)
        // The first point is where the pen came down, 20 points left of the page (the server clips it).
        let first = command["points"]?.arrayValue?.first?.arrayValue?.compactMap(\.numberValue)
        #expect(first.map { abs($0[0] - -20) < 1e-6 } == true, "\(String(describing: first))")
    }

    @Test func aStrokeBegunInTheGapGoesToTheNearestPage() throws {
        let (bridge, frames) = try Self.drawing()
        let gap = frames[1].minY - frames[0].maxY
        #expect(gap > 0 && gap < 24)
        // Nearer the first page's bottom edge: the first page.
        let near0 = try #require(try Self.stroke(bridge, from: CGPoint(x: frames[0].midX, y: frames[0].maxY + gap * 0.25),
                                                 to: CGPoint(x: frames[0].midX + 120, y: frames[0].maxY - 80)))
        #expect(near0["pageIndex"]?.numberValue == 0)
        // Nearer the second page's top edge: the second page.
        let near1 = try #require(try Self.stroke(bridge, from: CGPoint(x: frames[1].midX, y: frames[1].minY - gap * 0.25),
                                                 to: CGPoint(x: frames[1].midX + 120, y: frames[1].minY + 80)))
        #expect(near1["pageIndex"]?.numberValue == 1)
    }

    @Test func aStrokeBegunFartherAwayDrawsNothing() throws {
        let (bridge, frames) = try Self.drawing()
        let page = frames[0]
        let command = try Self.stroke(bridge, from: CGPoint(x: page.minX - 30, y: page.minY + 200),
                                      to: CGPoint(x: page.minX + 100, y: page.minY + 220))
        #expect(command == nil)
        // Other tools keep to the page itself: a shape begun beside it places nothing.
        _ = try Self.call(bridge, #"{"call": "setTool", "tool": "shape"}"#)
        #expect(try Self.stroke(bridge, from: CGPoint(x: page.minX - 10, y: page.minY + 200),
                                to: CGPoint(x: page.minX + 100, y: page.minY + 260)) == nil)
    }
}
