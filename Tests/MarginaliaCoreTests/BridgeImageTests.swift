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

    /// The sides of a turned image are the sides as seen: hiding the seen left half of an
    /// image turned clockwise hides the bottom half of the unturned image (its bottom is seen
    /// on the left), and the box keeps the right half of what was seen.
    @Test func cropSidesAreTheSidesAsSeenOnATurnedImage() throws {
        let bridge = try Self.bridge()
        let turned = #"{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [200, 200, 300, 300], "rotation": 90, "image": "iVBORw0KGgo="}"#
        let answer = try Self.call(bridge, #"{"call": "imageCrop", "sides": {"left": 0.5}, "annotation": \#(turned)}"#)
        #expect(answer["crop"] == .array([0, 0, 1, 0.5].map { .number($0) }))
        #expect(answer["whole"] == .array([200, 200, 300, 300].map { .number($0) }))
        #expect(answer["shown"] == .array([250, 200, 300, 300].map { .number($0) }))
        let handles = try #require(answer["handles"]?.arrayValue)
        #expect(handles.map { $0["side"]?.stringValue } == ["left", "top", "right", "bottom"])
        #expect(handles.first?["point"] == .array([250, 250].map { .number($0) }))
        // The crop it gives, read back, is the same sides.
        let cropped = #"{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [250, 200, 300, 300], "rotation": 90, "crop": [0, 0, 1, 0.5], "image": "iVBORw0KGgo="}"#
        let back = try Self.call(bridge, #"{"call": "imageCrop", "annotation": \#(cropped)}"#)
        #expect(back["sides"]?["left"]?.numberValue == 0.5 && back["sides"]?["top"]?.numberValue == 0)
        // The whole image is where it was before the crop, at the same scale.
        #expect(back["whole"] == .array([200, 200, 300, 300].map { .number($0) }))
    }

    @Test func everyQuarterTurnRoundTripsItsSides() {
        let sides = CropSides(left: 0.1, top: 0.2, right: 0.3, bottom: 0.05)
        for rotation in [0, 90, 180, 270] {
            let crop = ImageFit.crop(hiding: sides, rotation: rotation)
            let back = ImageFit.seenSides(of: crop, rotation: rotation)
            #expect(zip(back.values, sides.values).allSatisfy { abs($0 - $1) < 1e-9 }, "rotation \(rotation): \(back)")
        }
        // Turned clockwise, the unturned image's left is seen on top.
        let top = ImageFit.seenSides(of: CGRect(x: 0.25, y: 0, width: 0.75, height: 1), rotation: 90)
        #expect(top == CropSides(top: 0.25))
    }

    /// A side's handle dragged to a page point hides the image up to it, never past what the
    /// opposite side leaves, and a drag outside the image shows that side whole.
    @Test func aDraggedHandleMovesItsSideAndStopsShortOfTheOpposite() throws {
        let bridge = try Self.bridge()
        let turned = #"{"type": "stamp", "id": "p", "pageIndex": 0, "rect": [200, 200, 300, 300], "rotation": 90, "image": "iVBORw0KGgo="}"#
        // Seen top is the page's larger y (page space runs up): dragged down to y = 270.
        let down = try Self.call(bridge, #"{"call": "imageCrop", "drag": {"side": "top", "point": [240, 270]}, "annotation": \#(turned)}"#)
        #expect(abs((down["sides"]?["top"]?.numberValue ?? 0) - 0.3) < 1e-9)
        let past = try Self.call(bridge, #"{"call": "imageCrop", "sides": {"bottom": 0.5}, "drag": {"side": "top", "point": [240, 150]}, "annotation": \#(turned)}"#)
        #expect(abs((past["sides"]?["top"]?.numberValue ?? 0) - 0.45) < 1e-9)
        let out = try Self.call(bridge, #"{"call": "imageCrop", "drag": {"side": "left", "point": [100, 250]}, "annotation": \#(turned)}"#)
        #expect(out["sides"]?["left"]?.numberValue == 0 && out["crop"] == .null)
        #expect(try Self.call(bridge, #"{"call": "imageCrop", "drag": {"side": "middle", "point": [0, 0]}, "annotation": \#(turned)}"#)["error"] != nil)
    }
}
