import Foundation
import MarginaliaCore
import Testing

/// Every refusal identifier the Swift code can answer (``Reason/Key/all``, the one table) has a
/// sentence in every catalog of the browser editor (Web/i18n), naming only the arguments the
/// identifier gives; and the catalogs hold no sentence for an identifier the table lacks.
@Suite struct ReasonCatalogTests {
    static let catalogs: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Web/i18n")

    static func catalog(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    static func catalogFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: catalogs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    @Test func everyReasonHasASentenceInEveryCatalog() throws {
        let files = try Self.catalogFiles()
        #expect(files.count == 8)
        let placeholder = try Regex(#"\{(\w+)\}"#)
        for file in files {
            let catalog = try Self.catalog(file)
            for key in Reason.Key.all {
                let text = catalog["reason.\(key.identifier)"] as? String
                #expect(text != nil, "\(file.lastPathComponent) lacks reason.\(key.identifier)")
                let named = Set((text ?? "").matches(of: placeholder).compactMap { $0.output[1].substring.map(String.init) })
                #expect(named.isSubset(of: Set(key.arguments)),
                        "\(file.lastPathComponent) reason.\(key.identifier) names \(named.subtracting(key.arguments).sorted()), not arguments of the identifier")
            }
            let known = Set(Reason.Key.all.map { "reason.\($0.identifier)" })
            let stale = catalog.keys.filter { $0.hasPrefix("reason.") && !known.contains($0) }
            #expect(stale.isEmpty, "\(file.lastPathComponent) has sentences for no identifier: \(stale.sorted())")
        }
    }

    @Test func identifiersAreDistinctAndArgumentsDocumented() {
        let identifiers = Reason.Key.all.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        let reason = Reason(.uploadTooLarge, [("maxBytes", .number(1024)), ("other", .string("dropped"))])
        #expect(reason.args.map(\.name) == ["maxBytes"])
        #expect(JSONWriter.string(.object(JSONObject(pairs: reason.members)))
                == #"{"reason":"limit.upload","args":{"maxBytes":1024}}"#)
    }

    @Test func engineRefusalsCarryTheirReason() {
        #expect(CommandError.locked(id: "a1", action: "moved").reason == Reason(.annotationLocked, [("id", .string("a1"))]))
        #expect(CommandError.pageOutOfRange(4, pageCount: 2).reason
                == Reason(.pageOutOfRange, [("page", .number(5)), ("pageCount", .number(2))]))
        #expect(CommandError.malformed("x").reason == nil)
        // The engine's own limits (reasons version 3): a list, a reply's text, a pointer event.
        do {
            _ = try JSONField(.array([.number(1), .number(2), .number(3)]), path: "command.ids").array(maximumCount: 2)
            Issue.record("a list of three under a limit of two")
        } catch {
            #expect(error.reason == Reason(.listItems, [("count", .number(3)), ("max", .number(2))]))
            #expect(error.message == "command.ids: 3 items, more than the limit of 2")
        }
        let reply = #"{"call": "checkCommand", "command": {"type": "reply", "to": "a1", "text": "\#(String(repeating: "x", count: EditorCommand.maximumCommentBytes + 1))"}}"#
        let long = String(decoding: EngineBridge().call(Array(reply.utf8)), as: UTF8.self)
        #expect(long.contains(#""reason":"limit.commentLength","args":{"maxBytes":100000}"#), "\(long.prefix(300))")
        // The bridge answers the browser with the same identifier (Web/js/engine.js reads it).
        let answer = String(decoding: EngineBridge().call(Array(#"{"call": "thread", "id": "gone"}"#.utf8)), as: UTF8.self)
        #expect(answer == #"{"error":"no annotation gone","reason":"annotation.unknown","args":{"id":"gone"}}"#)
    }
}
