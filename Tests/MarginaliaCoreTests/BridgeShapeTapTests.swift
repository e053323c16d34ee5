import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 26, item 12: a tap with the Shape tool placed nothing; it places a shape of the
/// default size (``AnnotationDraft/tappedShapeSize``) centred on the tap, kept on the page.
@Suite("Engine bridge: a tap with the Shape tool")
struct BridgeShapeTapTests {
    /// A letter page at zoom 1 with the Shape tool set to `kind`.
    static func bridge(_ kind: String) throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try BridgeRubberBandTests.call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}], "viewSize": [800, 1000]}"#)
        _ = try BridgeRubberBandTests.call(bridge, #"{"call": "setPreferences", "preferences": {"shape": {"kind": "\#(kind)"}}}"#)
        _ = try BridgeRubberBandTests.call(bridge, #"{"call": "setTool", "tool": "shape"}"#)
        return bridge
    }

    /// The annotations of the `add` command a tap at page point (x, y) makes.
    static func tap(_ bridge: EngineBridge, _ x: Double, _ y: Double) throws -> [JSONValue] {
        let point = try BridgeRubberBandTests.view(bridge, x, y)
        _ = try BridgeRubberBandTests.mouse(bridge, "began", point.0, point.1, 0)
        let ended = try BridgeRubberBandTests.mouse(bridge, "ended", point.0, point.1, 0.1)
        let commands = ended["outputs"]?.arrayValue?.filter { $0["type"]?.stringValue == "command" } ?? []
        try #require(commands.count == 1, "\(ended)")
        #expect(commands[0]["command"]?["type"]?.stringValue == "add")
        let command = commands[0]["command"]
        // One annotation is sent as `annotation`, more as `annotations`.
        return command?["annotation"].map { [$0] } ?? command?["annotations"]?.arrayValue ?? []
    }

    @Test func aTapPlacesADefaultRectangleCentredOnIt() throws {
        let added = try Self.tap(Self.bridge("rectangle"), 300, 400)
        #expect(added.count == 1)
        #expect(added.first?["type"]?.stringValue == "square")
        #expect(added.first?["rect"] == .array([.number(264), .number(364), .number(336), .number(436)]), "\(added)")
    }

    @Test func nearTheEdgeTheShapeStaysWholeOnThePage() throws {
        let added = try Self.tap(Self.bridge("ellipse"), 600, 10)
        #expect(added.first?["type"]?.stringValue == "circle")
        #expect(added.first?["rect"] == .array([.number(540), .number(0), .number(612), .number(72)]), "\(added)")
    }

    @Test func anArrowIsLevelAcrossTheTap() throws {
        let added = try Self.tap(Self.bridge("arrow"), 300, 400)
        #expect(added.first?["type"]?.stringValue == "line")
        #expect(added.first?["points"] == .array([.array([.number(264), .number(400)]), .array([.number(336), .number(400)])]), "\(added)")
        #expect(added.first?["lineEndings"] == .strings(["none", "openArrow"]))
    }
}
