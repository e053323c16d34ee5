#if !hasFeature(Embedded)
import Foundation
#endif

// The page organiser's calls (docs/engine.md, "Pages"): selecting thumbnails, where a drag
// would drop, and the command an action on the selected pages becomes.

extension EngineBridge {
    func pagesCall(_ name: String, _ request: JSONField) throws(CommandError) -> JSONValue {
        let pageCount = engine.viewport.pages.count
        switch name {
        case "selectPages":
            let current = try request.optionalMember("selection")?.array().map { (item) throws(CommandError) -> Int in
                try item.integer()
            } ?? []
            let (selection, anchor) = PageOrganizer.select(
                try request.member("page").integer(), mode: try request.optionalMember("mode")?.choice(PageOrganizer.SelectionMode.self) ?? .replace,
                selection: current, anchor: try request.optionalMember("anchor")?.integer(), pageCount: pageCount)
            return .object(omittingNils: [("selection", .array(selection.map { .integer($0) })), ("anchor", anchor.map { .integer($0) })])
        case "pageDropSlot":
            var frames: [CGRect] = []
            for item in try request.member("frames").array(maximumCount: 1_000_000) {
                let n = try item.numbers(count: 4...4, what: "[x, y, width, height]")
                frames.append(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
            }
            return .object([("slot", .integer(PageOrganizer.dropSlot(at: try request.member("point").point(), frames: frames)))])
        case "blankPage":
            // "Add page after": the blank page's command (EditorCommand.blankPage), its size the engine's.
            return .object([("command", EditorCommand.blankPage(after: try request.member("after").integer(), pages: engine.viewport.pages).json)])
        default:
            return try pageCommand(request, pageCount: pageCount)
        }
    }

    /// `{"action": "rotate" | "duplicate" | "remove" | "move" | "insert", "pages", "degrees"?,
    /// "slot"?, "index"?, "source"?, "sourcePages"?}` → `{"command"?, "selection"?}` or
    /// `{"refused"}`. `pages` is the selection; an insertion takes `sourcePages` of the source
    /// (all when absent) at `index`.
    private func pageCommand(_ request: JSONField, pageCount: Int) throws(CommandError) -> JSONValue {
        let action = try request.member("action").string()
        let pages = try request.optionalMember("pages")?.array().map { (item) throws(CommandError) -> Int in try item.integer() } ?? []
        let sorted = Array(Set(pages)).sorted()
        let command: EditorCommand?
        switch action {
        case "rotate":
            command = sorted.isEmpty ? nil : .rotatePages(pages: sorted, degrees: try request.optionalMember("degrees")?.integer() ?? 90)
        case "duplicate":
            command = sorted.isEmpty ? nil : .duplicatePages(pages: sorted, to: sorted.last! + 1)
        case "remove":
            command = sorted.isEmpty ? nil : .removePages(pages: sorted)
        case "move":
            command = PageOrganizer.moveCommand(pages: sorted, slot: try request.member("slot").integer(), pageCount: pageCount)
        case "insert":
            var members: [(String, JSONValue)] = [("type", .string(CommandType.insertPages.rawValue)), ("index", try request.member("index").value),
                                                  ("source", try request.member("source").value)]
            if let sourcePages = try request.optionalMember("sourcePages") { members.append(("pages", sourcePages.value)) }
            command = try EditorCommand(json: JSONField(.object(members), path: "insert"))
        default:
            throw CommandError.malformed("action: unknown page action \"\(action)\" (rotate, duplicate, remove, move, insert)")
        }
        guard let command else { return .object([]) }
        do throws(CommandError) {
            try command.check(pageCount: pageCount) { _ in nil }
        } catch {
            return .object([("refused", .string(error.message))])
        }
        return .object(omittingNils: [("command", command.json),
                                      ("selection", PageOrganizer.selection(after: command).map { .array($0.map { .integer($0) }) })])
    }
}
