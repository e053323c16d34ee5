import Foundation
import Testing
@testable import MarginaliaCore

/// `signatureInk`: the Sign tool's drawn signature placed as ink, the pad mapped onto the
/// placed rect (y turned up, proportions kept) and each stroke finished as the Draw tool's.
@Suite("Engine bridge: drawn signatures")
struct BridgeSignatureTests {
    static func call(_ json: String) throws -> JSONValue {
        try JSONParser.parse(EngineBridge().call(Array(json.utf8)))
    }

    static func points(_ path: JSONValue?) -> [[Double]] {
        (path?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.numberValue) }
    }

    @Test func thePadIsMappedOntoThePlacedRectWithYUp() throws {
        // The pad's top-left corner goes to the rect's top-left, its bottom-right to the
        // rect's bottom-right: a pad 360 by 120 onto 180 by 60 points at (100, 100).
        let answer = try Self.call(#"{"call": "signatureInk", "padSize": [360, 120], "rect": [100, 100, 280, 160], "pageIndex": 2, "strokes": [[[0, 0], [180, 60], [360, 120]]]}"#)
        let annotation = try #require(answer["annotation"])
        #expect(annotation["type"]?.stringValue == "ink" && annotation["pageIndex"]?.numberValue == 2)
        let path = Self.points(annotation["paths"]?.arrayValue?.first)
        #expect(path.first == [100, 160] && path.last == [280, 100])
        // A straight line keeps only its ends (the Draw tool's simplification).
        #expect(path.count == 2)
    }

    @Test func aRectOfOtherProportionsKeepsThePadsAndCentresIt() throws {
        // 360 by 120 into 400 by 60: scale 0.5 (the height's), 180 wide, centred: x from 210.
        let answer = try Self.call(#"{"call": "signatureInk", "padSize": [360, 120], "rect": [100, 0, 500, 60], "pageIndex": 0, "strokes": [[[0, 120], [360, 120]]]}"#)
        let path = Self.points(answer["annotation"]?["paths"]?.arrayValue?.first)
        #expect(path == [[210, 0], [390, 0]])
    }

    @Test func eachStrokeIsOnePathAndVaryingPressureIsKept() throws {
        let answer = try Self.call(##"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 100], "pageIndex": 0, "ink": {"color": "#1B2A6B", "width": 2, "opacity": 1, "usesPressure": true}, "strokes": [[[10, 10, 0.2], [50, 40, 0.9], [90, 10, 0.4]], [[10, 90, 0.5], [90, 90, 0.5]]]}"##)
        let annotation = try #require(answer["annotation"])
        #expect(annotation["paths"]?.arrayValue?.count == 2)
        #expect(annotation["color"]?.stringValue == "#1B2A6B" && annotation["width"]?.numberValue == 2)
        let pressures = try #require(annotation["pressures"]?.arrayValue)
        #expect(pressures.count == 2 && pressures[0].arrayValue?.compactMap(\.numberValue) == [0.2, 0.9, 0.4])
        // The same strokes with pressure off: no pressures at all (drawn at one width).
        let flat = try Self.call(##"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 100], "pageIndex": 0, "ink": {"color": "#000000", "width": 2, "opacity": 1, "usesPressure": false}, "strokes": [[[10, 10, 0.2], [50, 40, 0.9], [90, 10, 0.4]]]}"##)
        #expect(flat["annotation"]?["pressures"] == nil)
    }

    @Test func whatCannotBeSignedWithIsRefusedNamingIt() throws {
        let empty = try Self.call(#"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 100], "pageIndex": 0, "strokes": [[]]}"#)
        #expect(empty["error"]?.stringValue?.contains("strokes") == true)
        let flatRect = try Self.call(#"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 0], "pageIndex": 0, "strokes": [[[1, 1]]]}"#)
        #expect(flatRect["error"]?.stringValue?.contains("rect") == true)
        let far = try Self.call(#"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 100], "pageIndex": 0, "strokes": [[[1e9, 1]]]}"#)
        #expect(far["error"]?.stringValue?.contains("near the pad") == true)
        let samples = Array(repeating: "[1, 1]", count: HandwrittenSignature.maximumSamples + 1).joined(separator: ",")
        let tooMany = try Self.call(#"{"call": "signatureInk", "padSize": [100, 100], "rect": [0, 0, 100, 100], "pageIndex": 0, "strokes": [[\#(samples)]]}"#)
        #expect(tooMany["error"]?.stringValue?.contains("\(HandwrittenSignature.maximumSamples)") == true)
    }
}
