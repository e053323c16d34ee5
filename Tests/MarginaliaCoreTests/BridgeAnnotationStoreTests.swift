import Foundation
import Testing
@testable import MarginaliaCore

/// Issue 28, "Drawn once": the engine keeps the open document's annotations (their JSON, in
/// drawing order) and follows the operation log once; the browser asks it for a page's
/// annotations instead of keeping a copy of its own.
@Suite("Engine bridge: the document's annotations")
struct BridgeAnnotationStoreTests {
    static func call(_ bridge: EngineBridge, _ json: String) throws -> JSONValue {
        let answer = try JSONParser.parse(bridge.call(Array(json.utf8)))
        if let error = answer["error"] { Issue.record("\(json): \(error)") }
        return answer
    }

    static func square(_ id: String, page: Int = 0, x: Int = 100) -> String {
        ##"{"type": "square", "id": "\##(id)", "pageIndex": \##(page), "rect": [\##(x), 300, \##(x + 50), 350], "color": "#FF0000", "fill": "#00FF00"}"##
    }

    static func entry(_ revision: Int, _ operation: String) -> String {
        #"{"revision": \#(revision), "clientId": "tab", "kind": "do", "operation": \#(operation)}"#
    }

    static func add(_ annotation: String) -> String { #"{"op": "addAnnotation", "annotation": \#(annotation)}"# }

    /// Two pages; squares a, b on page 0 and c on page 1, at revision 3.
    static func bridge() throws -> EngineBridge {
        let bridge = EngineBridge()
        _ = try call(bridge, #"{"call": "init", "pages": [{"box": [0, 0, 612, 792]}, {"box": [0, 0, 612, 792]}], "viewSize": [800, 1000]}"#)
        let set = try call(bridge, #"{"call": "setAnnotations", "revision": 3, "annotations": [\#(square("a")), \#(square("b", x: 200)), \#(square("c", page: 1))]}"#)
        #expect(set["count"] == .number(3))
        #expect(set["pages"] == .array([.number(0), .number(1)]))
        return bridge
    }

    static func ids(_ bridge: EngineBridge, page: Int) throws -> [String] {
        try call(bridge, #"{"call": "annotations", "pageIndex": \#(page)}"#)["annotations"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    static func apply(_ bridge: EngineBridge, _ entries: [String]) throws -> JSONValue {
        try call(bridge, #"{"call": "applyEntries", "entries": [\#(entries.joined(separator: ", "))]}"#)
    }

    @Test func entriesApplyInRevisionOrderAndTheTabsOwnEchoIsSkipped() throws {
        let bridge = try Self.bridge()
        // Revision 5 arrives before 4: both applied, in revision order (d added, then sent to the back).
        let answer = try Self.apply(bridge, [Self.entry(5, #"{"op": "arrangeAnnotation", "id": "d", "to": 0}"#),
                                             Self.entry(4, Self.add(Self.square("d", x: 300)))])
        #expect(answer["applied"] == .array([.number(4), .number(5)]))
        #expect(answer["revision"] == .number(5))
        #expect(answer["gap"] == .bool(false))
        #expect(answer["pages"] == .array([.number(0)]))
        #expect(try Self.ids(bridge, page: 0) == ["d", "a", "b"])
        // The event stream echoes revision 4 (this tab's own edit): skipped, nothing touched.
        let serial = try Self.call(bridge, #"{"call": "annotation", "id": "d"}"#)["serial"]
        let echo = try Self.apply(bridge, [Self.entry(4, Self.add(Self.square("d", x: 300)))])
        #expect(echo["applied"] == .array([]))
        #expect(echo["pages"] == .array([]))
        #expect(try Self.ids(bridge, page: 0) == ["d", "a", "b"])
        #expect(try Self.call(bridge, #"{"call": "annotation", "id": "d"}"#)["serial"] == serial)
        // The engine holds d too: a tap on it finds it.
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [325, 325]}"#)["id"] == .string("d"))
    }

    @Test func arrangeMovesAmongThePagesAnnotationsAndTheEngineStacksTheSame() throws {
        let bridge = try Self.bridge()
        // e overlaps b; e on top, then sent to position 0 (under a and b), then to 1.
        _ = try Self.apply(bridge, [Self.entry(4, Self.add(Self.square("e", x: 210)))])
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [230, 325]}"#)["id"] == .string("e"))
        _ = try Self.apply(bridge, [Self.entry(5, #"{"op": "arrangeAnnotation", "id": "e", "to": 0}"#)])
        #expect(try Self.ids(bridge, page: 0) == ["e", "a", "b"])
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [230, 325]}"#)["id"] == .string("b"))
        _ = try Self.apply(bridge, [Self.entry(6, #"{"op": "arrangeAnnotation", "id": "e", "to": 99}"#)])  // clamped: the top
        #expect(try Self.ids(bridge, page: 0) == ["a", "b", "e"])
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [230, 325]}"#)["id"] == .string("e"))
        _ = try Self.apply(bridge, [Self.entry(7, #"{"op": "arrangeAnnotation", "id": "e", "to": 1}"#)])
        #expect(try Self.ids(bridge, page: 0) == ["a", "e", "b"])
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [230, 325]}"#)["id"] == .string("b"))
    }

    @Test func aGroupRemovesAndAddsAndAChangeKeepsItsPlace() throws {
        let bridge = try Self.bridge()
        let ink = #"{"type": "ink", "id": "a-1", "pageIndex": 0, "width": 2, "paths": [[[10, 10], [40, 40]]]}"#
        let answer = try Self.apply(bridge, [
            Self.entry(4, #"{"op": "group", "name": "erase", "operations": [{"op": "removeAnnotation", "annotation": \#(Self.square("a"))}, \#(Self.add(ink))]}"#),
            Self.entry(5, #"{"op": "changeAnnotation", "before": \#(Self.square("b", x: 200)), "after": \#(Self.square("b", x: 400))}"#),
        ])
        #expect(answer["applied"] == .array([.number(4), .number(5)]))
        #expect(try Self.ids(bridge, page: 0) == ["b", "a-1"])
        #expect(try Self.call(bridge, #"{"call": "annotation", "id": "a"}"#)["annotation"] == .null)
        #expect(try Self.call(bridge, #"{"call": "annotation", "id": "b"}"#)["annotation"]?["rect"]?.arrayValue?.first == .number(400))
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [25, 25]}"#)["id"] == .string("a-1"))
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [425, 325]}"#)["id"] == .string("b"))
        // Moved to page 1: on top there, and gone from page 0.
        let moved = try Self.apply(bridge, [Self.entry(6, #"{"op": "changeAnnotation", "before": \#(Self.square("b", x: 400)), "after": \#(Self.square("b", page: 1, x: 120))}"#)])
        #expect(moved["pages"] == .array([.number(0), .number(1)]))
        #expect(try Self.ids(bridge, page: 0) == ["a-1"])
        #expect(try Self.ids(bridge, page: 1) == ["c", "b"])
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 1, "point": [145, 325]}"#)["id"] == .string("b"))
    }

    @Test func aMissingEntryIsAGapAndNothingAfterItIsApplied() throws {
        let bridge = try Self.bridge()
        let answer = try Self.apply(bridge, [Self.entry(4, Self.add(Self.square("d", x: 300))), Self.entry(6, Self.add(Self.square("f", x: 400)))])
        #expect(answer["gap"] == .bool(true))
        #expect(answer["applied"] == .array([.number(4)]))
        #expect(answer["revision"] == .number(4))
        #expect(try Self.ids(bridge, page: 0) == ["a", "b", "d"])
        // The entries between fetched: 5 and 6 follow.
        let caught = try Self.apply(bridge, [Self.entry(5, #"{"op": "removeAnnotation", "annotation": \#(Self.square("a"))}"#),
                                             Self.entry(6, Self.add(Self.square("f", x: 400)))])
        #expect(caught["gap"] == .bool(false))
        #expect(try Self.ids(bridge, page: 0) == ["b", "d", "f"])
        #expect(try Self.call(bridge, #"{"call": "annotationRevision"}"#)["revision"] == .number(6))
    }

    @Test func aPageOperationIsStructureAndAMalformedEntryChangesNothing() throws {
        let bridge = try Self.bridge()
        let turned = try Self.apply(bridge, [Self.entry(4, #"{"op": "rotatePage", "index": 1, "degrees": 90}"#)])
        #expect(turned["structure"] == .bool(true))
        let bad = try JSONParser.parse(bridge.call(Array(#"{"call": "applyEntries", "entries": [\#(Self.entry(5, Self.add(Self.square("g")))), \#(Self.entry(6, #"{"op": "addAnnotation", "annotation": {"type": "square"}}"#))]}"#.utf8)))
        #expect(bad["error"]?.stringValue?.contains("entries[1].operation.annotation.id") == true)
        #expect(try Self.call(bridge, #"{"call": "annotationRevision"}"#)["revision"] == .number(4))
        #expect(try Self.ids(bridge, page: 0) == ["a", "b"])
    }

    @Test func anAnnotationTheEngineCannotReadIsKeptAndDrawnButNotHit() throws {
        let bridge = try Self.bridge()
        // A line of one point: its JSON is kept for the views; the engine's geometry leaves it out.
        let odd = #"{"type": "line", "id": "odd", "pageIndex": 0, "points": [[120, 320]]}"#
        let answer = try Self.apply(bridge, [Self.entry(4, Self.add(odd)),
                                             Self.entry(5, #"{"op": "arrangeAnnotation", "id": "b", "to": 99}"#)])
        #expect(answer["problems"]?.arrayValue?.count == 1)
        #expect(try Self.ids(bridge, page: 0) == ["a", "odd", "b"])
        // The engine still holds the others: a tap on a, where odd's lone point is, finds a.
        #expect(try Self.call(bridge, #"{"call": "hitTest", "pageIndex": 0, "point": [120, 320]}"#)["id"] == .string("a"))
        let serials = try Self.call(bridge, #"{"call": "annotations", "pageIndex": 0}"#)["serials"]?.arrayValue ?? []
        #expect(serials.count == 3)
        // The whole list again (the opening pages' list replaced): new serials, the pages it had or has.
        let set = try Self.call(bridge, #"{"call": "setAnnotations", "revision": 2, "annotations": [\#(Self.square("z", page: 1))]}"#)
        #expect(set["pages"] == .array([.number(0), .number(1)]))
        #expect(set["revision"] == .number(2))
        #expect(try Self.ids(bridge, page: 0) == [])
        let z = try Self.call(bridge, #"{"call": "annotation", "id": "z"}"#)["serial"]?.numberValue ?? 0
        #expect(z > (serials.compactMap(\.numberValue).max() ?? .infinity))
    }
}
