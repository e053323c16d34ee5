import Foundation
import Testing
@testable import MarginaliaCore

/// `editImage`: the Select tool's turn and crop of an image stamp, one `change` command each,
/// with the rect ImageFit gives (the same function the native editor's ImageEditing uses).
@Suite("Engine bridge: turning and cropping images")
struct BridgeImageTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        try JSONParser.parse(bridge.call(Array(json.utf8)))
    }

    static let photo = #"{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [100, 100, 300, 200], "image": "iVBORw0KGgo="}"#

    static func bridge(flags: String = "[]") throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 600, 800]}], "viewSize": [600, 800]}"#)
        _ = try call(bridge, #"{"call": "setAnnotations", "annotations": [{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [100, 100, 300, 200], "flags": \#(flags)}]}"#)
        return bridge
    }

    static func changed(_ answer: JSONValue) -> JSONValue? {
        answer["outputs"]?.arrayValue?.first?["command"]?["annotation"]
    }

    @Test func aTurnSwapsTheBoxAboutItsCentre() throws {
        let bridge = try Self.bridge()
        let answer = try Self.call(bridge, #"{"call": "editImage", "turn": "clockwise", "annotation": \#(Self.photo)}"#)
        #expect(answer["outputs"]?.arrayValue?.first?["command"]?["type"]?.stringValue == "change")
        let after = try #require(Self.changed(answer))
        #expect(after["rect"] == .array([150, 50, 250, 250].map { .number($0) }))
        #expect(after["rotation"]?.numberValue == 90 && after["image"] != nil && after["id"]?.stringValue == "p")
        let back = try Self.call(bridge, #"{"call": "editImage", "turn": "anticlockwise", "annotation": \#(Self.photo)}"#)
        #expect(Self.changed(back)?["rotation"]?.numberValue == 270)
    }

    @Test func aCropKeepsTheShownPartWhereItWas() throws {
        let bridge = try Self.bridge()
        // The right half: the box keeps its right half, at the same scale.
        let answer = try Self.call(bridge, #"{"call": "editImage", "crop": [0.5, 0, 1, 1], "annotation": \#(Self.photo)}"#)
        let after = try #require(Self.changed(answer))
        #expect(after["rect"] == .array([200, 100, 300, 200].map { .number($0) }))
        #expect(after["crop"] == .array([0.5, 0, 1, 1].map { .number($0) }))
        // Shown whole again from the cropped state: the box grows back.
        let cropped = #"{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [200, 100, 300, 200], "crop": [0.5, 0, 1, 1], "image": "iVBORw0KGgo="}"#
        let whole = try #require(Self.changed(try Self.call(bridge, #"{"call": "editImage", "crop": null, "annotation": \#(cropped)}"#)))
        #expect(whole["rect"] == .array([100, 100, 300, 200].map { .number($0) }) && whole["crop"] == nil)
        #expect(try Self.call(bridge, #"{"call": "editImage", "crop": [0.5, 0, 0.5, 1], "annotation": \#(Self.photo)}"#)["error"] != nil)
    }

    @Test func lockedImagesAndOtherAnnotationsAreRefused() throws {
        let locked = try Self.bridge(flags: #"["locked"]"#)
        let answer = try Self.call(locked, #"{"call": "editImage", "turn": "clockwise", "annotation": \#(Self.photo)}"#)
        #expect(answer["outputs"]?.arrayValue?.first?["type"]?.stringValue == "refused")
        let bridge = try Self.bridge()
        #expect(try Self.call(bridge, #"{"call": "editImage", "turn": "sideways", "annotation": \#(Self.photo)}"#)["error"] != nil)
        let unknown = #"{"type": "stamp", "id": "q", "pageIndex": 0, "rect": [0, 0, 10, 10], "image": "iVBORw0KGgo="}"#
        #expect(try Self.call(bridge, #"{"call": "editImage", "turn": "clockwise", "annotation": \#(unknown)}"#)["error"] != nil)
    }
}
