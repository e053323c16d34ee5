import Testing
@testable import MarginaliaCore

/// What the browser asks the engine about logged entries instead of naming operations itself
/// (Tests/server/test_log_vocabulary_literals.py): whether the file must be opened again
/// (`applyEntries`' `reload`) and which annotations entries add (`addedAnnotations`).
@Suite("Engine bridge: what logged entries mean for the browser")
struct BridgeLoggedOperationTests {
    typealias Store = BridgeAnnotationStoreTests

    static let fill = #"{"op": "fillField", "name": "agree", "before": {"type": "checkbox", "on": false}, "after": {"type": "checkbox", "on": true}}"#

    @Test func pagesChangedOrAFieldFilledReloadTheFileAndNothingElseDoes() throws {
        let bridge = try Store.bridge()
        let added = try Store.apply(bridge, [Store.entry(4, Store.add(Store.square("d")))])
        #expect(added["reload"] == .bool(false))
        let turned = try Store.apply(bridge, [Store.entry(5, #"{"op": "rotatePage", "index": 1, "degrees": 90}"#)])
        #expect(turned["structure"] == .bool(true))
        #expect(turned["reload"] == .bool(true))
        // A fill changes no page and no annotation, but its widgets' appearance streams.
        let filled = try Store.apply(bridge, [Store.entry(6, Self.fill)])
        #expect(filled["structure"] == .bool(false))
        #expect(filled["reload"] == .bool(true))
        // Inside a group too; and an entry heard again (the event stream's echo) is not applied twice.
        let grouped = try Store.apply(bridge, [Store.entry(7, #"{"op": "group", "name": "fill", "operations": [\#(Self.fill)]}"#)])
        #expect(grouped["reload"] == .bool(true))
        let echo = try Store.apply(bridge, [Store.entry(6, Self.fill), Store.entry(7, #"{"op": "group", "operations": [\#(Self.fill)]}"#)])
        #expect(echo["reload"] == .bool(false))
        // An operation this engine does not know (a newer server's) changes nothing it shows.
        #expect(try Store.apply(bridge, [Store.entry(8, #"{"op": "annotateVersion"}"#)])["reload"] == .bool(false))
    }

    @Test func theIdsEntriesAddAreAnsweredInOrderWhetherOrNotTheyWereApplied() throws {
        let bridge = try Store.bridge()
        let entries = [Store.entry(4, Store.add(Store.square("d"))),
                       Store.entry(5, #"{"op": "group", "name": "paste", "operations": [{"op": "removeAnnotation", "annotation": \#(Store.square("a"))}, \#(Store.add(Store.square("e"))), \#(Store.add(Store.square("f", page: 1)))]}"#),
                       Store.entry(6, #"{"op": "changeAnnotation", "before": \#(Store.square("b")), "after": \#(Store.square("b", x: 250))}"#)]
        let call = #"{"call": "addedAnnotations", "entries": [\#(entries.joined(separator: ", "))]}"#
        #expect(try Store.call(bridge, call)["ids"] == .strings(["d", "e", "f"]))
        // It only reads: nothing was applied.
        #expect(try Store.call(bridge, #"{"call": "annotationRevision"}"#)["revision"] == .number(3))
        // Applied already (the event stream came first): the same ids.
        _ = try Store.apply(bridge, entries)
        #expect(try Store.call(bridge, call)["ids"] == .strings(["d", "e", "f"]))
        let bad = try JSONParser.parse(bridge.call(Array(#"{"call": "addedAnnotations", "entries": [{"revision": 9, "operation": {"op": "addAnnotation", "annotation": {"type": "square"}}}]}"#.utf8)))
        #expect(bad["error"]?.stringValue?.contains("entries[0].operation.annotation.id") == true)
    }
}
